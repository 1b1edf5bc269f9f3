; Regression test for a fixed bug, which was: without an FMA unit (plain x86-64) roof counts llvm.vp.fma as a
; multiply and an add (FlopCostModel::predicatedArithmetic treats vp.fma
; like vp.fmuladd), but llvm.vp.fma must stay fused: ExpandVectorPredication
; makes it llvm.fma.v8f64, which without FMA hardware is eight calls to
; libm fma() (ASM lines). roof's own rule for llvm.fma on such a target
; (fmuladd.ll, fma_f64_nofma) counts that as fma 2 per element.
;
; Expected (x86-64):
;   per execution:                    fp64.fma empirical=16 full_width=16
;   per active lane of %m below %evl: fp64.fma canonical=2
; roof gives fp64.add 8 + fp64.mul 8 (empirical, full_width), no fma.
; (vp.fmuladd on the same target is correctly mul + add: the backend may
; split it.)
;
; Not with LLVM 16, whose X86 backend cannot select llvm.vp.fma (llc stops
; with "Cannot select: vp_fma", and so would the twin); nothing in LLVM 16
; makes VP intrinsics for x86.
; UNSUPPORTED: llvm-16
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'vp_fma_sse2'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.fma canonical=2 empirical=0 full_width=0
; CHECK-NEXT: machine: block %entry: call fma, call fma, call fma, call fma, call fma, call fma, call fma, call fma
; ASM-LABEL: vp_fma_sse2:
; ASM-COUNT-8: callq fma@PLT
; ASM-NOT:     mulpd
; ASM:         retq
define <8 x double> @vp_fma_sse2(<8 x double> %a, <8 x double> %b, <8 x double> %c, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fma.v8f64(<8 x double> %a, <8 x double> %b, <8 x double> %c, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

declare <8 x double> @llvm.vp.fma.v8f64(<8 x double>, <8 x double>, <8 x double>, <8 x i1>, i32)

attributes #0 = { "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
