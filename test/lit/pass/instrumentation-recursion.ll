; Which timed functions keep a recursion-depth slot (planDepths): only those
; that may be active twice on a thread. A function cannot recurse when it is
; norecurse or each of its calls is of a function that cannot call it back:
; a declaration with nocallback (intrinsics), a math library function the
; census knows (clang declares exp and the others without nocallback, so
; FunctionAttrs cannot infer norecurse for their callers), the runtime's own
; (the counting form __roof_libm_cos that replaces llvm.cos), or a
; function of the module that cannot recurse either and does not reach it.
; Those return through __roof_leave (test/lit/pass/instrumentation-timing.ll);
; the others read the cycle counter at their returns and add the outermost
; activation's cycles.
;
; @libm_loop:   calls exp and llvm.cos: no depth (-1), time slot 13
; @square:      loop-free, not timed
; @helper_loop: calls @square, which calls nothing: time 3, no depth
; @ping:        calls @pong, which calls @ping: time 2, depth 3
; @alloc_loop:  calls malloc, printf and free, C library functions that call
;               no program code: time 2, no depth
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; The descriptor's time and depth slots (relative), function by function.
; CHECK: @roof.functions = private constant [6 x %roof.Function] [%roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 13, i32 -1, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 -1, i32 -1, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 3, i32 -1, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 2, i32 3, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 -1, i32 -1, {{[^}]+}} }, %roof.Function { ptr @{{[^,]+}}, ptr @{{[^,]+}}, ptr null, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 2, i32 -1, {{[^}]+}} }]

; CHECK-LABEL: define double @libm_loop(
; CHECK:         call preserve_allcc i64 @__roof_enter(
; CHECK:         call double @exp(
; CHECK-NEXT:    call double @__roof_libm_cos(
; CHECK-NOT:     readcyclecounter
; CHECK:         call preserve_allcc void @__roof_leave(
; CHECK-NEXT:    ret double
define double @libm_loop(ptr %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %e = call double @exp(double %v)
  %c = call double @llvm.cos.f64(double %v)
  %s = fadd double %e, %c
  %acc.next = fadd double %acc, %s
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc.next
}

define internal double @square(double %v) #0 {
  %r = fmul double %v, %v
  ret double %r
}

; CHECK-LABEL: define double @helper_loop(
; CHECK:         call preserve_allcc i64 @__roof_enter(
; CHECK-NOT:     readcyclecounter
; CHECK:         call preserve_allcc void @__roof_leave(
; CHECK-NEXT:    ret double
define double @helper_loop(ptr %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s = call double @square(double %v)
  %acc.next = fadd double %acc, %s
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc.next
}

; CHECK-LABEL: define double @ping(
; CHECK:         call preserve_allcc i64 @__roof_enter(
; CHECK-NOT:     __roof_leave
; CHECK:         call i64 @llvm.readcyclecounter()
; CHECK-NOT:     __roof_leave
; CHECK:         call i64 @llvm.readcyclecounter()
; CHECK-NOT:     __roof_leave
; CHECK-LABEL: define internal double @pong(
define double @ping(double %x, i64 %n) #0 {
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
  %more = icmp sgt i64 %n, 1
  br i1 %more, label %again, label %out
again:
  %m = sub i64 %n, 1
  %r = call double @pong(double %acc.next, i64 %m)
  ret double %r
out:
  ret double %acc.next
}

define internal double @pong(double %x, i64 %n) #0 {
  %r = call double @ping(double %x, i64 %n)
  ret double %r
}

; CHECK-LABEL: define ptr @alloc_loop(
; CHECK:         call preserve_allcc i64 @__roof_enter(
; CHECK-NOT:     readcyclecounter
; CHECK:         call preserve_allcc void @__roof_leave(
; CHECK-NEXT:    ret ptr
define ptr @alloc_loop(i64 %n) #0 {
entry:
  %buf = call ptr @malloc(i64 %n)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds double, ptr %buf, i64 %i
  store double 1.0, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %w = call i32 (ptr, ...) @printf(ptr @format, ptr %buf)
  call void @free(ptr %buf)
  ret ptr %buf
}

@format = private constant [4 x i8] c"%p\0A\00"
declare ptr @malloc(i64)
declare void @free(ptr)
declare i32 @printf(ptr, ...)
declare double @exp(double) #1
declare double @llvm.cos.f64(double)

attributes #0 = { nounwind "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { nounwind willreturn memory(write) }
