; Regression test for a fixed bug, which was: llvm.vp.load / llvm.vp.store (and vp.gather/vp.scatter, the strided
; forms) move no bytes in roof. FlopCostModel::call() returns early for
; every VPIntrinsic that has a memory pointer or data parameter
;   if (auto *VP = dyn_cast<VPIntrinsic>(&Call)) {
;     if (!VP->getMemoryPointerParam() && !VP->getMemoryDataParam())
;       predicatedArithmetic(*VP, Out);
;     return;                       // <- vp.load/vp.store never reach memory()
;   }
; so the vp_load/vp_store cases of FlopCostModel::memory() are dead code.
; On x86 they become masked moves whose mask is %m AND (lane < %evl) (ASM
; lines: vpcmpnleud ... {%k1}, vmovupd {%k1} {z}, vmovupd {%k1}).
;
; Expected (x86-64-v4), one counter per active lane of %m below %evl:
;   bytes loaded 16 (two <8 x double> element loads) stored 8,
;   fp64.add canonical 1 (the vp.fadd)
; and fp64.add empirical = full_width = 8 per execution.
; roof gives the fadd lines but no "bytes" line at all.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'vp_axpy'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     bytes loaded=16 stored=8
; ASM-LABEL: vp_axpy:
; ASM:       vpcmpnleud {{.*}}, %k1 {%k1}
; ASM-NEXT:  vmovupd (%rdi), %zmm0 {%k1} {z}
; ASM-NEXT:  vmovupd (%rsi), %zmm1 {%k1} {z}
; ASM-NEXT:  vaddpd %zmm1, %zmm0, %zmm0{{$}}
; ASM-NEXT:  vmovupd %zmm0, (%rsi) {%k1}
define void @vp_axpy(ptr %x, ptr %y, <8 x i1> %m, i32 %evl) #0 {
entry:
  %a = call <8 x double> @llvm.vp.load.v8f64.p0(ptr %x, <8 x i1> %m, i32 %evl)
  %b = call <8 x double> @llvm.vp.load.v8f64.p0(ptr %y, <8 x i1> %m, i32 %evl)
  %s = call <8 x double> @llvm.vp.fadd.v8f64(<8 x double> %a, <8 x double> %b, <8 x i1> %m, i32 %evl)
  call void @llvm.vp.store.v8f64.p0(<8 x double> %s, ptr %y, <8 x i1> %m, i32 %evl)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'vp_gather_scatter'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per active lane of %m below %evl
; CHECK-NEXT:     bytes loaded=4 stored=4
define void @vp_gather_scatter(<8 x ptr> %src, <8 x ptr> %dst, <8 x i1> %m, i32 %evl) #0 {
entry:
  %v = call <8 x float> @llvm.vp.gather.v8f32.v8p0(<8 x ptr> %src, <8 x i1> %m, i32 %evl)
  call void @llvm.vp.scatter.v8f32.v8p0(<8 x float> %v, <8 x ptr> %dst, <8 x i1> %m, i32 %evl)
  ret void
}

declare <8 x double> @llvm.vp.load.v8f64.p0(ptr, <8 x i1>, i32)
declare void @llvm.vp.store.v8f64.p0(<8 x double>, ptr, <8 x i1>, i32)
declare <8 x double> @llvm.vp.fadd.v8f64(<8 x double>, <8 x double>, <8 x i1>, i32)
declare <8 x float> @llvm.vp.gather.v8f32.v8p0(<8 x ptr>, <8 x i1>, i32)
declare void @llvm.vp.scatter.v8f32.v8p0(<8 x float>, <8 x ptr>, <8 x i1>, i32)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
