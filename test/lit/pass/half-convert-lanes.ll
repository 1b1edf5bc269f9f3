; Lanes of a conversion between element types of different sizes are those
; of the wider type: vcvtph2ps %ymm1, %zmm1 converts 16 halves into 16
; floats, vcvtph2ps %xmm, %xmm converts 4, vcvtps2ph %zmm, %ymm 16 (and
; vcvtqq2ps zmm converts 8). A conversion counts in the precision of its
; result, like fpext/fptrunc in IR: vcvtph2ps in fp32, vcvtps2ph in fp16.
; (Regression test: the classifier used to divide the widest register by
; the narrow element size, 24 and 96 instead of 12 and 48.)
;
; Expected (x86-64-v4, from the ASM lines):
;   fadd half:         vcvtph2ps xmm (4) x 2 = 8 fp32 + vcvtps2ph xmm (4) fp16
;   fmul <16 x half>:  vcvtph2ps ymm->zmm (16) x 2 = 32 fp32 + vcvtps2ph zmm->ymm 16 fp16
;
; llc 22 converts %b before %a in @add_half (and no longer moves them
; through general registers): the ASM lines take either order.
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'add_half'
; CHECK:         fp16.convert canonical=0 empirical=4 full_width=4
; CHECK:         fp32.convert canonical=0 empirical=8 full_width=8
; ASM-LABEL: add_half:
; ASM-DAG:   vcvtph2ps %xmm0, %xmm0
; ASM-DAG:   vcvtph2ps %xmm1, %xmm1
; ASM:       vcvtps2ph $4, %xmm0, %xmm0
define half @add_half(half %a, half %b) #0 {
entry:
  %r = fadd half %a, %b
  ret half %r
}

; CHECK-LABEL: roof-counter-plan: function 'mul_v16f16'
; CHECK:         fp16.convert canonical=0 empirical=16 full_width=16
; CHECK:         fp32.convert canonical=0 empirical=32 full_width=32
; ASM-LABEL: mul_v16f16:
; ASM:       vcvtph2ps %ymm1, %zmm1
; ASM-NEXT:  vcvtph2ps %ymm0, %zmm0
; ASM-NEXT:  vmulps
; ASM-NEXT:  vcvtps2ph $4, %zmm0, %ymm0
define <16 x half> @mul_v16f16(<16 x half> %a, <16 x half> %b) #0 {
entry:
  %r = fmul <16 x half> %a, %b
  ret <16 x half> %r
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
