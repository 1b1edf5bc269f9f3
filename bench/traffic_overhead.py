#!/usr/bin/env python3
"""Run-time overhead of traffic mode on the bundled examples.

For each example this builds three binaries with the same flags:
  plain:   clang-19 FLAGS -DROOF_DISABLE                      (no roof)
  roof:    clang-19 FLAGS -fpass-plugin=libroofpass.so ...    (the default)
  traffic: the same with ROOF_TRAFFIC=1 in the compiler's environment
           (roof cc --roof-traffic: the cache model of docs/counting.md)
and runs the traffic binary twice: as it is, and with ROOF_TRAFFIC_REPLAY=0
(every call of the model simulated, none replayed: docs/counting.md,
"Repeated calls"); runs them interleaved, in an order that rotates between repetitions, and
reports the median wall time of each and the medians of the per-repetition
ratios roof/plain (target <= 1.05) and traffic/plain (target <= 2.0; the
ratio without replay beside it), with
the CPU-time ratios (user + system), which other load disturbs less. Each
traffic run must write a census with a traffic object.

With --corpus it also times the kernels of the traffic corpus
(test/traffic/compare.py, docs/validation.md) at each of their sizes
(in L1, between L1 and the last level, above it; the 2-D ones also at a
power of 2), built with the corpus's
flags, plain and in traffic mode, each run repeated until the plain one
takes --seconds; the target is on the median ratio of the examples and of
the corpus (issue 12: traffic mode at most 2x, median).

    bench/traffic_overhead.py                 # 7 repetitions
    bench/traffic_overhead.py --quick         # 3, for a smoke test
    bench/traffic_overhead.py --reps 11 --markdown build/traffic.md
    bench/traffic_overhead.py --corpus --quick

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
# The traffic binary with every call of the model simulated.
SIMULATED = ["env", "ROOF_TRAFFIC_REPLAY=0"]
EXAMPLES = ["stream_triad", "daxpy", "stencil7", "dgemm_blocked", "complex_divsqrt"]


CORPUS_DIR = os.path.join(ROOT, "test", "traffic")


def corpus_cases(args, work, env):
    """({kernel/size: {variant: cmd}}, flags) for the traffic corpus: each
    build with the kernel run R times and, to take out what runs before it
    (allocation and initialisation), 0 times; R doubles until the plain
    build's R runs take args.seconds of CPU."""
    sys.path.insert(0, CORPUS_DIR)
    import compare  # the corpus's kernels, sizes and flags
    roof = os.path.join(args.build, "bin", "roof")
    files = sorted({spec[0] for spec in compare.KERNELS.values()})
    binaries = {}
    for f in files:
        sources = [os.path.join(compare.CORPUS, f), os.path.join(compare.CORPUS, "corpus.c")]
        stem = os.path.join(work, os.path.splitext(f)[0])
        run([roof, "cc", "--roof-traffic"] + compare.FLAGS + sources + ["-o", stem + ".traffic"], env)
        run([args.clang] + compare.FLAGS + sources + ["-o", stem + ".plain"], env)
        binaries[f] = stem
        print("built corpus " + f, flush=True)
    cases = {}
    for kernel, (f, _, _, sizes) in compare.KERNELS.items():
        for size, (arguments, reps) in sizes.items():
            command = lambda v, r: [binaries[f] + "." + v, kernel] + arguments + [str(r)]
            before = run_timed(command("plain", 0), env)[1]
            while reps < 1 << 24 and run_timed(command("plain", reps), env)[1] - before < args.seconds:
                reps *= 2
            cases[kernel + "/" + size] = {
                "plain": command("plain", reps), "traffic": command("traffic", reps),
                "simulated": SIMULATED + command("traffic", reps),
                "plain0": command("plain", 0), "traffic0": command("traffic", 0),
                "simulated0": SIMULATED + command("traffic", 0)}
    return cases, compare.FLAGS


def measure(cases, reps, env, census):
    """{case: {variant: ([wall], [cpu])}}, the variants of a case run in an
    order that rotates between repetitions."""
    times = {c: {v: ([], []) for v in variants} for c, variants in cases.items()}
    for i in range(reps):
        print("repetition %d/%d" % (i + 1, reps), flush=True)
        for case, variants in cases.items():
            order = list(variants)
            order = order[i % len(order):] + order[:i % len(order)]
            for v in order:
                if os.path.exists(census):
                    os.remove(census)
                w, c = run_timed(variants[v], dict(env, ROOF_OUTPUT=census))
                times[case][v][0].append(w)
                times[case][v][1].append(c)
                if v.startswith(("traffic", "simulated")):
                    with open(census) as f:
                        if json.load(f).get("traffic") is None:
                            sys.exit("traffic_overhead.py: %s wrote no traffic" % variants[v][0])
    return times


