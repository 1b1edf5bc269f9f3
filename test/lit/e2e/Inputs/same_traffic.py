#!/usr/bin/env python3
"""Whether two censuses have the same traffic, function by function.

usage: same_traffic.py A.json B.json FUNCTION...

Prints "FUNCTION: same traffic (N bytes)" for each function whose traffic
object is the same in both and is not empty, else both objects; exits 1 when
one differs.
"""
import json
import sys


def traffic(path, name):
    with open(path) as f:
        functions = json.load(f)["functions"]
    found = [f for f in functions if f["name"] == name]
    if len(found) != 1:
        sys.exit("%s: %d functions named %s" % (path, len(found), name))
    return found[0].get("traffic")


status = 0
for name in sys.argv[3:]:
    a, b = traffic(sys.argv[1], name), traffic(sys.argv[2], name)
    total = sum(v for level in (a or {}).values() for v in level.values())
    if a == b and total:
        print("%s: same traffic (%d bytes)" % (name, total))
    else:
        print("%s: %s\n  against %s" % (name, a, b))
        status = 1
sys.exit(status)
