#!/usr/bin/env python3
"""Run-time and compile-time overhead of roof on the bundled examples.

For each example this builds two binaries with the same flags:
  plain: clang-19 FLAGS -DROOF_DISABLE            (no roof at all)
  roof:  clang-19 FLAGS -fpass-plugin=libroofpass.so ... libroofrt.a
runs them interleaved (plain, roof, roof, plain, ... so that neither always
goes first) and reports the median wall time of each and the median of the
per-repetition ratios roof/plain; ratios above 1.05 are flagged. It also
times compiling each example to an object file (-c) with and without the
plugin and reports the median ratio (target <= 1.10). Next to each wall-time
ratio it gives the median ratio of CPU time (user + system, from
getrusage), which other load on the machine disturbs less, and the
best-of ratio min(roof) / min(plain), the usual estimate of the intrinsic
cost when the machine is shared. The flags (> 1.05, > 1.10) apply to the
median wall-time ratios. The last column is the CPU time of the roof pass
itself in the instrumented compile (clang -ftime-report, median of 3).

    bench/overhead.py                 # 7 run and 7 compile repetitions
    bench/overhead.py --quick         # 3 and 3, for a smoke test
    bench/overhead.py --reps 11 --markdown build/overhead.md

The output ends with a markdown table for docs/performance.md. Python 3
standard library only; needs build/ (scripts/setup.sh).
"""
import argparse
import datetime
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchlib import (clang_version, cpu_model, default_arch, fmt_ratio, loadavg,
                      report, run, run_timed)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_LIMIT = 1.05
COMPILE_LIMIT = 1.10

# name, source, extra flags (complex_divsqrt twice: IEEE and -ffast-math)
EXAMPLES = [
    ("stream_triad", "stream_triad.c", []),
    ("daxpy", "daxpy.c", []),
    ("stencil7", "stencil7.c", []),
    ("dgemm_blocked", "dgemm_blocked.c", []),
    ("complex_divsqrt", "complex_divsqrt.c", []),
    ("complex_divsqrt-fastmath", "complex_divsqrt.c", ["-ffast-math"]),
]