def ratio(times, v, which=0):
    """The median of the per-repetition ratios v / plain (0: wall, 1: CPU);
    of the kernel's runs alone when the runs without them were timed."""
    def kernel(variant):
        alone = times.get(variant + "0")
        if not alone:
            return times[variant][which]
        return [max(t - t0, 1e-6) for t, t0 in zip(times[variant][which], alone[which])]
    return statistics.median(a / b for a, b in zip(kernel(v), kernel("plain")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="3 repetitions")
    ap.add_argument("--reps", type=int, help="repetitions per binary (default 7)")
    ap.add_argument("--threads", default="2", help="OMP_NUM_THREADS (default 2)")
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang-19")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="roof build directory (default build/)")
    ap.add_argument("--corpus", action="store_true",
                    help="also the kernels of the traffic corpus at their sizes")
    ap.add_argument("--seconds", type=float, default=0.2,
                    help="corpus: the plain run's least CPU time (default 0.2)")
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
    for name in ("ROOF_OUTPUT", "ROOF_TRAFFIC", "ROOF_TRAFFIC_REPLAY"):
        env.pop(name, None)

    examples = {}
    for name in EXAMPLES:
        source = os.path.join(ROOT, "examples", name + ".c")
        binary = {v: os.path.join(work, name + "." + v) for v in VARIANTS}
        instrumented = flags + ["-fpass-plugin=" + plugin, source, runtime, "-lpthread", "-lm"]
        run([args.clang] + flags + ["-DROOF_DISABLE", source, "-o", binary["plain"], "-lm"])
        run([args.clang] + instrumented + ["-o", binary["roof"]], env)
        run([args.clang] + instrumented + ["-o", binary["traffic"]], dict(env, ROOF_TRAFFIC="1"))
        examples[name] = dict({v: [binary[v]] for v in VARIANTS},
                              simulated=SIMULATED + [binary["traffic"]])
        print("built " + name, flush=True)
    corpus, corpus_flags = (corpus_cases(args, work, dict(env, OMP_NUM_THREADS="1"))
                            if args.corpus else ({}, []))

    census = os.path.join(work, "census.json")
    times = measure(examples, reps, env, census)
    times.update(measure(corpus, reps, dict(env, OMP_NUM_THREADS="1"), census))

    lines = ["Measured %s on %s (%d logical CPUs), %s; flags `%s`; OMP_NUM_THREADS=%s; "
             "%d repetitions; 1-minute load average %.2f before, %.2f after."
             % (datetime.date.today().isoformat(), cpu_model(), os.cpu_count() or 0,
                clang_version(args.clang), " ".join(flags[:-1]), args.threads, reps,
                load_start, loadavg()), "",
             "| example | plain (s) | roof (s) | traffic (s) | roof ratio | traffic ratio "
             "| traffic ratio, none replayed | roof CPU-time ratio | traffic CPU-time ratio |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    flagged = []
    for name in examples:
        t = times[name]
        rr, tr = ratio(t, "roof"), ratio(t, "traffic")
        if rr > ROOF_LIMIT:
            flagged.append("%s: roof ratio %.3f > %.2f" % (name, rr, ROOF_LIMIT))
        lines.append("| %s | %.3f | %.3f | %.3f | %s | %.3f | %.3f | %.3f | %.3f |"
                     % (name, *(statistics.median(t[v][0]) for v in VARIANTS),
                        fmt_ratio(rr, ROOF_LIMIT), tr, ratio(t, "simulated"),
                        ratio(t, "roof", 1), ratio(t, "traffic", 1)))
    def median_ratios(cases):
        return tuple(statistics.median(ratio(times[c], v) for c in cases)
                     for v in ("traffic", "simulated"))

    medians = [("examples", *median_ratios(examples))]
    if corpus:
        lines += ["", "Traffic corpus (flags `%s`, one thread; each run repeated until the "
                  "plain one's runs take %.1f s of CPU; times and ratios of those runs, "
                  "without the allocation and initialisation before them):"
                  % (" ".join(corpus_flags), args.seconds), "",
                  "| kernel/size | plain (s) | traffic (s) | traffic ratio "
                  "| traffic ratio, none replayed | traffic CPU-time ratio |",
                  "|---|---:|---:|---:|---:|---:|"]
        for case in corpus:
            t = times[case]
            lines.append("| %s | %.3f | %.3f | %.3f | %.3f | %.3f |"
                         % (case, *(statistics.median(a - b for a, b in zip(t[v][0], t[v + "0"][0]))
                                    for v in ("plain", "traffic")),
                            ratio(t, "traffic"), ratio(t, "simulated"), ratio(t, "traffic", 1)))
        medians.append(("corpus", *median_ratios(corpus)))
    lines.append("")
    for what, median, simulated in medians:
        lines.append("Median traffic ratio, %s: %s (none replayed: %.3f)"
                     % (what, fmt_ratio(median, TRAFFIC_LIMIT), simulated))
        if median > TRAFFIC_LIMIT:
            flagged.append("%s: median traffic ratio %.3f > %.1f" % (what, median, TRAFFIC_LIMIT))
    report("\n".join(lines), flagged, "roof <= %.2f, traffic median <= %.1f"
           % (ROOF_LIMIT, TRAFFIC_LIMIT), args.markdown)
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
