; Counter promotion: a loop that cannot be left abnormally (no call that may
; not return, may throw, or is unknown) and calls no function keeps its
; blocks' counts in SSA registers and adds them to the counter array once per loop exit, as PGO's
; counter promotion does.
;
; @sum (slots: 0 entry, 1 %loop, 2 %exit; then 3 time, 4 depth):
;   %loop:  a phi of the running count (0 on entry) and "+ 1" per iteration;
;           no load or store of the counter array inside the loop;
;   %exit:  the promoted count is added to slot 1 (first slot 0 + 1);
;           %exit always runs with %entry (it post-dominates it), so its
;           own bytes are counted with the entry's slot 0: no slot 2 update.
; The loops here exit on a data-dependent test: scalar evolution cannot
; count their trips, so the count is kept in a register (loops it can count
; are in instrumentation-tripcount.ll).
; @nested: the outer loop is promotable, so the inner loop's and the outer
;   loop's counts are both promoted, each in its own loop: the inner count
;   goes to memory at the inner exit (%latch, once per outer iteration), the
;   outer one at the outer exit; %latch always runs with %outer, so it
;   shares %outer's counter.
;   Neither loop is entered or left other than through its header and its
;   exit, so each local lives in its own loop only.
; @bypass: some iterations of the outer loop skip the inner loop (%outer
;   branches around it to %latch), as the alternative versions of a loop in
;   optimised code do. The inner count is set to zero at the end of %guard,
;   the one block outside the inner loop that branches into it or to its exit
;   %after, so it lives in the inner loop only: the outer header has no phi
;   of it. (Zeroed in the entry block and again at the inner exit, it was
;   carried around the outer loop, a phi at %latch and at %outer holding a
;   register or a spill slot through the outer loop.)
; @libm_call: a loop that calls a function (here exp, as clang declares it
;   with -fno-math-errno) counts in memory, one update per iteration: the
;   call costs tens of cycles, the update one or two, and registers would
;   cost the compile a phi and an exit update per counter.
; @libm_errno: a call of a math library function without willreturn (erfc,
;   as clang declares it where it may set errno) returns and calls nothing
;   back, so it does not split its block's census: the one update before it
;   counts the store after it too, and its paths are counted by its counting
;   form, __roof_libm_erfc, as those of a willreturn call are.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @sum(
; CHECK:       entry:
; CHECK-NEXT:    [[C:%[^ ]+]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK:         br label %loop
; CHECK:       loop:
; CHECK-NEXT:    [[L:%[^ ]+]] = phi i64 [ 0, %{{[^ ]+}} ], [ [[LN:%[^ ]+]], %loop ]
; CHECK-NOT:     roof.slot
; CHECK-NOT:     load i64
; CHECK-NOT:     store i64
; CHECK:         [[LN]] = add i64 [[L]], 1
; CHECK-NOT:     roof.slot
; CHECK-NOT:     load i64
; CHECK-NOT:     store i64
; CHECK:         br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    [[S1:%[^ ]+]] = getelementptr inbounds i64, ptr [[C]], i64 1{{$}}
; CHECK-NEXT:    [[V1:%[^ ]+]] = load i64, ptr [[S1]],
; CHECK-NEXT:    [[A1:%[^ ]+]] = add i64 [[V1]], [[LN]]{{$}}
; CHECK-NEXT:    store i64 [[A1]], ptr [[S1]],
; CHECK-NEXT:    store double %acc.next, ptr %out
; CHECK-NOT:     getelementptr inbounds i64, ptr [[C]], i64 2{{$}}
; CHECK:         ret void
define void @sum(ptr %x, i64 %n, ptr %out) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %acc.next = fadd double %acc, %v
  %i.next = add i64 %i, 1
  %done = fcmp oge double %acc.next, 1.0e6
  br i1 %done, label %exit, label %loop
exit:
  store double %acc.next, ptr %out
  ret void
}

; CHECK-LABEL: define void @nested(
; CHECK:       outer:
; CHECK-NEXT:    [[OL:%roof.local[^ ]*]] = phi i64 [ 0, %{{[^ ]+}} ], [ [[OLN:%[^ ]+]], %latch ]
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    [[OLN]] = add i64 [[OL]], 1{{$}}
; CHECK:       inner:
; CHECK-NEXT:    [[IL:%roof.local[^ ]*]] = phi i64 [ 0, %outer ], [ [[ILN:%[^ ]+]], %inner ]
; CHECK-NOT:     roof.slot
; CHECK:         [[ILN]] = add i64 [[IL]], 1{{$}}
; CHECK-NOT:     roof.slot
; CHECK:       latch:
; CHECK:         add i64 %roof.count{{[^ ]*}}, [[ILN]]{{$}}
; CHECK:       exit:
; CHECK:         add i64 %roof.count{{[^ ]*}}, [[OLN]]{{$}}
; CHECK:         ret void
define void @nested(ptr %a, i64 %n, i64 %m) #0 {
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
  %i.next = add i64 %i, 1
  %id = fcmp oge double %u2, 1.0e3
  br i1 %id, label %exit, label %outer
exit:
  ret void
}

; CHECK-LABEL: define void @bypass(
; CHECK:       outer:
; CHECK-NEXT:    %i = phi
; CHECK-NOT:     phi
; CHECK:       guard:
; CHECK-NEXT:    br label %inner
; CHECK:       inner:
; CHECK-NEXT:    [[IL:%roof.local[^ ]*]] = phi i64 [ 0, %guard ], [ [[ILN:%[^ ]+]], %inner ]
; CHECK:         [[ILN]] = add i64 [[IL]], 1{{$}}
; CHECK:       after:
; CHECK-NOT:     phi
; CHECK:         add i64 %roof.count{{[^ ]*}}, [[ILN]]{{$}}
; CHECK:       latch:
; CHECK-NOT:     phi i64 [ 0
; CHECK:         ret void
define void @bypass(ptr %a, i64 %n) #0 {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %q = getelementptr double, ptr %a, i64 %i
  %u = load double, ptr %q
  %c = fcmp ogt double %u, 0.0
  br i1 %c, label %guard, label %latch
guard:
  br label %inner
inner:
  %j = phi i64 [ 0, %guard ], [ %j.next, %inner ]
  %p = getelementptr double, ptr %a, i64 %j
  %v = load double, ptr %p
  %w = fmul double %v, 2.0
  store double %w, ptr %p
  %j.next = add i64 %j, 1
  %jd = fcmp oge double %w, 1.0e3
  br i1 %jd, label %after, label %inner
after:
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %id = icmp eq i64 %i.next, %n
  br i1 %id, label %exit, label %outer
exit:
  ret void
}

; CHECK-LABEL: define void @libm_call(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    [[S:%roof.slot[^ ]*]] = getelementptr inbounds i64, ptr
; CHECK-NEXT:    [[C:%[^ ]+]] = load i64, ptr [[S]]
; CHECK-NEXT:    [[A:%[^ ]+]] = add i64 [[C]], 1
; CHECK-NEXT:    store i64 [[A]], ptr [[S]]
; CHECK:         call double @exp(double %v)
; CHECK-NOT:     roof.slot
; CHECK:       exit:
define void @libm_call(ptr %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %e = call double @exp(double %v) #1
  store double %e, ptr %p
  %i.next = add i64 %i, 1
  %done = fcmp oge double %e, 1.0e3
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @libm_errno(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    [[S:%roof.slot[^ ]*]] = getelementptr inbounds i64, ptr
; CHECK:         call double @__roof_libm_erfc(double %v,
; CHECK-NOT:     roof.slot
; CHECK:       exit:
define void @libm_errno(ptr %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %e = call double @erfc(double %v) #2
  store double %e, ptr %p
  %i.next = add i64 %i, 1
  %done = fcmp oge double %e, 1.0e3
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare double @exp(double)
declare double @erfc(double)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { nounwind willreturn memory(none) }
attributes #2 = { nounwind }
