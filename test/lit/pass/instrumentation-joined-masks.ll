; Masked accesses under two masks whose lanes are worth the same (the parts
; of an unrolled vector body) count into one slot: one register in the loop,
; whose increment per iteration is popcount(%m1) + popcount(%m2), and one
; update of the counter array at the exit.
;
; @parts: each iteration loads and stores 8 doubles under %m1 and 8 under
;   %m2: bytes loaded = stored = 8 (popcount(%m1) + popcount(%m2)) per
;   iteration, counted at one slot (plan: masked-memory.ll, 'unrolled_parts').
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @parts(
; CHECK:       loop:
; CHECK:         [[L:%roof.local[^ ]*]] = phi i64 [ 0, %entry ], [ [[N:%[^ ]+]], %loop ]
; CHECK-NOT:     %roof.local
; CHECK:         [[B1:%[^ ]+]] = bitcast <8 x i1> %m1 to i8
; CHECK-NEXT:    [[P1:%[^ ]+]] = call i8 @llvm.ctpop.i8(i8 [[B1]])
; CHECK-NEXT:    [[Z1:%[^ ]+]] = zext i8 [[P1]] to i64
; CHECK-NEXT:    [[B2:%[^ ]+]] = bitcast <8 x i1> %m2 to i8
; CHECK-NEXT:    [[P2:%[^ ]+]] = call i8 @llvm.ctpop.i8(i8 [[B2]])
; CHECK-NEXT:    [[Z2:%[^ ]+]] = zext i8 [[P2]] to i64
; CHECK-NEXT:    [[U:%[^ ]+]] = add i64 [[Z1]], [[Z2]]
; CHECK-NEXT:    [[N]] = add i64 [[L]], [[U]]
; CHECK-NOT:     ctpop
; CHECK:       exit:
; CHECK:         add i64 %roof.count{{[^ ]*}}, [[N]]{{$}}
; CHECK-NOT:     %roof.local
define void @parts(ptr %p, ptr %q, <8 x i1> %m1, <8 x i1> %m2, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i64 %i, 16
  %a1 = getelementptr double, ptr %p, i64 %off
  %b1 = getelementptr double, ptr %q, i64 %off
  %v1 = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %a1, i32 8, <8 x i1> %m1, <8 x double> poison)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v1, ptr %b1, i32 8, <8 x i1> %m1)
  %a2 = getelementptr double, ptr %a1, i64 8
  %b2 = getelementptr double, ptr %b1, i64 8
  %v2 = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %a2, i32 8, <8 x i1> %m2, <8 x double> poison)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v2, ptr %b2, i32 8, <8 x i1> %m2)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare <8 x double> @llvm.masked.load.v8f64.p0(ptr, i32, <8 x i1>, <8 x double>)
declare void @llvm.masked.store.v8f64.p0(<8 x double>, ptr, i32, <8 x i1>)

attributes #0 = { "target-cpu"="x86-64-v4" }
