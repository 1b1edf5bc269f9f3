#!/usr/bin/env python3
"""Kernel-time overhead of roof's device counters, on a GPU machine.

For each CUDA example this builds two binaries with `roof c++` and the same
flags, one with the plugin disabled (ROOF_DISABLE=1 at compile time: the
program as the user builds it) and one instrumented, and profiles both with
Nsight Compute's `gpu__time_duration.sum`, which times each kernel launch
alone (ncu serialises launches, so neither binary's timing includes roof's
per-launch read-back). Per kernel it reports the median duration of each
build and the median of the ratios instrumented / plain over the launches,
paired in launch order; ratios above 1.10 (the target of issue 4, a memory-
and a compute-bound kernel) are flagged. The instrumented binary runs with
ROOF_CUDA=total, so that roof adds no synchronisation of its own.

    bench/gpu_overhead.py [--arch sm_90] [EXAMPLE.cu ...]

Python 3 standard library only; needs build/ (scripts/setup.sh) and ncu.
"""
import argparse
import csv
import glob
import io
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 1.10


def build(roof, source, output, arch, instrumented):
    env = dict(os.environ)
    if not instrumented:
        env["ROOF_DISABLE"] = "1"
    subprocess.run([roof, "c++", "-O3", f"--cuda-gpu-arch={arch}", source,
                    "-o", output], check=True, env=env)


def kernel_durations(binary, instrumented):
    """{kernel name: [duration in ns per launch, in launch order]}."""
    env = dict(os.environ, ROOF_QUIET="1", ROOF_OUTPUT=os.devnull)
    if instrumented:
        env["ROOF_CUDA"] = "total"
    result = subprocess.run(
        ["ncu", "--csv", "--metrics", "gpu__time_duration.sum", binary],
        check=True, env=env, capture_output=True, text=True)
    # ncu prints ==PROF== lines and the program's own output around the CSV.
    lines = [line for line in result.stdout.splitlines()
             if line.startswith('"')]
    durations = {}
    for row in csv.DictReader(io.StringIO("\n".join(lines))):
        if row.get("Metric Name") != "gpu__time_duration.sum":
            continue
        value = float(row["Metric Value"].replace(",", ""))
        scale = {"nsecond": 1, "usecond": 1e3, "msecond": 1e6,
                 "second": 1e9}.get(row.get("Metric Unit", "nsecond"), 1)
        durations.setdefault(row["Kernel Name"], []).append(value * scale)
    return durations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("examples", nargs="*")
    args = parser.parse_args()
    if not shutil.which("ncu"):
        sys.exit("gpu_overhead.py: ncu not found (needs a GPU machine)")
    roof = os.path.join(ROOT, "build", "bin", "roof")
    examples = args.examples or sorted(
        glob.glob(os.path.join(ROOT, "examples", "cuda", "*.cu")))
    out = os.path.join(ROOT, "build", "gpu-overhead")
    os.makedirs(out, exist_ok=True)
    print("| example | kernel | launches | plain median (us) | roof median (us) "
          "| median ratio |")
    print("|---|---|---|---|---|---|")
    for source in examples:
        name = os.path.splitext(os.path.basename(source))[0]
        plain, counted = (os.path.join(out, name + s) for s in (".plain", ".roof"))
        build(roof, source, plain, args.arch, False)
        build(roof, source, counted, args.arch, True)
        base = kernel_durations(plain, False)
        instrumented = kernel_durations(counted, True)
        for kernel in sorted(base):
            pairs = list(zip(base[kernel], instrumented.get(kernel, [])))
            if not pairs:
                continue
            ratio = statistics.median(r / p for p, r in pairs if p > 0)
            flag = " **> 1.10**" if ratio > LIMIT else ""
            print(f"| {name} | {kernel[:40]} | {len(pairs)} "
                  f"| {statistics.median(p for p, _ in pairs) / 1e3:.1f} "
                  f"| {statistics.median(r for _, r in pairs) / 1e3:.1f} "
                  f"| {ratio:.3f}{flag} |")


if __name__ == "__main__":
    main()
