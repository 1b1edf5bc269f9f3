// A timed function that cannot recurse (it calls nothing that could call it
// back) keeps no recursion depth (docs/counting.md): its entry call,
// __roof_enter, counts the call and reads the cycle counter, and each return
// calls __roof_leave, which adds the cycles since. timing-recursion.c has the
// recursive case. kernel calls nothing (LLVM 19 and 22 mark it norecurse,
// LLVM 16 does not, and the pass finds it itself); wave calls sin, which
// clang declares without nocallback, so LLVM cannot mark it norecurse: the
// pass knows the math library calls nothing back.
//
// kernel(n, x) runs a dependent chain of n multiply-adds (about 10 ms for
// n = 2,000,000); wave(n, x) adds n sines (a few ms for n = 200,000); main
// calls each 20 times in a loop and does little else. By hand:
//   kernel, wave: calls 20 each; their times together are all but a few
//     microseconds of main's (the loop's own instructions, the entry calls):
//     between 0.9 and 1.0 times main's. A wrong start (say the depth's
//     select of a recursive function missing its operand) would give a time
//     unrelated to main's;
//   main: calls 1, timed (it has a loop); it calls kernel, wave, malloc,
//     free and printf, none of which can call it back (printf and the
//     allocator are C library functions that call no program code): no
//     depth either.
//
// RUN: %clang -O2 -fpass-plugin=%roofpass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%roofpass %s %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %python %S/../runtime/Inputs/check_report.py %t.json \
// RUN:   'fn("kernel")["calls"] == 20' 'fn("wave")["calls"] == 20' \
// RUN:   'fn("main")["calls"] == 1' \
// RUN:   'fn("kernel")["time_s"] > 0' 'fn("wave")["time_s"] > 0' \
// RUN:   'fn("kernel")["time_s"] + fn("wave")["time_s"] <= fn("main")["time_s"]' \
// RUN:   'fn("kernel")["time_s"] + fn("wave")["time_s"] >= 0.9 * fn("main")["time_s"]'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// CHECK-LABEL: define {{.*}} @kernel(
// CHECK-NEXT:    call {{.*}} @llvm.threadlocal.address
// CHECK-NEXT:    call preserve_allcc i64 @__roof_enter(
// CHECK-NOT:     readcyclecounter
// CHECK:         call preserve_allcc void @__roof_leave(
__attribute__((noinline)) double kernel(long n, double x) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s = s * x + 1.0;
  return s;
}

// CHECK-LABEL: define {{.*}} @wave(
// CHECK-NEXT:    call {{.*}} @llvm.threadlocal.address
// CHECK-NEXT:    call preserve_allcc i64 @__roof_enter(
// CHECK-NOT:     readcyclecounter
// CHECK:         call preserve_allcc void @__roof_leave(
__attribute__((noinline)) double wave(long n, double x) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += sin(x * (double)i);
  return s;
}

// CHECK-LABEL: define {{.*}} @main(
// CHECK-NEXT:    call {{.*}} @llvm.threadlocal.address
// CHECK-NEXT:    call preserve_allcc i64 @__roof_enter(
// CHECK-NOT:     readcyclecounter
// CHECK:         call preserve_allcc void @__roof_leave(
int main(void) {
  double *s = malloc(sizeof *s);
  *s = 0;
  for (int r = 0; r < 20; r++)
    *s += kernel(2000000, 0.5 + 1e-3 * r) + wave(200000, 1e-3 * r);
  printf("%g\n", *s);
  free(s);
  return 0;
}
