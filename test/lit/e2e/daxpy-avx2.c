// DAXPY y = a*x + y on AVX2 (x86-64-v3, 256-bit vectors), end to end.
// Same kernel and harness split as daxpy-avx512.c: only the kernel object is
// instrumented, so the totals are the kernel's alone.
//
// By hand: llvm.fmuladd per element = 1 FMA = 2 FLOPs, 16 bytes loaded,
// 8 stored. The vectorizer picks VF 4 x interleave 4 (16 elements per
// vector iteration: 4 x vfmadd213pd ymm) plus a scalar remainder
// (vfmadd213sd); nothing is masked, so every kind counts each element once:
//   n = 1000: 62 vector iterations (992 elements) + 8 scalar
//     fp64 canonical = empirical = full_width = 2000, all in class fma
//     bytes_loaded = 16000, bytes_stored = 8000
//   n = 1003: 62 vector iterations + 11 scalar
//     fp64 = 2006 in every kind, bytes_loaded = 16048, bytes_stored = 8024
//
// REQUIRES: avx2
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -c %S/Inputs/daxpy_harness.c -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1000 | FileCheck %s --check-prefix=OUT
// OUT: daxpy n=1000 sum=3500
// RUN: %python %S/Inputs/jq.py %t.json --at totals \
// RUN:     fp64.canonical fp64.empirical fp64.full_width \
// RUN:     fp64.classes.fma.canonical fp64.classes.fma.empirical fp64.classes.fma.full_width \
// RUN:     bytes_loaded bytes_stored fp32.empirical \
// RUN:     --at 'functions[name=daxpy]' calls fp64.empirical \
// RUN:   | FileCheck %s --check-prefix=N1000 --match-full-lines
// N1000:      fp64.canonical = 2000
// N1000-NEXT: fp64.empirical = 2000
// N1000-NEXT: fp64.full_width = 2000
// N1000-NEXT: fp64.classes.fma.canonical = 2000
// N1000-NEXT: fp64.classes.fma.empirical = 2000
// N1000-NEXT: fp64.classes.fma.full_width = 2000
// N1000-NEXT: bytes_loaded = 16000
// N1000-NEXT: bytes_stored = 8000
// N1000-NEXT: fp32.empirical = 0
// N1000-NEXT: calls = 1
// N1000-NEXT: fp64.empirical = 2000
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1003 > /dev/null
// RUN: %python %S/Inputs/jq.py %t.json --at totals \
// RUN:     fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=N1003 --match-full-lines
// N1003:      fp64.canonical = 2006
// N1003-NEXT: fp64.empirical = 2006
// N1003-NEXT: fp64.full_width = 2006
// N1003-NEXT: bytes_loaded = 16048
// N1003-NEXT: bytes_stored = 8024

void daxpy(long n, double a, const double *restrict x, double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
