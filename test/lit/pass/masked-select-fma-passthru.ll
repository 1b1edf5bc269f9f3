; Regression test for a fixed bug, which was: roof folds a vector select into an FMA's write mask whatever the
; select's pass-through value is, as for vaddpd. But EVEX FMA instructions
; are destructive: the destination is one of the three operands, so merge
; masking can only keep an FMA operand (a, b via vfmadd132/213, or the
; addend c via vfmadd231: masked-select.ll, mask_fmuladd_addend) or zero.
; With an unrelated pass-through %src (a compiler-made conditional update
; `z = m ? a*b + c : z`) the FMA runs unmasked on all 8 lanes and a masked
; vmovapd merges the result (ASM lines). The same holds for an fmul/fadd
; pair contracted into an FMA.
;
; Expected (x86-64-v4):
;   fmuladd: per execution fp64.fma empirical=16 full_width=16;
;            per active lane of %m fp64.fma canonical=2
;   contracted fmul+fadd: per execution fp64.fma empirical=16 full_width=16;
;            per active lane of %m fp64.add canonical=1, fp64.mul canonical=1
; roof gives fp64.fma empirical=2 per active lane of %m (undercount by
; 2 x (8 - popcount(m)) per execution).
; Fix: FlopCostModel::writeMask must, for FMAs, require the pass-through to
; be one of the FMA's operands (or zero).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'fmuladd_other_src'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.fma canonical=2 empirical=0 full_width=0
; ASM-LABEL: fmuladd_other_src:
; ASM:       vfmadd213pd %zmm3, %zmm2, %zmm1 #
; ASM-NEXT:  kmovd %edi, %k1
; ASM-NEXT:  vmovapd %zmm1, %zmm0 {%k1}
define <8 x double> @fmuladd_other_src(<8 x double> %src, <8 x double> %a, <8 x double> %b, <8 x double> %c, i8 %k) #0 {
entry:
  %s = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a, <8 x double> %b, <8 x double> %c)
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %src
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'contract_other_src'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NOT:      fp64.fma
; ASM-LABEL: contract_other_src:
; ASM:       vfmadd213pd %zmm3, %zmm2, %zmm1 #
; ASM-NEXT:  kmovd %edi, %k1
; ASM-NEXT:  vmovapd %zmm1, %zmm0 {%k1}
define <8 x double> @contract_other_src(<8 x double> %src, <8 x double> %a, <8 x double> %b, <8 x double> %c, i8 %k) #0 {
entry:
  %p = fmul contract <8 x double> %a, %b
  %s = fadd contract <8 x double> %p, %c
  %m = bitcast i8 %k to <8 x i1>
  %r = select <8 x i1> %m, <8 x double> %s, <8 x double> %src
  ret <8 x double> %r
}

declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "min-legal-vector-width"="512" }
