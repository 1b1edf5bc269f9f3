#!/usr/bin/env python3
"""Checks that two censuses have the same modelled traffic, to the byte.

usage: same_traffic.py A.json B.json

Compares the top-level "traffic" (but for "replayed_accesses", which is how
the counts were made, not what they are) and the "traffic" of the totals,
of every function, region and thread. Exits 1, printing the first
difference, when they differ.
"""
import json
import sys


def modelled(census):
    top = dict(census["traffic"])
    top.pop("replayed_accesses", None)
    objects = {"totals": census["totals"].get("traffic")}
    for key, name in (("functions", "name"), ("regions", "name"), ("threads", "index")):
        for obj in census.get(key, []):
            objects["%s %s" % (key, obj[name])] = obj.get("traffic")
    return top, objects


def main():
    with open(sys.argv[1]) as f:
        a = modelled(json.load(f))
    with open(sys.argv[2]) as f:
        b = modelled(json.load(f))
    if a[0] != b[0]:
        sys.exit("traffic differs: %s against %s" % (a[0], b[0]))
    for name in sorted(set(a[1]) | set(b[1])):
        if a[1].get(name) != b[1].get(name):
            sys.exit("%s: traffic %s against %s" % (name, a[1].get(name), b[1].get(name)))
    print("same traffic: %d objects" % len(a[1]))


if __name__ == "__main__":
    main()
