; Regression test for a fixed bug, which was: a function whose work is an OpenMP parallel loop is never timed.
; Timing is decided per IR function: `P.AttributedTo.empty() &&
; !LoopAnalysis(F).empty()` (CounterInstrumenter::run). After clang outlines
; `#pragma omp parallel for` the parent (@scale below, as clang -fopenmp
; emits it) has no loop left, only the __kmpc_fork_call, so it gets no time
; slot; the outlined body has the loop but is deliberately not timed because
; its work is attributed to @scale. Result: the function that carries all
; the FLOPs and bytes of the parallel loop reports "time_s": null, and a
; roofline point cannot be placed for it (docs/schema.md: time_s is null
; only for functions "without loops").
;
; Expected: @scale is timed like a function with a loop: it calls
; __roof_enter on entry and reads llvm.readcyclecounter before its return, and its descriptor
; has time and depth slots (here relative slots 1 and 2: @scale has one
; census slot, its entry block).
; roof gives: no readcyclecounter in @scale, time_slot = depth_slot = -1.
; Fix: also time functions that call __kmpc_fork_call (or __kmpc_fork_teams,
; GOMP_parallel) with a body attributed to them.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr null }

; CHECK: @roof.functions = private constant [2 x %roof.Function] [%roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 0, i32 3, i32 0, i32 1, i32 2,

; CHECK-LABEL: define void @scale(
; CHECK:         call preserve_allcc i64 @__roof_enter(ptr @__roof_module, ptr %{{.*}}, i32 0)
; CHECK:         call void (ptr, i32, ptr, ...) @__kmpc_fork_call(
; CHECK:         call i64 @llvm.readcyclecounter()
; CHECK:         ret void
define void @scale(i64 %n, double %a, ptr %x) #0 {
entry:
  %n.addr = alloca i64
  %a.addr = alloca double
  store i64 %n, ptr %n.addr
  store double %a, ptr %a.addr
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @scale.omp_outlined, ptr %n.addr, ptr %a.addr, ptr %x)
  ret void
}

define internal void @scale.omp_outlined(ptr noalias %gtid, ptr noalias %btid, ptr %n.addr, ptr %a.addr, ptr %x) #0 {
entry:
  %n = load i64, ptr %n.addr
  %a = load double, ptr %a.addr
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, %a
  store double %w, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
