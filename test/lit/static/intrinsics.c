// x86 intrinsics count by lane: __m512d has 8 fp64 lanes, __m256 8 fp32
// lanes, _ss/_sd forms 1 lane; FMA is 2 per lane. A masked intrinsic counts
// the active lanes of a constant mask; a mask known only at run time makes
// it mask-dependent: counted apart, at all lanes (an upper bound), and kept
// out of the canonical totals. Intrinsics with an immediate operand are
// macros over __builtin_ia32_* and are recognised by the macro's name.
// Parsing needs no AVX-512 CPU.
//
// RUN: roof-static --param n=1000 %s -- -mavx512f | FileCheck %s

#include <immintrin.h>

void kernel(int n, double *x, double *y, __mmask8 m, double a) {
  // CHECK-LABEL: function kernel
  __m512d va = _mm512_set1_pd(a);
  for (int i = 0; i < n; i += 8) {
    // ceil(1000/8) = 125 iterations
    // CHECK-NEXT: line [[#@LINE-2]] for i: ceil(n/8) = 125 iterations
    __m512d vx = _mm512_loadu_pd(&x[i]);
    // CHECK-NEXT: line [[#@LINE-1]] load 64 B; runs ceil(n/8) = 125
    __m512d vy = _mm512_loadu_pd(&y[i]);
    // CHECK-NEXT: line [[#@LINE-1]] load 64 B
    vy = _mm512_fmadd_pd(va, vx, vy);
    // 8 lanes x 2
    // CHECK-NEXT: line [[#@LINE-2]] fp64 fma 16;
    vy = _mm512_mask_add_pd(vy, 0x0F, vy, vx);
    // mask 0x0F: 4 active lanes
    // CHECK-NEXT: line [[#@LINE-2]] fp64 add 4;
    vy = _mm512_maskz_mul_pd(0xF0 | 0x01, vy, vx);
    // mask 0xF1: 5 active lanes
    // CHECK-NEXT: line [[#@LINE-2]] fp64 mul 5;
    vy = _mm512_mask_sub_pd(vy, m, vy, vx);
    // run-time mask m: all 8 lanes, apart
    // CHECK-NEXT: line [[#@LINE-2]] mask-dependent fp64 add 8; runs ceil(n/8) = 125
    // CHECK-NEXT: note: mask-dependent: _mm512_mask_sub_pd with a run-time mask, counted apart at all lanes
    __mmask8 lt = _mm512_cmp_pd_mask(vx, vy, _CMP_LT_OS);
    // a macro over __builtin_ia32_cmppd512_mask: 8 compares
    // CHECK-NEXT: line [[#@LINE-2]] fp64 compare 8;
    vy = _mm512_div_round_pd(vy, vx, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    // CHECK-NEXT: line [[#@LINE-1]] fp64 div 8;
    _mm512_mask_storeu_pd(&y[i], lt, vy);
    // the mask is a comparison's result: 64 B at most, apart
    // CHECK-NEXT: line [[#@LINE-2]] mask-dependent store 64 B;
    // CHECK-NEXT: note: mask-dependent: _mm512_mask_storeu_pd
    _mm512_storeu_pd(&x[i], vy);
    // CHECK-NEXT: line [[#@LINE-1]] store 64 B;
    vy = va * vx - vy;
    // GCC vector operators on __m512d: 8 mul + 8 sub
    // CHECK-NEXT: line [[#@LINE-2]] fp64 add 8, mul 8;
  }
  __m512d v = _mm512_loadu_pd(x);
  double s = _mm512_reduce_add_pd(v);
  // a horizontal sum of 8 lanes is 7 adds
  // CHECK:      line [[#@LINE-2]] fp64 add 7; runs 1
  s += _mm512_mask_reduce_add_pd(0x03, v);
  // 2 active lanes: 1 add, and += 1 more
  // CHECK-NEXT: line [[#@LINE-2]] fp64 add 2; runs 1
  y[0] = s;
  // Per iteration 16 + 4 + 5 + 8 + 16 = 49 FLOPs; 49 * 125 = 6125,
  // + 7 + 2 = 6134. add 4 + 8 = 12 per iteration (1500) + 9 = 1509;
  // mul 5 + 8 = 13 (1625); div 8 (1000); fma 16 (2000); compare 8 (1000).
  // CHECK:      total fp64 FLOPs: 49*ceil(n/8) + 9 = 6134
  // CHECK-NEXT:   add 12*ceil(n/8) + 9 = 1509
  // CHECK-NEXT:   mul 13*ceil(n/8) = 1625
  // CHECK-NEXT:   fma 16*ceil(n/8) = 2000
  // CHECK-NEXT:   div 8*ceil(n/8) = 1000
  // CHECK-NEXT:   compare 8*ceil(n/8) = 1000
  // loads 128 per iteration + 64 after; stores 64 per iteration + 8
  // CHECK-NEXT:   bytes loaded 128*ceil(n/8) + 64 = 16064, stored 64*ceil(n/8) + 8 = 8008
  // CHECK-NEXT: mask-dependent (all lanes, not in the totals) fp64 FLOPs: 8*ceil(n/8) = 1000
  // CHECK-NEXT:   add 8*ceil(n/8) = 1000
  // CHECK-NEXT:   bytes loaded 0, stored 64*ceil(n/8) = 8000
}

void single(float *f, __m256 *v) {
  // CHECK-LABEL: function single
  __m256 w = _mm256_sqrt_ps(*v);
  // 8 fp32 lanes; *v reads a whole __m256 (32 B)
  // CHECK-NEXT: line [[#@LINE-2]] fp32 sqrt 8; load 32 B; runs 1
  __m128 s = _mm_add_ss(_mm_load_ss(f), _mm256_castps256_ps128(w));
  // one lane, one float read
  // CHECK-NEXT: line [[#@LINE-2]] fp32 add 1; load 4 B; runs 1
  _mm_store_ss(f, _mm_mul_ps(s, s));
  // CHECK-NEXT: line [[#@LINE-1]] fp32 mul 4; store 4 B; runs 1
}
