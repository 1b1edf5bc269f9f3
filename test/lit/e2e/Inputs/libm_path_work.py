#!/usr/bin/env python3
"""The empirical FLOPs per class of calls of a libm function with paths,
from the table the pass was built with (LibmCosts.inc, ROOF_LIBM_PATH rows),
for lit tests.

    libm_path_work.py INC FUNCTION KEY=CALLS... [--plus CLASS=FLOPS...]

prints "CLASS = FLOPS" for add, mul, fma, div and sqrt, summed over the
executed precisions: CALLS calls with path key KEY each, plus the kernel's
own FLOPs given after --plus. Python 3 standard library only.
"""
import re
import sys

CLASSES = ["add", "mul", "fma", "div", "sqrt"]


def main(argv):
    inc, function = argv[1], argv[2]
    calls, plus = {}, {c: 0 for c in CLASSES}
    target = calls
    for arg in argv[3:]:
        if arg == "--plus":
            target = plus
            continue
        key, value = arg.split("=")
        target[key if target is plus else int(key)] = int(value)
    row = re.compile(r'ROOF_LIBM_PATH\("%s", \w+, (\d+), /\*executed=\*/\w+, (.*)\)' %
                     re.escape(function))
    work = {}
    with open(inc) as f:
        for line in f:
            m = row.match(line)
            if not m:
                continue
            values = [int(v) for v in re.findall(r"=\*/(\d+)", m.group(2))]
            per_class = work.setdefault(int(m.group(1)), [0] * len(CLASSES))
            for i in range(len(CLASSES)):
                per_class[i] += values[i]
    total = dict(plus)
    for key, n in calls.items():
        if key not in work:
            sys.exit("libm_path_work.py: %s has no path key %d" % (function, key))
        for i, c in enumerate(CLASSES):
            total[c] += n * work[key][i]
    for c in CLASSES:
        print("%s = %d" % (c, total[c]))


if __name__ == "__main__":
    main(sys.argv)
