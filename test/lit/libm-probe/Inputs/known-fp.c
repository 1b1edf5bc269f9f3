// Functions with hand-written FP instruction sequences whose SDE-style
// count is known, for roof-libm-probe --library. Inline asm keeps the
// compiler from adding, merging or removing FP instructions; the only other
// instructions are register moves and the return.
#include <immintrin.h>

// 3 vaddpd zmm + 1 vfmadd231pd zmm: add 3*8 = 24, fma 8*2 = 16 FLOPs.
__m512d known_v8d(__m512d x) {
  __m512d y = x;
  __asm__("vaddpd %1, %0, %0\n\t"
          "vaddpd %1, %0, %0\n\t"
          "vaddpd %1, %0, %0\n\t"
          "vfmadd231pd %1, %1, %0"
          : "+v"(y)
          : "v"(x));
  return y;
}

// Write mask 0x2d has 4 of 8 lanes on: vaddpd {k1} and vmulpd {k1}{z}
// count 4 FLOPs each; the unmasked vcmppd into k2 counts 8 compares.
__m512d masked_v8d(__m512d x) {
  __m512d y = x;
  __asm__("movl $0x2d, %%eax\n\t"
          "kmovw %%eax, %%k1\n\t"
          "vaddpd %1, %0, %0 %{%%k1%}\n\t"
          "vmulpd %1, %0, %0 %{%%k1%}%{z%}\n\t"
          "vcmppd $1, %1, %0, %%k2"
          : "+v"(y)
          : "v"(x)
          : "eax", "k1", "k2");
  return y;
}

// 256-bit single precision: 2 vfmadd213ps ymm = 2*8*2 = 32 FLOPs, 1 vsubps
// ymm = 8 FLOPs.
__m256 known_v8f(__m256 x) {
  __m256 y = x;
  __asm__("vfmadd213ps %1, %1, %0\n\t"
          "vfmadd213ps %1, %1, %0\n\t"
          "vsubps %1, %0, %0"
          : "+x"(y)
          : "x"(x));
  return y;
}

// Legacy SSE scalar: one each of add, mul, div, sqrt (4 FLOPs), min,
// compare and convert (one operation each).
double known_sd(double x) {
  double y = x;
  __asm__("addsd %1, %0\n\t"
          "mulsd %1, %0\n\t"
          "divsd %1, %0\n\t"
          "sqrtsd %0, %0\n\t"
          "minsd %1, %0\n\t"
          "ucomisd %1, %0\n\t"
          "cvtsd2ss %0, %%xmm7"
          : "+x"(y)
          : "x"(x)
          : "xmm7", "cc");
  return y;
}

// Output through pointer arguments (the sincos shape, dpp_v): one mulsd
// and one addsd.
void known_ptr(double x, double *a, double *b) {
  double p = x, s = x;
  __asm__("mulsd %1, %0" : "+x"(p) : "x"(x));
  __asm__("addsd %1, %0" : "+x"(s) : "x"(x));
  *a = p;
  *b = s;
}
