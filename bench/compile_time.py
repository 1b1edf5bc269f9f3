#!/usr/bin/env python3
"""Compile-time cost of roof, with a cold and with a warm cache.

roof compiles a twin of every module with FP work through the X86 code
generator to read what executes (docs/counting.md); the result is cached on
disk ($ROOF_CACHE_DIR), so that an unchanged rebuild does not pay for it
again. For each source (the examples and the oracle corpus) this times
`clang-19 FLAGS -c` three ways, in rotating order within each repetition:

  plain: without the plugin
  cold:  with the plugin and an empty cache directory
  warm:  with the plugin and a cache that already holds the module's entry

and reports the medians and the medians of the per-repetition ratios
cold/plain (target <= 1.5) and warm/plain (target <= 1.10), flagging those
above. Ratios of CPU time (user + system), which other load disturbs less,
are given too. With --instructions, each of the three compiles runs once
under valgrind instead, and the table gives the instructions it executes
and their ratios: the same on a loaded machine as on a quiet one (valgrind
needed), where times are not.

    bench/compile_time.py                  # 7 repetitions
    bench/compile_time.py --quick          # 3
    bench/compile_time.py --instructions   # instruction counts
    bench/compile_time.py --markdown out.md

Python 3 standard library only; needs build/ (scripts/setup.sh).
"""
import argparse
import datetime
import os
import shutil
import statistics
import sys
import tempfile

from benchlib import (clang_version, count_instructions, cpu_model, default_arch,
                      fmt_ratio, loadavg, report, run_timed)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLD_LIMIT = 1.5
WARM_LIMIT = 1.10


def sources():
    """(name, path, extra flags): the examples, then the corpus."""
    out = [("examples/stream_triad", "examples/stream_triad.c", ["-fopenmp"]),
           ("examples/daxpy", "examples/daxpy.c", ["-fopenmp"]),
           ("examples/stencil7", "examples/stencil7.c", ["-fopenmp"]),
           ("examples/dgemm_blocked", "examples/dgemm_blocked.c", ["-fopenmp"]),
           ("examples/complex_divsqrt", "examples/complex_divsqrt.c", ["-fopenmp"])]
    corpus = os.path.join(ROOT, "test", "oracle", "corpus")
    for f in sorted(os.listdir(corpus)):
        if f.endswith(".c"):
            out.append(("corpus/" + f[:-2], os.path.join("test", "oracle", "corpus", f), []))
    return out


