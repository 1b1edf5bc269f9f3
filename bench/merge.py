#!/usr/bin/env python3
"""Time and peak memory of `roof merge` against the number of ranks.

Writes N synthetic rank censuses (docs/schema.md, as the runtime writes
them: indented by one space, every precision and class present) for each N
of --ranks into a folder, then runs `roof merge FOLDER -o merged.json`
--reps times and reports the median wall time and the peak resident memory
(ru_maxrss of that process alone). Each rank's census is that of a
mini-app: --functions functions, --regions regions, --threads threads,
fp64 and fp32 work that differs from rank to rank (so that the merge has
real statistics to keep), bytes, times. The merged census is checked: its
rank count and its totals must be the sums of the ranks'.

The target (issue 13): 1,024 ranks in under --limit seconds (default 5;
proportionally more for more ranks), and memory that does not grow with
the number of ranks.

    bench/merge.py                           # 64, 256, 1024 ranks
    bench/merge.py --ranks 4096 --reps 1
    bench/merge.py --markdown out.md

Python 3 standard library only; needs build/bin/roof (or --build).
"""
import argparse
import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import cpu_model, loadavg, report

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRECISIONS = ["fp16", "bf16", "fp32", "fp64"]
CLASSES = ["add", "mul", "fma", "div", "sqrt", "transcendental", "minmax",
           "compare", "convert", "special"]
FLOP_CLASSES = CLASSES[:6]
KINDS = ["canonical", "empirical", "full_width"]


