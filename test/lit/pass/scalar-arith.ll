; Scalar arithmetic: one IR instruction on one element is one FLOP in every
; kind. fadd/fsub are class add, fmul class mul, fdiv class div (probed: the
; backend emits a single vdivsd/vdivss, 1 lane, see the ASM lines).
; No `contract` flags, so nothing is fused.
;
;   op            canonical  empirical  full_width
;   fadd double   add 1      add 1      add 1
;   fsub double   add 1      add 1      add 1
;   fmul double   mul 1      mul 1      mul 1
;   fdiv double   div 1      div 1      div 1
;   (same for float in fp32)
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'add_f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vaddsd
define double @add_f64(double %a, double %b) #0 {
entry:
  %r = fadd double %a, %b
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'sub_f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vsubsd
define double @sub_f64(double %a, double %b) #0 {
entry:
  %r = fsub double %a, %b
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'mul_f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.mul canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vmulsd
define double @mul_f64(double %a, double %b) #0 {
entry:
  %r = fmul double %a, %b
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'div_f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.div canonical=1 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vdivsd
; ASM-LABEL: div_f64:
; ASM:       vdivsd
; ASM-NEXT:  retq
define double @div_f64(double %a, double %b) #0 {
entry:
  %r = fdiv double %a, %b
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'add_f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vaddss
define float @add_f32(float %a, float %b) #0 {
entry:
  %r = fadd float %a, %b
  ret float %r
}

; CHECK-LABEL: roof-counter-plan: function 'sub_f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vsubss
define float @sub_f32(float %a, float %b) #0 {
entry:
  %r = fsub float %a, %b
  ret float %r
}

; CHECK-LABEL: roof-counter-plan: function 'mul_f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vmulss
define float @mul_f32(float %a, float %b) #0 {
entry:
  %r = fmul float %a, %b
  ret float %r
}

; CHECK-LABEL: roof-counter-plan: function 'div_f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.div canonical=1 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vdivss
; ASM-LABEL: div_f32:
; ASM:       vdivss
; ASM-NEXT:  retq
define float @div_f32(float %a, float %b) #0 {
entry:
  %r = fdiv float %a, %b
  ret float %r
}

; A chain of all four in one block adds up per class; the loads and the
; store are 8 + 8 bytes loaded and 8 stored.
; CHECK-LABEL: roof-counter-plan: function 'chain_f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=2 empirical=2 full_width=2
; CHECK-NEXT:     fp64.mul canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.div canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     bytes loaded=16 stored=8
; CHECK-NEXT: machine: block %entry: vaddsd, vsubsd, vmulsd, vdivsd
define void @chain_f64(ptr %p, ptr %q) #0 {
entry:
  %a = load double, ptr %p
  %b = load double, ptr %q
  %s = fadd double %a, %b
  %d = fsub double %s, %b
  %m = fmul double %d, %a
  %r = fdiv double %m, %b
  store double %r, ptr %p
  ret void
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
