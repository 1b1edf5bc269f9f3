; Regression test for a fixed bug, which was: FlopCostModel::governingMask walks the uses of a value at most 8
; levels deep and memoizes every answer, including the "no mask" it gets
; when the walk was cut off by the depth limit. In a tail-folded body whose
; live-out value is the end of a chain of more than 9 element-wise
; operations (here a Horner polynomial of degree 10: ten llvm.fmuladd, the
; last one stored with llvm.masked.store under %m), the walk from the first
; fmuladd stops at depth 9, so %v0..%v8 are memoized as "not governed" and
; counted full width, while %v9 (queried afresh) is counted per active lane.
; Every lane of every %vI only reaches the masked store, so all ten should
; be per active lane of %m.
;
; Expected (x86-64-v4):
;   per execution:          fp64.fma canonical=0 empirical=160 full_width=160
;   per active lane of %m:  fp64.fma canonical=20 (10 fmuladd x 2)
;   bytes stored 8 per active lane of %m
; roof gives:
;   per execution:          fp64.fma canonical=144 empirical=160 full_width=160
;   per active lane of %m:  fp64.fma canonical=2
; Fix: do not memoize depth-limited results (or drop the depth limit: the
; memo already makes the walk linear).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'horner_tail'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=160 full_width=160
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.fma canonical=20 empirical=0 full_width=0
; CHECK-NEXT:     bytes loaded=0 stored=8
define void @horner_tail(ptr %p, <8 x double> %x, <8 x double> %c, i8 %k) #0 {
entry:
  %m = bitcast i8 %k to <8 x i1>
  %v0 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %c, <8 x double> %c)
  %v1 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v0, <8 x double> %c)
  %v2 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v1, <8 x double> %c)
  %v3 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v2, <8 x double> %c)
  %v4 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v3, <8 x double> %c)
  %v5 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v4, <8 x double> %c)
  %v6 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v5, <8 x double> %c)
  %v7 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v6, <8 x double> %c)
  %v8 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v7, <8 x double> %c)
  %v9 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %x, <8 x double> %v8, <8 x double> %c)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %v9, ptr %p, i32 8, <8 x i1> %m)
  ret void
}

declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)
declare void @llvm.masked.store.v8f64.p0(<8 x double>, ptr, i32, <8 x i1>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
