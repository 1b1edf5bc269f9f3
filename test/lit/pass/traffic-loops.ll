; Traffic mode, loops (passes/TrafficInstrumenter.h): an innermost loop whose
; accesses are all plain loads and stores made once per iteration at an
; address moving by a step known on entry, as is the trip count, and with
; no call that touches memory, calls __roof_traffic_loop once before it,
; with its accesses as streams {start, step, bytes, stored} in program order
; and its trip count (backedge-taken count + 1), and nothing inside it. The
; loop is versioned: when it touches fewer than 32 KiB on entry (trips x the
; bytes of an iteration), a copy of it runs in which each stream checks the
; lines of its bytes of the iteration where its first access is, and calls
; __roof_traffic_access with all of them when one is sampled (finding the
; first sampled line of each stream would cost more than the checks), and
; the copy's exit values join the loop's at the exit.
;   - @triad: a[i] = b[i] + c[i] over %n > 0 elements, 8-byte steps: three
;     streams (b, c loaded; a stored) and %n iterations; 24 bytes an
;     iteration, so the copy runs below ceil(32768 / 24) = 1366 iterations.
;   - @vector: two 32-byte loads that follow each other (p+32i, p+32i+32,
;     step 64) are one stream of 64 bytes; the store to a loop-invariant
;     address is a stream of step 0. In the copy, the stream is checked at
;     its first load, its first line and the next (aligned to 8, 64 bytes
;     may span two), and the second load checks nothing.
;   - @backward: a step of -8, from &p[%n - 1].
;   - @update: a[i] += b[i]: the load of a[i] and the store right after it
;     touch the same lines in a row, and are one stream, stored (2 streams).
;   - @dot2: a dot product unrolled twice, a[2i], b[2i], a[2i+1], b[2i+1]:
;     the loads of a continue one another with a load of b between them,
;     and are one stream of 16 bytes, as are those of b (2 streams, not 4).
;   - @within: a load of p[8i+1] after the vector p[8i..8i+3] reads bytes
;     of its stream: one stream of 32 bytes, not two.
;   - @siblings: two loops over n & -4 elements, the first under a branch:
;     the second's trip count is expanded from its own `and`, not from the
;     first's, which does not dominate it (the expansions of one loop may
;     reuse those of another only where they dominate; opt verifies).
;   - @column: a row-major column walk, a step of 8 * %cols bytes.
;   - @conditional: a store on one side of a branch is not made every
;     iteration: each access checks its line where it is.
;   - @calls: a call that may touch memory keeps the accesses where they are.
;   - @chase: an address loaded in the loop does not move by a step.
; With ROOF_TRAFFIC=each, every access checks its line where it is.
;
; The trip count is expanded as (%n - 1) + 1: LLVM 16 and 19 mark the + 1
; nuw nsw, LLVM 22's ScalarEvolution does not; the short-loop check and
; everything else are the same with every version.
; RUN: env ROOF_TRAFFIC=1 %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: env ROOF_TRAFFIC=each %opt -passes=roof-instrument -S %s | FileCheck %s --check-prefix=EACH

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @triad(
; CHECK:         [[SLOTS:%roof.slot[0-9]*]] = getelementptr inbounds i64, ptr {{%.*}}, i64 3
; CHECK:       roof.decide:
; CHECK:         [[TRIPS:%.*]] = add {{(nuw nsw )?}}i64 {{%.*}}, 1
; CHECK-NEXT:    [[SHORT:%.*]] = icmp ult i64 [[TRIPS]], 1366
; CHECK-NEXT:    br i1 [[SHORT]], label %roof.short, label %roof.whole
; CHECK:       roof.short:
; CHECK-NEXT:    br label %loop.roof.short
; CHECK:       loop.roof.short:
; CHECK:         call void @__roof_traffic_access(ptr [[SLOTS]], ptr %pb.roof.short, i64 8, i32 0)
; CHECK:         call void @__roof_traffic_access(ptr [[SLOTS]], ptr %pc.roof.short, i64 8, i32 0)
; CHECK:         call void @__roof_traffic_access(ptr [[SLOTS]], ptr %pa.roof.short, i64 8, i32 1)
; CHECK:       roof.whole:
; CHECK:         store ptr %b, ptr
; CHECK:         store i64 8, ptr
; CHECK:         store i32 8, ptr
; CHECK:         store i32 0, ptr
; CHECK:         store ptr %c, ptr
; CHECK:         store i64 8, ptr
; CHECK:         store i32 8, ptr
; CHECK:         store i32 0, ptr
; CHECK:         store ptr %a, ptr
; CHECK:         store i64 8, ptr
; CHECK:         store i32 8, ptr
; CHECK:         store i32 1, ptr
; CHECK:         call void @__roof_traffic_loop(ptr [[SLOTS]], ptr %roof.streams, i32 3, i64 [[TRIPS]])
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NOT:     __roof_traffic
; Both versions leave with the header's trip count in its local, counted in
; neither: the exit adds it (0 when the loop did not run).
; CHECK:       loop.exit_crit_edge:
; CHECK-NEXT:    br label %exit
; CHECK:       exit:
; CHECK-NEXT:    phi i64 [ {{%.*}}, %loop.exit_crit_edge ], [ 0, %entry ]
; EACH-LABEL: define void @triad(
; EACH-NOT:     __roof_traffic_loop
; EACH:       loop:
; EACH:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %pb, i64 8, i32 0)
define void @triad(ptr %a, ptr %b, ptr %c, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %next, %loop ]
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %vb = load double, ptr %pb, align 8
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %vc = load double, ptr %pc, align 8
  %sum = fadd double %vb, %vc
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  store double %sum, ptr %pa, align 8
  %next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @vector(
; CHECK:       loop.roof.short:
; CHECK:         [[A:%.*]] = ptrtoint ptr %p0.roof.short to i64
; CHECK-NEXT:    [[L:%.*]] = lshr i64 [[A]], 6
; CHECK-NEXT:    [[H:%.*]] = mul i64 [[L]], -7046029254386353131
; CHECK:         [[NEXT:%.*]] = add i64 [[H]], -7046029254386353131
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p0.roof.short, i64 64, i32 0)
; CHECK-NOT:     call void @__roof_traffic_access
; CHECK:         %v0.roof.short = load <4 x double>, ptr %p0.roof.short, align 8
; CHECK-NOT:     call void @__roof_traffic_access
; CHECK:         %v1.roof.short = load <4 x double>
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %sum, i64 32, i32 1)
; CHECK:       roof.whole:
; CHECK:         store ptr %p, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i64 64, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 64, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 0, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store ptr %sum, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i64 0, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 32, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 1, ptr
; CHECK-NEXT:    call void @__roof_traffic_loop(ptr {{%.*}}, ptr %roof.streams, i32 2, i64 {{%.*}})
; CHECK:       loop:
; CHECK-NOT:     __roof_traffic
; CHECK:       exit:
define void @vector(ptr %p, ptr %sum, i64 %n) {
entry:
  %go = icmp ugt i64 %n, 0
  br i1 %go, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %next, %loop ]
  %acc = phi <4 x double> [ zeroinitializer, %preheader ], [ %acc2, %loop ]
  %offset = mul nuw nsw i64 %i, 64
  %p0 = getelementptr inbounds i8, ptr %p, i64 %offset
  %v0 = load <4 x double>, ptr %p0, align 8
  %p1 = getelementptr inbounds i8, ptr %p0, i64 32
  %v1 = load <4 x double>, ptr %p1, align 8
  %s = fadd <4 x double> %v0, %v1
  %acc2 = fadd <4 x double> %acc, %s
  store <4 x double> %acc2, ptr %sum, align 8
  %next = add nuw i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @backward(
; CHECK:       roof.decide:
; CHECK:         [[LAST:%.*]] = getelementptr i8, ptr %p, i64 {{%.*}}
; CHECK:         store ptr [[LAST]], ptr
; CHECK:         store i64 -8, ptr
; CHECK:         call void @__roof_traffic_loop(ptr {{%.*}}, ptr %roof.streams, i32 1, i64 {{%.*}})
define void @backward(ptr %p, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %i = phi i64 [ %n, %preheader ], [ %next, %loop ]
  %next = add nsw i64 %i, -1
  %q = getelementptr inbounds double, ptr %p, i64 %next
  store double 0.0, ptr %q, align 8
  %more = icmp sgt i64 %next, 0
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define double @column(
; CHECK:       roof.decide:
; CHECK:         [[ROW:%.*]] = shl i64 %cols, 3
; CHECK:         store ptr %m, ptr
; CHECK:         store i64 [[ROW]], ptr
; CHECK:         call void @__roof_traffic_loop(ptr {{%.*}}, ptr %roof.streams, i32 1, i64 {{%.*}})
; CHECK:       loop:
; CHECK-NOT:     __roof_traffic
; CHECK:       exit:
define double @column(ptr %m, i64 %rows, i64 %cols) {
entry:
  %go = icmp sgt i64 %rows, 0
  br i1 %go, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %next, %loop ]
  %sum = phi double [ 0.0, %preheader ], [ %sum2, %loop ]
  %at = mul nsw i64 %i, %cols
  %q = getelementptr inbounds double, ptr %m, i64 %at
  %v = load double, ptr %q, align 8
  %sum2 = fadd double %sum, %v
  %next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %next, %rows
  br i1 %more, label %loop, label %exit
exit:
  %r = phi double [ 0.0, %entry ], [ %sum2, %loop ]
  ret double %r
}

; CHECK-LABEL: define void @conditional(
; CHECK-NOT:     __roof_traffic_loop
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %q, i64 8, i32 0)
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %q, i64 8, i32 1)
; CHECK:       exit:
define void @conditional(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  %v = load double, ptr %q, align 8
  %neg = fcmp olt double %v, 0.0
  br i1 %neg, label %clear, label %latch
clear:
  store double 0.0, ptr %q, align 8
  br label %latch
latch:
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @calls(
; CHECK-NOT:     __roof_traffic_loop
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %q, i64 8, i32 1)
; CHECK:       exit:
define void @calls(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  store double 1.0, ptr %q, align 8
  call void @touch(ptr %q)
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define i64 @chase(
; CHECK-NOT:     __roof_traffic_loop
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %node, i64 8, i32 0)
; CHECK:       exit:
define i64 @chase(ptr %head, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %node = phi ptr [ %head, %entry ], [ %succ, %loop ]
  %succ = load ptr, ptr %node, align 8
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %i
}

declare void @touch(ptr)

; CHECK-LABEL: define void @update(
; CHECK:       roof.whole:
; CHECK:         store ptr %b, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i64 8, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 8, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 0, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store ptr %a, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i64 8, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 8, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 1, ptr
; CHECK-NEXT:    call void @__roof_traffic_loop(ptr {{%.*}}, ptr %roof.streams, i32 2, i64 {{%.*}})
; CHECK:       loop:
; CHECK-NOT:     __roof_traffic
; CHECK:       exit:
define void @update(ptr %a, ptr %b, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %vb = load double, ptr %pb, align 8
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  %va = load double, ptr %pa, align 8
  %sum = fadd double %va, %vb
  store double %sum, ptr %pa, align 8
  %next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define double @dot2(
; CHECK:       roof.whole:
; CHECK:         store ptr %a, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i64 16, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 16, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 0, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store ptr %b, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i64 16, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 16, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 0, ptr
; CHECK-NEXT:    call void @__roof_traffic_loop(ptr {{%.*}}, ptr %roof.streams, i32 2, i64 {{%.*}})
; CHECK:       loop:
; CHECK-NOT:     __roof_traffic
; CHECK:       exit:
define double @dot2(ptr %a, ptr %b, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s2, %loop ]
  %j = shl nuw nsw i64 %i, 1
  %pa0 = getelementptr inbounds double, ptr %a, i64 %j
  %a0 = load double, ptr %pa0, align 8
  %pb0 = getelementptr inbounds double, ptr %b, i64 %j
  %b0 = load double, ptr %pb0, align 8
  %m0 = fmul double %a0, %b0
  %s1 = fadd double %s, %m0
  %j1 = add nuw nsw i64 %j, 1
  %pa1 = getelementptr inbounds double, ptr %a, i64 %j1
  %a1 = load double, ptr %pa1, align 8
  %pb1 = getelementptr inbounds double, ptr %b, i64 %j1
  %b1 = load double, ptr %pb1, align 8
  %m1 = fmul double %a1, %b1
  %s2 = fadd double %s1, %m1
  %next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %r = phi double [ 0.0, %entry ], [ %s2, %loop ]
  ret double %r
}

; CHECK-LABEL: define double @within(
; CHECK:       roof.whole:
; CHECK:         store ptr %p, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i64 64, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 32, ptr
; CHECK-NEXT:    getelementptr
; CHECK-NEXT:    store i32 0, ptr
; CHECK-NEXT:    call void @__roof_traffic_loop(ptr {{%.*}}, ptr %roof.streams, i32 1, i64 {{%.*}})
define double @within(ptr %p, i64 %n) {
entry:
  %go = icmp ugt i64 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc2, %loop ]
  %offset = mul nuw nsw i64 %i, 64
  %p0 = getelementptr inbounds i8, ptr %p, i64 %offset
  %v = load <4 x double>, ptr %p0, align 8
  %p1 = getelementptr inbounds i8, ptr %p0, i64 8
  %x = load double, ptr %p1, align 8
  %e = extractelement <4 x double> %v, i64 0
  %s = fadd double %e, %x
  %acc2 = fadd double %acc, %s
  %next = add nuw i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %r = phi double [ 0.0, %entry ], [ %acc2, %loop ]
  ret double %r
}

; CHECK-LABEL: define void @siblings(
; CHECK:       roof.decide:
; CHECK-NOT:     %m2
; CHECK:         %m,
; CHECK:       roof.decide{{[0-9]+}}:
; CHECK-NOT:     {{%m[^0-9]}}
; CHECK:         %m2,
define void @siblings(ptr %a, ptr %b, i64 %n, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %m = and i64 %n, -4
  %none = icmp eq i64 %m, 0
  br i1 %none, label %join, label %first
first:
  %i = phi i64 [ 0, %then ], [ %i.next, %first ]
  %p = getelementptr double, ptr %a, i64 %i
  store double 1.0, ptr %p
  %i.next = add nuw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %m
  br i1 %i.done, label %join, label %first
join:
  %m2 = and i64 %n, -4
  %none2 = icmp eq i64 %m2, 0
  br i1 %none2, label %exit, label %second
second:
  %j = phi i64 [ 0, %join ], [ %j.next, %second ]
  %q = getelementptr double, ptr %b, i64 %j
  store double 2.0, ptr %q
  %j.next = add nuw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %m2
  br i1 %j.done, label %exit, label %second
exit:
  ret void
}
