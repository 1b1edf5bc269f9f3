// DAXPY with tail folding (#pragma clang loop vectorize_predicate(enable))
// on AVX-512 (x86-64-v4, 512-bit vectors), n = 1003, end to end. Only the
// kernel object is instrumented.
//
// The vectorizer folds the remainder into the vector loop (VF 8,
// interleave 1, no scalar loop): each iteration builds a lane mask
// (i + lane <= n - 1) and uses it on llvm.masked.load (x, y) and
// llvm.masked.store (y) only; llvm.fmuladd.v8f64 is unmasked. The machine
// code (llc) is
//     vpcmpleuq -> k1; vmovupd (x) {k1}{z}; vmovupd (y) {k1}{z};
//     vfmadd231pd zmm (all 8 lanes); vmovupd zmm -> (y) {k1}
// per iteration, ceil(1003 / 8) = 126 iterations, the last with 3 of 8
// lanes active.
//   canonical  = 2 x 1003          = 2006 (source elements; class fma)
//   empirical  = 2 x 8 x 126       = 2016 (the FMA runs on all 8 lanes,
//                                          like SDE counts it)
//   full_width = 2016
//   bytes: masked loads/stores move only active lanes:
//     bytes_loaded = 16 x 1003 = 16048, bytes_stored = 8 x 1003 = 8024
//   n = 1000: 125 full iterations, 2000 in every kind.
//
// REQUIRES: avx512
// RUN: %clang -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -c %S/Inputs/daxpy_harness.c -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1003 | FileCheck %s --check-prefix=OUT
// OUT: daxpy n=1003 sum=3510.5
// RUN: %python %S/Inputs/jq.py %t.json --at totals \
// RUN:     fp64.canonical fp64.empirical fp64.full_width \
// RUN:     fp64.classes.fma.canonical fp64.classes.fma.empirical fp64.classes.fma.full_width \
// RUN:     bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=N1003 --match-full-lines
// N1003:      fp64.canonical = 2006
// N1003-NEXT: fp64.empirical = 2016
// N1003-NEXT: fp64.full_width = 2016
// N1003-NEXT: fp64.classes.fma.canonical = 2006
// N1003-NEXT: fp64.classes.fma.empirical = 2016
// N1003-NEXT: fp64.classes.fma.full_width = 2016
// N1003-NEXT: bytes_loaded = 16048
// N1003-NEXT: bytes_stored = 8024
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1000 > /dev/null
// RUN: %python %S/Inputs/jq.py %t.json --at totals \
// RUN:     fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=N1000 --match-full-lines
// N1000:      fp64.canonical = 2000
// N1000-NEXT: fp64.empirical = 2000
// N1000-NEXT: fp64.full_width = 2000
// N1000-NEXT: bytes_loaded = 16000
// N1000-NEXT: bytes_stored = 8000

void daxpy(long n, double a, const double *restrict x, double *restrict y) {
#pragma clang loop vectorize_predicate(enable)
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
