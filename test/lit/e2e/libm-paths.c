// A loop of sin() calls on arguments that take different paths through
// glibc's body: each call counts the work of its argument's path key
// (roof/abi.h, __roof_libm_path), as measured for that key in the table the
// pass was built with. Arguments, with their keys (bucket * 8 + sign * 4 +
// odd quadrant * 2 + small reduced; buckets of |x|: 1 below 2^-27, 3 below
// 0.126, 4 below 0.855469, 6 below 105414350):
//   300 x 1e-30   returns x                          bucket 1:  key 8
//   100 x 0.05    Taylor series                      bucket 3:  key 24
//   200 x 0.5     table                              bucket 4:  key 32
//     1 x -0.5    the same, negative                 bucket 4:  key 36
//    50 x 10.0    quadrant 6 (even), 10 - 3pi = 0.58 bucket 6:  key 48
//    50 x 7.9     quadrant 5 (odd), 7.9 - 5pi/2 = 0.046, small: key 51
// -O2 keeps `call double @sin` (errno) in a scalar loop; the loop adds each
// result: 701 fp64 adds of its own. So, per class,
//   empirical = 300 w(8) + 100 w(24) + 200 w(32) + w(36) + 50 w(48)
//               + 50 w(51) (+ 701 in add)
// with w(k) the class's FLOPs of one call with key k (libm_path_work.py
// sums them from LibmCosts.inc); canonical: 701 transcendental, 701 add.
//
// RUN: %clang -O2 -DHARNESS -c %s -o %t.main.o
// RUN: %clang -O2 -fpass-plugin=%roofpass -c %s -o %t.o
// RUN: %clang %t.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t | FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/jq.py %t.json --at 'functions[name=sum_sin].fp64.classes' \
// RUN:     add.empirical mul.empirical fma.empirical div.empirical sqrt.empirical \
// RUN:   | sed 's/\.empirical//' > %t.got
// RUN: %python %S/Inputs/libm_path_work.py %roofrt/../generated/LibmCosts.inc sin \
// RUN:     8=300 24=100 32=200 36=1 48=50 51=50 --plus add=701 > %t.want
// RUN: diff %t.want %t.got
// RUN: %python %S/Inputs/jq.py %t.json --at 'functions[name=sum_sin].fp64.classes' \
// RUN:     transcendental.canonical add.canonical | FileCheck %s
//
// OUT: sin n=701
// CHECK:      transcendental.canonical = 701
// CHECK-NEXT: add.canonical = 701

#ifndef HARNESS
#include <math.h>
double sum_sin(long n, const double *x) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += sin(x[i]);
  return s;
}
#else
#include <stdio.h>
#include <stdlib.h>
double sum_sin(long n, const double *x);
int main(void) {
  static const struct {
    double x;
    int calls;
  } Paths[] = {{1e-30, 300}, {0.05, 100}, {0.5, 200},
               {-0.5, 1},    {10.0, 50},  {7.9, 50}};
  double x[701];
  long n = 0;
  for (unsigned p = 0; p < sizeof Paths / sizeof Paths[0]; ++p)
    for (int i = 0; i < Paths[p].calls; ++i)
      x[n++] = Paths[p].x;
  printf("sin n=%ld %g\n", n, sum_sin(n, x));
  return 0;
}
#endif
