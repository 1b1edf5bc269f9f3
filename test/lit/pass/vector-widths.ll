; Vector arithmetic counts one FLOP per lane in every kind: an unmasked
; `fadd <N x T>` is N adds whatever the register width the backend splits
; it into (on x86-64-v4 without "prefer-vector-width"="512" the 512-bit
; types become two ymm operations: still N lanes).
;
;   <2 x double>  fp64.add 2      <4 x float>   fp32.add 4
;   <4 x double>  fp64.add 4      <8 x float>   fp32.add 8
;   <8 x double>  fp64.add 8      <16 x float>  fp32.add 16
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'v2f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=2 empirical=2 full_width=2
; CHECK-NOT:      fp
define <2 x double> @v2f64(<2 x double> %a, <2 x double> %b) #0 {
entry:
  %r = fadd <2 x double> %a, %b
  ret <2 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'v4f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=4 empirical=4 full_width=4
; CHECK-NOT:      fp
define <4 x double> @v4f64(<4 x double> %a, <4 x double> %b) #0 {
entry:
  %r = fadd <4 x double> %a, %b
  ret <4 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'v8f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
; CHECK-NOT:      fp
define <8 x double> @v8f64(<8 x double> %a, <8 x double> %b) #0 {
entry:
  %r = fadd <8 x double> %a, %b
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'v4f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=4 empirical=4 full_width=4
; CHECK-NOT:      fp
define <4 x float> @v4f32(<4 x float> %a, <4 x float> %b) #0 {
entry:
  %r = fadd <4 x float> %a, %b
  ret <4 x float> %r
}

; CHECK-LABEL: roof-counter-plan: function 'v8f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=8 empirical=8 full_width=8
; CHECK-NOT:      fp
define <8 x float> @v8f32(<8 x float> %a, <8 x float> %b) #0 {
entry:
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; CHECK-LABEL: roof-counter-plan: function 'v16f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=16 empirical=16 full_width=16
; CHECK-NOT:      fp
define <16 x float> @v16f32(<16 x float> %a, <16 x float> %b) #0 {
entry:
  %r = fadd <16 x float> %a, %b
  ret <16 x float> %r
}

; Same on plain x86-64 (SSE2): <8 x double> is four addpd of 2 lanes, and a
; vector load/store moves its whole store size (64 bytes each way).
; CHECK-LABEL: roof-counter-plan: function 'v8f64_sse2'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
; CHECK-NEXT:     bytes loaded=64 stored=64
define void @v8f64_sse2(ptr %p, <8 x double> %b) #1 {
entry:
  %a = load <8 x double>, ptr %p
  %r = fadd <8 x double> %a, %b
  store <8 x double> %r, ptr %p
  ret void
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
