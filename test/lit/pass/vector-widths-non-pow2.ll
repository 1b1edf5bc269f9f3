; Regression test for a fixed bug, which was: a vector whose lane count is not a power of two is widened by the
; type legalizer before it executes. `fadd <3 x double>` on x86-64-v4 is one
; `vaddpd %ymm` (4 lanes, see the ASM lines), so the target executes 4 adds
; (SDE counts the 4 elements of the ymm instruction; a hardware counter
; counts one 256B_PACKED_DOUBLE instruction = 4). Canonical stays 3 (three
; source elements). roof counts empirical = full_width = 3 (IR lanes)
; because unprobed element-wise operations use the IR lane count; the same
; file's probed `fdiv <3 x float>` already gets 4 from the backend (vdivps
; %xmm), so the two rules disagree for the same widening.
;
;   fadd <3 x double>: canonical 3, empirical 4, full_width 4   (roof: 3/3/3)
;   fdiv <3 x float>:  canonical 3, empirical 4, full_width 4   (roof: ok)
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'add_v3f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=3 empirical=4 full_width=4
; ASM-LABEL: add_v3f64:
; ASM:       vaddpd {{.*}}%ymm
; ASM-NOT:   vadd
; ASM:       retq
define <3 x double> @add_v3f64(<3 x double> %a, <3 x double> %b) #0 {
entry:
  %r = fadd <3 x double> %a, %b
  ret <3 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'div_v3f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.div canonical=3 empirical=4 full_width=4
; ASM-LABEL: div_v3f32:
; ASM:       vdivps {{.*}}%xmm
; ASM-NOT:   vdiv
; ASM:       retq
define <3 x float> @div_v3f32(<3 x float> %a, <3 x float> %b) #0 {
entry:
  %r = fdiv <3 x float> %a, %b
  ret <3 x float> %r
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
