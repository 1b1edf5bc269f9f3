// An if-converted update in a loop the vectorizer unrolls: on AVX-512 each
// iteration of the vector body loads and stores 4 x 8 doubles under four
// <8 x i1> masks (c[i] > 0), whose lanes are worth the same and share one
// counter. The pass puts the four masks side by side (one <32 x i1>, three
// kunpck) and counts them with one popcount (docs/counting.md, "Active
// lanes"); the count is that of four popcounts.
//
// conditional_add(1000, c, a, y), c[i] > 0 for odd i only (500 of 1000):
//   canonical: one add per element with c[i] > 0: 500.
//   empirical = full_width: the machine's vaddpd is unmasked (only the
//     loads and the store are masked): 31 iterations x 32 lanes = 992, then
//     the last 8 elements, which LLVM 16 and 19 run in the scalar remainder
//     (a branch around each add: 4 adds) and LLVM 22 in an 8-lane vector
//     epilogue (8 lanes): 996, or 1000 with LLVM 22. roof-oracle counts the
//     same (add 996 for the LLVM 19 build).
//   bytes loaded: c in full (1000 x 8 = 8000), y and a on the active lanes
//     only: 500 x 2 x 8 = 8000: 16000. Stored: y's active lanes, 500 x 8 =
//     4000.
//
// REQUIRES: avx512
// RUN: %clang -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @conditional_add(
// IR:         shufflevector <16 x i1> {{%[0-9]+}}, <16 x i1> {{%[0-9]+}}, <32 x i32>
// IR-NEXT:    bitcast <32 x i1> {{%[0-9]+}} to i32
// IR-NEXT:    call i32 @llvm.ctpop.i32(
// RUN: %clang -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass %s %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t 1000 | FileCheck %s --check-prefix=OUT
// OUT: 499750
// RUN: %python %S/Inputs/jq.py %t.json \
// RUN:     --at 'functions[name=conditional_add]' calls fp64.canonical fp64.empirical fp64.full_width \
// RUN:         bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --match-full-lines \
// RUN:       --check-prefixes=CHECK,%if llvm-22 %{EPILOGUE%} %else %{REMAINDER%}
// CHECK:          calls = 1
// CHECK-NEXT:     fp64.canonical = 500
// REMAINDER-NEXT: fp64.empirical = 996
// REMAINDER-NEXT: fp64.full_width = 996
// EPILOGUE-NEXT:  fp64.empirical = 1000
// EPILOGUE-NEXT:  fp64.full_width = 1000
// CHECK-NEXT:     bytes_loaded = 16000
// CHECK-NEXT:     bytes_stored = 4000
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void conditional_add(int n, const double *restrict c,
                                               const double *restrict a,
                                               double *restrict y) {
  for (int i = 0; i < n; i++)
    if (c[i] > 0)
      y[i] = y[i] + a[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *c = malloc(n * sizeof(double)), *a = malloc(n * sizeof(double)),
         *y = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    c[i] = i % 2 ? 1.0 : -1.0;
    a[i] = 0.5;
    y[i] = i;
  }
  conditional_add(n, c, a, y);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i];
  printf("%g\n", s);
  return 0;
}
