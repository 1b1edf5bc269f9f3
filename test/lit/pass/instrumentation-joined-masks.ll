; Masked accesses under two masks whose lanes are worth the same (the parts
; of an unrolled vector body) count into one slot: one register in the loop,
; whose increment per iteration is popcount(%m1) + popcount(%m2), and one
; update of the counter array at the exit.
;
; @parts: each iteration loads and stores 8 doubles under %m1 and 8 under
;   %m2: bytes loaded = stored = 8 (popcount(%m1) + popcount(%m2)) per
;   iteration, counted at one slot (plan: masked-memory.ll, 'unrolled_parts').
;   On x86-64-v4 the masks are AVX-512 mask registers: they are put side by
;   side (one <16 x i1>, kunpckbw) and counted with one popcount.
;   On x86-64-v3 (the AVX2 run), whose masks are vector registers: one
;   popcount each, added.
; @four_parts: four <4 x i1> masks on x86-64-v4: concatenated pairwise
;   (<8 x i1> twice, then <16 x i1>), one popcount.
; @wide_parts: two <64 x i1> masks: no wider integer than i64, one popcount
;   each.
;
; Whether masks are mask registers is the twin's subtarget's answer, kept
; in its cache entry: a warm compile, which builds no subtarget, counts the
; same way.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: sed 's/"x86-64-v4"/"x86-64-v3"/' %s | %opt -passes=roof-instrument -S \
; RUN:   | FileCheck %s --check-prefix=AVX2
; RUN: rm -rf %t.cache %t.cache3
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -passes=roof-instrument -S %s > %t.cold
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -passes=roof-instrument -S %s > %t.warm
; RUN: diff %t.cold %t.warm
; RUN: FileCheck %s < %t.warm
; RUN: cat %t.cache/twin-* | FileCheck %s --check-prefix=ENTRY
; RUN: sed 's/"x86-64-v4"/"x86-64-v3"/' %s > %t.v3.ll
; RUN: env ROOF_CACHE_DIR=%t.cache3 %opt -passes=roof-instrument -S %t.v3.ll > /dev/null
; RUN: env ROOF_CACHE_DIR=%t.cache3 %opt -passes=roof-instrument -S %t.v3.ll \
; RUN:   | FileCheck %s --check-prefix=AVX2
; RUN: cat %t.cache3/twin-* | FileCheck %s --check-prefix=ENTRY3
; ENTRY: concatenates-masks
; ENTRY3-NOT: concatenates-masks

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @parts(
; CHECK:       loop:
; CHECK:         [[L:%roof.local[^ ]*]] = phi i64 [ 0, %entry ], [ [[N:%[^ ]+]], %loop ]
; CHECK-NOT:     %roof.local
; CHECK:         [[M:%[^ ]+]] = shufflevector <8 x i1> %m1, <8 x i1> %m2, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
; CHECK-NEXT:    [[B:%[^ ]+]] = bitcast <16 x i1> [[M]] to i16
; CHECK-NEXT:    [[P:%[^ ]+]] = call i16 @llvm.ctpop.i16(i16 [[B]])
; CHECK-NEXT:    [[U:%[^ ]+]] = zext i16 [[P]] to i64
; CHECK-NEXT:    [[N]] = add i64 [[L]], [[U]]
; CHECK-NOT:     ctpop
; CHECK:       exit:
; CHECK:         add i64 %roof.count{{[^ ]*}}, [[N]]{{$}}
; CHECK-NOT:     %roof.local
; AVX2-LABEL: define void @parts(
; AVX2:       loop:
; AVX2:         [[L:%roof.local[^ ]*]] = phi i64 [ 0, %entry ], [ [[N:%[^ ]+]], %loop ]
; AVX2:         [[B1:%[^ ]+]] = bitcast <8 x i1> %m1 to i8
; AVX2-NEXT:    [[P1:%[^ ]+]] = call i8 @llvm.ctpop.i8(i8 [[B1]])
; AVX2-NEXT:    [[Z1:%[^ ]+]] = zext i8 [[P1]] to i64
; AVX2-NEXT:    [[B2:%[^ ]+]] = bitcast <8 x i1> %m2 to i8
; AVX2-NEXT:    [[P2:%[^ ]+]] = call i8 @llvm.ctpop.i8(i8 [[B2]])
; AVX2-NEXT:    [[Z2:%[^ ]+]] = zext i8 [[P2]] to i64
; AVX2-NEXT:    [[U:%[^ ]+]] = add i64 [[Z1]], [[Z2]]
; AVX2-NEXT:    [[N]] = add i64 [[L]], [[U]]
; AVX2-NOT:     ctpop
; AVX2:       exit:
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

; CHECK-LABEL: define void @four_parts(
; CHECK:       loop:
; CHECK:         [[AB:%[^ ]+]] = shufflevector <4 x i1> %m1, <4 x i1> %m2, <8 x i32>
; CHECK-NEXT:    [[CD:%[^ ]+]] = shufflevector <4 x i1> %m3, <4 x i1> %m4, <8 x i32>
; CHECK-NEXT:    [[ABCD:%[^ ]+]] = shufflevector <8 x i1> [[AB]], <8 x i1> [[CD]], <16 x i32>
; CHECK-NEXT:    [[B4:%[^ ]+]] = bitcast <16 x i1> [[ABCD]] to i16
; CHECK-NEXT:    call i16 @llvm.ctpop.i16(i16 [[B4]])
; CHECK-NOT:     ctpop
; CHECK:       exit:
define void @four_parts(ptr %p, <4 x i1> %m1, <4 x i1> %m2, <4 x i1> %m3, <4 x i1> %m4, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i64 %i, 16
  %a1 = getelementptr double, ptr %p, i64 %off
  %v1 = call <4 x double> @llvm.masked.load.v4f64.p0(ptr %a1, i32 8, <4 x i1> %m1, <4 x double> poison)
  %a2 = getelementptr double, ptr %a1, i64 4
  %v2 = call <4 x double> @llvm.masked.load.v4f64.p0(ptr %a2, i32 8, <4 x i1> %m2, <4 x double> poison)
  %a3 = getelementptr double, ptr %a1, i64 8
  %v3 = call <4 x double> @llvm.masked.load.v4f64.p0(ptr %a3, i32 8, <4 x i1> %m3, <4 x double> poison)
  %a4 = getelementptr double, ptr %a1, i64 12
  %v4 = call <4 x double> @llvm.masked.load.v4f64.p0(ptr %a4, i32 8, <4 x i1> %m4, <4 x double> poison)
  %s1 = fadd <4 x double> %v1, %v2
  %s2 = fadd <4 x double> %v3, %v4
  %s = fadd <4 x double> %s1, %s2
  store <4 x double> %s, ptr %a1
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @wide_parts(
; CHECK:       loop:
; CHECK:         bitcast <64 x i1> %m1 to i64
; CHECK-NEXT:    call i64 @llvm.ctpop.i64(
; CHECK:         bitcast <64 x i1> %m2 to i64
; CHECK-NEXT:    call i64 @llvm.ctpop.i64(
; CHECK-NOT:     ctpop
; CHECK:       exit:
define void @wide_parts(ptr %p, ptr %q, <64 x i1> %m1, <64 x i1> %m2, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i64 %i, 128
  %a1 = getelementptr i8, ptr %p, i64 %off
  %b1 = getelementptr i8, ptr %q, i64 %off
  %v1 = call <64 x i8> @llvm.masked.load.v64i8.p0(ptr %a1, i32 1, <64 x i1> %m1, <64 x i8> poison)
  call void @llvm.masked.store.v64i8.p0(<64 x i8> %v1, ptr %b1, i32 1, <64 x i1> %m1)
  %a2 = getelementptr i8, ptr %a1, i64 64
  %b2 = getelementptr i8, ptr %b1, i64 64
  %v2 = call <64 x i8> @llvm.masked.load.v64i8.p0(ptr %a2, i32 1, <64 x i1> %m2, <64 x i8> poison)
  call void @llvm.masked.store.v64i8.p0(<64 x i8> %v2, ptr %b2, i32 1, <64 x i1> %m2)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare <8 x double> @llvm.masked.load.v8f64.p0(ptr, i32, <8 x i1>, <8 x double>)
declare void @llvm.masked.store.v8f64.p0(<8 x double>, ptr, i32, <8 x i1>)

declare <4 x double> @llvm.masked.load.v4f64.p0(ptr, i32, <4 x i1>, <4 x double>)
declare <64 x i8> @llvm.masked.load.v64i8.p0(ptr, i32, <64 x i1>, <64 x i8>)
declare void @llvm.masked.store.v64i8.p0(<64 x i8>, ptr, i32, <64 x i1>)

attributes #0 = { "target-cpu"="x86-64-v4" }
