; XFAIL: *
; BUG: vector-predicated reductions (llvm.vp.reduce.fadd/fmul/fmin/fmax)
; are not counted at all. FlopCostModel::predicatedArithmetic() only knows
; VP intrinsics with a functional opcode (fadd, fmul, ...) or a functional
; element-wise intrinsic (sqrt, fma, ...); for vp.reduce.* both are unset,
; so it returns without a contribution.
;
; vp.reduce.fadd(%st, %v, %m, %evl) adds every active element (lane < %evl
; with its mask bit set) to %st: canonically 1 add per active lane of %m
; below %evl.
; What executes (ASM lines): the inactive lanes are replaced by -0.0 with a
; masked move, then a reassociated tree on the full vector and the start:
;   vaddpd %zmm (8) + vaddpd %xmm (2) + vaddsd (1) + vaddsd (1) = 12 adds
; per execution in empirical and full_width (SDE counts every element of
; each instruction; see reduction-tree-width.ll for the same tree).
;
; Expected (x86-64-v4):
;   per execution:                    fp64.add canonical=0 empirical=12 full_width=12
;   per active lane of %m below %evl: fp64.add canonical=1
; roof gives an empty entry block.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'vp_reduce'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=12 full_width=12
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; ASM-LABEL: vp_reduce:
; ASM:       vmovapd %zmm1, %zmm2 {%k1}
; ASM:       vaddpd %zmm1, %zmm2, %zmm1
; ASM:       vaddpd %xmm2, %xmm1, %xmm1
; ASM:       vaddsd
; ASM-NEXT:  vaddsd
; ASM-NOT:   vadd
; ASM:       retq
define double @vp_reduce(double %st, <8 x double> %v, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call reassoc double @llvm.vp.reduce.fadd.v8f64(double %st, <8 x double> %v, <8 x i1> %m, i32 %evl)
  ret double %s
}

declare double @llvm.vp.reduce.fadd.v8f64(double, <8 x double>, <8 x i1>, i32)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
