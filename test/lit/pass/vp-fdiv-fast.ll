; Regression test for a fixed bug, which was: llvm.vp.* arithmetic is never probed. FlopCostModel::
; predicatedArithmetic() counts what executes as "the same class, all
; lanes", but ExpandVectorPredication turns vp.fdiv into a plain fdiv WITH
; the call's fast-math flags, so `vp.fdiv fast <16 x float>` is the
; reciprocal estimate + Newton step, exactly like fdiv-fast-vector.ll
; (ASM lines: vrcp14ps, vmulps, vfmsub231ps, vfnmadd213ps on %zmm).
; The same holds for vp.sqrt/vp.minnum/vp.maxnum and half types.
;
; Expected (x86-64-v4, 512-bit):
;   per execution:                    fp32.mul empirical=16 full_width=16
;                                     fp32.fma empirical=64 full_width=64
;                                     fp32.div empirical=16 full_width=16
;   per active lane of %m below %evl: fp32.div canonical=1
; roof gives only fp32.div empirical=16 full_width=16 per execution (no mul,
; no fma): it undercounts by 80 of 96 executed FLOPs.
; Fix: probe the functional instruction (fdiv/sqrt/... with the same flags)
; for vp arithmetic, as for the plain instruction.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'vp_fdiv_fast'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=0 empirical=16 full_width=16
; CHECK-NEXT:     fp32.fma canonical=0 empirical=64 full_width=64
; CHECK-NEXT:     fp32.div canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp32.div canonical=1 empirical=0 full_width=0
; ASM-LABEL: vp_fdiv_fast:
; ASM:       vrcp14ps %zmm1, %zmm2
; ASM-NEXT:  vmulps
; ASM-NEXT:  vfmsub231ps
; ASM-NEXT:  vfnmadd213ps
; ASM-NEXT:  retq
define <16 x float> @vp_fdiv_fast(<16 x float> %a, <16 x float> %b, <16 x i1> %m, i32 %evl) #0 {
entry:
  %s = call fast <16 x float> @llvm.vp.fdiv.v16f32(<16 x float> %a, <16 x float> %b, <16 x i1> %m, i32 %evl)
  ret <16 x float> %s
}

declare <16 x float> @llvm.vp.fdiv.v16f32(<16 x float>, <16 x float>, <16 x i1>, i32)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
