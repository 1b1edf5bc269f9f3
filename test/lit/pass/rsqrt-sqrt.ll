; Square roots are probed like divides. A fast 1/sqrt(x) is probed as one
; pair (sqrt + the fdiv that divides by it, same block, sqrt used once),
; because DAGCombiner folds it into an rsqrt estimate with a Newton step:
;
; 1.0 / sqrt fast <16 x float>, x86-64-v4, 512-bit:
;   vrsqrt14ps + vmulps + vfmadd213ps + vmulps + vmulps (16 lanes each)
;   empirical = full_width: sqrt 16 (the estimate), mul 3*16 = 48,
;   fma 1*16*2 = 32, div 0; all of it is charged to the fdiv.
;   canonical: sqrt 16 (on the sqrt call) + div 16 (on the fdiv).
; sqrt fast <16 x float>:  vsqrtps, sqrt 16 in every kind
; sqrt fast <8 x double>:  vsqrtpd, sqrt 8 in every kind
; 1.0 / sqrt <8 x double>, no fast-math: vsqrtpd + vdivpd: sqrt 8 + div 8
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'rsqrt_v16f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=0 empirical=48 full_width=48
; CHECK-NEXT:     fp32.fma canonical=0 empirical=32 full_width=32
; CHECK-NEXT:     fp32.div canonical=16 empirical=0 full_width=0
; CHECK-NEXT:     fp32.sqrt canonical=16 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vrsqrt14ps zmm, vmulps zmm, vfmadd213ps zmm, vmulps zmm, vmulps zmm
; ASM-LABEL: rsqrt_v16f32:
; ASM:       vrsqrt14ps %zmm
; ASM-NEXT:  vmulps {{.*}}%zmm
; ASM-NEXT:  vfmadd213ps {{.*}}%zmm
; ASM-NEXT:  vmulps {{.*}}%zmm
; ASM-NEXT:  vmulps {{.*}}%zmm
; ASM-NEXT:  retq
define <16 x float> @rsqrt_v16f32(<16 x float> %x) #0 {
entry:
  %s = call fast <16 x float> @llvm.sqrt.v16f32(<16 x float> %x)
  %r = fdiv fast <16 x float> <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>, %s
  ret <16 x float> %r
}

; CHECK-LABEL: roof-counter-plan: function 'sqrt_v16f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.sqrt canonical=16 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vsqrtps zmm
; ASM-LABEL: sqrt_v16f32:
; ASM:       vsqrtps %zmm
; ASM-NEXT:  retq
define <16 x float> @sqrt_v16f32(<16 x float> %x) #0 {
entry:
  %s = call fast <16 x float> @llvm.sqrt.v16f32(<16 x float> %x)
  ret <16 x float> %s
}

; CHECK-LABEL: roof-counter-plan: function 'sqrt_v8f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.sqrt canonical=8 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vsqrtpd zmm
; ASM-LABEL: sqrt_v8f64:
; ASM:       vsqrtpd %zmm
; ASM-NEXT:  retq
define <8 x double> @sqrt_v8f64(<8 x double> %x) #0 {
entry:
  %s = call fast <8 x double> @llvm.sqrt.v8f64(<8 x double> %x)
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'rsqrt_v8f64_strict'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.div canonical=8 empirical=8 full_width=8
; CHECK-NEXT:     fp64.sqrt canonical=8 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vsqrtpd zmm, vdivpd zmm
; ASM-LABEL: rsqrt_v8f64_strict:
; ASM:       vsqrtpd %zmm
; ASM:       vdivpd {{.*}}%zmm
; ASM-NEXT:  retq
define <8 x double> @rsqrt_v8f64_strict(<8 x double> %x) #0 {
entry:
  %s = call <8 x double> @llvm.sqrt.v8f64(<8 x double> %x)
  %r = fdiv <8 x double> <double 1.0, double 1.0, double 1.0, double 1.0, double 1.0, double 1.0, double 1.0, double 1.0>, %s
  ret <8 x double> %r
}

declare <16 x float> @llvm.sqrt.v16f32(<16 x float>)
declare <8 x double> @llvm.sqrt.v8f64(<8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
