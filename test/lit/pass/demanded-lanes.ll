; Canonical counts are per demanded lane: a lane of a vector operation that
; no later instruction reads is not work. An extractelement or a shuffle
; reads the lanes it picks, element-wise operations pass on what their own
; users read, an insertelement overwrites its lane; a store, a call or a
; return reads every lane. What executes is the machine code's: the backend
; narrows a vector fsub of which one lane is read to vsubsd (LULESH's
; pattern: empirical 1), but keeps a full ymm vmulpd when two of its four
; lanes are read (empirical 4, as SDE counts it).
;
;   fsub <4 x double>, lane 2 read through a shuffle     canonical 1, vsubsd: 1
;   fmul <4 x double>, lanes 1 and 3 read               canonical 2, vmulpd ymm: 4
;   fadd <4 x double>, lane 0 overwritten, then stored  canonical 3
;   fadd <4 x double>, returned whole                   canonical 4
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'one_lane'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:   machine: block %entry: vsubsd
; ASM-LABEL: one_lane:
; ASM:       vsubsd
define double @one_lane(<4 x double> %a, <4 x double> %b) #0 {
entry:
  %d = fsub <4 x double> %a, %b
  %s = shufflevector <4 x double> %d, <4 x double> poison, <4 x i32> <i32 2, i32 poison, i32 poison, i32 poison>
  %e = extractelement <4 x double> %s, i64 0
  ret double %e
}

; CHECK-LABEL: roof-counter-plan: function 'two_lanes'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.mul canonical=2 empirical=4 full_width=4
; CHECK-NEXT:   machine: block %entry: vmulpd ymm
; ASM-LABEL: two_lanes:
; ASM:       vmulpd %ymm
define <2 x double> @two_lanes(<4 x double> %a, <4 x double> %b) #0 {
entry:
  %m = fmul <4 x double> %a, %b
  %s = shufflevector <4 x double> %m, <4 x double> poison, <2 x i32> <i32 1, i32 3>
  ret <2 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'overwritten_lane'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=3 empirical=4 full_width=4
define void @overwritten_lane(<4 x double> %a, <4 x double> %b, double %x, ptr %p) #0 {
entry:
  %v = fadd <4 x double> %a, %b
  %w = insertelement <4 x double> %v, double %x, i64 0
  store <4 x double> %w, ptr %p
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'all_lanes'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=4 empirical=4 full_width=4
define <4 x double> @all_lanes(<4 x double> %a, <4 x double> %b) #0 {
entry:
  %v = fadd <4 x double> %a, %b
  ret <4 x double> %v
}

attributes #0 = { "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+fma,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3" }