def pass_seconds(time_report):
    """User + system seconds of the roof:: passes in clang -ftime-report
    output. Its rows are "User [System] User+System Wall Name", each value
    followed by "(pct%)"; the System column is left out when it is all 0."""
    total = 0.0
    for line in time_report.splitlines():
        if "roof::" not in line:
            continue
        values = re.findall(r"([\d.]+) \(\s*[\d.]+%\)", line)
        if len(values) >= 3:
            total += float(values[-2])
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="3 run and 3 compile repetitions")
    ap.add_argument("--reps", type=int, help="run repetitions per binary (default 7)")
    ap.add_argument("--compile-reps", type=int,
                    help="compile repetitions per variant (default 7)")
    ap.add_argument("--examples", help="comma-separated subset of: " +
                    ", ".join(e[0] for e in EXAMPLES))
    ap.add_argument("--arch", help="target flags (default: x86-64-v4 with "
                    "512-bit vectors on AVX-512 CPUs, else x86-64-v3)")
    ap.add_argument("--threads", default="2", help="OMP_NUM_THREADS (default 2)")
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang-19")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="roof build directory (default build/)")
    ap.add_argument("--markdown", help="also write the markdown table to this file")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()

    reps = args.reps or (3 if args.quick else 7)
    creps = args.compile_reps or (3 if args.quick else 7)
    arch = args.arch.split() if args.arch else default_arch()
    plugin = os.path.join(args.build, "lib", "libroofpass.so")
    runtime = os.path.join(args.build, "lib", "libroofrt.a")
    for f in (plugin, runtime):
        if not os.path.exists(f):
            sys.exit("overhead.py: %s is missing; run scripts/setup.sh" % f)
    examples = EXAMPLES
    if args.examples:
        want = args.examples.split(",")
        unknown = set(want) - {e[0] for e in EXAMPLES}
        if unknown:
            sys.exit("overhead.py: unknown example(s): " + ", ".join(sorted(unknown)))
        examples = [e for e in EXAMPLES if e[0] in want]

    load_start = loadavg()
    if load_start > 0.25 * (os.cpu_count() or 1):
        print("overhead.py: warning: load average %.2f on %d CPUs; other work on the "
              "machine makes the timings noisy" % (load_start, os.cpu_count() or 1),
              file=sys.stderr)
    base = ["-O3"] + arch + ["-fopenmp"]
    include = ["-I" + os.path.join(ROOT, "include", "roof")]
    work = tempfile.mkdtemp(prefix="roof-overhead-")
    env = dict(os.environ, OMP_NUM_THREADS=args.threads)
    env.pop("ROOF_OUTPUT", None)

    # Build both binaries of every example.
    bins = {}
    for name, src, extra in examples:
        path = os.path.join(ROOT, "examples", src)
        flags = base + extra
        plain = os.path.join(work, name + ".plain")
        roof = os.path.join(work, name + ".roof")
        print("build %-26s" % name, end="", flush=True)
        run([args.clang] + flags + ["-DROOF_DISABLE"] + include + [path, "-o", plain, "-lm"])
        run([args.clang] + flags + ["-fpass-plugin=" + plugin] + include +
            [path, "-o", roof, runtime, "-lpthread", "-lm"])
        print(" ok")
        bins[name] = (plain, roof, flags)

    # Compile time: source -> object file, with and without the plugin,
    # alternating.
    ctimes = {}
    passtime = {}
    for name, src, extra in examples:
        path = os.path.join(ROOT, "examples", src)
        flags = base + extra
        obj = os.path.join(work, name + ".o")
        plain_cmd = [args.clang] + flags + include + ["-c", path, "-o", obj]
        roof_cmd = [args.clang] + flags + ["-fpass-plugin=" + plugin] + include + ["-c", path, "-o", obj]
        tp, tr, ratios, cratios = [], [], [], []
        print("compile %-24s" % name, end="", flush=True)
        for i in range(creps):
            if i % 2 == 0:
                a, ca = run_timed(plain_cmd)
                b, cb = run_timed(roof_cmd)
            else:
                b, cb = run_timed(roof_cmd)
                a, ca = run_timed(plain_cmd)
            tp.append(a)
            tr.append(b)
            ratios.append(b / a)
            cratios.append(cb / ca)
            print(".", end="", flush=True)
        ctimes[name] = (statistics.median(tp), statistics.median(tr),
                        statistics.median(ratios), statistics.median(cratios),
                        min(tr) / min(tp))
        # Where the time goes: the pass's own share, from -ftime-report
        # (user + system seconds of the roof:: passes).
        pass_cpu = []
        for i in range(min(creps, 3)):
            p = subprocess.run(roof_cmd + ["-ftime-report"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
            pass_cpu.append(pass_seconds(p.stderr))
        passtime[name] = statistics.median(pass_cpu)
        print(" %.3f s / %.3f s (pass %.1f ms)" % (ctimes[name][0], ctimes[name][1],
                                                  1e3 * passtime[name]))

    # Run time, interleaved across examples and variants.
    rtimes = {name: {"plain": [], "roof": [], "ratio": [], "cpu_plain": [],
                     "cpu_roof": [], "cpu_ratio": []} for name in bins}
    out_json = os.path.join(work, "census.json")
    for i in range(reps):
        print("run repetition %d/%d" % (i + 1, reps), end="", flush=True)
        for name, (plain, roof, _) in bins.items():
            r = rtimes[name]
            renv = dict(env, ROOF_OUTPUT=out_json)
            if os.path.exists(out_json):
                os.remove(out_json)
            if i % 2 == 0:
                a, ca = run_timed([plain], env)
                b, cb = run_timed([roof], renv)
            else:
                b, cb = run_timed([roof], renv)
                a, ca = run_timed([plain], env)
            if not os.path.exists(out_json):
                sys.exit("overhead.py: %s wrote no census (%s)" % (roof, out_json))
            r["plain"].append(a)
            r["roof"].append(b)
            r["ratio"].append(b / a)
            r["cpu_plain"].append(ca)
            r["cpu_roof"].append(cb)
            r["cpu_ratio"].append(cb / ca)
            print(" %s %.2f" % (name, b / a), end="", flush=True)
        print()

    # Report.
    lines = []
    lines.append("Measured %s on %s (%d logical CPUs), %s; flags `%s`; "
                 "OMP_NUM_THREADS=%s; %d run and %d compile repetitions; "
                 "1-minute load average %.2f before, %.2f after."
                 % (datetime.date.today().isoformat(), cpu_model(), os.cpu_count() or 0,
                    clang_version(args.clang), " ".join(base), args.threads, reps, creps,
                    load_start, loadavg()))
    lines.append("")
    lines.append("| example | extra flags | run plain (s) | run roof (s) | run ratio "
                 "| run CPU-time ratio | run best-of ratio | compile plain (s) | compile roof (s) "
                 "| compile ratio | compile CPU-time ratio | compile best-of ratio "
                 "| roof pass (ms) |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    flagged = []
    for name, src, extra in examples:
        r = rtimes[name]
        rr = statistics.median(r["ratio"])
        cpu_rr = statistics.median(r["cpu_ratio"])
        cp, cr, cratio, ccpu, cbest = ctimes[name]
        best = min(r["roof"]) / min(r["plain"])
        if rr > RUN_LIMIT:
            flagged.append("%s: run ratio %.3f > %.2f" % (name, rr, RUN_LIMIT))
        if cratio > COMPILE_LIMIT:
            flagged.append("%s: compile ratio %.3f > %.2f" % (name, cratio, COMPILE_LIMIT))
        lines.append("| %s | %s | %.3f | %.3f | %s | %.3f | %.3f | %.3f | %.3f | %s | %.3f | %.3f "
                     "| %.1f |"
                     % (name, " ".join(extra) or "-", statistics.median(r["plain"]),
                        statistics.median(r["roof"]), fmt_ratio(rr, RUN_LIMIT), cpu_rr, best,
                        cp, cr, fmt_ratio(cratio, COMPILE_LIMIT), ccpu, cbest,
                        1e3 * passtime[name]))
    report("\n".join(lines), flagged, "run target <= %.2f, compile target <= %.2f" %
           (RUN_LIMIT, COMPILE_LIMIT), args.markdown)
    if args.keep:
        print("work directory kept: " + work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
