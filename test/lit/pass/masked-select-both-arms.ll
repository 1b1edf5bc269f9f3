; Regression test for a fixed bug, which was: when both arms of a vector select are single-use arithmetic results,
; roof write-masks both (the true arm by %m, the false arm by !%m), so
; empirical = popcount(m) + popcount(!m) = 8 adds. The backend can fold the
; select into only ONE masked instruction: it computes the false arm in full
; and merges the true arm into it with `vaddpd ... {%k1}` (ASM lines below).
; What executes is 8 + popcount(m) adds.
;
; Expected (x86-64-v4):
;   per execution:             fp64.add canonical=0 empirical=8 full_width=16
;   per active lane of %m:     fp64.add canonical=1 empirical=1 full_width=0
;   per active lane of !%m:    fp64.add canonical=1 (empirical 0)
; roof gives:
;   per execution:             fp64.add canonical=0 empirical=0 full_width=16
;   per active lane of %m:     fp64.add canonical=1 empirical=1 full_width=0
;   per active lane of !%m:    fp64.add canonical=1 empirical=1 full_width=0
; (the inverted arm should not be write-masked anyway unless the true arm is
; zero, see masked-select-inverted.ll).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'both_arms'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=8 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=0
; CHECK-NEXT:   block %entry: per active lane of !%m
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; ASM-LABEL: both_arms:
; ASM:       vaddpd %zmm3, %zmm2, %zmm2{{$}}
; ASM-NEXT:  vaddpd %zmm1, %zmm0, %zmm2 {%k1}
define <8 x double> @both_arms(<8 x double> %a, <8 x double> %b, <8 x double> %c, <8 x double> %d, i8 %k) #0 {
entry:
  %m = bitcast i8 %k to <8 x i1>
  %s = fadd <8 x double> %a, %b
  %t = fadd <8 x double> %c, %d
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %t
  ret <8 x double> %r
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "min-legal-vector-width"="512" }
