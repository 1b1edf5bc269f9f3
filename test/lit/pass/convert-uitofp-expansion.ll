; Regression test for a fixed bug, which was: conversions are never probed; roof counts each as one "convert" per
; lane in every kind. Without AVX-512 (x86-64-v3) there is no unsigned
; integer -> FP instruction, and the backend expands uitofp into integer
; bit tricks plus FP subtractions and additions (ASM lines). Those are real
; executed FLOPs (SDE counts vsubpd/vaddsd; so would a hardware counter),
; and no conversion instruction executes at all.
;
;   uitofp i64 -> double        vsubpd %xmm (2) + vaddsd (1)
;                               empirical: fp64.add 3, fp64.convert 0
;   uitofp <4 x i64> -> <4 x double>   vsubpd %ymm (4) + vaddpd %ymm (4)
;                               empirical: fp64.add 8, fp64.convert 0
;   uitofp <8 x i32> -> <8 x float>    vsubps %ymm (8) + vaddps %ymm (8)
;                               empirical: fp32.add 16, fp32.convert 0
; Canonical stays 1 convert per lane. full_width = empirical (no masks).
; roof gives convert canonical = empirical = full_width = lanes, no add.
; (A `(double)n` with an unsigned 64-bit n, e.g. a size_t, is common in
; HPC code; compiled for AVX2 every such conversion hides 3 FLOPs.)
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'u64_to_f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=3 full_width=3
; CHECK-NEXT:     fp64.convert canonical=1 empirical=0 full_width=0
; ASM-LABEL: u64_to_f64:
; ASM-NOT:   cvt
; ASM:       vsubpd {{.*}}%xmm
; ASM:       vaddsd
; ASM-NEXT:  retq
define double @u64_to_f64(i64 %x) #0 {
entry:
  %r = uitofp i64 %x to double
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'v4u64_to_v4f64'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=8 full_width=8
; CHECK-NEXT:     fp64.convert canonical=4 empirical=0 full_width=0
; ASM-LABEL: v4u64_to_v4f64:
; ASM-NOT:   cvt
; ASM:       vsubpd {{.*}}%ymm
; ASM-NEXT:  vaddpd {{.*}}%ymm
; ASM-NEXT:  retq
define <4 x double> @v4u64_to_v4f64(<4 x i64> %x) #0 {
entry:
  %r = uitofp <4 x i64> %x to <4 x double>
  ret <4 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'v8u32_to_v8f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=0 empirical=16 full_width=16
; CHECK-NEXT:     fp32.convert canonical=8 empirical=0 full_width=0
; ASM-LABEL: v8u32_to_v8f32:
; ASM-NOT:   cvt
; ASM:       vsubps {{.*}}%ymm
; ASM-NEXT:  vaddps {{.*}}%ymm
; ASM-NEXT:  retq
define <8 x float> @v8u32_to_v8f32(<8 x i32> %x) #0 {
entry:
  %r = uitofp <8 x i32> %x to <8 x float>
  ret <8 x float> %r
}

attributes #0 = { "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
