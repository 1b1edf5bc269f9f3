"""Checks the layout of a roofline.json written by roof-ert (or, with --gpu,
roof-ert-gpu), and the sweep file next to it; prints one line per part
checked, for FileCheck.

usage: check_roofline.py [--gpu] DIR PRECISION... (FP64, FP32)
Only the layout and the signs are checked: the values depend on the machine
and on what else runs on it.
"""
import csv
import json
import os
import sys

gpu = sys.argv[1] == "--gpu"
arguments = sys.argv[2:] if gpu else sys.argv[1:]
directory, precisions = arguments[0], arguments[1:]
problems = []


def check(condition, message):
    if not condition:
        problems.append(message)
    return condition


def positive_entries(data, where):
    ok = check(isinstance(data, list), f"{where} is not a list")
    for entry in data if ok else []:
        check(isinstance(entry, list) and len(entry) == 2
              and isinstance(entry[0], str)
              and isinstance(entry[1], (int, float)) and entry[1] > 0,
              f"{where}: bad entry {entry!r}")
    return [entry[0] for entry in data] if ok else []


with open(os.path.join(directory, "roofline.json")) as f:
    roofline = json.load(f)
empirical = roofline["empirical"]

names = positive_entries(empirical["gflops"]["data"], "empirical.gflops.data")
expected = [f"{p} {k}GFLOPs" for p in precisions
            for k in ("", "no-FMA ", "divide+FMA ", "divide no-FMA ")]
check(names == expected, f"gflops names {names}, expected {expected}")
print("gflops:", ", ".join(names))

levels = positive_entries(empirical["gbytes"]["data"], "empirical.gbytes.data")
check(levels and levels[-1] == "DRAM", f"last level is not DRAM: {levels}")
check(levels[:-1] == [f"L{i + 1}" for i in range(len(levels) - 1)],
      f"levels are not L1, L2, ...: {levels}")
print("gbytes: L1 ... DRAM" if len(levels) > 1 else "gbytes: DRAM")

metadata = empirical["metadata"]
if gpu:
    keys = ("HOSTNAME", "UNAME", "DATE", "GPU_BLOCKS", "GPU_THREADS", "GPU",
            "COMPILER", "CUDA_ARCHITECTURES", "THEORETICAL_PEAK", "DIVIDES",
            "CONFIG")
    executors = "GPU_BLOCKS"
else:
    keys = ("HOSTNAME", "UNAME", "DATE", "OPENMP_THREADS", "CPU_MODEL",
            "COMPILER", "CFLAGS", "CLOCK", "THEORETICAL_PEAK", "CACHES",
            "CONFIG")
    executors = "OPENMP_THREADS"
for key in keys:
    check(key in metadata, f"metadata has no {key}")
check(isinstance(metadata.get(executors), int) and metadata[executors] >= 1,
      f"{executors} not a count")
print("metadata:", metadata.get("MODE"), executors.lower().replace("_", " "),
      metadata.get(executors))

spec = positive_entries(roofline["spec"]["gflops"]["data"], "spec.gflops.data")
check(spec in ([], ["FP64 GFLOPs", "FP32 GFLOPs"]), f"spec entries {spec}")
spec_levels = positive_entries(roofline["spec"]["gbytes"]["data"],
                               "spec.gbytes.data")
check(spec_levels in ([], ["DRAM"]), f"spec levels {spec_levels}")

with open(os.path.join(directory, "roofline-sweep.csv")) as f:
    rows = list(csv.DictReader(f))
check(len(rows) > 0, "sweep file has no points")
for row in rows:
    for column in ("working_set_bytes", "trials", "bytes", "flops", "seconds",
                   "gbytes_per_s", "gflops_per_s"):
        check(float(row[column]) > 0, f"sweep: {column} not positive in {row}")
phases = sorted({row["phase"] for row in rows})
print("sweep phases:", " ".join(phases))

if problems:
    sys.exit("check_roofline.py: " + "; ".join(problems))
