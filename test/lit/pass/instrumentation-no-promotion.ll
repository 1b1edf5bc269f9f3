; Loops that may be left abnormally keep their counter updates in memory
; inside the loop: a call to an unknown function may call exit(), longjmp,
; throw, or read the counters (roof_region_end), so counts held in
; registers could be lost.
;
; @unknown_call: the loop calls @opaque (no willreturn/nounwind): the
;   loop block's counter is loaded, incremented and stored inside %loop,
;   and there is no promoted phi.
; @outer_not_inner: the call is in the outer loop's latch, so the outer
;   loop is not promoted but its inner loop is (its exit test is on data, so
;   scalar evolution cannot count its trips): the inner count is a phi
;   inside %inner, added to memory at the inner exit (%latch), while %latch's
;   own count is a plain in-loop update.
; @infinite: a loop without an exit cannot be promoted.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @unknown_call(
; CHECK-NOT:     %roof.local
; CHECK:       loop:
; CHECK:         [[S:%[^ ]+]] = getelementptr inbounds i64, ptr {{%[^ ]+}}, i64 1{{$}}
; CHECK-NEXT:    [[V:%[^ ]+]] = load i64, ptr [[S]],
; CHECK-NEXT:    [[A:%[^ ]+]] = add i64 [[V]], 1{{$}}
; CHECK-NEXT:    store i64 [[A]], ptr [[S]],
; CHECK:         call void @opaque(ptr %p)
; CHECK-NOT:     %roof.local
; CHECK:         ret void
define void @unknown_call(ptr %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %w = fadd double %v, 1.0
  store double %w, ptr %p
  call void @opaque(ptr %p)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @outer_not_inner(
; CHECK:       inner:
; CHECK-NEXT:    [[IL:%[^ ]+]] = phi i64 [ 0, %outer ], [ [[ILN:%[^ ]+]], %inner ]
; CHECK-NOT:     roof.slot
; CHECK:         [[ILN]] = add i64 [[IL]], 1{{$}}
; CHECK-NOT:     roof.slot
; CHECK:       latch:
; CHECK-DAG:     add i64 %roof.count{{[^ ]*}}, [[ILN]]{{$}}
; CHECK-DAG:     add i64 %roof.count{{[^ ]*}}, 1{{$}}
; CHECK:         call void @opaque(ptr %q)
define void @outer_not_inner(ptr %a, i64 %n, i64 %m) #0 {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr double, ptr %a, i64 %j
  %v = load double, ptr %p
  %w = fmul double %v, 2.0
  store double %w, ptr %p
  %j.next = add i64 %j, 1
  %jd = fcmp oge double %w, 1.0e3
  br i1 %jd, label %latch, label %inner
latch:
  %q = getelementptr double, ptr %a, i64 %i
  %u = load double, ptr %q
  %u2 = fadd double %u, 1.0
  store double %u2, ptr %q
  call void @opaque(ptr %q)
  %i.next = add i64 %i, 1
  %id = icmp eq i64 %i.next, %n
  br i1 %id, label %exit, label %outer
exit:
  ret void
}

; CHECK-LABEL: define void @infinite(
; CHECK:       loop:
; CHECK-NEXT:    [[S:%[^ ]+]] = getelementptr inbounds i64, ptr {{%[^ ]+}}, i64 {{[0-9]+}}{{$}}
; CHECK-NEXT:    [[V:%[^ ]+]] = load i64, ptr [[S]],
; CHECK-NEXT:    [[A:%[^ ]+]] = add i64 [[V]], 1{{$}}
; CHECK-NEXT:    store i64 [[A]], ptr [[S]],
; CHECK-NEXT:    %v = load volatile double, ptr %x
define void @infinite(ptr %x) #0 {
entry:
  br label %loop
loop:
  %v = load volatile double, ptr %x
  %w = fadd double %v, 1.0
  store volatile double %w, ptr %x
  br label %loop
}

declare void @opaque(ptr)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
