; Divides are probed: roof compiles the fdiv alone with the function's
; attributes and counts what the X86 backend emits (rcp14/rcp estimates
; count as 1 FLOP per lane in class div, an FMA as 2).
;
; fdiv fast <16 x float>, x86-64-v4, 512-bit vectors (one Newton step):
;   vrcp14ps + vmulps + vfmsub231ps + vfnmadd213ps, 16 lanes each
;   empirical = full_width: div 16, mul 16, fma 2*16*2 = 64; canonical div 16
; "reciprocal-estimates"="vec-divf:2" (two Newton steps):
;   vrcp14ps + vfmsub231ps + vfnmadd132ps + vmulps + vfmsub231ps + vfnmadd213ps
;   div 16, mul 16, fma 4*16*2 = 128
; "reciprocal-estimates"="!vec-divf": vdivps, div 16
; fdiv fast <8 x float>, x86-64-v3: vrcpps + vmulps + 2 FMA on ymm:
;   div 8, mul 8, fma 32
; fdiv fast <8 x double>: vdivpd (no f64 estimates): div 8
; fdiv fast float: vdivss (scalar estimates are off by default): div 1
; fdiv fast float, "reciprocal-estimates"="divf":
;   vrcpss + vmulss + vfmsub231ss + vfnmadd213ss: div 1, mul 1, fma 4
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -mtriple=x86_64 -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'div_v16f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=0 empirical=16 full_width=16
; CHECK-NEXT:     fp32.fma canonical=0 empirical=64 full_width=64
; CHECK-NEXT:     fp32.div canonical=16 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vrcp14ps zmm, vmulps zmm, vfmsub213ps zmm, vfnmadd213ps zmm
; ASM-LABEL: div_v16f32:
; ASM:       vrcp14ps %zmm
; ASM-NEXT:  vmulps {{.*}}%zmm
; ASM-NEXT:  vfmsub231ps {{.*}}%zmm
; ASM-NEXT:  vfnmadd213ps {{.*}}%zmm
; ASM-NEXT:  retq
define <16 x float> @div_v16f32(<16 x float> %a, <16 x float> %b) #0 {
entry:
  %q = fdiv fast <16 x float> %a, %b
  ret <16 x float> %q
}

; CHECK-LABEL: roof-counter-plan: function 'div_v16f32_two_steps'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=0 empirical=16 full_width=16
; CHECK-NEXT:     fp32.fma canonical=0 empirical=128 full_width=128
; CHECK-NEXT:     fp32.div canonical=16 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vrcp14ps zmm, vfmsub213ps zmm, vfnmadd231ps zmm, vmulps zmm, vfmsub213ps zmm, vfnmadd213ps zmm
; ASM-LABEL: div_v16f32_two_steps:
; ASM:       vrcp14ps %zmm
; ASM-NEXT:  vbroadcastss
; ASM-NEXT:  vfmsub231ps {{.*}}%zmm
; ASM-NEXT:  vfnmadd132ps {{.*}}%zmm
; ASM-NEXT:  vmulps {{.*}}%zmm
; ASM-NEXT:  vfmsub231ps {{.*}}%zmm
; ASM-NEXT:  vfnmadd213ps {{.*}}%zmm
; ASM-NEXT:  retq
define <16 x float> @div_v16f32_two_steps(<16 x float> %a, <16 x float> %b) #1 {
entry:
  %q = fdiv fast <16 x float> %a, %b
  ret <16 x float> %q
}

; CHECK-LABEL: roof-counter-plan: function 'div_v16f32_no_estimate'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.div canonical=16 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vdivps zmm
; ASM-LABEL: div_v16f32_no_estimate:
; ASM:       vdivps {{.*}}%zmm
; ASM-NEXT:  retq
define <16 x float> @div_v16f32_no_estimate(<16 x float> %a, <16 x float> %b) #2 {
entry:
  %q = fdiv fast <16 x float> %a, %b
  ret <16 x float> %q
}

; CHECK-LABEL: roof-counter-plan: function 'div_v8f32_avx2'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=0 empirical=8 full_width=8
; CHECK-NEXT:     fp32.fma canonical=0 empirical=32 full_width=32
; CHECK-NEXT:     fp32.div canonical=8 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vrcpps ymm, vmulps ymm, vfmsub213ps ymm, vfnmadd213ps ymm
; ASM-LABEL: div_v8f32_avx2:
; ASM:       vrcpps %ymm
; ASM-NEXT:  vmulps {{.*}}%ymm
; ASM-NEXT:  vfmsub231ps {{.*}}%ymm
; ASM-NEXT:  vfnmadd213ps {{.*}}%ymm
; ASM-NEXT:  retq
define <8 x float> @div_v8f32_avx2(<8 x float> %a, <8 x float> %b) #3 {
entry:
  %q = fdiv fast <8 x float> %a, %b
  ret <8 x float> %q
}

; CHECK-LABEL: roof-counter-plan: function 'div_v8f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.div canonical=8 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vdivpd zmm
; ASM-LABEL: div_v8f64:
; ASM:       vdivpd {{.*}}%zmm
; ASM-NEXT:  retq
define <8 x double> @div_v8f64(<8 x double> %a, <8 x double> %b) #0 {
entry:
  %q = fdiv fast <8 x double> %a, %b
  ret <8 x double> %q
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
  %q = fdiv fast float %a, %b
  ret float %q
}

; CHECK-LABEL: roof-counter-plan: function 'div_f32_estimate'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=0 empirical=1 full_width=1
; CHECK-NEXT:     fp32.fma canonical=0 empirical=4 full_width=4
; CHECK-NEXT:     fp32.div canonical=1 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vrcpss, vmulss, vfmsub213ss, vfnmadd213ss
; ASM-LABEL: div_f32_estimate:
; ASM:       vrcpss
; ASM-NEXT:  vmulss
; ASM-NEXT:  vfmsub231ss
; ASM-NEXT:  vfnmadd213ss
; ASM-NEXT:  retq
define float @div_f32_estimate(float %a, float %b) #4 {
entry:
  %q = fdiv fast float %a, %b
  ret float %q
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
attributes #1 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "reciprocal-estimates"="vec-divf:2" }
attributes #2 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "reciprocal-estimates"="!vec-divf" }
attributes #3 = { "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "reciprocal-estimates"="divf" }
