// DAXPY y = a*x + y with -ffast-math on AVX-512 (x86-64-v4, 512-bit
// vectors), end to end. Only the kernel object is instrumented.
//
// By hand: with -ffast-math (-ffp-contract=fast) clang does not emit
// llvm.fmuladd; the IR the pass sees has a separate `fmul fast` and
// `fadd fast` per element (VF 8 x interleave 4 vector body, scalar
// remainder). Canonical follows the source: 1 mul + 1 add per element. The
// backend then fuses each pair (contract flag) into one FMA: the vector body
// is 4 x vfmadd213pd zmm per 32 elements and the remainder vfmadd213sd, so
// the machine executes 1 FMA = 2 FLOPs per element and no separate
// add or mul:
//   n = 1000 (31 vector iterations + 8 scalar):
//     canonical  = 2000: classes add 1000, mul 1000, fma 0
//     empirical  = 2000: classes fma 2000, add 0, mul 0
//     full_width = 2000 (nothing masked)
//     bytes_loaded = 16000, bytes_stored = 8000
//   n = 1003: 2006 FLOPs in every kind, bytes 16048 / 8024.
//
// REQUIRES: avx512
// RUN: %clang -O3 -ffast-math -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -c %S/Inputs/daxpy_harness.c -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1000 | FileCheck %s --check-prefix=OUT
// OUT: daxpy n=1000 sum=3500
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp64 \
// RUN:     canonical classes.add.canonical classes.mul.canonical classes.fma.canonical \
// RUN:     empirical classes.add.empirical classes.mul.empirical classes.fma.empirical \
// RUN:     full_width \
// RUN:     --at totals bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=N1000 --match-full-lines
// N1000:      canonical = 2000
// N1000-NEXT: classes.add.canonical = 1000
// N1000-NEXT: classes.mul.canonical = 1000
// N1000-NEXT: classes.fma.canonical = 0
// N1000-NEXT: empirical = 2000
// N1000-NEXT: classes.add.empirical = 0
// N1000-NEXT: classes.mul.empirical = 0
// N1000-NEXT: classes.fma.empirical = 2000
// N1000-NEXT: full_width = 2000
// N1000-NEXT: bytes_loaded = 16000
// N1000-NEXT: bytes_stored = 8000
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1003 > /dev/null
// RUN: %python %S/Inputs/jq.py %t.json --at totals \
// RUN:     fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=N1003 --match-full-lines
// N1003:      fp64.canonical = 2006
// N1003-NEXT: fp64.empirical = 2006
// N1003-NEXT: fp64.full_width = 2006
// N1003-NEXT: bytes_loaded = 16048
// N1003-NEXT: bytes_stored = 8024

void daxpy(long n, double a, const double *restrict x, double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
