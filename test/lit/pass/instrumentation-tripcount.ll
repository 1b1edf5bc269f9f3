; A loop whose trip count scalar evolution can compute, with one exit
; reached only from the loop, needs no counting inside: its header runs
; (backedge-taken count + 1) times per entry, and that number is added to
; the header's counter at the exit.
;
; @counted: 0..n-1 → n header executions per entry: the exit adds `n`
;   (expanded as (n - 1) + 1) to slot 1; nothing is counted in %loop.
; @nested_counted: the inner loop (m trips) is counted at its exit (%latch,
;   once per outer iteration), the outer (n trips) at its exit: no loop
;   carries a counter.
; @remainder: the shape of a vectorised loop's scalar remainder: %guard runs
;   the loop over n & 7 elements or skips it straight to %done, which the
;   loop leaves to as well. The exit is not the loop's own, so its trip
;   count (n & 7, expanded in %guard, the one block that enters the loop)
;   goes through the header's promoted local: %done adds a phi of it (from
;   %loop) and of 0 (from %guard and %entry), and nothing is counted in
;   %loop. (Before, the local counted the iterations: a phi and an add in
;   the loop.)
;
; LLVM 16 and 19 mark the + 1 of the trip count nuw nsw, LLVM 22's
; ScalarEvolution does not: the same value.
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
; CHECK-NEXT:    [[M1:%[^ ]+]] = add i64 %n, -1
; CHECK-NEXT:    [[N:%[^ ]+]] = add {{(nuw nsw )?}}i64 [[M1]], 1
; CHECK-NEXT:    [[S1:%[^ ]+]] = getelementptr inbounds i64, ptr [[C]], i64 1{{$}}
; CHECK-NEXT:    [[V1:%[^ ]+]] = load i64, ptr [[S1]],
; CHECK-NEXT:    [[A1:%[^ ]+]] = add i64 [[V1]], [[N]]{{$}}
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
; CHECK-NEXT:    getelementptr inbounds i64, ptr %{{[0-9]+}}, i64 6{{$}}
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64 %roof.count{{[^ ]*}}, %{{[0-9]+}}{{$}}
; CHECK:       exit:
; CHECK-DAG:     [[NM1:%[^ ]+]] = add i64 %n, -1
; CHECK-DAG:     [[NT:%[^ ]+]] = add {{(nuw )?(nsw )?}}i64 [[NM1]], 1
; CHECK-DAG:     add i64 %roof.count{{[^ ]*}}, [[NT]]{{$}}
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
; CHECK:         [[R:%[^ ]+]] = and i64 %n, 7
; CHECK:         [[RUNS:%[^ ]+]] = add {{(nuw )?(nsw )?}}i64 {{%[^ ]+}}, 1
; CHECK-NEXT:    br i1 %none, label %done, label %loop
; CHECK:       loop:
; CHECK-NOT:     roof
; CHECK:         br i1 %last, label %done, label %loop
; CHECK:       done:
; CHECK-NEXT:    [[L:%[^ ]+]] = phi i64 [ 0, %guard ], [ [[RUNS]], %loop ], [ 0, %entry ]
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

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
