// Named regions (roof_region_begin/end) hold exactly the work done between
// begin and end: nested regions are inclusive (the outer one contains the
// inner one), entering a name again adds to it, work outside any region is
// only in the totals. The harness (uninstrumented) opens and closes the
// regions; only the kernel object is instrumented.
//
// daxpy(n): 1 fmuladd = 2 FLOPs, 16 bytes loaded and 8 stored per element
// (VF 8 x interleave 4 + scalar remainder, nothing masked). The harness:
//   begin("outer")
//     daxpy(1000)                      2000 FLOPs
//     begin("inner") daxpy(500) end()  1000 FLOPs
//   end()
//   2 x { begin("again") daxpy(100) end() }   2 x 200 FLOPs
//   daxpy(50)                          100 FLOPs, in no region
// By hand:
//   region  entries  fp64 (all kinds)  bytes_loaded  bytes_stored
//   outer   1        3000              24000         12000
//   inner   1        1000               8000          4000
//   again   2         400               3200          1600
//   totals           3500              28000         14000
// Regions are listed in order of first entry: outer, inner, again.
//
// REQUIRES: avx512
// RUN: %clang -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -DHARNESS -I%srcroot/include/roof -c %s -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t | FileCheck %s --check-prefix=OUT
// OUT: regions done
// RUN: %python %S/Inputs/jq.py %t.json \
// RUN:     'len(regions)' 'regions[*].name' \
// RUN:     --at 'regions[name=outer]' entries fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:     --at 'regions[name=inner]' entries fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:     --at 'regions[name=again]' entries fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:     --at totals fp64.canonical bytes_loaded bytes_stored \
// RUN:     --at 'functions[name=daxpy]' calls fp64.canonical \
// RUN:   | FileCheck %s --match-full-lines
// CHECK:      len(regions) = 3
// CHECK-NEXT: regions[*].name = ["outer", "inner", "again"]
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 3000
// CHECK-NEXT: fp64.empirical = 3000
// CHECK-NEXT: fp64.full_width = 3000
// CHECK-NEXT: bytes_loaded = 24000
// CHECK-NEXT: bytes_stored = 12000
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 1000
// CHECK-NEXT: fp64.empirical = 1000
// CHECK-NEXT: fp64.full_width = 1000
// CHECK-NEXT: bytes_loaded = 8000
// CHECK-NEXT: bytes_stored = 4000
// CHECK-NEXT: entries = 2
// CHECK-NEXT: fp64.canonical = 400
// CHECK-NEXT: fp64.empirical = 400
// CHECK-NEXT: fp64.full_width = 400
// CHECK-NEXT: bytes_loaded = 3200
// CHECK-NEXT: bytes_stored = 1600
// CHECK-NEXT: fp64.canonical = 3500
// CHECK-NEXT: bytes_loaded = 28000
// CHECK-NEXT: bytes_stored = 14000
// CHECK-NEXT: calls = 5
// CHECK-NEXT: fp64.canonical = 3500

#ifndef HARNESS
void daxpy(long n, double a, const double *restrict x, double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
#else
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>
void daxpy(long n, double a, const double *restrict x, double *restrict y);
int main(void) {
  enum { N = 1000 };
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (long i = 0; i < N; ++i) {
    x[i] = 1.0;
    y[i] = 0.0;
  }
  roof_region_begin("outer");
  daxpy(1000, 0.5, x, y);
  roof_region_begin("inner");
  daxpy(500, 0.5, x, y);
  roof_region_end();
  roof_region_end();
  for (int r = 0; r < 2; ++r) {
    roof_region_begin("again");
    daxpy(100, 0.5, x, y);
    roof_region_end();
  }
  daxpy(50, 0.5, x, y);
  printf("regions done\n");
  return 0;
}
#endif
