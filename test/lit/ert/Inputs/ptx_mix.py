"""Reads the PTX of roof-ert-gpu's kernels (ert/gpu/GpuKernels.cu) on stdin
and prints, for each kernel named on the command line, the floating-point
arithmetic and global memory accesses of its body, one line per kernel:

  FP64 FMA 1024: fma.rn.f64 512; ld.global.f64 1, st.global.f64 1

A kernel is named by precision, kind and FLOPs per element, as roof-ert-gpu
names them: 'FP64 FMA 1024', 'FP32 no-FMA 2', 'FP64 divide+FMA 768'. Every
opcode is listed with all its modifiers, so an approximate divide
(div.approx, rcp.approx) or a contracted multiply-add would show.

usage: ptx_mix.py 'FP64 FMA 1024' ... < GpuKernels.compute_80.ptx
"""
import re
import sys

# Floating-point arithmetic only: the index arithmetic is integer.
ARITHMETIC = re.compile(
    r"^\s*((?:fma|mul|add|sub|div|rcp|sqrt)(?:\.[a-z0-9]+)*\.f(?:16|32|64))\s")
MEMORY = re.compile(r"^\s*((?:ld|st)\.global(?:\.[a-z0-9]+)*)\s")
ENTRY = re.compile(
    r"^\.(?:visible\s+)?entry\s+\S*chainKernelI([df])NS\d+_\d+(Fused|Separate)"
    r"ELi(\d+)ELb([01])E")


def kernel_name(precision, arithmetic, steps, divide):
    kind = {("Fused", "0"): "FMA", ("Separate", "0"): "no-FMA",
            ("Fused", "1"): "divide+FMA", ("Separate", "1"): "divide no-FMA"}
    steps = int(steps)
    flops = 3 * steps if divide == "1" else (2 * steps if steps else 1)
    return "%s %s %d" % ("FP64" if precision == "d" else "FP32",
                         kind[(arithmetic, divide)], flops)


kernels = {}
current = None
for line in sys.stdin:
    entry = ENTRY.match(line)
    if entry:
        current = {"arithmetic": {}, "memory": {}}
        kernels[kernel_name(*entry.groups())] = current
        continue
    if line.startswith(".entry") or line.startswith(".visible .entry"):
        current = None
    if current is None:
        continue
    for pattern, table in ((ARITHMETIC, "arithmetic"), (MEMORY, "memory")):
        found = pattern.match(line)
        if found:
            counts = current[table]
            counts[found.group(1)] = counts.get(found.group(1), 0) + 1


def listed(counts):
    return ", ".join("%s %d" % (op, counts[op]) for op in sorted(counts))


for name in sys.argv[1:]:
    if name not in kernels:
        print("%s: not found" % name)
        continue
    print("%s: %s; %s" % (name, listed(kernels[name]["arithmetic"]),
                          listed(kernels[name]["memory"])))
