; Regression test for a fixed bug, which was: FlopCostModel::writeMask(I) accepts any vector instruction whose only
; use is a vector select, without checking that I is one of the select's
; value operands. An fcmp whose only use is the select's CONDITION is thus
; "write-masked by itself": its empirical compare count becomes 1 per active
; lane of its own result, e.g. the vectorized form of `z = x < y ? a : b`
; below. The compare really is one unmasked `vcmpltpd %zmm` (ASM lines):
; 8 lanes execute whatever the outcome.
;
; Expected (x86-64-v4):
;   fp64.compare canonical=8 empirical=8 full_width=8, per execution
; roof gives:
;   per execution:           fp64.compare canonical=8 empirical=0 full_width=8
;   per active lane of %m:   fp64.compare canonical=0 empirical=1 full_width=0
; Fix: writeMask must return a mask only when &I is the select's true or
; false operand (and not its condition).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'select_cmp'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.compare canonical=8 empirical=8 full_width=8
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vcmppd zmm
; ASM-LABEL: select_cmp:
; ASM:       vcmpltpd %zmm1, %zmm0, %k1
; ASM-NOT:   vcmp
; ASM:       retq
define <8 x double> @select_cmp(<8 x double> %x, <8 x double> %y, <8 x double> %a, <8 x double> %b) #0 {
entry:
  %m = fcmp olt <8 x double> %x, %y
  %r = select <8 x i1> %m, <8 x double> %a, <8 x double> %b
  ret <8 x double> %r
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "min-legal-vector-width"="512" }
