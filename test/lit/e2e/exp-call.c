// A loop calling exp(): canonical counts 1 transcendental FLOP per element.
// Only the kernel object is instrumented; glibc's exp is not, so its own
// loads and stores are not in bytes (its FP work is what the empirical
// count estimates from a cost table; not checked here).
//
// Two builds:
//   default: exp() may set errno, so the IR keeps `call double @exp` in a
//     scalar loop (not vectorized): n calls.
//   -fno-math-errno: llvm.exp.v8f64 in a VF 8 loop (+ llvm.exp.f64 in the
//     remainder); without a vector library the backend expands each
//     llvm.exp.v8f64 into 8 scalar calls to exp. Still n exps.
// n = 1000:
//   fp64 canonical = 1000, all in class transcendental (1 per call/lane)
//   no other class: add, mul, fma, div, sqrt canonical = 0
//   bytes_loaded = 8000 (x), bytes_stored = 8000 (y)
//
// RUN: %clang -O2 -DHARNESS -c %s -o %t.main.o
//
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%roofpass -c %s -o %t.errno.o
// RUN: %clang %t.errno.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t.errno
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t.errno 1000 | FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp64 \
// RUN:     canonical classes.transcendental.canonical \
// RUN:     classes.add.canonical classes.mul.canonical classes.fma.canonical \
// RUN:     classes.div.canonical classes.sqrt.canonical \
// RUN:     --at totals bytes_loaded bytes_stored fp32.canonical \
// RUN:   | FileCheck %s --match-full-lines
//
// RUN: %clang -O3 -fno-math-errno -march=x86-64-v3 -fpass-plugin=%roofpass -c %s -o %t.vec.o
// RUN: %clang %t.vec.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t.vec
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t.vec 1000 | FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp64 \
// RUN:     canonical classes.transcendental.canonical \
// RUN:     classes.add.canonical classes.mul.canonical classes.fma.canonical \
// RUN:     classes.div.canonical classes.sqrt.canonical \
// RUN:     --at totals bytes_loaded bytes_stored fp32.canonical \
// RUN:   | FileCheck %s --match-full-lines
//
// REQUIRES: avx2
// OUT: exp n=1000 sum=1000
// CHECK:      canonical = 1000
// CHECK-NEXT: classes.transcendental.canonical = 1000
// CHECK-NEXT: classes.add.canonical = 0
// CHECK-NEXT: classes.mul.canonical = 0
// CHECK-NEXT: classes.fma.canonical = 0
// CHECK-NEXT: classes.div.canonical = 0
// CHECK-NEXT: classes.sqrt.canonical = 0
// CHECK-NEXT: bytes_loaded = 8000
// CHECK-NEXT: bytes_stored = 8000
// CHECK-NEXT: fp32.canonical = 0

#ifndef HARNESS
#include <math.h>
void vexp(long n, const double *restrict x, double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = exp(x[i]);
}
#else
#include <stdio.h>
#include <stdlib.h>
void vexp(long n, const double *restrict x, double *restrict y);
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (long i = 0; i < n; ++i)
    x[i] = 0.0;
  vexp(n, x, y);
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += y[i];
  printf("exp n=%ld sum=%g\n", n, sum);
  return 0;
}
#endif
