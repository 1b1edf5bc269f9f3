; Regression test for a fixed bug, which was: reductions are not probed; roof assumes N - 1 operations whatever the
; backend does. With `reassoc` (what -ffast-math / -fassociative-math and
; the vectorizer's reduction epilogue produce) the X86 backend reduces by
; halving, but every step is an instruction on a whole register, and the
; first step even runs on the full 512-bit register (its upper half is the
; extracted copy): the machine executes more element operations than N - 1
; (SDE counts every element of each instruction; a hardware counter counts
; the instructions by width, giving the same numbers). The same holds for
; the NaN checks of an fmax reduction without `nnan`.
;
; reassoc reduce.fadd(-0.0, <8 x double>)  (ASM lines):
;   vaddpd %zmm (8) + vaddpd %xmm (2) + vaddsd (1)          = 11, roof: 7
; reassoc reduce.fadd(-0.0, <16 x float>):
;   vaddps %zmm (16) + vaddps %xmm (4) + vaddps %xmm (4) + vaddss (1) = 25, roof: 15
; reassoc reduce.fadd(-0.0, <8 x float>):
;   vaddps %xmm (4) + vaddps %xmm (4) + vaddss (1)          = 9, roof: 7
; nnan reduce.fmax(<8 x double>):
;   vmaxpd %zmm (8) + vmaxpd %xmm (2) + vmaxsd (1)          = 11, roof: 7
;   LLVM 22 starts it on ymm: vmaxpd %ymm (4) + %xmm (2) + vmaxsd (1) = 7
; reduce.fmax(<8 x double>) without nnan (ordered, see reductions.ll):
;   7 x vmaxsd + 7 x vcmpunordsd: minmax 7, compare 7;       roof: compare 0
; Canonical stays N - 1 (the source-level operation count) with every LLVM;
; the empirical count of fmax_nnan is 11 with LLVM 16 and 19 (prefixes
; FMAX-ZMM), 7 with LLVM 22 (FMAX-YMM).
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s \
; RUN:   --check-prefixes=CHECK,%if llvm-22 %{FMAX-YMM%} %else %{FMAX-ZMM%}
; RUN: %llc -o - %s | FileCheck %s \
; RUN:   --check-prefixes=ASM,%if llvm-22 %{ASM-FMAX-YMM%} %else %{ASM-FMAX-ZMM%}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'fadd_v8f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=7 empirical=11 full_width=11
; ASM-LABEL: fadd_v8f64:
; ASM:       vaddpd %zmm1, %zmm0, %zmm0
; ASM:       vaddpd %xmm1, %xmm0, %xmm0
; ASM:       vaddsd
; ASM-NOT:   vadd
; ASM:       retq
define double @fadd_v8f64(<8 x double> %v) #0 {
entry:
  %r = call reassoc double @llvm.vector.reduce.fadd.v8f64(double -0.0, <8 x double> %v)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fadd_v16f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=15 empirical=25 full_width=25
; ASM-LABEL: fadd_v16f32:
; ASM:       vaddps %zmm1, %zmm0, %zmm0
; ASM:       vaddps %xmm1, %xmm0, %xmm0
; ASM:       vaddps %xmm1, %xmm0, %xmm0
; ASM:       vaddss
; ASM-NOT:   vadd
; ASM:       retq
define float @fadd_v16f32(<16 x float> %v) #0 {
entry:
  %r = call reassoc float @llvm.vector.reduce.fadd.v16f32(float -0.0, <16 x float> %v)
  ret float %r
}

; CHECK-LABEL: roof-counter-plan: function 'fadd_v8f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=7 empirical=9 full_width=9
; ASM-LABEL: fadd_v8f32:
; ASM:       vaddps %xmm1, %xmm0, %xmm0
; ASM:       vaddps %xmm1, %xmm0, %xmm0
; ASM:       vaddss
; ASM-NOT:   vadd
; ASM:       retq
define float @fadd_v8f32(<8 x float> %v) #0 {
entry:
  %r = call reassoc float @llvm.vector.reduce.fadd.v8f32(float -0.0, <8 x float> %v)
  ret float %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmax_nnan'
; CHECK-NEXT:   block %entry: per execution
; FMAX-ZMM-NEXT:  fp64.minmax canonical=7 empirical=11 full_width=11
; FMAX-YMM-NEXT:  fp64.minmax canonical=7 empirical=7 full_width=7
; ASM-LABEL: fmax_nnan:
; ASM-FMAX-ZMM:  vmaxpd %zmm1, %zmm0, %zmm0
; ASM-FMAX-YMM:  vmaxpd %ymm1, %ymm0, %ymm0
; ASM:       vmaxpd %xmm1, %xmm0, %xmm0
; ASM:       vmaxsd
; ASM-NOT:   vmax
; ASM:       retq
define double @fmax_nnan(<8 x double> %v) #0 {
entry:
  %r = call nnan double @llvm.vector.reduce.fmax.v8f64(<8 x double> %v)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmax_nan_checks'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.minmax canonical=7 empirical=7 full_width=7
; CHECK-NEXT:     fp64.compare canonical=0 empirical=7 full_width=7
; ASM-LABEL:   fmax_nan_checks:
; ASM-COUNT-7: vcmpunordsd
; ASM-NOT:     vcmp
; ASM:         retq
define double @fmax_nan_checks(<8 x double> %v) #0 {
entry:
  %r = call double @llvm.vector.reduce.fmax.v8f64(<8 x double> %v)
  ret double %r
}

declare double @llvm.vector.reduce.fadd.v8f64(double, <8 x double>)
declare float @llvm.vector.reduce.fadd.v16f32(float, <16 x float>)
declare float @llvm.vector.reduce.fadd.v8f32(float, <8 x float>)
declare double @llvm.vector.reduce.fmax.v8f64(<8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
