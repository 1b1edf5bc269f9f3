; XFAIL: *
; BUG (empirical min/max and compare classes only, no FLOP total changes):
; the compare-and-select idiom `x < y ? x : y` (what a vectorized
; `if (x[i] < m) m = x[i]` or a C fmin-by-hand becomes) is matched by the
; X86 backend into one `vminpd` (X86ISD::FMIN): the machine executes 8
; min/max operations and no compare (ASM lines). roof counts the fcmp as a
; compare in every kind and no min/max.
;
; Expected (x86-64-v4):
;   fp64.minmax canonical=0 empirical=8 full_width=8
;   fp64.compare canonical=8 empirical=0 full_width=0
; roof gives:
;   fp64.compare canonical=8 empirical=8 full_width=8 (and no minmax line)
;   (with the writeMask bug of masked-select-compare.ll the empirical part
;   is also moved to a "per active lane of %m" counter).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'select_min'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.minmax canonical=0 empirical=8 full_width=8
; CHECK-NEXT:     fp64.compare canonical=8 empirical=0 full_width=0
; CHECK-NOT:    block
; ASM-LABEL: select_min:
; ASM-NOT:   vcmp
; ASM:       vminpd %zmm1, %zmm0, %zmm0
; ASM-NEXT:  retq
define <8 x double> @select_min(<8 x double> %x, <8 x double> %y) #0 {
entry:
  %m = fcmp olt <8 x double> %x, %y
  %r = select <8 x i1> %m, <8 x double> %x, <8 x double> %y
  ret <8 x double> %r
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "min-legal-vector-width"="512" }
