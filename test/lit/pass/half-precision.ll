; Half and bfloat arithmetic is probed: x86-64-v4 has no FP16 arithmetic
; (no AVX512-FP16), so `fadd half` is promoted to float: vcvtph2ps (x2),
; vaddss, vcvtps2ph (ASM lines). Canonical counts stay in fp16/bf16 (the
; source precision); empirical and full_width follow what executes: one
; fp32 add per lane, plus the conversions: a conversion counts in the
; precision of its result (vcvtph2ps: fp32, vcvtps2ph: fp16, as fpext and
; fptrunc in IR) on the lanes of its wider element type (the scalar case
; uses the 128-bit forms: 4 lanes each). bfloat has no conversion instruction either:
; shifts, vaddss and a call of __truncsfbf2, compiler-rt's software
; conversion, counted as one bf16 convert.
;
;   fadd half            fp16.add canonical 1;   fp32.add empirical 1
;   fmul <16 x half>     fp16.mul canonical 16;  fp32.mul empirical 16 (one vmulps %zmm)
;   fadd bfloat          bf16.add canonical 1;   fp32.add empirical 1
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'add_half'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp16.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp16.convert canonical=0 empirical=4 full_width=4
; CHECK-NEXT:     fp32.add canonical=0 empirical=1 full_width=1
; CHECK-NEXT:     fp32.convert canonical=0 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vcvtph2ps xmm, vcvtph2ps xmm, vaddss, vcvtps2ph xmm
; ASM-LABEL: add_half:
; ASM:       vcvtph2ps
; ASM:       vcvtph2ps
; ASM-NEXT:  vaddss
; ASM-NEXT:  vcvtps2ph
define half @add_half(half %a, half %b) #0 {
entry:
  %r = fadd half %a, %b
  ret half %r
}

; CHECK-LABEL: roof-counter-plan: function 'mul_v16f16'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp16.mul canonical=16 empirical=0 full_width=0
; CHECK-NEXT:     fp16.convert canonical=0 empirical=16 full_width=16
; CHECK-NEXT:     fp32.mul canonical=0 empirical=16 full_width=16
; CHECK-NEXT:     fp32.convert canonical=0 empirical=32 full_width=32
; CHECK-NEXT: machine: block %entry: vcvtph2ps zmm, vcvtph2ps zmm, vmulps zmm, vcvtps2ph zmm
; ASM-LABEL: mul_v16f16:
; ASM:       vcvtph2ps %ymm1, %zmm1
; ASM-NEXT:  vcvtph2ps %ymm0, %zmm0
; ASM-NEXT:  vmulps %zmm1, %zmm0, %zmm0
; ASM-NEXT:  vcvtps2ph $4, %zmm0, %ymm0
define <16 x half> @mul_v16f16(<16 x half> %a, <16 x half> %b) #0 {
entry:
  %r = fmul <16 x half> %a, %b
  ret <16 x half> %r
}

; CHECK-LABEL: roof-counter-plan: function 'add_bfloat'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     bf16.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     bf16.convert canonical=0 empirical=1 full_width=1
; CHECK-NEXT:     fp32.add canonical=0 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vaddss, call __truncsfbf2
; ASM-LABEL: add_bfloat:
; ASM:       vaddss
; ASM:       callq __truncsfbf2@PLT
define bfloat @add_bfloat(bfloat %a, bfloat %b) #0 {
entry:
  %r = fadd bfloat %a, %b
  ret bfloat %r
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
