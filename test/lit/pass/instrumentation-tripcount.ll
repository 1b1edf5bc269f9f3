; A loop whose trip count is known, with one exit reached only from the
; loop, needs no counting inside: its header runs (backedge-taken count + 1)
; times per entry, and that number is added to the header's counter at the
; exit. A loop whose latch leaves when a 64-bit induction variable stepped by
; +-2^s reaches a loop-invariant end (the form of most loops at -O2/-O3) runs
; |end - start| >> s times, expanded in at most two instructions; any other
; loop gets the count scalar evolution computes (CounterUpdates.cpp,
; steppedHeaderRuns). The variable may be compared before its step or after,
; plus a constant.
;
; @counted: 0..n-1 by 1 → n header executions per entry: the exit adds `n`
;   itself to slot 1; nothing is computed, nothing is counted in %loop.
; @nested_counted: the inner loop (m trips) is counted at its exit (%latch,
;   once per outer iteration), the outer (n trips) at its exit: no loop
;   carries a counter.
; @remainder: the shape of a vectorised loop's scalar remainder: %guard runs
;   the loop over n & 7 elements or skips it straight to %done, which the
;   loop leaves to as well. The exit is not the loop's own, so its trip
;   count (%r, known in %guard, the one block that enters the loop) goes
;   through the header's promoted local: %done adds a phi of it (from %loop)
;   and of 0 (from %guard and %entry), and nothing is counted in %loop.
; @vector_body: a vector body, 0 to n & -32 by 32: (n & -32) >> 5, computed
;   where the loop is entered (its exit is shared with the skip).
; @down_to: hi down to lo by -4 (leaving when not "ne"): (hi - lo) >> 2.
; @unrolled: from lo by 8, leaving when i + 7 = n (runtime unrolling compares
;   the last copy's index before the step): (n - lo + 1) >> 3.
; @before_step: from 0 by 1, leaving when i = n (compared before the step):
;   n + 1.
; @below: by 3 while below n: not the stepped form (an unsigned compare, a
;   step that is not a power of 2), so scalar evolution's count,
;   (umax(n, 3) - 1) / 3 + 1.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @counted(
; CHECK:       entry:
; CHECK-NEXT:    [[C:%[^ ]+]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:         br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    [[S1:%[^ ]+]] = getelementptr inbounds i64, ptr [[C]], i64 1{{$}}
; CHECK-NEXT:    [[V1:%[^ ]+]] = load i64, ptr [[S1]],
; CHECK-NEXT:    [[A1:%[^ ]+]] = add i64 [[V1]], %n{{$}}
; CHECK-NEXT:    store i64 [[A1]], ptr [[S1]],
define void @counted(ptr %x, i64 %n, ptr %out) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %acc.next = fadd double %acc, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store double %acc.next, ptr %out
  ret void
}

; CHECK-LABEL: define void @nested_counted(
; CHECK:       outer:
; CHECK-NOT:     roof
; CHECK:       inner:
; CHECK-NOT:     roof
; CHECK:       latch:
; CHECK-NEXT:    getelementptr inbounds i64, ptr %{{[0-9]+}}, i64 5{{$}}
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64 %roof.count{{[^ ]*}}, %m{{$}}
; CHECK:       exit:
; CHECK-NEXT:    getelementptr inbounds i64, ptr %{{[0-9]+}}, i64 7{{$}}
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64 %roof.count{{[^ ]*}}, %n{{$}}
define void @nested_counted(ptr %a, i64 %n, i64 %m) #0 {
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
  %jd = icmp eq i64 %j.next, %m
  br i1 %jd, label %latch, label %inner
latch:
  %q = getelementptr double, ptr %a, i64 %i
  %u = load double, ptr %q
  %u2 = fadd double %u, 1.0
  store double %u2, ptr %q
  %i.next = add i64 %i, 1
  %id = icmp eq i64 %i.next, %n
  br i1 %id, label %exit, label %outer
exit:
  ret void
}

; CHECK-LABEL: define void @remainder(
; CHECK:       guard:
; CHECK-NEXT:    %r = and i64 %n, 7
; CHECK-NEXT:    %none = icmp eq i64 %r, 0
; CHECK-NEXT:    br i1 %none, label %done, label %loop
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:         br i1 %last, label %done, label %loop
; CHECK:       done:
; CHECK-NEXT:    [[L:%[^ ]+]] = phi i64 [ 0, %guard ], [ %r, %loop ], [ 0, %entry ]
; CHECK-NEXT:    getelementptr inbounds i64, ptr %{{[0-9]+}}, i64 {{[0-9]+}}{{$}}
; CHECK-NEXT:    [[V:%[^ ]+]] = load i64
; CHECK-NEXT:    add i64 [[V]], [[L]]{{$}}
define void @remainder(ptr %a, i64 %n) #0 {
entry:
  %any = icmp sgt i64 %n, 0
  br i1 %any, label %guard, label %done
guard:
  %r = and i64 %n, 7
  %none = icmp eq i64 %r, 0
  br i1 %none, label %done, label %loop
loop:
  %i = phi i64 [ 0, %guard ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, 2.0
  store double %w, ptr %p
  %i.next = add i64 %i, 1
  %last = icmp eq i64 %i.next, %r
  br i1 %last, label %done, label %loop
done:
  ret void
}


; CHECK-LABEL: define void @vector_body(
; CHECK:         %nvec = and i64 %n, -32
; CHECK:         [[VT:%[^ ]+]] = lshr i64 %nvec, 5
; CHECK-NEXT:    br i1 %any, label %exit, label %loop
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:       exit:
; CHECK-NEXT:    [[VL:%[^ ]+]] = phi i64 [ 0, %entry ], [ [[VT]], %loop ]
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    [[VC:%[^ ]+]] = load i64
; CHECK-NEXT:    add i64 [[VC]], [[VL]]{{$}}
define void @vector_body(ptr %a, i64 %n) #0 {
entry:
  %nvec = and i64 %n, -32
  %any = icmp eq i64 %nvec, 0
  br i1 %any, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load <32 x double>, ptr %p
  %w = fmul <32 x double> %v, <double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0, double 2.0>
  store <32 x double> %w, ptr %p
  %i.next = add nuw i64 %i, 32
  %done = icmp eq i64 %i.next, %nvec
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @down_to(
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:       exit:
; CHECK-NEXT:    [[D:%[^ ]+]] = sub i64 %hi, %lo
; CHECK-NEXT:    [[DT:%[^ ]+]] = lshr i64 [[D]], 2
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    [[DC:%[^ ]+]] = load i64
; CHECK-NEXT:    add i64 [[DC]], [[DT]]{{$}}
define void @down_to(ptr %a, i64 %hi, i64 %lo) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ %hi, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, 2.0
  store double %w, ptr %p
  %i.next = add i64 %i, -4
  %more = icmp ne i64 %i.next, %lo
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @unrolled(
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:       exit:
; CHECK-NEXT:    [[UD:%[^ ]+]] = sub i64 %n, %lo
; CHECK-NEXT:    [[UA:%[^ ]+]] = add i64 [[UD]], 1
; CHECK-NEXT:    [[UT:%[^ ]+]] = lshr i64 [[UA]], 3
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    [[UC:%[^ ]+]] = load i64
; CHECK-NEXT:    add i64 [[UC]], [[UT]]{{$}}
define void @unrolled(ptr %a, i64 %lo, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ %lo, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load <8 x double>, ptr %p
  %w = fmul <8 x double> %v, %v
  store <8 x double> %w, ptr %p
  %last = add i64 %i, 7
  %i.next = add i64 %i, 8
  %done = icmp eq i64 %last, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @before_step(
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:       exit:
; CHECK-NEXT:    [[PT:%[^ ]+]] = add i64 %n, 1
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    [[PC:%[^ ]+]] = load i64
; CHECK-NEXT:    add i64 [[PC]], [[PT]]{{$}}
define void @before_step(ptr %a, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, %v
  store double %w, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @below(
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:       exit:
; CHECK:         [[B:%[^ ]+]] = udiv i64 {{%[^ ]+}}, 3
; CHECK-NEXT:    [[BT:%[^ ]+]] = add {{(nuw )?(nsw )?}}i64 [[B]], 1
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    [[BC:%[^ ]+]] = load i64
; CHECK-NEXT:    add i64 [[BC]], [[BT]]{{$}}
define void @below(ptr %a, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, 2.0
  store double %w, ptr %p
  %i.next = add nuw i64 %i, 3
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
