; Regression test for a fixed bug, which was: calls of sincos/sincosf are never counted, although the cost model
; means to count them as two transcendental operations per element
; (FlopCostModel::libraryCall: `PerCall = Name == "sincos" || ... ? 2 : 1`)
; and LibmCosts.inc has measured rows for "sincos" and "sincosf". Two checks
; in FlopCostModel::call() stop them first:
;   - sincos returns void, and `if (!Callee->isDeclaration() || !P) return;`
;     returns when the call's type has no FP precision;
;   - isTranscendentalName("sincos") is false (the list has sin and cos but
;     not sincos), and libraryCall() itself also takes the precision from
;     the (void) return type.
; The precision has to come from the first argument for sincos.
;
; Expected (x86-64-v4):
;   sincos:  fp64.transcendental canonical=2 empirical=0 full_width=0, and
;            the measured FLOPs of the machine code's one sincos call in
;            add/mul/fma, per path of its argument (libm-paths.ll)
;   sincosf: fp32.transcendental canonical=2, and its measured FLOPs in
;            fp64 add/mul/fma: glibc's float functions compute in double
;            (LibmCosts.inc books each row in the precision it executed)
; roof gave an empty entry block and no remark for both.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'call_sincos'
; CHECK-NEXT:   block %entry: per execution
; CHECK:          fp64.transcendental canonical=2 empirical=0 full_width=0
; CHECK:        block %entry: per call taking path group 0 of %roof.libm.bits
; CHECK:          fp64.{{add|mul|fma}} canonical=0 empirical={{[1-9][0-9]*}}
; CHECK:        machine: block %entry: call sincos
define void @call_sincos(double %x, ptr %s, ptr %c) #0 {
entry:
  call void @sincos(double %x, ptr %s, ptr %c)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'call_sincosf'
; CHECK-NEXT:   block %entry: per execution
; CHECK:          fp32.transcendental canonical=2 empirical=0 full_width=0
; CHECK:        block %entry: per call taking path group 0 of %roof.libm.bits
; CHECK:          fp64.{{add|mul|fma}} canonical=0 empirical={{[1-9][0-9]*}}
; CHECK:        machine: block %entry: call sincosf
define void @call_sincosf(float %x, ptr %s, ptr %c) #0 {
entry:
  call void @sincosf(float %x, ptr %s, ptr %c)
  ret void
}

declare void @sincos(double, ptr, ptr)
declare void @sincosf(float, ptr, ptr)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
