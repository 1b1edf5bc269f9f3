; Regression test (efficiency and readability, not the totals) for a fixed bug, which was: a vp intrinsic whose
; mask AND explicit vector length are both constants is not folded to a
; static count. addMasked() folds constant masks only when there is no EVL
; ("if (!EVL)"), so the census gets a per-active-lane counter whose mask is
; a constant: the printer shows
;   "per active lane of <i1 true, i1 true, ...> below 8"
; and the instrumentation computes ctpop of a constant at run time.
; Lanes active here: mask <1,1,1,1,0,0,0,0> and evl 8 -> lanes 0..3 = 4;
; with evl 2 -> lanes 0..1 = 2.
;
; Expected (x86-64-v4):
;   vp_fadd_const:     fp64.add canonical=4 empirical=8 full_width=8, per execution only
;   vp_fadd_const_evl: fp64.add canonical=2 empirical=8 full_width=8, per execution only
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'vp_fadd_const'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=4 empirical=8 full_width=8
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm
define <8 x double> @vp_fadd_const(<8 x double> %a, <8 x double> %b) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fadd.v8f64(<8 x double> %a, <8 x double> %b, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false>, i32 8)
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'vp_fadd_const_evl'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=2 empirical=8 full_width=8
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm
define <8 x double> @vp_fadd_const_evl(<8 x double> %a, <8 x double> %b) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fadd.v8f64(<8 x double> %a, <8 x double> %b, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false>, i32 2)
  ret <8 x double> %s
}

declare <8 x double> @llvm.vp.fadd.v8f64(<8 x double>, <8 x double>, <8 x i1>, i32)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
