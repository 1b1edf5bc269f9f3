// memcpy counts its length as bytes loaded and bytes stored, whatever form
// it takes: an explicit call with a run-time length, a copy loop that
// LoopIdiomRecognize turns into llvm.memcpy, a struct assignment (a
// constant-length llvm.memcpy the backend inlines as moves). Only the kernel
// object is instrumented. No FLOPs.
//
// IR (OptimizerLast), -O3 -march=x86-64-v3:
//   copy_bytes:  llvm.memcpy(d, s, k)              k = 12345 (run time)
//   copy_loop:   llvm.memcpy(d, s, 8 * m)          m = 1000 -> 8000 bytes
//   copy_struct: llvm.memcpy(d, s, 40)             struct of 5 doubles
// By hand: each is called once, so
//   copy_bytes  bytes_loaded = bytes_stored = 12345
//   copy_loop   bytes_loaded = bytes_stored = 8000
//   copy_struct bytes_loaded = bytes_stored = 40
//   totals      bytes_loaded = bytes_stored = 12345 + 8000 + 40 = 20385
//   fp64/fp32 canonical = empirical = 0
//
// REQUIRES: avx2
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -DHARNESS -c %s -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 12345 1000 | FileCheck %s --check-prefix=OUT
// OUT: memcpy ok
// RUN: %python %S/Inputs/jq.py %t.json \
// RUN:     --at 'functions[name=copy_bytes]' calls bytes_loaded bytes_stored \
// RUN:     --at 'functions[name=copy_loop]' calls bytes_loaded bytes_stored \
// RUN:     --at 'functions[name=copy_struct]' calls bytes_loaded bytes_stored \
// RUN:     --at totals bytes_loaded bytes_stored fp64.empirical fp32.empirical \
// RUN:   | FileCheck %s --match-full-lines
// CHECK:      calls = 1
// CHECK-NEXT: bytes_loaded = 12345
// CHECK-NEXT: bytes_stored = 12345
// CHECK-NEXT: calls = 1
// CHECK-NEXT: bytes_loaded = 8000
// CHECK-NEXT: bytes_stored = 8000
// CHECK-NEXT: calls = 1
// CHECK-NEXT: bytes_loaded = 40
// CHECK-NEXT: bytes_stored = 40
// CHECK-NEXT: bytes_loaded = 20385
// CHECK-NEXT: bytes_stored = 20385
// CHECK-NEXT: fp64.empirical = 0
// CHECK-NEXT: fp32.empirical = 0

struct rec {
  double v[5];
};
void copy_bytes(void *restrict d, const void *restrict s, unsigned long k);
void copy_loop(long m, double *restrict d, const double *restrict s);
void copy_struct(struct rec *restrict d, const struct rec *restrict s);

#ifndef HARNESS
#include <string.h>
void copy_bytes(void *restrict d, const void *restrict s, unsigned long k) {
  memcpy(d, s, k);
}
void copy_loop(long m, double *restrict d, const double *restrict s) {
  for (long i = 0; i < m; ++i)
    d[i] = s[i];
}
void copy_struct(struct rec *restrict d, const struct rec *restrict s) {
  *d = *s;
}
#else
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  unsigned long k = argc > 1 ? strtoul(argv[1], 0, 10) : 12345;
  long m = argc > 2 ? atol(argv[2]) : 1000;
  char *a = malloc(k), *b = calloc(k, 1);
  double *x = malloc(m * sizeof *x), *y = calloc(m, sizeof *y);
  struct rec r = {{1, 2, 3, 4, 5}}, q = {{0}};
  for (unsigned long i = 0; i < k; ++i)
    a[i] = (char)i;
  for (long i = 0; i < m; ++i)
    x[i] = (double)i;
  copy_bytes(b, a, k);
  copy_loop(m, y, x);
  copy_struct(&q, &r);
  int ok = memcmp(a, b, k) == 0 && memcmp(x, y, m * sizeof *x) == 0 &&
           q.v[4] == 5.0;
  printf("memcpy %s\n", ok ? "ok" : "WRONG");
  return !ok;
}
#endif
