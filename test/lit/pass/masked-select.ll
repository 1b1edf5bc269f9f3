; AVX-512 write masks. _mm512_mask_add_pd(src, k, a, b) is, in IR,
;   %s = fadd <8 x double> %a, %b
;   %m = bitcast i8 %k to <8 x i1>
;   %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %src
; and the backend folds the select into `vaddpd ... {%k1}`: only the active
; lanes execute (SDE's mask-aware count), the hardware counter still sees a
; full 512-bit instruction.
;
; x86-64-v4:
;   canonical  add 1 per active lane of %m   (only selected lanes are live)
;   empirical  add 1 per active lane of %m   (masked vaddpd)
;   full_width add 8 per execution
; x86-64-v3 (no AVX-512: the select is a vblendvpd, the add runs on all
; lanes):
;   canonical add 1 per active lane of %m; empirical = full_width = 8 per
;   execution
; The fadd as the false operand of a select whose true operand is zero is
; live where %m is clear: "per active lane of !%m"; the backend inverts the
; mask (knotb) and zero-masks the add (vaddpd {%k1} {z}). (With a non-zero
; true operand LLVM 19 does not fold the select: masked-select-inverted.ll.)
; An fadd with a second use is not folded: everything full width except
; canonical, which is full width too (the other use needs every lane).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'mask_add_v4'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=0 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=0
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm {k}
; ASM-LABEL: mask_add_v4:
; ASM:       kmovd %edi, %k1
; ASM-NEXT:  vaddpd %zmm2, %zmm1, %zmm0 {%k1}
; ASM-NEXT:  retq
define <8 x double> @mask_add_v4(<8 x double> %src, <8 x double> %a, <8 x double> %b, i8 %k) #0 {
entry:
  %s = fadd <8 x double> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %src
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'mask_add_v3'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd ymm, vaddpd ymm
; ASM-LABEL: mask_add_v3:
; ASM:       vaddpd
; ASM:       vaddpd
; ASM:       vblendvpd
; ASM:       vblendvpd
; ASM:       retq
define <8 x double> @mask_add_v3(<8 x double> %src, <8 x double> %a, <8 x double> %b, i8 %k) #1 {
entry:
  %s = fadd <8 x double> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %src
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'mask_add_inverted_zero'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=0 full_width=8
; CHECK-NEXT:   block %entry: per active lane of !%m
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=0
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm {k}{z}
; ASM-LABEL: mask_add_inverted_zero:
; ASM:       knotb
; ASM-NEXT:  vaddpd %zmm1, %zmm0, %zmm0 {%k1} {z}
; ASM-NEXT:  retq
define <8 x double> @mask_add_inverted_zero(<8 x double> %a, <8 x double> %b, i8 %k) #0 {
entry:
  %s = fadd <8 x double> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> zeroinitializer, <8 x double> %s
  ret <8 x double> %r
}

; Zero-masking with the add on the true arm: vaddpd {%k1} {z}.
; CHECK-LABEL: roof-counter-plan: function 'maskz_add'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=0 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=0
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm {k}{z}
; ASM-LABEL: maskz_add:
; ASM:       kmovd %edi, %k1
; ASM-NEXT:  vaddpd %zmm1, %zmm0, %zmm0 {%k1} {z}
; ASM-NEXT:  retq
define <8 x double> @maskz_add(<8 x double> %a, <8 x double> %b, i8 %k) #0 {
entry:
  %s = fadd <8 x double> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> zeroinitializer
  ret <8 x double> %r
}

; Masked multiply on 256-bit vectors needs AVX512VL (x86-64-v4 has it):
; vmulps %ymm {%k1}, per active lane.
; CHECK-LABEL: roof-counter-plan: function 'mask_mul_v8f32'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.mul canonical=0 empirical=0 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp32.mul canonical=1 empirical=1 full_width=0
; CHECK-NEXT: machine: block %entry: vmulps ymm {k}
; ASM-LABEL: mask_mul_v8f32:
; ASM:       vmulps %ymm2, %ymm1, %ymm0 {%k1}
; ASM-NEXT:  retq
define <8 x float> @mask_mul_v8f32(<8 x float> %src, <8 x float> %a, <8 x float> %b, i8 %k) #0 {
entry:
  %s = fmul <8 x float> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x float> %s, <8 x float> %src
  ret <8 x float> %r
}

; _mm512_mask3_fmadd_pd(a, b, c, k): the pass-through is the addend, which
; the destructive EVEX FMA can keep: vfmadd231pd ... {%k1}, per active lane
; (fma 2). (An unrelated pass-through cannot: masked-select-fma-passthru.ll.)
; CHECK-LABEL: roof-counter-plan: function 'mask_fmuladd_addend'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=0 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.fma canonical=2 empirical=2 full_width=0
; CHECK-NEXT: machine: block %entry: vfmadd231pd zmm {k}
; ASM-LABEL: mask_fmuladd_addend:
; ASM:       kmovd %edi, %k1
; ASM-NEXT:  vfmadd231pd %zmm1, %zmm0, %zmm2 {%k1}
define <8 x double> @mask_fmuladd_addend(<8 x double> %a, <8 x double> %b, <8 x double> %c, i8 %k) #0 {
entry:
  %s = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a, <8 x double> %b, <8 x double> %c)
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %c
  ret <8 x double> %r
}

; A masked divide is one vdivpd {%k1}: per active lane.
; CHECK-LABEL: roof-counter-plan: function 'mask_div'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.div canonical=0 empirical=0 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.div canonical=1 empirical=1 full_width=0
; CHECK-NEXT: machine: block %entry: vdivpd zmm {k}
; ASM-LABEL: mask_div:
; ASM:       vdivpd %zmm2, %zmm1, %zmm0 {%k1}
define <8 x double> @mask_div(<8 x double> %src, <8 x double> %a, <8 x double> %b, i8 %k) #0 {
entry:
  %s = fdiv <8 x double> %a, %b
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %src
  ret <8 x double> %r
}

; The sum is also stored: every lane is live and executed.
; CHECK-LABEL: roof-counter-plan: function 'second_use'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
; CHECK-NEXT:     bytes loaded=0 stored=64
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vaddpd zmm
define <8 x double> @second_use(<8 x double> %src, <8 x double> %a, <8 x double> %b, i8 %k, ptr %p) #0 {
entry:
  %s = fadd <8 x double> %a, %b
  store <8 x double> %s, ptr %p
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %src
  ret <8 x double> %r
}

declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "min-legal-vector-width"="512" }
attributes #1 = { "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
