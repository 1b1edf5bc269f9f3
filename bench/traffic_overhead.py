#!/usr/bin/env python3
"""Run-time overhead of traffic mode on the bundled examples.

For each example this builds three binaries with the same flags:
  plain:   clang-19 FLAGS -DROOF_DISABLE                      (no roof)
  roof:    clang-19 FLAGS -fpass-plugin=libroofpass.so ...    (the default)
  traffic: the same with ROOF_TRAFFIC=1 in the compiler's environment
           (roof cc --roof-traffic: the cache model of docs/counting.md)
runs them interleaved, in an order that rotates between repetitions, and
reports the median wall time of each and the medians of the per-repetition
ratios roof/plain (target <= 1.05) and traffic/plain (target <= 2.0), with
the CPU-time ratios (user + system), which other load disturbs less. Each
traffic run must write a census with a traffic object.

    bench/traffic_overhead.py                 # 7 repetitions
    bench/traffic_overhead.py --quick         # 3, for a smoke test
    bench/traffic_overhead.py --reps 11 --markdown build/traffic.md

Python 3 standard library only; needs build/ (scripts/setup.sh).
"""
import argparse
import datetime
import json
import os
import shutil
import statistics
import sys
import tempfile

from benchlib import (clang_version, cpu_model, default_arch, fmt_ratio, loadavg,
                      report, run, run_timed)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOF_LIMIT = 1.05
TRAFFIC_LIMIT = 2.0
VARIANTS = ["plain", "roof", "traffic"]
EXAMPLES = ["stream_triad", "daxpy", "stencil7", "dgemm_blocked", "complex_divsqrt"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="3 repetitions")
    ap.add_argument("--reps", type=int, help="repetitions per binary (default 7)")
    ap.add_argument("--threads", default="2", help="OMP_NUM_THREADS (default 2)")
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang-19")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="roof build directory (default build/)")
    ap.add_argument("--markdown", help="also write the markdown table to this file")
    args = ap.parse_args()

    reps = args.reps or (3 if args.quick else 7)
    plugin = os.path.join(args.build, "lib", "libroofpass.so")
    runtime = os.path.join(args.build, "lib", "libroofrt.a")
    for f in (plugin, runtime):
        if not os.path.exists(f):
            sys.exit("traffic_overhead.py: %s is missing; run scripts/setup.sh" % f)
    load_start = loadavg()
    flags = ["-O3"] + default_arch() + ["-fopenmp", "-I" + os.path.join(ROOT, "include", "roof")]
    work = tempfile.mkdtemp(prefix="roof-traffic-")
    env = dict(os.environ, OMP_NUM_THREADS=args.threads)
    for name in ("ROOF_OUTPUT", "ROOF_TRAFFIC"):
        env.pop(name, None)

    bins = {}
    for name in EXAMPLES:
        source = os.path.join(ROOT, "examples", name + ".c")
        binary = {v: os.path.join(work, name + "." + v) for v in VARIANTS}
        instrumented = flags + ["-fpass-plugin=" + plugin, source, runtime, "-lpthread", "-lm"]
        run([args.clang] + flags + ["-DROOF_DISABLE", source, "-o", binary["plain"], "-lm"])
        run([args.clang] + instrumented + ["-o", binary["roof"]], env)
        run([args.clang] + instrumented + ["-o", binary["traffic"]], dict(env, ROOF_TRAFFIC="1"))
        bins[name] = binary
        print("built " + name, flush=True)

    census = os.path.join(work, "census.json")
    wall = {n: {v: [] for v in VARIANTS} for n in bins}
    cpu = {n: {v: [] for v in VARIANTS} for n in bins}
    for i in range(reps):
        print("repetition %d/%d" % (i + 1, reps), end="", flush=True)
        order = VARIANTS[i % 3:] + VARIANTS[:i % 3]
        for name, binary in bins.items():
            for v in order:
                if os.path.exists(census):
                    os.remove(census)
                w, c = run_timed([binary[v]], dict(env, ROOF_OUTPUT=census))
                wall[name][v].append(w)
                cpu[name][v].append(c)
                if v == "traffic":
                    with open(census) as f:
                        if json.load(f).get("traffic") is None:
                            sys.exit("traffic_overhead.py: %s wrote no traffic" % binary[v])
            print(" " + name, end="", flush=True)
        print()

    def ratio(series, name, v):
        return statistics.median(a / b for a, b in zip(series[name][v], series[name]["plain"]))

    lines = ["Measured %s on %s (%d logical CPUs), %s; flags `%s`; OMP_NUM_THREADS=%s; "
             "%d repetitions; 1-minute load average %.2f before, %.2f after."
             % (datetime.date.today().isoformat(), cpu_model(), os.cpu_count() or 0,
                clang_version(args.clang), " ".join(flags[:-1]), args.threads, reps,
                load_start, loadavg()), "",
             "| example | plain (s) | roof (s) | traffic (s) | roof ratio | traffic ratio "
             "| roof CPU-time ratio | traffic CPU-time ratio |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    flagged = []
    for name in bins:
        rr, tr = ratio(wall, name, "roof"), ratio(wall, name, "traffic")
        if rr > ROOF_LIMIT:
            flagged.append("%s: roof ratio %.3f > %.2f" % (name, rr, ROOF_LIMIT))
        if tr > TRAFFIC_LIMIT:
            flagged.append("%s: traffic ratio %.3f > %.2f" % (name, tr, TRAFFIC_LIMIT))
        lines.append("| %s | %.3f | %.3f | %.3f | %s | %s | %.3f | %.3f |"
                     % (name, *(statistics.median(wall[name][v]) for v in VARIANTS),
                        fmt_ratio(rr, ROOF_LIMIT), fmt_ratio(tr, TRAFFIC_LIMIT),
                        ratio(cpu, name, "roof"), ratio(cpu, name, "traffic")))
    report("\n".join(lines), flagged, "roof <= %.2f, traffic <= %.1f" % (ROOF_LIMIT, TRAFFIC_LIMIT),
           args.markdown)
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
