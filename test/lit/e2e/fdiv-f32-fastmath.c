// f32 vector divide under -ffast-math on AVX-512 (x86-64-v4, 512-bit
// vectors): the backend replaces the divide by a reciprocal estimate and a
// Newton step, so the machine executes more FLOPs than the source says.
// Only the kernel object is instrumented (main: Inputs/xzy_harness.c).
//
// IR the pass sees (OptimizerLast): `fdiv fast <16 x float>` in the main
// vector body (VF 16 x interleave 4 = 64 elements per iteration),
// `fdiv fast <8 x float>` in the vector epilogue (8 per iteration, entered
// when at least 8 elements remain), `fdiv fast float` in the scalar
// remainder. Machine code (llc / objdump -d of this kernel):
//   <16 x float>, per divide:  vrcp14ps zmm (r = ~1/z)
//                              vmulps     (q0 = x*r)
//                              vfmsub213ps  (e = q0*z - x)
//                              vfnmadd213ps (q = q0 - r*e)
//   <8 x float>:  vrcpps ymm + vmulps + vfmsub213ps + vfnmadd213ps (same)
//   float:        vdivss (no scalar estimate without -mrecip)
// Per vector lane: 1 reciprocal (class div) + 1 mul + 2 FMA x 2 = 6 FLOPs
// empirical; per scalar element: 1 (div). Canonical: 1 per element (div).
//   n = 1024: 16 main iterations, no epilogue, no remainder
//     canonical  = 1024 (div 1024)
//     empirical  = 6 x 1024 = 6144 (div 1024, mul 1024, fma 4096)
//     full_width = 6144 (nothing masked)
//     bytes_loaded = 8 x 1024 = 8192, bytes_stored = 4096
//   n = 1003: 15 main iterations (960) + 5 epilogue iterations (40) +
//     3 scalar
//     canonical  = 1003 (div 1003)
//     empirical  = 6 x 1000 + 3 = 6003 (div 1003, mul 1000, fma 4000)
//     bytes_loaded = 8024, bytes_stored = 4012
// Nothing is fp64.
//
// REQUIRES: avx512
// RUN: %clang -O3 -ffast-math -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -DKERNEL=fdiv -DREAL=float -DX=1 -DZ=4 -c %S/Inputs/xzy_harness.c -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1024 | FileCheck %s --check-prefix=OUT
// OUT: fdiv n=1024 sum=256
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp32 \
// RUN:     canonical classes.div.canonical \
// RUN:     empirical classes.div.empirical classes.mul.empirical classes.fma.empirical \
// RUN:     full_width \
// RUN:     --at totals bytes_loaded bytes_stored fp64.canonical fp64.empirical \
// RUN:   | FileCheck %s --check-prefix=N1024 --match-full-lines
// N1024:      canonical = 1024
// N1024-NEXT: classes.div.canonical = 1024
// N1024-NEXT: empirical = 6144
// N1024-NEXT: classes.div.empirical = 1024
// N1024-NEXT: classes.mul.empirical = 1024
// N1024-NEXT: classes.fma.empirical = 4096
// N1024-NEXT: full_width = 6144
// N1024-NEXT: bytes_loaded = 8192
// N1024-NEXT: bytes_stored = 4096
// N1024-NEXT: fp64.canonical = 0
// N1024-NEXT: fp64.empirical = 0
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1003 > /dev/null
// RUN: %python %S/Inputs/jq.py %t.json --at totals.fp32 \
// RUN:     canonical empirical classes.div.empirical classes.mul.empirical classes.fma.empirical \
// RUN:     --at totals bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=N1003 --match-full-lines
// N1003:      canonical = 1003
// N1003-NEXT: empirical = 6003
// N1003-NEXT: classes.div.empirical = 1003
// N1003-NEXT: classes.mul.empirical = 1000
// N1003-NEXT: classes.fma.empirical = 4000
// N1003-NEXT: bytes_loaded = 8024
// N1003-NEXT: bytes_stored = 4012

void fdiv(long n, const float *restrict x, const float *restrict z,
          float *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = x[i] / z[i];
}
