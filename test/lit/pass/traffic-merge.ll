; Traffic mode (passes/TrafficInstrumenter.h): accesses checked where they
; are that continue one another are checked once, at the first, as one
; range: plain loads or stores of one block with no call that may touch
; memory between them, the same kind, each beginning within the bytes of
; those before it, right after them or less than a line after them (a gap no
; line fits in; the range up to 512 bytes), or the same bytes again (then
; stored if either is); other accesses may come between them (up to 8
; checks back). Touching their lines one access after the other leaves the
; model as touching the range's lines once, in ascending order, does, but
; for the last touches of the lines that other accesses came between
; (docs/counting.md, "What the pass adds").
;   - @pair: p[0] and p[1], 8 bytes each, are one check of 16 bytes from p
;     (aligned to 8: its first line and the next); the store to q is a
;     check of its own (another kind).
;   - @increment: the load and the store of b[k] are one check, stored.
;   - @three: the vectors of 4 doubles at p - 8, p and p + 8 overlap: one
;     check of 48 bytes from p - 8.
;   - @every_second: p[0], p[2] and p[4] leave gaps of 8 bytes, which no
;     line fits in: one check of 40 bytes from p, whose lines are theirs.
;   - @apart: a call that may touch memory between two loads keeps them
;     apart, and so does a gap between their bytes that a line fits in.
;   - @unrolled: a sparse row unrolled twice, val[e], col[e], x[col[e]],
;     val[e+1], col[e+1], x[col[e+1]]: val[e..e+1] and col[e..e+1] are one
;     check each, of 16 bytes, the gathered x[col[e]] one each.
;   - @inside: p[1] after the vector p[0..3] is within its bytes: one check
;     of 32 bytes; the store to p[1] is another kind, a check of its own,
;     and so is the load of p[-1], which begins before the range.
;
; RUN: env ROOF_TRAFFIC=1 %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @pair(
; CHECK:         [[A:%.*]] = ptrtoint ptr %p to i64
; CHECK-NEXT:    [[L:%.*]] = lshr i64 [[A]], 6
; CHECK-NEXT:    [[H:%.*]] = mul i64 [[L]], -7046029254386353131
; CHECK:         [[NEXT:%.*]] = add i64 [[H]], -7046029254386353131
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p, i64 16, i32 0)
; CHECK:         %x = load double, ptr %p
; CHECK-NOT:     __roof_traffic_access
; CHECK:         %y = load double, ptr %p1
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %q, i64 8, i32 1)
; CHECK-NEXT:    br label
; CHECK-NOT:     __roof_traffic_access
; CHECK:         ret void
define void @pair(ptr %p, ptr %q) {
entry:
  %x = load double, ptr %p, align 8
  %p1 = getelementptr inbounds i8, ptr %p, i64 8
  %y = load double, ptr %p1, align 8
  %s = fadd double %x, %y
  store double %s, ptr %q, align 8
  ret void
}

; CHECK-LABEL: define void @increment(
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %pk, i64 4, i32 0)
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %pb, i64 4, i32 1)
; CHECK-NEXT:    br label
; CHECK-NOT:     __roof_traffic_access
; CHECK:         ret void
define void @increment(ptr %b, ptr %keys, i64 %i) {
entry:
  %pk = getelementptr inbounds i32, ptr %keys, i64 %i
  %k = load i32, ptr %pk, align 4
  %kx = zext i32 %k to i64
  %pb = getelementptr inbounds i32, ptr %b, i64 %kx
  %v = load i32, ptr %pb, align 4
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %pb, align 4
  ret void
}

; CHECK-LABEL: define <4 x double> @three(
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %pm, i64 48, i32 0)
; CHECK-NOT:     __roof_traffic_access
; CHECK:         ret <4 x double>
define <4 x double> @three(ptr %p) {
entry:
  %pm = getelementptr inbounds i8, ptr %p, i64 -8
  %x = load <4 x double>, ptr %pm, align 8
  %y = load <4 x double>, ptr %p, align 8
  %pp = getelementptr inbounds i8, ptr %p, i64 8
  %z = load <4 x double>, ptr %pp, align 8
  %s = fadd <4 x double> %x, %y
  %t = fadd <4 x double> %s, %z
  ret <4 x double> %t
}

