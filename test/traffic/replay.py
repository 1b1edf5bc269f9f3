#!/usr/bin/env python3
"""Repeated calls replayed against the same calls simulated, on the corpus.

The traffic model replays a sequence of calls it has simulated three times
in a row instead of simulating it again (docs/counting.md, "Repeated
calls"). ROOF_TRAFFIC_REPLAY=check simulates every call instead, and checks
each one that would be replayed against the record it would be replayed
from. Every kernel of the corpus of compare.py (test/traffic/corpus), at
each of its sizes, runs both ways at four samplings: the L1's sets as roof
ships them (2 of 64) with every line, one in 4 and one in 128 (the default)
hashed, and the L1 fully associative at one line in 32 (ROOF_TRAFFIC_SETS=0,
its default); the two censuses must have the same traffic to
the byte (every function, thread and the totals, and the model's sampled
accesses), and the check must find no call whose counts differ from its
record. The runs are made with address randomization off (setarch -R), and
the two settings have values of one length (2048K and check), so that the
program's memory is laid out the same in both: the lines sampled are those
of its addresses.

    test/traffic/replay.py                     # every kernel, size and rate
    test/traffic/replay.py --kernels triad,chase --rates 32 --sets 0

Python 3 standard library only; needs roof built (--build, default build/).
Exit status 77 where address randomization cannot be turned off.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

import compare

# (ROOF_TRAFFIC_RATE, ROOF_TRAFFIC_SETS); None: the default.
RUNS = [("1", None), ("4", None), ("128", None), ("32", "0")]
SETTINGS = ["2048K", "check"]  # of one length: the stack is laid out alike


def traffic(census):
    """What the census says of traffic, but for how it was counted."""
    top = dict(census["traffic"])
    replayed = top.pop("replayed_accesses")
    scopes = [census["totals"].get("traffic")]
    for key in ("functions", "threads"):
        scopes += [(obj.get("name", obj.get("index")), obj.get("traffic"))
                   for obj in census[key]]
    return (top, scopes), replayed


def runs(kernel, size, binaries, work):
    """[(run, same, replayed accesses, sampled accesses, message)]."""
    f, _, _, sizes = compare.KERNELS[kernel]
    args, reps = sizes[size]
    results = []
    for rate, sets in RUNS:
        counted = {}
        message = ""
        name = "rate %s" % rate + ("" if sets is None else " sets " + sets)
        for setting in SETTINGS:
            out = os.path.join(work, "%s-%s-%s-%s-%s.json" % (kernel, size, rate, sets, setting))
            env = dict(os.environ, **compare.ROOF_ENV, ROOF_OUTPUT=out,
                       ROOF_TRAFFIC_REPLAY=setting,
                       **(compare.EXACT_ENV if rate == "1" else {"ROOF_TRAFFIC_RATE": rate}),
                       **({} if sets is None else {"ROOF_TRAFFIC_SETS": sets}))
            p = subprocess.run(["setarch", "-R", binaries[f], kernel] + args + [str(reps)],
                               env=env, capture_output=True, text=True)
            if p.returncode:
                sys.exit("replay.py: %s %s failed: %s" % (kernel, size, p.stderr[-2000:]))
            if setting == "check" and "roof:" in p.stderr:
                message = p.stderr.strip()
            with open(out) as census:
                counted[setting] = traffic(json.load(census))
        (replayed_traffic, replayed), (checked_traffic, _) = counted["2048K"], counted["check"]
        results.append((name, replayed_traffic == checked_traffic and not message, replayed,
                        replayed_traffic[0]["sampled_accesses"], message))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(compare.ROOT, "build"))
    ap.add_argument("--kernels", help="comma-separated kernels (default all)")
    ap.add_argument("--rates", help="comma-separated rates (default: 1, 4, 128, and 32 "
                    "with ROOF_TRAFFIC_SETS=0)")
    ap.add_argument("--sets", help="ROOF_TRAFFIC_SETS of the --rates runs (default: roof's)")
    args = ap.parse_args()
    if subprocess.run(["setarch", "-R", "true"], capture_output=True).returncode:
        print("replay.py: setarch -R cannot turn address randomization off here; skipped")
        return compare.SKIP
    global RUNS
    if args.rates:
        RUNS = [(rate, args.sets) for rate in args.rates.split(",")]
    elif args.sets is not None:
        RUNS = [(rate, args.sets) for rate, _ in RUNS]
    kernels = args.kernels.split(",") if args.kernels else list(compare.KERNELS)
    roof = os.path.join(args.build, "bin", "roof")
    with tempfile.TemporaryDirectory(prefix="roof-replay-") as work:
        binaries = {}
        for f in sorted({compare.KERNELS[k][0] for k in kernels}):
            binaries[f] = os.path.join(work, os.path.splitext(f)[0])
            compare.run([roof, "cc", "--roof-traffic"] + compare.FLAGS +
                        [os.path.join(compare.CORPUS, f),
                         os.path.join(compare.CORPUS, "corpus.c"), "-o", binaries[f]])
        cases = compare.cases(kernels, compare.SIZES)
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            results = list(pool.map(lambda c: runs(c[0], c[1], binaries, work), cases))
    different = replayed_rows = 0
    for (kernel, size), rows in zip(cases, results):
        for name, same, replayed, sampled, message in rows:
            different += not same
            replayed_rows += replayed > 0
            print("%-18s %-6s %-15s %-9s replayed %d of %d sampled accesses%s"
                  % (kernel, size, name, "same" if same else "DIFFERENT", replayed, sampled,
                     " (" + message + ")" if message else ""))
    total = sum(len(rows) for rows in results)
    print("replay.py: %d of %d runs with the traffic of the calls simulated, "
          "%d of them with calls replayed" % (total - different, total, replayed_rows))
    return 1 if different or not replayed_rows else 0


if __name__ == "__main__":
    sys.exit(main())
