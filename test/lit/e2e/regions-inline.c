// Region boundaries inside an instrumented function: only what executes
// between roof_region_begin() and roof_region_end() belongs to the region,
// even when the code before begin and after end sits in the same basic
// block as the calls (straight-line code in main, as in every example).
// The whole program is instrumented here.
//
// main is one basic block from the volatile accesses to the printf:
//   vout = vin * 3.0;            before begin: 1 fmul, 8 B loaded, 8 stored
//   roof_region_begin("k");
//   vout = vin * 5.0;            inside: 1 fmul, 8 B loaded, 8 B stored
//   daxpy(n, 0.5, x, y);         inside: 2n FLOPs, 16n B loaded, 8n stored
//   roof_region_end();
//   vout = vin * 7.0 + 1.0;      after end: 1 fmuladd (2 FLOPs), 8 + 8 B
// Volatile accesses keep each multiply on its side of the calls (the
// compiler may not move them across calls with side effects).
// daxpy is noinline: llvm.fmuladd per element, VF 8 x interleave 4 vector
// loop + scalar remainder. By hand, n = 1000:
//   region "k": entries 1
//     fp64 canonical = empirical = full_width = 1 + 2n = 2001
//       classes: mul 1, fma 2000
//     bytes_loaded = 8 + 16n = 16008, bytes_stored = 8 + 8n = 8008
//
// REQUIRES: avx512
// RUN: %clang -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -I%srcroot/include/roof %s %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1000 | FileCheck %s --check-prefix=OUT
// OUT: y[0]=3.5
// RUN: %python %S/Inputs/jq.py %t.json --at 'regions[name=k]' entries \
// RUN:     fp64.canonical fp64.empirical fp64.full_width \
// RUN:     fp64.classes.mul.canonical fp64.classes.fma.canonical \
// RUN:     bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --match-full-lines
// CHECK:      entries = 1
// CHECK-NEXT: fp64.canonical = 2001
// CHECK-NEXT: fp64.empirical = 2001
// CHECK-NEXT: fp64.full_width = 2001
// CHECK-NEXT: fp64.classes.mul.canonical = 1
// CHECK-NEXT: fp64.classes.fma.canonical = 2000
// CHECK-NEXT: bytes_loaded = 16008
// CHECK-NEXT: bytes_stored = 8008

#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void daxpy(long n, double a,
                                     const double *restrict x,
                                     double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

volatile double vin = 1.5, vout;

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  double *x = malloc(n * sizeof *x), *y = calloc(n, sizeof *y);
  for (long i = 0; i < n; ++i)
    x[i] = 7.0;
  vout = vin * 3.0;
  roof_region_begin("k");
  vout = vin * 5.0;
  daxpy(n, 0.5, x, y);
  roof_region_end();
  vout = vin * 7.0 + 1.0;
  printf("y[0]=%g\n", y[0]);
  return 0;
}
