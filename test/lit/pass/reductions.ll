; llvm.vector.reduce.*: a reduction of N lanes is N - 1 operations, plus one
; when the start value is not the identity (-0.0 for fadd, 1.0 for fmul;
; +0.0 is NOT the identity of fadd: -0.0 + 0.0 = +0.0). Without `reassoc`
; the reduction is ordered and the backend emits exactly that chain of
; scalar operations (ASM lines), so every kind counts the same.
;
;   reduce.fadd(-0.0, <8 x double>)   add 7   (7 x vaddsd)
;   reduce.fadd(+0.0, <8 x double>)   add 8   (8 x vaddsd)
;   reduce.fadd(%s,   <8 x double>)   add 8
;   reduce.fmul(1.0,  <4 x double>)   mul 3   (3 x vmulsd)
;   reduce.fmax(<8 x double>) no nnan minmax 7 (7 x vmaxsd; the NaN checks
;                                     are not pinned, see reduction-tree-width.ll)
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'fadd_identity'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=7 empirical=7 full_width=7
; ASM-LABEL:   fadd_identity:
; ASM-COUNT-7: vaddsd
; ASM-NOT:     vadd
; ASM:         retq
define double @fadd_identity(<8 x double> %v) #0 {
entry:
  %r = call double @llvm.vector.reduce.fadd.v8f64(double -0.0, <8 x double> %v)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fadd_plus_zero'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
; ASM-LABEL:   fadd_plus_zero:
; ASM-COUNT-8: vaddsd
; ASM-NOT:     vadd
; ASM:         retq
define double @fadd_plus_zero(<8 x double> %v) #0 {
entry:
  %r = call double @llvm.vector.reduce.fadd.v8f64(double 0.0, <8 x double> %v)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fadd_start'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
define double @fadd_start(double %s, <8 x double> %v) #0 {
entry:
  %r = call double @llvm.vector.reduce.fadd.v8f64(double %s, <8 x double> %v)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmul_identity'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.mul canonical=3 empirical=3 full_width=3
; ASM-LABEL:   fmul_identity:
; ASM-COUNT-3: vmulsd
; ASM-NOT:     vmul
; ASM:         retq
define double @fmul_identity(<4 x double> %v) #0 {
entry:
  %r = call double @llvm.vector.reduce.fmul.v4f64(double 1.0, <4 x double> %v)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmax_ordered'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.minmax canonical=7 empirical=7 full_width=7
; ASM-LABEL:   fmax_ordered:
; ASM-COUNT-7: vmaxsd
; ASM-NOT:     vmax
; ASM:         retq
define double @fmax_ordered(<8 x double> %v) #0 {
entry:
  %r = call double @llvm.vector.reduce.fmax.v8f64(<8 x double> %v)
  ret double %r
}

declare double @llvm.vector.reduce.fadd.v8f64(double, <8 x double>)
declare double @llvm.vector.reduce.fmul.v4f64(double, <4 x double>)
declare double @llvm.vector.reduce.fmax.v8f64(<8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
