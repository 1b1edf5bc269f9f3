// OpenMP regions whose function was inlined into its caller: the fork call
// (__kmpc_fork_call, now in main) is an activation of the function the
// region is reported under, so the hot loop gets calls, time and a rate
// instead of "0 calls, not timed".
//
// scale() is external: -O3 inlines it into main, and its own copy stays in
// the module (never called). twice() is static: inlined and removed, so its
// outlined body (twice.omp_outlined) has no parent in the module and is
// reported under its own name. main calls each R = 5 times, each fork runs
// n = 4096 elements on 2 threads.
// By hand: scale: y[i] = 3 y[i]: 1 fp64 mul per element, 5 x 4096 = 20480;
// twice: y[i] += y[i]: 1 add per element, 20480. Calls: 5 each (one per
// fork, whatever the thread count); time: the forks' time, > 0.
//
// clang 16 names the outlined bodies .omp_outlined. (scale's) and
// .omp_outlined..1 (twice's), without their function: roof counts a body in
// the one function that forks it, and under its own name when several do.
// scale's region is forked in scale's own copy and in main: reported as
// .omp_outlined., 5 calls and scale's counts above; twice's only in main:
// counted in main (add 20480; main's calls stay 1). The same totals.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%roofpass %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -f %t.json && env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %if llvm-16 %{ %python %S/Inputs/jq.py %t.json \
// RUN:     --at 'functions[name=.omp_outlined.]' calls fp64.canonical fp64.classes.mul.empirical \
// RUN:     --at 'functions[name=main]' calls fp64.classes.add.empirical \
// RUN:   | FileCheck %s --check-prefix=CLANG16 --match-full-lines %}
// CLANG16:      calls = 5
// CLANG16-NEXT: fp64.canonical = 20480
// CLANG16-NEXT: fp64.classes.mul.empirical = 20480
// CLANG16-NEXT: calls = 1
// CLANG16-NEXT: fp64.classes.add.empirical = 20480
// RUN: %if !llvm-16 %{ %python %S/Inputs/jq.py %t.json \
// RUN:     --at 'functions[name=scale]' calls fp64.canonical fp64.classes.mul.empirical \
// RUN:     --at 'functions[name=twice.omp_outlined]' calls fp64.canonical fp64.classes.add.empirical \
// RUN:     --at 'functions[name=main]' calls \
// RUN:   | FileCheck %s --match-full-lines %}
// CHECK:      calls = 5
// CHECK-NEXT: fp64.canonical = 20480
// CHECK-NEXT: fp64.classes.mul.empirical = 20480
// CHECK-NEXT: calls = 5
// CHECK-NEXT: fp64.canonical = 20480
// CHECK-NEXT: fp64.classes.add.empirical = 20480
// CHECK-NEXT: calls = 1
// RUN: %python %S/../runtime/Inputs/check_report.py %t.json \
// RUN:   'all(f["time_s"] > 0 for f in r["functions"])'
#include <stdio.h>
#include <stdlib.h>

void scale(int n, double *y) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    y[i] = 3.0 * y[i];
}

static void twice(int n, double *y) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    y[i] += y[i];
}

int main(void) {
  const int n = 4096;
  double *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++)
    y[i] = 1.0 / (1 + i % 7);
  for (int r = 0; r < 5; r++) {
    scale(n, y);
    twice(n, y);
  }
  printf("%g\n", y[1]);
  return 0;
}
