; Two or more divides by the same divisor in one block, all allowing
; reciprocals (arcp, here `fast`), are computed by DAGCombiner's
; combineRepeatedFPDivisors as one reciprocal 1/d and one multiply per
; divide (X86 asks for at least 2 uses). Canonical: div 1 per lane per
; divide. Empirical per execution of the block, <8 x double>:
;   the first divide carries the reciprocal: vdivpd (div 8) + vmulpd (mul 8)
;   the second: vmulpd (mul 8)
;   => div 8, mul 16 (canonical div 16)
; For <16 x float> the reciprocal itself is an estimate with one Newton step
; (vrcp14ps + 2 FMA, the numerator is 1.0 so no extra multiply):
;   div 16 + fma 64 + 2 x vmulps (mul 32)
; A single divide, or divides without arcp, stay divides (vdivpd).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'two_by_same_f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
; CHECK-NEXT:     fp64.mul canonical=0 empirical=16 full_width=16
; CHECK-NEXT:     fp64.div canonical=16 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vdivpd zmm, vmulpd zmm, vmulpd zmm, vaddpd zmm
; ASM-LABEL: two_by_same_f64:
; ASM:       vdivpd
; ASM-NOT:   vdivpd
; ASM:       vmulpd
; ASM:       vmulpd
; ASM:       retq
define <8 x double> @two_by_same_f64(<8 x double> %a, <8 x double> %b, <8 x double> %d) #0 {
entry:
  %x = fdiv fast <8 x double> %a, %d
  %y = fdiv fast <8 x double> %b, %d
  %s = fadd <8 x double> %x, %y
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'two_by_same_f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=16 empirical=16 full_width=16
; CHECK-NEXT:     fp32.mul canonical=0 empirical=32 full_width=32
; CHECK-NEXT:     fp32.fma canonical=0 empirical=64 full_width=64
; CHECK-NEXT:     fp32.div canonical=32 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vrcp14ps zmm, vfmsub213ps zmm, vfnmadd231ps zmm, vmulps zmm, vmulps zmm, vaddps zmm
; ASM-LABEL: two_by_same_f32:
; ASM:       vrcp14ps
; ASM-NOT:   vdivps
; ASM:       retq
define <16 x float> @two_by_same_f32(<16 x float> %a, <16 x float> %b, <16 x float> %d) #0 {
entry:
  %x = fdiv fast <16 x float> %a, %d
  %y = fdiv fast <16 x float> %b, %d
  %s = fadd <16 x float> %x, %y
  ret <16 x float> %s
}

; CHECK-LABEL: roof-counter-plan: function 'strict_divides'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
; CHECK-NEXT:     fp64.div canonical=16 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vdivpd zmm, vdivpd zmm, vaddpd zmm
; ASM-LABEL: strict_divides:
; ASM:       vdivpd
; ASM:       vdivpd
define <8 x double> @strict_divides(<8 x double> %a, <8 x double> %b, <8 x double> %d) #0 {
entry:
  %x = fdiv <8 x double> %a, %d
  %y = fdiv <8 x double> %b, %d
  %s = fadd <8 x double> %x, %y
  ret <8 x double> %s
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "min-legal-vector-width"="512" }
