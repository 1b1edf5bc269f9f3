; An OpenMP region whose parent function was inlined into its caller: the
; fork call is in @main, not in @scale (whose own copy stays, uncalled), and
; @twice was inlined and removed, leaving @twice.omp_outlined without a
; parent in the module. Each fork call is then an activation of the function
; the region is reported under (@scale; @twice.omp_outlined itself): it adds
; 1 to that function's calls slot, which becomes its descriptor's entry slot,
; and the cycles of the fork to its time slot, under its depth slot.
;
; Slots (relative): @scale: 0 entry block, 1 time (its own copy forks, so
; it times itself), 2 calls (counted by its entry call too), 3 depth (a
; fork may activate it while it runs).
; @twice.omp_outlined: 0 entry, 1 loop, then 2 calls, 3 time, 4 depth; its
; body is not timed (threads run it: the fork's time is the region's).
; @main: 0 entry, 1 time, 2 depth.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr null }

; name, demangled, attributed_to, first_slot, num_slots, entry_slot,
; time_slot, depth_slot:
; CHECK: @roof.functions = private constant [4 x %roof.Function]
; CHECK-SAME: %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 0, i32 4, i32 2, i32 1, i32 3,
; CHECK-SAME: %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr @{{[^,]+}}, i32 4, i32 2, i32 0, i32 -1, i32 -1,
; CHECK-SAME: %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr @{{[^,]+}}, i32 6, i32 5, i32 2, i32 3, i32 4,
; CHECK-SAME: %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 11, i32 3, i32 0, i32 1, i32 2,

define void @scale(i64 %n, ptr %x) {
entry:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @scale.omp_outlined, i64 %n, ptr %x)
  ret void
}

define internal void @scale.omp_outlined(ptr noalias %gtid, ptr noalias %btid, i64 %n, ptr %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, 3.0
  store double %w, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define internal void @twice.omp_outlined(ptr noalias %gtid, ptr noalias %btid, i64 %n, ptr %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %w = fadd double %v, %v
  store double %w, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; @scale's entry call counts its calls at its calls slot (absolute 0 + 2).
; CHECK-LABEL: define void @scale(
; CHECK:       call preserve_allcc i64 @__roof_enter(ptr @__roof_module, ptr %{{.*}}, i32 2)

; @twice.omp_outlined is not timed in its body, but has a loop: it calls
; __roof_register_thread (the thread's registration) on entry, without the
; test of the registration word of a loop-free function.
; CHECK-LABEL: define internal void @twice.omp_outlined(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[C:%.*]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK-NEXT:    call void @__roof_register_thread(ptr @__roof_module, ptr [[C]])
; CHECK-NOT:     %roof.known
; CHECK:         ret void

; In @main, around each fork: +1 to the calls slot of the function it
; activates (absolute slots: @scale 0 + 2 = 2, @twice.omp_outlined 6 + 2 =
; 8), its depth slot raised (3; 10), the cycle counter read before and
; after, the elapsed cycles added to its time slot (1; 9).
; CHECK-LABEL: define i32 @main(
; CHECK:       getelementptr inbounds i64, ptr %{{.*}}, i64 2
; CHECK:       getelementptr inbounds i64, ptr %{{.*}}, i64 3
; CHECK:       call i64 @llvm.readcyclecounter()
; CHECK-NEXT:  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @scale.omp_outlined,
; CHECK-NEXT:  call i64 @llvm.readcyclecounter()
; CHECK:       getelementptr inbounds i64, ptr %{{.*}}, i64 1
; CHECK:       getelementptr inbounds i64, ptr %{{.*}}, i64 8
; CHECK:       getelementptr inbounds i64, ptr %{{.*}}, i64 10
; CHECK:       call i64 @llvm.readcyclecounter()
; CHECK-NEXT:  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @twice.omp_outlined,
; CHECK-NEXT:  call i64 @llvm.readcyclecounter()
; CHECK:       getelementptr inbounds i64, ptr %{{.*}}, i64 9
define i32 @main(ptr %x) {
entry:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @scale.omp_outlined, i64 64, ptr %x)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @twice.omp_outlined, i64 64, ptr %x)
  ret i32 0
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
