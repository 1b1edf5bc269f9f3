; Calls into libm/libmvec. Canonically a transcendental function is 1 FLOP
; per element (class transcendental). What executes comes from the table
; that roof-libm-probe measures on the build machine (LibmCosts.inc), so
; the exact numbers are not pinned here: only that the empirical FLOPs are
; non-zero, equal to full_width, land in add/mul/fma (never in
; transcendental), scale with the number of calls the machine code makes
; (its `machine:` line lists them).
;
;   call double @exp(double)        transcendental canonical 1; call exp
;   call float @expf(float)         fp32 transcendental canonical 1; call expf,
;                                   its FLOPs in fp64 (glibc's expf computes
;                                   in double; the table books each row in
;                                   the precision that executed)
;   llvm.exp.v8f64                  canonical 8; eight scalar exp calls (ASM),
;                                   empirical = 8 x exp's
;   _ZGVdN4v_exp (libmvec, 4 lanes) canonical 4, one call of the vector symbol
;   frem double                     a call of fmod: canonical 1
;   tgamma (not in the table)       canonical = empirical = full_width = 1,
;                                   remark "no measured cost for 'tgamma'"
;   an unknown external function    nothing
;   a function named like libm but defined here   nothing (its body counts)
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; The first non-zero class among add, mul, fma of one exp call is captured
; (class CLS, amount E) and reused below.
; CHECK-LABEL: roof-counter-plan: function 'scalar_exp'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NOT:      fp64.transcendental
; (A class line is printed only when one of its kinds is non-zero, and
; canonical is 0, so E > 0.)
; CHECK:          fp64.[[CLS:add|mul|fma]] canonical=0 empirical=[[#E:]]
; CHECK-SAME:     full_width=[[#E]]{{$}}
; CHECK-NOT:      fp32.
; CHECK:          fp64.transcendental canonical=1 empirical=0 full_width=0
; CHECK-NOT:    block
; CHECK:        machine: block %entry: call exp
define double @scalar_exp(double %x) #0 {
entry:
  %r = call double @exp(double %x)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'scalar_expf'
; CHECK-NEXT:   block %entry: per execution
; CHECK:          fp32.transcendental canonical=1 empirical=0 full_width=0
; CHECK:          fp64.{{add|mul|fma}} canonical=0 empirical=[[#EF:]]
; CHECK-SAME:     full_width=[[#EF]]{{$}}
; CHECK:        machine: block %entry: call expf
define float @scalar_expf(float %x) #0 {
entry:
  %r = call float @expf(float %x)
  ret float %r
}

; CHECK-LABEL: roof-counter-plan: function 'vector_exp_intrinsic'
; CHECK-NEXT:   block %entry: per execution
; CHECK:          fp64.[[CLS]] canonical=0 empirical=[[#mul(E,8)]] full_width=[[#mul(E,8)]]
; CHECK:          fp64.transcendental canonical=8 empirical=0 full_width=0
; CHECK:        machine: block %entry: call exp, call exp, call exp, call exp, call exp, call exp, call exp, call exp
; ASM-LABEL: vector_exp_intrinsic:
; ASM-COUNT-8: callq exp@PLT
; ASM-NOT:     exp
; ASM:         retq
define <8 x double> @vector_exp_intrinsic(<8 x double> %x) #0 {
entry:
  %r = call <8 x double> @llvm.exp.v8f64(<8 x double> %x)
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'libmvec_exp'
; CHECK-NEXT:   block %entry: per execution
; The AVX2 variant is only measured where the build machine has AVX2 (else
; empirical falls back to 1 transcendental per element, with a remark):
; CHECK:          fp64.transcendental canonical=4 empirical={{0|4}} full_width={{0|4}}
; CHECK:        machine: block %entry: call _ZGVdN4v_exp
define <4 x double> @libmvec_exp(<4 x double> %x) #0 {
entry:
  %r = call <4 x double> @_ZGVdN4v_exp(<4 x double> %x)
  ret <4 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'frem_fmod'
; CHECK-NEXT:   block %entry: per execution
; CHECK:          fp64.transcendental canonical=1 empirical=0 full_width=0
; CHECK:        machine: block %entry: call fmod
; ASM-LABEL: frem_fmod:
; ASM:       {{jmp|callq}} fmod@PLT
define double @frem_fmod(double %x, double %y) #0 {
entry:
  %r = frem double %x, %y
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'unmeasured'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.transcendental canonical=1 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: call tgamma
; CHECK-NEXT: remark: block %entry ; no measured cost for 'tgamma'; counted as 1 transcendental operation per element
define double @unmeasured(double %x) #0 {
entry:
  %r = call double @tgamma(double %x)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'unknown_callee'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NOT:    fp64
; CHECK-NOT:    remark
; CHECK-NEXT: machine: block %entry: call my_special_function
define double @unknown_callee(double %x) #0 {
entry:
  %r = call double @my_special_function(double %x)
  ret double %r
}

; A function that happens to be called sinh but is defined in this module
; is counted by its own body, not as a libm call.
; CHECK-LABEL: roof-counter-plan: function 'sinh'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vaddsd
; CHECK-LABEL: roof-counter-plan: function 'calls_local_sinh'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NOT:    fp64
; CHECK-NOT:    remark
; CHECK-NEXT: machine: block %entry: call sinh
define internal double @sinh(double %x) #0 {
entry:
  %r = fadd double %x, 1.0
  ret double %r
}
define double @calls_local_sinh(double %x) #0 {
entry:
  %r = call double @sinh(double %x)
  ret double %r
}

declare double @exp(double)
declare float @expf(float)
declare double @tgamma(double)
declare double @my_special_function(double)
declare <8 x double> @llvm.exp.v8f64(<8 x double>)
declare <4 x double> @_ZGVdN4v_exp(<4 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