def counts(rng, scale):
    """A census object with fp64 and fp32 work of about `scale` FLOPs."""
    obj = {}
    for p in PRECISIONS:
        prec = {k: 0 for k in KINDS}
        prec["classes"] = {}
        for c in CLASSES:
            active = p in ("fp64", "fp32") and c in ("add", "mul", "fma", "div",
                                                     "compare")
            n = rng.randrange(scale // 2, scale) if active else 0
            kinds = {"canonical": n, "empirical": n + n // 8,
                     "full_width": n + n // 4}
            prec["classes"][c] = kinds
            if c in FLOP_CLASSES:
                for k in KINDS:
                    prec[k] += kinds[k]
        obj[p] = prec
    obj["bytes_loaded"] = rng.randrange(scale, 4 * scale)
    obj["bytes_stored"] = rng.randrange(scale // 2, 2 * scale)
    return obj


def add_into(total, obj):
    for p in PRECISIONS:
        for k in KINDS:
            total[p][k] += obj[p][k]
        for c in CLASSES:
            for k in KINDS:
                total[p]["classes"][c][k] += obj[p]["classes"][c][k]
    total["bytes_loaded"] += obj["bytes_loaded"]
    total["bytes_stored"] += obj["bytes_stored"]


def zero():
    z = {p: dict({k: 0 for k in KINDS},
                 classes={c: {k: 0 for k in KINDS} for c in CLASSES})
         for p in PRECISIONS}
    z.update(bytes_loaded=0, bytes_stored=0)
    return z


def rank_census(rank, args):
    """The census of one rank; its threads and functions both sum to its
    totals, as the runtime's do."""
    rng = random.Random(rank)
    scale = 10**9 * (1 + rank % 7)  # rank-dependent work: imbalance
    functions = []
    totals = zero()
    for i in range(args.functions):
        f = {"name": "_Z%dkernel_%dPdPKdm" % (len("kernel_%d" % i), i),
             "demangled": "kernel_%d(double*, double const*, unsigned long)" % i,
             "module": "src/solver_%d.cpp" % (i % 5),
             "calls": 100 + i,
             "time_s": 0.01 * (1 + i) * (1 + rank % 7),
             "thread_time_s": 0.04 * (1 + i) * (1 + rank % 7)}
        f.update(counts(rng, scale // (1 + i)))
        add_into(totals, f)
        functions.append(f)
    regions = []
    for i in range(args.regions):
        # A region around a function's calls has its counts.
        inside = functions[i % len(functions)]
        r = {"name": "phase_%d" % i, "entries": 10, "time_s": 0.5 * (1 + i)}
        r.update({key: inside[key] for key in PRECISIONS + ["bytes_loaded",
                                                             "bytes_stored"]})
        regions.append(r)
    threads = []
    rest = json.loads(json.dumps(totals))
    for t in range(args.threads):
        th = {"index": t, "tid": 1000 * rank + t}
        if t == args.threads - 1:
            th.update(rest)
        else:
            share = zero()
            for p in PRECISIONS:
                for c in CLASSES:
                    for k in KINDS:
                        v = rest[p]["classes"][c][k] // (args.threads - t)
                        share[p]["classes"][c][k] = v
                        rest[p]["classes"][c][k] -= v
                        if c in FLOP_CLASSES:
                            share[p][k] += v
                            rest[p][k] -= v
            for b in ("bytes_loaded", "bytes_stored"):
                share[b] = rest[b] // (args.threads - t)
                rest[b] -= share[b]
            th.update(share)
        threads.append(th)
    target = {"triple": "x86_64-pc-linux-gnu", "cpu": "znver3",
              "features": "+avx2,+fma"}
    census = {
        "schema": "roof", "schema_version": 2,
        "program": "/scratch/user/solver",
        "command_line": ["/scratch/user/solver", "-n", "4096"],
        "pid": 20000 + rank, "mpi_rank": rank,
        "start_time": "2026-11-25T10:00:00Z",
        "wall_time_s": 10.0 + rank % 7, "ended_by": "exit",
        "timer_hz": 2.45e9, "target": target,
        "modules": [dict({"source": "src/solver_%d.cpp" % m, "functions": 4},
                         **target) for m in range(5)],
        "overflow": False, "totals": totals, "functions": functions,
        "regions": regions, "threads": threads, "gpu": None, "kernels": []}
    return census


def measure(cmd):
    """(wall seconds, peak resident memory in MiB) of cmd alone."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode()
    if p.returncode != 0:
        raise RuntimeError("%s failed (exit %d): %s" % (" ".join(cmd), p.returncode, err))
    return wall, usage.ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ranks", default="64,256,1024",
                    help="comma-separated rank counts (default 64,256,1024)")
    ap.add_argument("--functions", type=int, default=20)
    ap.add_argument("--regions", type=int, default=3)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--limit", type=float, default=5.0,
                    help="seconds allowed for 1,024 ranks (default 5)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--markdown", help="also write the markdown table here")
    args = ap.parse_args()

    roof = os.path.join(args.build, "bin", "roof")
    if not os.path.exists(roof):
        sys.exit("merge.py: %s is missing; run scripts/setup.sh" % roof)
    work = tempfile.mkdtemp(prefix="roof-merge-bench-")
    load_start = loadavg()
    rows, flagged = [], []
    try:
        for n in [int(x) for x in args.ranks.split(",")]:
            folder = os.path.join(work, "ranks-%d" % n)
            os.makedirs(folder)
            expected_flops = 0
            size = 0
            for rank in range(n):
                census = rank_census(rank, args)
                expected_flops += census["totals"]["fp64"]["empirical"]
                path = os.path.join(folder, "roof-solver-%d.rank%d.json"
                                    % (census["pid"], rank))
                with open(path, "w") as f:
                    json.dump(census, f, indent=1)
                size += os.path.getsize(path)
            merged = os.path.join(work, "merged-%d.json" % n)
            walls, peaks = [], []
            for _ in range(args.reps):
                wall, peak = measure([roof, "merge", folder, "-o", merged])
                walls.append(wall)
                peaks.append(peak)
            with open(merged) as f:
                result = json.load(f)
            if (result["ranks"]["count"] != n
                    or result["ranks"]["mpi_ranks"] != [[0, n - 1]]
                    or result["totals"]["fp64"]["empirical"] != expected_flops):
                raise RuntimeError("merged census of %d ranks is wrong" % n)
            wall = statistics.median(walls)
            print("%5d ranks: %.3f s, peak %.1f MiB" % (n, wall, max(peaks)))
            # The target scales with the ranks past 1,024.
            limit = args.limit * max(1.0, n / 1024)
            if n >= 1024 and wall > limit:
                flagged.append("%d ranks: %.3f s > %.1f s" % (n, wall, limit))
            rows.append("| %d | %.1f | %.3f | %.1f | %.1f |" % (
                n, size / 2**20, wall, n / wall, max(peaks)))
            shutil.rmtree(folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    lines = ["Measured %s on %s (%d logical CPUs); rank censuses of %d functions, "
             "%d regions, %d threads each, in the page cache; median of %d runs; "
             "1-minute load average %.2f before, %.2f after." % (
                 datetime.date.today().isoformat(), cpu_model(), os.cpu_count() or 0,
                 args.functions, args.regions, args.threads, args.reps,
                 load_start, loadavg()),
             "",
             "| ranks | census files (MiB) | roof merge (s) | ranks/s | peak RSS (MiB) |",
             "|---:|---:|---:|---:|---:|"] + rows
    report("\n".join(lines), flagged, "1,024 ranks in <= %.1f s" % args.limit,
           args.markdown)
    return 1 if flagged else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:
        sys.exit("merge.py: %s" % e)
