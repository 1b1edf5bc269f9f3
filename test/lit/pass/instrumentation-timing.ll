; Timing: only functions with loops are timed (a loop-free function is too
; short to time with a cycle counter, and the caller's time includes it).
; A timed function's entry is one call of the runtime's
; __roof_enter(module, counters, slot), which registers the thread's counters
; on its first call, adds 1 to the calls counter at `slot` (the entry
; block's slot 0) and returns the cycle counter (test/lit/runtime/enter.c).
; A function that cannot recurse (norecurse, or calling only functions that
; cannot call it back: test/lit/pass/instrumentation-recursion.ll) has one
; activation at a time on a thread: each of its returns calls
; __roof_leave(counters, time slot, start), which adds the cycles since.
; Both calls are preserve_allcc, and their declarations nonlazybind
; (runtime/entry_x86_64.S). One that may recurse (@withloop calls a
; function of another module, which may call it back) also keeps a
; recursion-depth slot: it increments it on entry, restores it at every
; return, reads the cycle counter there and adds the cycles of the
; outermost activation only (depth was 0).
; A loop-free function tests the registration word after the counters
; (absolute slot 9 here) inline and calls __roof_register_thread only when
; it is 0 (a call on every entry would cost a small function its arguments'
; spills).
; The time and depth slots follow the census slots of the function; the
; descriptor gives them relative to the function's first slot.
;
; @noloop:    slots: 0 entry                    time -1, depth -1
; @withloop:  slots: 0 entry, 1 %loop, 2 %odd   time 3, depth 4 (relative),
;             first slot 1, so absolute slots 4 (time) and 5 (depth)
; @norecurse: slots: 0 entry, 1 %loop           time 2, no depth,
;             first slot 6, so absolute slot 8 (time)
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @roof.functions = private constant [3 x %roof.Function] [%roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 0, i32 1, i32 0, i32 -1, i32 -1, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 1, i32 5, i32 0, i32 3, i32 4, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 6, i32 3, i32 0, i32 2, i32 -1, {{[^}]+}} }]

; CHECK-LABEL: define double @noloop(
; CHECK-NOT:     readcyclecounter
; CHECK:         [[W:%[^ ]+]] = getelementptr inbounds i64, ptr [[C0:%[^ ]+]], i64 9{{$}}
; CHECK-NEXT:    load i64, ptr [[W]]
; CHECK-NOT:     readcyclecounter
; CHECK:         call void @__roof_register_thread(ptr @__roof_module, ptr [[C0]])
; CHECK-NOT:     readcyclecounter
; CHECK:         ret double
define double @noloop(double %a) #0 {
entry:
  %r = fmul double %a, %a
  ret double %r
}

; CHECK-LABEL: define double @withloop(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[C:%[^ ]+]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK-NEXT:    [[T0:%[^ ]+]] = call preserve_allcc i64 @__roof_enter(ptr @__roof_module, ptr [[C]], i32 1)
; CHECK-NEXT:    [[DS:%[^ ]+]] = getelementptr inbounds i64, ptr [[C]], i64 5{{$}}
; CHECK-NEXT:    [[D:%[^ ]+]] = load i64, ptr [[DS]],
; CHECK-NEXT:    [[D1:%[^ ]+]] = add i64 [[D]], 1{{$}}
; CHECK-NEXT:    store i64 [[D1]], ptr [[DS]],
; CHECK-NEXT:    [[OUTER:%[^ ]+]] = icmp eq i64 [[D]], 0{{$}}
; Two returns, each restores the depth and adds its elapsed cycles.
; CHECK:       even:
; CHECK:         [[DS2:%[^ ]+]] = getelementptr inbounds i64, ptr [[C]], i64 5{{$}}
; CHECK-NEXT:    store i64 [[D]], ptr [[DS2]],
; CHECK-NEXT:    [[T1:%[^ ]+]] = call i64 @llvm.readcyclecounter()
; CHECK-NEXT:    [[E:%[^ ]+]] = sub i64 [[T1]], [[T0]]
; CHECK-NEXT:    [[EL:%[^ ]+]] = select i1 [[OUTER]], i64 [[E]], i64 0
; CHECK-NEXT:    [[TS:%[^ ]+]] = getelementptr inbounds i64, ptr [[C]], i64 4{{$}}
; CHECK-NEXT:    [[TV:%[^ ]+]] = load i64, ptr [[TS]],
; CHECK-NEXT:    [[TA:%[^ ]+]] = add i64 [[TV]], [[EL]]
; CHECK-NEXT:    store i64 [[TA]], ptr [[TS]],
; CHECK-NEXT:    ret double %acc.next
; CHECK:       odd:
; CHECK:         store i64 [[D]], ptr {{%[^ ]+}},
; CHECK-NEXT:    call i64 @llvm.readcyclecounter()
; CHECK:         ret double %h
define double @withloop(double %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ %x, %entry ], [ %acc.next, %loop ]
  %acc.next = fmul double %acc, %x
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %check, label %loop
check:
  call void @callback()
  %bit = and i64 %n, 1
  %isodd = icmp ne i64 %bit, 0
  br i1 %isodd, label %odd, label %even
even:
  ret double %acc.next
odd:
  %h = fadd double %acc.next, 0.5
  ret double %h
}

; A function of another module, which may call @withloop back.
declare void @callback()

; CHECK-LABEL: define double @norecurse(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[C3:%[^ ]+]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK-NEXT:    [[T3:%[^ ]+]] = call preserve_allcc i64 @__roof_enter(ptr @__roof_module, ptr [[C3]], i32 6)
; CHECK-NEXT:    br label %loop
; CHECK:       exit:
; CHECK-NOT:     readcyclecounter
; CHECK:         call preserve_allcc void @__roof_leave(ptr [[C3]], i32 8, i64 [[T3]])
; CHECK-NEXT:    ret double %acc.next
define double @norecurse(double %x, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ %x, %entry ], [ %acc.next, %loop ]
  %acc.next = fmul double %acc, %x
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc.next
}

; The entry and the return are the runtime's: declared, not defined.
; CHECK-NOT:     define {{.*}}@__roof_enter
; CHECK-NOT:     define {{.*}}@__roof_leave
; CHECK:         declare preserve_allcc i64 @__roof_enter(ptr, ptr, i32) [[BOUND:#[0-9]+]]
; CHECK:         declare preserve_allcc void @__roof_leave(ptr, i32, i64) [[BOUND]]
; CHECK:         attributes [[BOUND]] = { {{.*}}nonlazybind{{.*}} }

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { norecurse "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
