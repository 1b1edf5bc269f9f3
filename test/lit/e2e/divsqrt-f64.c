// f64 divide and sqrt, y = sqrt(x) / z, on AVX-512 (x86-64-v4, 512-bit
// vectors): no estimate is used for double, with or without -ffast-math,
// so empirical = canonical. Only the kernel object is instrumented (main:
// Inputs/xzy_harness.c).
//
// Three builds of the same kernel:
//   default: sqrt() may set errno, so clang keeps `call double @sqrt` and
//     the loop is not vectorized (scalar, unrolled by 4); the backend
//     partially inlines the call: vsqrtsd, and a call to sqrt only for a
//     negative input (never here, x = 4). Per element vsqrtsd + vdivsd.
//   -fno-math-errno: llvm.sqrt.v8f64 + fdiv <8 x double> (VF 8,
//     interleave 1, scalar remainder): vsqrtpd zmm + vdivpd zmm.
//   -ffast-math: the same vsqrtpd + vdivpd (f64 reciprocal estimates are
//     never used for division).
// Per element: 1 sqrt + 1 div = 2 FLOPs in every kind; loads x, z
// (16 bytes), stores y (8 bytes). n = 1000 (125 vector iterations):
//   fp64 canonical = empirical = full_width = 2000 (div 1000, sqrt 1000)
//   bytes_loaded = 16000, bytes_stored = 8000
//
// REQUIRES: avx512
// RUN: %clang -O2 -DKERNEL=divsqrt -DREAL=double -DX=4 -DZ=4 -c %S/Inputs/xzy_harness.c -o %t.main.o
//
// RUN: %clang -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.errno.o
// RUN: %clang %t.errno.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t.errno
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t.errno 1000 | FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp64 \
// RUN:     canonical empirical full_width \
// RUN:     classes.div.canonical classes.div.empirical classes.sqrt.canonical classes.sqrt.empirical \
// RUN:     classes.transcendental.empirical \
// RUN:     --at totals bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --match-full-lines
//
// RUN: %clang -O3 -fno-math-errno -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.noerrno.o
// RUN: %clang %t.noerrno.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t.noerrno
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t.noerrno 1000 | FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp64 \
// RUN:     canonical empirical full_width \
// RUN:     classes.div.canonical classes.div.empirical classes.sqrt.canonical classes.sqrt.empirical \
// RUN:     classes.transcendental.empirical \
// RUN:     --at totals bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --match-full-lines
//
// RUN: %clang -O3 -ffast-math -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.fast.o
// RUN: %clang %t.fast.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t.fast
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t.fast 1000 | FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp64 \
// RUN:     canonical empirical full_width \
// RUN:     classes.div.canonical classes.div.empirical classes.sqrt.canonical classes.sqrt.empirical \
// RUN:     classes.transcendental.empirical \
// RUN:     --at totals bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --match-full-lines
//
// OUT: divsqrt n=1000 sum=500
// CHECK:      canonical = 2000
// CHECK-NEXT: empirical = 2000
// CHECK-NEXT: full_width = 2000
// CHECK-NEXT: classes.div.canonical = 1000
// CHECK-NEXT: classes.div.empirical = 1000
// CHECK-NEXT: classes.sqrt.canonical = 1000
// CHECK-NEXT: classes.sqrt.empirical = 1000
// CHECK-NEXT: classes.transcendental.empirical = 0
// CHECK-NEXT: bytes_loaded = 16000
// CHECK-NEXT: bytes_stored = 8000

#include <math.h>
void divsqrt(long n, const double *restrict x, const double *restrict z,
             double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = sqrt(x[i]) / z[i];
}