def instruction_row(name, base, roof, env, warm_env, cold_cache):
    """The --instructions row of one source: plain, cold and warm compiles
    counted once each (deterministic). The targets are on time, which
    instructions only approach: they are not checked on these."""
    plain = count_instructions(base, env)
    cold = count_instructions(roof, dict(env, ROOF_CACHE_DIR=cold_cache))
    shutil.rmtree(cold_cache, ignore_errors=True)
    warm = count_instructions(roof, warm_env)
    ratio = {"cold": cold / plain, "warm": warm / plain}
    print(" %d instructions, cold %.3fx, warm %.3fx" % (plain, ratio["cold"], ratio["warm"]))
    return "| %s | %d | %d | %d | %.3f | %.3f |" % (
        name, plain, cold, warm, ratio["cold"], ratio["warm"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="3 repetitions")
    ap.add_argument("--reps", type=int, help="repetitions (default 7)")
    ap.add_argument("--flags", help="optimisation and target flags "
                    "(default: -O3 and x86-64-v4 with 512-bit vectors on "
                    "AVX-512 CPUs, else x86-64-v3)")
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang-19")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--only", help="sources whose name contains this text")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under valgrind instead of timing")
    ap.add_argument("--markdown", help="also write the markdown table here")
    args = ap.parse_args()

    reps = args.reps or (3 if args.quick else 7)
    flags = args.flags.split() if args.flags else ["-O3"] + default_arch()
    plugin = os.path.join(args.build, "lib", "libroofpass.so")
    if not os.path.exists(plugin):
        sys.exit("compile_time.py: %s is missing; run scripts/setup.sh" % plugin)
    include = ["-I" + os.path.join(ROOT, "include", "roof")]
    work = tempfile.mkdtemp(prefix="roof-compile-time-")
    obj = os.path.join(work, "out.o")
    warm_cache = os.path.join(work, "warm")
    env = dict(os.environ)
    env.pop("ROOF_DISABLE", None)

    load_start = loadavg()
    rows = []
    flagged = []
    for name, path, extra in sources():
        if args.only and args.only not in name:
            continue
        src = os.path.join(ROOT, path)
        base = [args.clang] + flags + extra + include + ["-c", src, "-o", obj]
        roof = base[:1] + ["-fpass-plugin=" + plugin] + base[1:]
        warm_env = dict(env, ROOF_CACHE_DIR=warm_cache)
        print("%-28s" % name, end="", flush=True)
        run_timed(roof, warm_env)  # primes the warm cache
        if args.instructions:
            rows.append(instruction_row(name, base, roof, env, warm_env,
                                        os.path.join(work, "cold-i")))
            continue
        times = {"plain": [], "cold": [], "warm": []}
        cpu = {"plain": [], "cold": [], "warm": []}
        for i in range(reps):
            cold_cache = os.path.join(work, "cold-%d" % i)
            variants = [("plain", base, env),
                        ("cold", roof, dict(env, ROOF_CACHE_DIR=cold_cache)),
                        ("warm", roof, warm_env)]
            shift = i % 3
            for label, cmd, venv in variants[shift:] + variants[:shift]:
                wall, c = run_timed(cmd, venv)
                times[label].append(wall)
                cpu[label].append(c)
            shutil.rmtree(cold_cache, ignore_errors=True)
            print(".", end="", flush=True)
        ratio = {k: statistics.median(t / p for t, p in zip(times[k], times["plain"]))
                 for k in ("cold", "warm")}
        cpu_ratio = {k: statistics.median(t / p for t, p in zip(cpu[k], cpu["plain"]))
                     for k in ("cold", "warm")}
        med = {k: statistics.median(v) for k, v in times.items()}
        print(" %.3f s, cold %.3f (%.3fx), warm %.3f (%.3fx)" % (
            med["plain"], med["cold"], ratio["cold"], med["warm"], ratio["warm"]))
        if ratio["cold"] > COLD_LIMIT:
            flagged.append("%s: cold ratio %.3f > %.2f" % (name, ratio["cold"], COLD_LIMIT))
        if ratio["warm"] > WARM_LIMIT:
            flagged.append("%s: warm ratio %.3f > %.2f" % (name, ratio["warm"], WARM_LIMIT))
        rows.append("| %s | %.3f | %.3f | %.3f | %s | %.3f | %s | %.3f |" % (
            name, med["plain"], med["cold"], med["warm"],
            fmt_ratio(ratio["cold"], COLD_LIMIT), cpu_ratio["cold"],
            fmt_ratio(ratio["warm"], WARM_LIMIT), cpu_ratio["warm"]))
    shutil.rmtree(work, ignore_errors=True)

    if args.instructions:
        lines = ["Measured %s on %s, %s; flags `%s`; instructions executed, counted by "
                 "valgrind (callgrind), one compile each." % (
                     datetime.date.today().isoformat(), cpu_model(),
                     clang_version(args.clang), " ".join(flags)),
                 "",
                 "| source | plain (instructions) | roof, cold cache | roof, warm cache "
                 "| cold ratio | warm ratio |",
                 "|---|---:|---:|---:|---:|---:|"] + rows
        # The targets are on time, which instructions only approach.
        report("\n".join(lines), [], None, args.markdown)
        return 0
    lines = ["Measured %s on %s (%d logical CPUs), %s; flags `%s`; %d repetitions; "
             "medians of the per-repetition ratios; 1-minute load average %.2f before, "
             "%.2f after." % (
                 datetime.date.today().isoformat(), cpu_model(), os.cpu_count() or 0,
                 clang_version(args.clang), " ".join(flags), reps, load_start, loadavg()),
             "",
             "| source | plain (s) | roof, cold cache (s) | roof, warm cache (s) "
             "| cold ratio | cold CPU-time ratio | warm ratio | warm CPU-time ratio |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"] + rows
    report("\n".join(lines), flagged, "cold target <= %.2f, warm target <= %.2f" %
           (COLD_LIMIT, WARM_LIMIT), args.markdown)
    return 1 if flagged else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:
        sys.exit("compile_time.py: %s" % e)
