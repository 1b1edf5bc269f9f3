; Timing: only functions with loops are timed (a loop-free function is too
; short to time with a cycle counter, and the caller's time includes it).
; A timed function starts with a call of the module's __roof_enter(its
; absolute time slot), which returns the thread's counter array, and calls
; __roof_leave(array, time slot) before every return; an untimed one gets
; the array inline (instrumentation-module.ll). The time
; slot is followed by the recursion-depth slot and the start slot: enter
; increments the depth and, for the outermost activation (depth was 0),
; stores the cycle counter in the start slot; leave decrements the depth and,
; back at 0, adds the cycles since the start to the time slot. The three
; slots follow the census slots of the function; the descriptor gives time
; and depth relative to the function's first slot.
;
; @noloop:   slots: 0 entry                     time -1, depth -1
; @withloop: slots: 0 entry, 1 %loop, 2 %odd    time 3, depth 4, start 5
;            (relative), first slot 1, so absolute time slot 4
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @roof.functions = private constant [2 x %roof.Function] [%roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 0, i32 1, i32 0, i32 -1, i32 -1, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 1, i32 6, i32 0, i32 3, i32 4, {{[^}]+}} }]

; CHECK-LABEL: define double @noloop(
; CHECK-NOT:     __roof_enter
; CHECK-NOT:     readcyclecounter
; CHECK-NOT:     __roof_leave
; CHECK:         ret double
define double @noloop(double %a) #0 {
entry:
  %r = fmul double %a, %a
  ret double %r
}

; CHECK-LABEL: define double @withloop(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[C:%[^ ]+]] = call fastcc ptr @__roof_enter(i32 4)
; Two returns, each leaves.
; CHECK:       even:
; CHECK:         call fastcc void @__roof_leave(ptr [[C]], i32 4)
; CHECK-NEXT:    ret double %acc.next
; CHECK:       odd:
; CHECK:         call fastcc void @__roof_leave(ptr [[C]], i32 4)
; CHECK-NEXT:    ret double %h
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
  %bit = and i64 %n, 1
  %isodd = icmp ne i64 %bit, 0
  br i1 %isodd, label %odd, label %even
even:
  ret double %acc.next
odd:
  %h = fadd double %acc.next, 0.5
  ret double %h
}

; The module's activation code.
; CHECK-LABEL: define internal fastcc ptr @__roof_enter(i32 %0)
; CHECK:         [[A:%[^ ]+]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK:         [[R:%[^ ]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__roof_thread_registered)
; CHECK:         call void @__roof_register_thread(ptr @__roof_module, ptr [[A]])
; CHECK-NEXT:    store i8 1, ptr [[R]],
; CHECK:         [[TI:%[^ ]+]] = zext i32 %0 to i64
; CHECK-NEXT:    [[TS:%[^ ]+]] = getelementptr inbounds i64, ptr [[A]], i64 [[TI]]
; CHECK-NEXT:    [[DS:%[^ ]+]] = getelementptr inbounds i64, ptr [[TS]], i64 1
; CHECK-NEXT:    [[SS:%[^ ]+]] = getelementptr inbounds i64, ptr [[TS]], i64 2
; CHECK-NEXT:    [[D:%[^ ]+]] = load i64, ptr [[DS]],
; CHECK-NEXT:    [[D1:%[^ ]+]] = add i64 [[D]], 1{{$}}
; CHECK-NEXT:    store i64 [[D1]], ptr [[DS]],
; CHECK-NEXT:    icmp eq i64 [[D]], 0{{$}}
; CHECK:         [[T0:%[^ ]+]] = call i64 @llvm.readcyclecounter()
; CHECK-NEXT:    store i64 [[T0]], ptr [[SS]],
; CHECK:         ret ptr [[A]]
; CHECK-LABEL: define internal fastcc void @__roof_leave(ptr %0, i32 %1)
; CHECK:         [[LI:%[^ ]+]] = zext i32 %1 to i64
; CHECK-NEXT:    [[LTS:%[^ ]+]] = getelementptr inbounds i64, ptr %0, i64 [[LI]]
; CHECK-NEXT:    [[LDS:%[^ ]+]] = getelementptr inbounds i64, ptr [[LTS]], i64 1
; CHECK-NEXT:    [[LSS:%[^ ]+]] = getelementptr inbounds i64, ptr [[LTS]], i64 2
; CHECK-NEXT:    [[LD:%[^ ]+]] = load i64, ptr [[LDS]],
; CHECK-NEXT:    [[LD1:%[^ ]+]] = sub i64 [[LD]], 1{{$}}
; CHECK-NEXT:    store i64 [[LD1]], ptr [[LDS]],
; CHECK-NEXT:    icmp eq i64 [[LD1]], 0{{$}}
; CHECK:         [[T1:%[^ ]+]] = call i64 @llvm.readcyclecounter()
; CHECK-NEXT:    [[S:%[^ ]+]] = load i64, ptr [[LSS]],
; CHECK-NEXT:    [[E:%[^ ]+]] = sub i64 [[T1]], [[S]]
; CHECK-NEXT:    [[TV:%[^ ]+]] = load i64, ptr [[LTS]],
; CHECK-NEXT:    [[TA:%[^ ]+]] = add i64 [[TV]], [[E]]
; CHECK-NEXT:    store i64 [[TA]], ptr [[LTS]],

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
