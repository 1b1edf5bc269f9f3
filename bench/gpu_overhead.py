#!/usr/bin/env python3
"""Kernel-time overhead of roof's device counters, from a GPU validation run.

The overhead table of test/gpu/compare.py alone: per kernel, the median
gpu__time_duration.sum (Nsight Compute, each launch timed alone) of the plain
build and of the instrumented build run with ROOF_CUDA=total (so that roof
adds no synchronisation of its own), and the median of the per-launch ratios
instrumented / plain, launches paired in launch order. Ratios above 1.10 for
kernels of 50 us or more (the target of issue 4) and above 1.5 for any
kernel are flagged; with --traffic, those of the traffic-mode build
(roof c++ --roof-traffic) run with ROOF_CUDA=launch, flagged above 2. The
timings come from the three steps of
docs/validation.md:

    test/gpu/build.sh                          # here: build/gpu-validation/
    build/gpu-validation/run.sh --out RESULTS  # on the GPU machine (ncu)
    bench/gpu_overhead.py RESULTS              # anywhere

Python 3 standard library only.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "test", "gpu"))
import compare  # noqa: E402  (test/gpu/compare.py)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="the folder run.sh wrote")
    parser.add_argument("--traffic", action="store_true",
                        help="the traffic-mode build's overhead instead "
                        "(ROOF_CUDA=launch, flagged above 2x)")
    args = parser.parse_args()
    if not os.path.isdir(args.results):
        sys.exit(f"gpu_overhead.py: {args.results}: no such folder")
    compare.print_overhead(args.results, compare.programs_of(args.results),
                           "traffic" if args.traffic else "roof")


if __name__ == "__main__":
    main()