; CHECK-LABEL: define double @every_second(
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p, i64 40, i32 0)
; CHECK-NOT:     __roof_traffic_access
; CHECK:         ret double
define double @every_second(ptr %p) {
entry:
  %x = load double, ptr %p, align 8
  %p2 = getelementptr inbounds i8, ptr %p, i64 16
  %y = load double, ptr %p2, align 8
  %p4 = getelementptr inbounds i8, ptr %p, i64 32
  %z = load double, ptr %p4, align 8
  %s = fadd double %x, %y
  %t = fadd double %s, %z
  ret double %t
}

; CHECK-LABEL: define double @apart(
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p, i64 8, i32 0)
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p1, i64 8, i32 0)
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p10, i64 8, i32 0)
define double @apart(ptr %p) {
entry:
  %x = load double, ptr %p, align 8
  call void @touch(ptr %p)
  %p1 = getelementptr inbounds i8, ptr %p, i64 8
  %y = load double, ptr %p1, align 8
  %p10 = getelementptr inbounds i8, ptr %p, i64 80
  %z = load double, ptr %p10, align 8
  %s = fadd double %x, %y
  %t = fadd double %s, %z
  ret double %t
}

; CHECK-LABEL: define double @unrolled(
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %val, i64 16, i32 0)
; CHECK:         %v0 = load double, ptr %val
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %col, i64 16, i32 0)
; CHECK:         %c0 = load i64, ptr %col
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %px0, i64 8, i32 0)
; CHECK:         %x0 = load double, ptr %px0
; CHECK-NOT:     __roof_traffic_access(ptr {{%.*}}, ptr %val1
; CHECK-NOT:     __roof_traffic_access(ptr {{%.*}}, ptr %col1
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %px1, i64 8, i32 0)
; CHECK:         %x1 = load double, ptr %px1
; CHECK-NOT:     __roof_traffic_access
; CHECK:         ret double
define double @unrolled(ptr %val, ptr %col, ptr %x) {
entry:
  %v0 = load double, ptr %val, align 8
  %c0 = load i64, ptr %col, align 8
  %px0 = getelementptr inbounds double, ptr %x, i64 %c0
  %x0 = load double, ptr %px0, align 8
  %val1 = getelementptr inbounds i8, ptr %val, i64 8
  %v1 = load double, ptr %val1, align 8
  %col1 = getelementptr inbounds i8, ptr %col, i64 8
  %c1 = load i64, ptr %col1, align 8
  %px1 = getelementptr inbounds double, ptr %x, i64 %c1
  %x1 = load double, ptr %px1, align 8
  %m0 = fmul double %v0, %x0
  %m1 = fmul double %v1, %x1
  %s = fadd double %m0, %m1
  ret double %s
}

; CHECK-LABEL: define double @inside(
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p, i64 32, i32 0)
; CHECK:         %w = load <4 x double>, ptr %p
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %p1, i64 8, i32 1)
; CHECK:         store double %e, ptr %p1
; CHECK:         call void @__roof_traffic_access(ptr {{%.*}}, ptr %pm, i64 8, i32 0)
; CHECK:         %b = load double, ptr %pm
; CHECK-NOT:     __roof_traffic_access
; CHECK:         ret double
define double @inside(ptr %p) {
entry:
  %w = load <4 x double>, ptr %p, align 8
  %p1 = getelementptr inbounds i8, ptr %p, i64 8
  %a = load double, ptr %p1, align 8
  %e = extractelement <4 x double> %w, i64 0
  store double %e, ptr %p1, align 8
  %pm = getelementptr inbounds i8, ptr %p, i64 -8
  %b = load double, ptr %pm, align 8
  %s = fadd double %a, %b
  ret double %s
}

declare void @touch(ptr)
