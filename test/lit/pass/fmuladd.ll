; llvm.fmuladd and llvm.fma: canonically one FMA is 2 FLOPs per lane (class
; fma). What executes depends on the FMA unit:
;   - with +fma (x86-64-v3, x86-64-v4) both are one vfmadd: empirical =
;     full_width = fma 2 per lane;
;   - without it (plain x86-64), fmuladd is allowed to split and becomes
;     mulsd + addsd: empirical mul 1 + add 1 per lane, canonical still fma 2;
;     llvm.fma must stay fused and becomes a call to libm fma(), which roof
;     counts as fma 2 per element and says so in a remark.
;
;   fmuladd double      v4: fma 2/2/2        x86-64: fma 2 / mul 1 + add 1
;   fmuladd <8 x double> v4: fma 16/16/16
;   fma <8 x double>     v4: fma 16/16/16
;   fmuladd <4 x double> v3: fma 8/8/8
;   fmuladd <4 x float>  x86-64: canonical fma 8; empirical mul 4 + add 4
;   fma double           x86-64: fma 2/2/2 + remark, `call fma`
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'fmuladd_f64_v4'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=2 empirical=2 full_width=2
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vfmadd213sd
; ASM-LABEL: fmuladd_f64_v4:
; ASM:       vfmadd213sd
; ASM-NEXT:  retq
define double @fmuladd_f64_v4(double %a, double %b, double %c) #0 {
entry:
  %r = call double @llvm.fmuladd.f64(double %a, double %b, double %c)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmuladd_v8f64_v4'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=16 empirical=16 full_width=16
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vfmadd213pd zmm
; ASM-LABEL: fmuladd_v8f64_v4:
; ASM:       vfmadd213pd {{.*}}%zmm
; ASM-NEXT:  retq
define <8 x double> @fmuladd_v8f64_v4(<8 x double> %a, <8 x double> %b, <8 x double> %c) #1 {
entry:
  %r = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a, <8 x double> %b, <8 x double> %c)
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'fma_v8f64_v4'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=16 empirical=16 full_width=16
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vfmadd213pd zmm
; ASM-LABEL: fma_v8f64_v4:
; ASM:       vfmadd213pd {{.*}}%zmm
; ASM-NEXT:  retq
define <8 x double> @fma_v8f64_v4(<8 x double> %a, <8 x double> %b, <8 x double> %c) #1 {
entry:
  %r = call <8 x double> @llvm.fma.v8f64(<8 x double> %a, <8 x double> %b, <8 x double> %c)
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmuladd_v4f64_v3'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=8 empirical=8 full_width=8
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: vfmadd213pd ymm
; ASM-LABEL: fmuladd_v4f64_v3:
; ASM:       vfmadd213pd {{.*}}%ymm
; ASM-NEXT:  retq
define <4 x double> @fmuladd_v4f64_v3(<4 x double> %a, <4 x double> %b, <4 x double> %c) #2 {
entry:
  %r = call <4 x double> @llvm.fmuladd.v4f64(<4 x double> %a, <4 x double> %b, <4 x double> %c)
  ret <4 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmuladd_f64_nofma'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=1 full_width=1
; CHECK-NEXT:     fp64.mul canonical=0 empirical=1 full_width=1
; CHECK-NEXT:     fp64.fma canonical=2 empirical=0 full_width=0
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: mulsd, addsd
; ASM-LABEL: fmuladd_f64_nofma:
; ASM:       mulsd
; ASM-NEXT:  addsd
; ASM-NEXT:  retq
define double @fmuladd_f64_nofma(double %a, double %b, double %c) #3 {
entry:
  %r = call double @llvm.fmuladd.f64(double %a, double %b, double %c)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'fmuladd_v4f32_nofma'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=0 empirical=4 full_width=4
; CHECK-NEXT:     fp32.mul canonical=0 empirical=4 full_width=4
; CHECK-NEXT:     fp32.fma canonical=8 empirical=0 full_width=0
; CHECK-NOT:      fp
; CHECK-NEXT: machine: block %entry: mulps xmm, addps xmm
; ASM-LABEL: fmuladd_v4f32_nofma:
; ASM:       mulps
; ASM-NEXT:  addps
; ASM-NEXT:  retq
define <4 x float> @fmuladd_v4f32_nofma(<4 x float> %a, <4 x float> %b, <4 x float> %c) #3 {
entry:
  %r = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %a, <4 x float> %b, <4 x float> %c)
  ret <4 x float> %r
}

; CHECK-LABEL: roof-counter-plan: function 'fma_f64_nofma'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=2 empirical=2 full_width=2
; CHECK-NEXT: machine: block %entry: call fma
; ASM-LABEL: fma_f64_nofma:
; ASM:       {{jmp|callq}} fma
define double @fma_f64_nofma(double %a, double %b, double %c) #3 {
entry:
  %r = call double @llvm.fma.f64(double %a, double %b, double %c)
  ret double %r
}

declare double @llvm.fmuladd.f64(double, double, double)
declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)
declare <4 x double> @llvm.fmuladd.v4f64(<4 x double>, <4 x double>, <4 x double>)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)
declare <8 x double> @llvm.fma.v8f64(<8 x double>, <8 x double>, <8 x double>)
declare double @llvm.fma.f64(double, double, double)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "min-legal-vector-width"="512" }
attributes #2 = { "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
