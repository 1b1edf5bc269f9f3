// AVX-512 masking from intrinsics: only the active lanes count as FLOPs in
// canonical and empirical (SDE's mask-aware counting); full_width counts
// the whole 8-lane instruction like a hardware counter. The mask is a
// run-time value (0x07: 3 of 8 lanes active). Only the kernel object is
// instrumented.
//
// mask_add: IR  fadd <8 x double>; select (bitcast i8 %m to <8 x i1>),
//   %sum, %c; plain <8 x double> loads of a, b, c and store of c.
//   Machine: vmovupd x2, vaddpd (mem), zmm, zmm {k1}, vmovupd store.
//   Per call: 3 lanes -> canonical 3, empirical 3, full_width 8 (class
//   add); bytes 3 x 64 = 192 loaded, 64 stored (full-width moves).
// maskz_add: IR  llvm.masked.load x2 (mask %m), fadd <8 x double>, select
//   %m, %sum, zeroinitializer, llvm.masked.store (mask %m).
//   Machine: vmovupd {k1}{z} x2, vaddpd {k1}{z}, vmovupd {k1} store.
//   Per call: FLOPs 3 / 3 / 8 as above; masked loads and store move only
//   active lanes: 2 x 3 x 8 = 48 bytes loaded, 3 x 8 = 24 stored.
// Each is called 10 times:
//   mask_add   fp64 canonical 30, empirical 30, full_width 80,
//              bytes_loaded 1920, bytes_stored 640
//   maskz_add  fp64 canonical 30, empirical 30, full_width 80,
//              bytes_loaded 480, bytes_stored 240
//   totals     fp64 canonical 60, empirical 60, full_width 160 (all add),
//              bytes_loaded 2400, bytes_stored 880
//
// clang 22 compiles mask_add otherwise: a full-width vaddpd (no {k1}) and a
// masked store (vmovupd {k1}); the machine adds 8 lanes, so mask_add's
// empirical is 80 (prefix FULL-ADD; MASKED-ADD with LLVM 16 and 19) and the
// totals' 110. Canonical, full_width and the bytes (read off the IR) are the
// same with every version.
//
// REQUIRES: avx512
// RUN: %clang -O3 -march=x86-64-v4 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -march=x86-64-v4 -DHARNESS -c %s -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 7 10 | FileCheck %s --check-prefix=OUT
// OUT: mask=0x07 calls=10 c=[10 10 10 0 0 0 0 0] d=[20 20 20 0 0 0 0 0]
// RUN: %python %S/Inputs/jq.py %t.json \
// RUN:     --at 'functions[name=mask_add]' calls fp64.canonical fp64.empirical fp64.full_width \
// RUN:         bytes_loaded bytes_stored \
// RUN:     --at 'functions[name=maskz_add]' calls fp64.canonical fp64.empirical fp64.full_width \
// RUN:         bytes_loaded bytes_stored \
// RUN:     --at totals.fp64 canonical empirical full_width \
// RUN:         classes.add.canonical classes.add.empirical classes.add.full_width \
// RUN:     --at totals bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --match-full-lines \
// RUN:       --check-prefixes=CHECK,%if llvm-22 %{FULL-ADD%} %else %{MASKED-ADD%}
// CHECK:      calls = 10
// CHECK-NEXT: fp64.canonical = 30
// MASKED-ADD-NEXT: fp64.empirical = 30
// FULL-ADD-NEXT:   fp64.empirical = 80
// CHECK-NEXT: fp64.full_width = 80
// CHECK-NEXT: bytes_loaded = 1920
// CHECK-NEXT: bytes_stored = 640
// CHECK-NEXT: calls = 10
// CHECK-NEXT: fp64.canonical = 30
// CHECK-NEXT: fp64.empirical = 30
// CHECK-NEXT: fp64.full_width = 80
// CHECK-NEXT: bytes_loaded = 480
// CHECK-NEXT: bytes_stored = 240
// CHECK-NEXT: canonical = 60
// MASKED-ADD-NEXT: empirical = 60
// FULL-ADD-NEXT:   empirical = 110
// CHECK-NEXT: full_width = 160
// CHECK-NEXT: classes.add.canonical = 60
// MASKED-ADD-NEXT: classes.add.empirical = 60
// FULL-ADD-NEXT:   classes.add.empirical = 110
// CHECK-NEXT: classes.add.full_width = 160
// CHECK-NEXT: bytes_loaded = 2400
// CHECK-NEXT: bytes_stored = 880
//
// The mask really is counted at run time: all 8 lanes, 10 calls.
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 255 10 > /dev/null
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp64 canonical empirical full_width \
// RUN:     --at totals bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=FULL --match-full-lines
// FULL:      canonical = 160
// FULL-NEXT: empirical = 160
// FULL-NEXT: full_width = 160
// FULL-NEXT: bytes_loaded = 3200
// FULL-NEXT: bytes_stored = 1280

#include <immintrin.h>
void mask_add(double *c, const double *a, const double *b, __mmask8 m);
void maskz_add(double *c, const double *a, const double *b, __mmask8 m);

#ifndef HARNESS
// c = m ? a + b : c
void mask_add(double *c, const double *a, const double *b, __mmask8 m) {
  __m512d va = _mm512_loadu_pd(a), vb = _mm512_loadu_pd(b);
  __m512d vc = _mm512_loadu_pd(c);
  _mm512_storeu_pd(c, _mm512_mask_add_pd(vc, m, va, vb));
}
// c = m ? a + b : c, touching only the active lanes of a, b and c
void maskz_add(double *c, const double *a, const double *b, __mmask8 m) {
  __m512d va = _mm512_maskz_loadu_pd(m, a), vb = _mm512_maskz_loadu_pd(m, b);
  _mm512_mask_storeu_pd(c, m, _mm512_maskz_add_pd(m, va, vb));
}
#else
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  unsigned m = argc > 1 ? (unsigned)atoi(argv[1]) : 7;
  int calls = argc > 2 ? atoi(argv[2]) : 10;
  double a[8], c[8] = {0}, d[8] = {0};
  for (int i = 0; i < 8; ++i)
    a[i] = 1.0;
  // On the active lanes c += 1 and d += 2 per call; the others stay 0.
  for (int r = 0; r < calls; ++r) {
    mask_add(c, a, c, (__mmask8)m);
    double t[8];
    for (int i = 0; i < 8; ++i)
      t[i] = 2.0;
    maskz_add(d, d, t, (__mmask8)m);
  }
  printf("mask=0x%02x calls=%d c=[", m, calls);
  for (int i = 0; i < 8; ++i)
    printf(i ? " %g" : "%g", c[i]);
  printf("] d=[");
  for (int i = 0; i < 8; ++i)
    printf(i ? " %g" : "%g", d[i]);
  printf("]\n");
  return 0;
}
#endif
