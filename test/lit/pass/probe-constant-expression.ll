; An operand that is a constant expression naming a global
; (`bitcast (i64 ptrtoint (ptr @g to i64) to double)`) cannot be spelled in
; the probe module, which does not declare @g: the probe passes it as a
; parameter, and the divide is one vdivsd (ASM lines). (Regression test:
; the probe used to print it verbatim, fail to parse, and count 0.)
;
; Expected: fp64.div canonical=1 empirical=1 full_width=1.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = external global i8

; CHECK-LABEL: roof-counter-plan: function 'divide_by_address'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.div canonical=1 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vdivsd
; ASM-LABEL: divide_by_address:
; ASM:       vdivsd
; ASM-NEXT:  retq
define double @divide_by_address(double %a) #0 {
entry:
  %q = fdiv double %a, bitcast (i64 ptrtoint (ptr @g to i64) to double)
  ret double %q
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
