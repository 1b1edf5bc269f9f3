; memcpy/memmove read and write their length; memset only writes it.
; A constant length is a static per-execution amount; a run-time length
; gets its own counter "per unit of %len" (weight 1 byte per unit).
;
;   memcpy(dst, src, 100)        loaded 100 stored 100 per execution
;   memmove(dst, src, 24)        loaded 24 stored 24 per execution
;   memset(dst, 0, 64)           stored 64 per execution
;   memcpy.inline(dst, src, 16)  loaded 16 stored 16 per execution
;   memcpy(dst, src, %len)       loaded 1 stored 1 per unit of %len
;   memset(dst, 0, %len)         stored 1 per unit of %len
;   memmove(dst, src, %n32) (i32 length)   loaded 1 stored 1 per unit of %n32
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'constant_lengths'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     bytes loaded=140 stored=204
; CHECK-NOT:    block
define void @constant_lengths(ptr %dst, ptr %src) #0 {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 100, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %dst, ptr %src, i64 24, i1 false)
  call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 64, i1 false)
  call void @llvm.memcpy.inline.p0.p0.i64(ptr %dst, ptr %src, i64 16, i1 false)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'variable_memcpy'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per unit of %len
; CHECK-NEXT:     bytes loaded=1 stored=1
; CHECK-NOT:    block
define void @variable_memcpy(ptr %dst, ptr %src, i64 %len) #0 {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %len, i1 false)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'variable_memset'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per unit of %len
; CHECK-NEXT:     bytes loaded=0 stored=1
; CHECK-NOT:    block
define void @variable_memset(ptr %dst, i64 %len) #0 {
entry:
  call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 %len, i1 false)
  ret void
}

; Two copies of the same length share one counter (2 bytes each way per
; unit); an i32 length works the same.
; CHECK-LABEL: roof-counter-plan: function 'same_length_twice'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %entry: per unit of %n32
; CHECK-NEXT:     bytes loaded=2 stored=2
; CHECK-NOT:    block
define void @same_length_twice(ptr %dst, ptr %src, i32 %n32) #0 {
entry:
  call void @llvm.memmove.p0.p0.i32(ptr %dst, ptr %src, i32 %n32, i1 false)
  call void @llvm.memcpy.p0.p0.i32(ptr %src, ptr %dst, i32 %n32, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memcpy.inline.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
