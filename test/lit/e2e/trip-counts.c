// Trip counts of loops whose induction variable steps by a constant other
// than +1 or starts elsewhere than 0, end to end: the header's counter gets
// |end - start| >> log2(step) at the loop's exit (pass/instrumentation-
// tripcount.ll), and a loop over a 32-bit induction variable the count scalar
// evolution gives. The shapes at -O2 with LLVM 19 (no vectorizer for these
// ordered sums): down and from are unrolled by 8, a remainder loop (a
// counter stepped by 1 from 0) then the unrolled body (step -16 down to 0,
// step 8 from lo); stride8 stays one loop (step 8 from lo); narrow's
// induction variable is an i32.
//
// By hand, n = 1000, x[i] = 1 (the printed sum is 500 + 997 + 100 + 993):
//   down(x, 1000)          i = 1000, 998, ..., 2: 500 fadd          = 500
//   from(x, 3, 1000)       i = 3..999: 997 fadd                     = 997
//   stride8(x, 5, 805)     i = 5, 13, ..., 797: 100 x (fmul + fadd) = 200
//   narrow(x, 7, 1000)     unsigned i = 7..999: 993 fadd            = 993
//   main: the three fadd of the four sums                          = 3
//   total 2693, the count roof-oracle reads from the plain binary's
//   execution (2026-12-01).
//
// RUN: %clang -O2 -fpass-plugin=%roofpass %s %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1000 | FileCheck %s --check-prefix=OUT
// OUT: s=2590
// RUN: %python %S/Inputs/jq.py %t.json --at totals fp64.canonical fp64.empirical \
// RUN:     --at 'functions[name=down]' fp64.empirical \
// RUN:     --at 'functions[name=from]' fp64.empirical \
// RUN:     --at 'functions[name=stride8]' fp64.empirical fp64.classes.mul.empirical \
// RUN:     --at 'functions[name=narrow]' fp64.empirical \
// RUN:   | FileCheck %s --match-full-lines
// CHECK:      fp64.canonical = 2693
// CHECK-NEXT: fp64.empirical = 2693
// CHECK-NEXT: fp64.empirical = 500
// CHECK-NEXT: fp64.empirical = 997
// CHECK-NEXT: fp64.empirical = 200
// CHECK-NEXT: fp64.classes.mul.empirical = 100
// CHECK-NEXT: fp64.empirical = 993
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double down(const double *x, long n) {
  double s = 0;
  for (long i = n; i != 0; i -= 2)
    s += x[i - 1];
  return s;
}

__attribute__((noinline)) double from(const double *x, long lo, long hi) {
  double s = 0;
  for (long i = lo; i != hi; ++i)
    s += x[i];
  return s;
}

__attribute__((noinline)) double stride8(const double *x, long lo, long hi) {
  double s = 0;
  for (long i = lo; i != hi; i += 8)
    s += x[i] * x[i];
  return s;
}

__attribute__((noinline)) double narrow(const double *x, unsigned lo,
                                        unsigned hi) {
  double s = 0;
  for (unsigned i = lo; i != hi; ++i)
    s += x[i];
  return s;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  double *x = malloc(n * sizeof *x);
  for (long i = 0; i < n; ++i)
    x[i] = 1.0;
  double s = down(x, n) + from(x, 3, n) + stride8(x, 5, n - 195) +
             narrow(x, 7, n);
  printf("s=%g\n", s);
  free(x);
  return 0;
}
