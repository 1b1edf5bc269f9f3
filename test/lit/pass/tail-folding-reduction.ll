; XFAIL: *
; BUG: in a tail-folded REDUCTION the canonical count is full width. This is
; the loop clang -O3 -ffast-math -march=x86-64-v4 -mprefer-vector-width=512
; makes of
;   double s = 0;
;   #pragma clang loop vectorize_predicate(enable)
;   for (long i = 0; i < n; i++) s += x[i] * y[i];
; (values renamed). LLVM 19 masks the loads, keeps the accumulator update
; unmasked in the loop, and applies the mask once, in the middle block,
; with `select %mask, %acc.next, %acc` before the final reduction. The
; lanes of %prod/%acc.next where %mask is false are never used: the mask is
; only partial in the last iteration, after which the select throws them
; away. FlopCostModel::governingMask only follows uses inside the same block
; and gives up on the loop-carried phi and on the select in %middle, so the
; fmul and fadd are counted canonically at full width: for n = 1003 the
; source-level count would be 2 x 1003 = 2006 FLOPs but roof's canonical
; count is 2 x 8 x 126 = 2016 (exactly the machine count, which is what
; "empirical" is for). A tail-folded store (tail-folding.ll) is handled.
;
; Expected (x86-64-v4), block %body:
;   per execution:            fp64.fma canonical=0 empirical=16 full_width=16
;   per active lane of %mask: fp64.add canonical=1, fp64.mul canonical=1,
;                             bytes loaded=16
; roof gives fp64.add canonical=8 and fp64.mul canonical=8 per execution.
; The backend (ASM lines) runs the FMA unmasked and merges the accumulator
; with the mask once after the loop (vmovapd {%k1}).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'dot'
; CHECK:        block %body: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %body: per active lane of %mask
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     bytes loaded=16 stored=0
; ASM-LABEL: dot:
; ASM:       vmovupd {{.*}} {%k1} {z}
; ASM:       vfmadd213pd %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}} #
; ASM:       jne
; ASM:       vmovapd %zmm0, %zmm3 {%k1}
define double @dot(i64 %n, ptr %x, ptr %y) #0 {
entry:
  %nonempty = icmp sgt i64 %n, 0
  br i1 %nonempty, label %preheader, label %exit

preheader:
  %n.rnd = add nuw i64 %n, 7
  %n.vec = and i64 %n.rnd, -8
  %last = add nsw i64 %n, -1
  %last.ins = insertelement <8 x i64> poison, i64 %last, i64 0
  %last.splat = shufflevector <8 x i64> %last.ins, <8 x i64> poison, <8 x i32> zeroinitializer
  br label %body

body:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %body ]
  %acc = phi <8 x double> [ zeroinitializer, %preheader ], [ %acc.next, %body ]
  %i.ins = insertelement <8 x i64> poison, i64 %i, i64 0
  %i.splat = shufflevector <8 x i64> %i.ins, <8 x i64> poison, <8 x i32> zeroinitializer
  %lanes = or disjoint <8 x i64> %i.splat, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %mask = icmp ule <8 x i64> %lanes, %last.splat
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %vx = tail call <8 x double> @llvm.masked.load.v8f64.p0(ptr %px, i32 8, <8 x i1> %mask, <8 x double> poison)
  %py = getelementptr inbounds double, ptr %y, i64 %i
  %vy = tail call <8 x double> @llvm.masked.load.v8f64.p0(ptr %py, i32 8, <8 x i1> %mask, <8 x double> poison)
  %prod = fmul fast <8 x double> %vy, %vx
  %acc.next = fadd fast <8 x double> %prod, %acc
  %i.next = add i64 %i, 8
  %done = icmp eq i64 %i.next, %n.vec
  br i1 %done, label %middle, label %body

middle:
  %live = select fast <8 x i1> %mask, <8 x double> %acc.next, <8 x double> %acc
  %sum = tail call fast double @llvm.vector.reduce.fadd.v8f64(double -0.000000e+00, <8 x double> %live)
  br label %exit

exit:
  %r = phi double [ 0.000000e+00, %entry ], [ %sum, %middle ]
  ret double %r
}

declare <8 x double> @llvm.masked.load.v8f64.p0(ptr, i32, <8 x i1>, <8 x double>)
declare double @llvm.vector.reduce.fadd.v8f64(double, <8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "min-legal-vector-width"="0" "unsafe-fp-math"="true" }
