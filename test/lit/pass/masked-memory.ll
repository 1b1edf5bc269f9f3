; llvm.masked.* memory intrinsics move one element per active lane of their
; mask: the bytes go to a counter "per active lane of %mask" whose run-time
; units are popcount(mask); the weight is the element size. Loads and stores
; under the same mask share one counter. A constant mask is folded to a
; static per-execution amount (active lanes x element size).
;
;   masked.load  <8 x double>, mask %m      loaded 8 per active lane of %m
;   masked.store <8 x double>, mask %m      stored 8 per active lane of %m
;   masked.gather <8 x float>, mask %g      loaded 4 per active lane of %g
;   masked.scatter <8 x float>, mask %g     stored 4 per active lane of %g
;   masked.expandload <4 x double>, %e      loaded 8 per active lane of %e
;   masked.compressstore <4 x double>, %e   stored 8 per active lane of %e
;   masked.load <8 x double>, mask <1,1,1,0,0,0,0,0>   loaded 3*8 = 24
;   masked.store <8 x double>, all-ones mask           stored 8*8 = 64
;   masked.store <8 x double>, zeroinitializer mask    nothing
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'load_store'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     bytes loaded=8 stored=8
; CHECK-NOT:    block
define void @load_store(ptr %p, ptr %q, i8 %k) #0 {
entry:
  %m = bitcast i8 %k to <8 x i1>
  %v = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %p, i32 8, <8 x i1> %m, <8 x double> poison)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v, ptr %q, i32 8, <8 x i1> %m)
  ret void
}

; Two different masks in one block: two counters.
; CHECK-LABEL: roof-counter-plan: function 'two_masks'
; CHECK-NEXT:   block %entry: per execution
; CHECK-DAG:    block %entry: per active lane of %m1
; CHECK-DAG:    block %entry: per active lane of %m2
; CHECK-DAG:      bytes loaded=8 stored=0
; CHECK-DAG:      bytes loaded=0 stored=8
define void @two_masks(ptr %p, ptr %q, <8 x i1> %m1, <8 x i1> %m2) #0 {
entry:
  %v = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %p, i32 8, <8 x i1> %m1, <8 x double> zeroinitializer)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v, ptr %q, i32 8, <8 x i1> %m2)
  ret void
}

; Two masks whose lanes are worth the same (an unrolled vector body, each
; part under its own mask): one counter, whose units are the sum of both
; popcounts (test/lit/pass/instrumentation-joined-masks.ll).
; CHECK-LABEL: roof-counter-plan: function 'unrolled_parts'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per active lane of %m1 + per active lane of %m2
; CHECK-NEXT:     bytes loaded=8 stored=8
; CHECK-NOT:    block
define void @unrolled_parts(ptr %p, ptr %q, <8 x i1> %m1, <8 x i1> %m2) #0 {
entry:
  %v1 = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %p, i32 8, <8 x i1> %m1, <8 x double> poison)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v1, ptr %q, i32 8, <8 x i1> %m1)
  %p2 = getelementptr double, ptr %p, i64 8
  %q2 = getelementptr double, ptr %q, i64 8
  %v2 = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %p2, i32 8, <8 x i1> %m2, <8 x double> poison)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v2, ptr %q2, i32 8, <8 x i1> %m2)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'gather_scatter'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per active lane of %g
; CHECK-NEXT:     bytes loaded=4 stored=4
define void @gather_scatter(<8 x ptr> %src, <8 x ptr> %dst, <8 x i1> %g) #0 {
entry:
  %v = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %src, i32 4, <8 x i1> %g, <8 x float> poison)
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %v, <8 x ptr> %dst, i32 4, <8 x i1> %g)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'expand_compress'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per active lane of %e
; CHECK-NEXT:     bytes loaded=8 stored=8
define void @expand_compress(ptr %p, ptr %q, <4 x i1> %e) #0 {
entry:
  %v = call <4 x double> @llvm.masked.expandload.v4f64(ptr %p, <4 x i1> %e, <4 x double> poison)
  call void @llvm.masked.compressstore.v4f64(<4 x double> %v, ptr %q, <4 x i1> %e)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'constant_masks'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     bytes loaded=24 stored=64
; CHECK-NOT:    block
define void @constant_masks(ptr %p, ptr %q) #0 {
entry:
  %v = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %p, i32 8, <8 x i1> <i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>, <8 x double> zeroinitializer)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v, ptr %q, i32 8, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v, ptr %p, i32 8, <8 x i1> zeroinitializer)
  ret void
}

; A masked loop body: the mask is a phi-independent compare inside the
; loop block, so the counter belongs to %body.
; CHECK-LABEL: roof-counter-plan: function 'in_loop'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %body: per active lane of %mask
; CHECK-NEXT:     bytes loaded=8 stored=0
define void @in_loop(ptr %p, i64 %n) #0 {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %ins = insertelement <8 x i64> poison, i64 %i, i64 0
  %splat = shufflevector <8 x i64> %ins, <8 x i64> poison, <8 x i32> zeroinitializer
  %idx = add <8 x i64> %splat, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %ns = insertelement <8 x i64> poison, i64 %n, i64 0
  %nsplat = shufflevector <8 x i64> %ns, <8 x i64> poison, <8 x i32> zeroinitializer
  %mask = icmp ult <8 x i64> %idx, %nsplat
  %addr = getelementptr double, ptr %p, i64 %i
  %v = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %addr, i32 8, <8 x i1> %mask, <8 x double> poison)
  %i.next = add i64 %i, 8
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

declare <8 x double> @llvm.masked.load.v8f64.p0(ptr, i32, <8 x i1>, <8 x double>)
declare void @llvm.masked.store.v8f64.p0(<8 x double>, ptr, i32, <8 x i1>)
declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, i32, <8 x i1>, <8 x float>)
declare void @llvm.masked.scatter.v8f32.v8p0(<8 x float>, <8 x ptr>, i32, <8 x i1>)
declare <4 x double> @llvm.masked.expandload.v4f64(ptr, <4 x i1>, <4 x double>)
declare void @llvm.masked.compressstore.v4f64(<4 x double>, ptr, <4 x i1>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
