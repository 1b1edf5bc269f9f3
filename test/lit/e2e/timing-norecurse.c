// A timed function that LLVM marks norecurse (it calls nothing that could
// call it back) keeps no recursion depth (docs/counting.md): its entry call,
// __roof_enter, counts the call and reads the cycle counter, and each return
// calls __roof_leave, which adds the cycles since. timing-recursion.c has the
// recursive case. LLVM 19 and 22 have marked kernel norecurse when the pass
// runs; LLVM 16 has not, and keeps its depth (its return reads the cycle
// counter itself): the same counts and times.
//
// kernel(n, x) runs a dependent chain of n multiply-adds (about 10 ms for
// n = 2,000,000); main calls it 20 times in a loop and does little else. By
// hand:
//   kernel: calls 20; its time is all but a few microseconds of main's (the
//     loop's own instructions, the entry calls): between 0.9 and 1.0 times
//     main's. A wrong start (say the depth's select of a recursive function
//     missing its operand) would give a time unrelated to main's;
//   main: calls 1, timed (it has a loop); C lets main recurse, so it keeps
//     a depth.
//
// RUN: %clang -O2 -fpass-plugin=%roofpass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%roofpass %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %python %S/../runtime/Inputs/check_report.py %t.json \
// RUN:   'fn("kernel")["calls"] == 20' 'fn("main")["calls"] == 1' \
// RUN:   'fn("kernel")["time_s"] > 0' \
// RUN:   'fn("kernel")["time_s"] <= fn("main")["time_s"]' \
// RUN:   'fn("kernel")["time_s"] >= 0.9 * fn("main")["time_s"]'
#include <stdio.h>

// CHECK-LABEL: define {{.*}} @kernel(
// CHECK-NEXT:    call {{.*}} @llvm.threadlocal.address
// CHECK-NEXT:    call preserve_allcc i64 @__roof_enter(
// CHECK:         call {{.*}}@{{(__roof_leave|llvm.readcyclecounter)}}(
__attribute__((noinline)) double kernel(long n, double x) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s = s * x + 1.0;
  return s;
}

int main(void) {
  double s = 0;
  for (int r = 0; r < 20; r++)
    s += kernel(2000000, 0.5 + 1e-3 * r);
  printf("%g\n", s);
  return 0;
}
