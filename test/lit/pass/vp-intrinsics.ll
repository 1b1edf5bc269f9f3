; Vector-predication intrinsics (llvm.vp.*) carry a mask and an explicit
; vector length: lane i is active when i < %evl and mask bit i is set.
; Canonically only active lanes count: 1 per active lane of %m below %evl
; (2 for vp.fma). On x86 ExpandVectorPredication turns the speculatable
; arithmetic into plain full-width instructions (ASM lines: vaddpd,
; vmulpd, vfmadd213pd, vsqrtpd, vdivpd on %zmm, no {k}), so empirical and
; full_width count all 8 lanes per execution.
;
;   vp.fadd <8 x double>   add  canonical 1/active lane; empirical 8
;   vp.fmul <8 x double>   mul  canonical 1/active lane; empirical 8
;   vp.fma  <8 x double>   fma  canonical 2/active lane; empirical 16
;   vp.sqrt <8 x double>   sqrt canonical 1/active lane; empirical 8
;   vp.fdiv <8 x double>   div  canonical 1/active lane; empirical 8
;   vp.fneg                not a FLOP: nothing
;
; Not with LLVM 16, whose X86 backend cannot select llvm.vp.fma (llc stops
; with "Cannot select: vp_fma", and so would the twin); nothing in LLVM 16
; makes VP intrinsics for x86.
; UNSUPPORTED: llvm-16
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'vp_fadd'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm
; ASM-LABEL: vp_fadd:
; ASM:       vaddpd %zmm1, %zmm0, %zmm0{{$}}
; ASM-NEXT:  retq
define <8 x double> @vp_fadd(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fadd.v8f64(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'vp_fmul'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.mul canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NEXT: machine: block %entry: vmulpd zmm
; ASM-LABEL: vp_fmul:
; ASM:       vmulpd %zmm1, %zmm0, %zmm0{{$}}
; ASM-NEXT:  retq
define <8 x double> @vp_fmul(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fmul.v8f64(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'vp_fma'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.fma canonical=2 empirical=0 full_width=0
; CHECK-NEXT: machine: block %entry: vfmadd213pd zmm
; ASM-LABEL: vp_fma:
; ASM:       vfmadd213pd %zmm2, %zmm1, %zmm0{{$| }}
; ASM-NEXT:  retq
define <8 x double> @vp_fma(<8 x double> %a, <8 x double> %b, <8 x double> %c, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fma.v8f64(<8 x double> %a, <8 x double> %b, <8 x double> %c, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'vp_sqrt'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.sqrt canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.sqrt canonical=1 empirical=0 full_width=0
; CHECK-NEXT: machine: block %entry: vsqrtpd zmm
; ASM-LABEL: vp_sqrt:
; ASM:       vsqrtpd %zmm0, %zmm0{{$}}
; ASM-NEXT:  retq
define <8 x double> @vp_sqrt(<8 x double> %a, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.sqrt.v8f64(<8 x double> %a, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'vp_fdiv'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.div canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.div canonical=1 empirical=0 full_width=0
; CHECK-NEXT: machine: block %entry: vdivpd zmm
; ASM-LABEL: vp_fdiv:
; ASM:       vdivpd %zmm1, %zmm0, %zmm0{{$}}
; ASM-NEXT:  retq
define <8 x double> @vp_fdiv(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fdiv.v8f64(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'vp_fneg'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NOT:    fp64
; CHECK-NOT:    block
define <8 x double> @vp_fneg(<8 x double> %a, <8 x i1> %m, i32 %evl) #0 {
entry:
  %s = call <8 x double> @llvm.vp.fneg.v8f64(<8 x double> %a, <8 x i1> %m, i32 %evl)
  ret <8 x double> %s
}

declare <8 x double> @llvm.vp.fadd.v8f64(<8 x double>, <8 x double>, <8 x i1>, i32)
declare <8 x double> @llvm.vp.fmul.v8f64(<8 x double>, <8 x double>, <8 x i1>, i32)
declare <8 x double> @llvm.vp.fdiv.v8f64(<8 x double>, <8 x double>, <8 x i1>, i32)
declare <8 x double> @llvm.vp.fma.v8f64(<8 x double>, <8 x double>, <8 x double>, <8 x i1>, i32)
declare <8 x double> @llvm.vp.sqrt.v8f64(<8 x double>, <8 x i1>, i32)
declare <8 x double> @llvm.vp.fneg.v8f64(<8 x double>, <8 x i1>, i32)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
