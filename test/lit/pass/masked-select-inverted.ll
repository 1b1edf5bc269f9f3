; Regression test for a fixed bug, which was: roof treats an arithmetic result on the FALSE arm of a vector select
; as write-masked by the inverted mask, but LLVM 19's X86 backend only folds
; `select %m, X, op` into a masked `op {k}` when X is zero (zero-masking,
; after X86ISelLowering swaps the arms and inverts the mask: see
; masked-select.ll, mask_add_inverted_zero). With a real pass-through value
; (the common `y = c ? y : y + x`, or _mm512_mask_add_pd with a mask that
; InstCombine inverted) the add executes on all 8 lanes and a masked move
; blends the pass-through in (ASM lines below: `vaddpd` without {k}, then
; `vmovapd %zmm0, %zmm1 {%k1}`).
;
; Expected (x86-64-v4):
;   canonical  add 1 per active lane of !%m (only those lanes are live)
;   empirical  add 8 per execution          (the vaddpd is unmasked)
;   full_width add 8 per execution
; roof gives empirical = 1 per active lane of !%m, i.e. it undercounts by
; popcount(%m) adds per execution.
; Fix: in FlopCostModel::writeMask, return an inverted mask only when the
; select's true operand is a zero constant.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'mask_add_inverted'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %entry: per active lane of !%m
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm
; ASM-LABEL: mask_add_inverted:
; ASM:       vaddpd %zmm2, %zmm1, %zmm1{{$}}
; ASM-NEXT:  kmovd %edi, %k1
; ASM-NEXT:  vmovapd %zmm0, %zmm1 {%k1}
define <8 x double> @mask_add_inverted(<8 x double> %src, <8 x double> %a, <8 x double> %b, i8 %k) #0 {
entry:
  %s = fadd <8 x double> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %src, <8 x double> %s
  ret <8 x double> %r
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "min-legal-vector-width"="512" }
