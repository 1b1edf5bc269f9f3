; Tail folding: the loop vectorizer masks only the loads and stores of a
; predicated loop body; the arithmetic runs unmasked on every lane
; (`vfmadd231pd %zmm` with no {k}, see the ASM lines). roof follows the
; values: an unmasked fmul/fadd whose every result lane reaches only a
; llvm.masked.store (or select) on one mask %m, through element-wise FP
; operations in the same block, is canonically counted per active lane of
; %m; empirical and full_width count the full vector per execution.
;
; daxpy_tail (y = a*x + y, fmul/fadd without `contract`, x86-64-v4):
;   per active lane of %m: fp64.add canonical 1, fp64.mul canonical 1,
;                          bytes loaded 16 (x, y), stored 8 (y)
;   per execution:         fp64.add empirical = full_width = 8,
;                          fp64.mul empirical = full_width = 8
; daxpy_tail_fmuladd (llvm.fmuladd): fma canonical 2 per active lane,
;   fma empirical = full_width = 16 per execution.
; daxpy_tail_contract (fmul/fadd `contract`, fused by the backend):
;   canonical mul 1 + add 1 per active lane; empirical fma 16 per execution.
; other_use: the sum also feeds an unmasked store: canonical full width.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'daxpy_tail'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %body: per execution
; CHECK-NEXT:     fp64.add canonical=0 empirical=8 full_width=8
; CHECK-NEXT:     fp64.mul canonical=0 empirical=8 full_width=8
; CHECK-NEXT:   block %body: per active lane of %m
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     bytes loaded=16 stored=8
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %body: vmulpd zmm, vaddpd zmm
; ASM-LABEL: daxpy_tail:
; ASM:       vmovupd {{.*}} {%k1} {z}
; ASM:       vmulpd {{.*}}%zmm{{[0-9]+}}{{$}}
; ASM:       vaddpd {{.*}}%zmm{{[0-9]+}}{{$}}
; ASM:       vmovupd %zmm{{[0-9]+}}, {{.*}} {%k1}
define void @daxpy_tail(ptr %x, ptr %y, double %a, i64 %n) #0 {
entry:
  %ai = insertelement <8 x double> poison, double %a, i64 0
  %av = shufflevector <8 x double> %ai, <8 x double> poison, <8 x i32> zeroinitializer
  %ni = insertelement <8 x i64> poison, i64 %n, i64 0
  %nv = shufflevector <8 x i64> %ni, <8 x i64> poison, <8 x i32> zeroinitializer
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %ii = insertelement <8 x i64> poison, i64 %i, i64 0
  %iv = shufflevector <8 x i64> %ii, <8 x i64> poison, <8 x i32> zeroinitializer
  %idx = add <8 x i64> %iv, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %m = icmp ult <8 x i64> %idx, %nv
  %px = getelementptr double, ptr %x, i64 %i
  %py = getelementptr double, ptr %y, i64 %i
  %vx = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %px, i32 8, <8 x i1> %m, <8 x double> poison)
  %vy = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %py, i32 8, <8 x i1> %m, <8 x double> poison)
  %p = fmul <8 x double> %av, %vx
  %s = fadd <8 x double> %p, %vy
  call void @llvm.masked.store.v8f64.p0(<8 x double> %s, ptr %py, i32 8, <8 x i1> %m)
  %i.next = add i64 %i, 8
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'daxpy_tail_fmuladd'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:   block %body: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %body: per active lane of %m
; CHECK-NEXT:     fp64.fma canonical=2 empirical=0 full_width=0
; CHECK-NEXT:     bytes loaded=16 stored=8
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %body: vfmadd213pd zmm
; ASM-LABEL: daxpy_tail_fmuladd:
; ASM:       vfmadd{{[0-9]+}}pd {{.*}}%zmm{{[0-9]+( #.*)?$}}
; ASM:       vmovupd %zmm{{[0-9]+}}, {{.*}} {%k1}
define void @daxpy_tail_fmuladd(ptr %x, ptr %y, double %a, i64 %n) #0 {
entry:
  %ai = insertelement <8 x double> poison, double %a, i64 0
  %av = shufflevector <8 x double> %ai, <8 x double> poison, <8 x i32> zeroinitializer
  %ni = insertelement <8 x i64> poison, i64 %n, i64 0
  %nv = shufflevector <8 x i64> %ni, <8 x i64> poison, <8 x i32> zeroinitializer
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %ii = insertelement <8 x i64> poison, i64 %i, i64 0
  %iv = shufflevector <8 x i64> %ii, <8 x i64> poison, <8 x i32> zeroinitializer
  %idx = add <8 x i64> %iv, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %m = icmp ult <8 x i64> %idx, %nv
  %px = getelementptr double, ptr %x, i64 %i
  %py = getelementptr double, ptr %y, i64 %i
  %vx = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %px, i32 8, <8 x i1> %m, <8 x double> poison)
  %vy = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %py, i32 8, <8 x i1> %m, <8 x double> poison)
  %s = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %av, <8 x double> %vx, <8 x double> %vy)
  call void @llvm.masked.store.v8f64.p0(<8 x double> %s, ptr %py, i32 8, <8 x i1> %m)
  %i.next = add i64 %i, 8
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'daxpy_tail_contract'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     bytes loaded=0 stored=8
; CHECK-NEXT: machine: block %entry: vfmadd213pd zmm
; ASM-LABEL: daxpy_tail_contract:
; ASM:       vfmadd{{[0-9]+}}pd {{.*}}%zmm{{[0-9]+( #.*)?$}}
; ASM:       vmovupd %zmm{{[0-9]+}}, {{.*}} {%k1}
define void @daxpy_tail_contract(ptr %py, <8 x double> %av, <8 x double> %vx, <8 x double> %vy, i8 %k) #0 {
entry:
  %m = bitcast i8 %k to <8 x i1>
  %p = fmul contract <8 x double> %av, %vx
  %s = fadd contract <8 x double> %p, %vy
  call void @llvm.masked.store.v8f64.p0(<8 x double> %s, ptr %py, i32 8, <8 x i1> %m)
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'other_use'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=8 full_width=8
; CHECK-NEXT:     bytes loaded=0 stored=64
; CHECK-NEXT:   block %entry: per active lane of %m
; CHECK-NEXT:     bytes loaded=0 stored=8
; CHECK-NEXT: machine: block %entry: vaddpd zmm
define void @other_use(ptr %p, ptr %q, <8 x double> %a, <8 x double> %b, i8 %k) #0 {
entry:
  %m = bitcast i8 %k to <8 x i1>
  %s = fadd <8 x double> %a, %b
  call void @llvm.masked.store.v8f64.p0(<8 x double> %s, ptr %p, i32 8, <8 x i1> %m)
  store <8 x double> %s, ptr %q
  ret void
}

declare <8 x double> @llvm.masked.load.v8f64.p0(ptr, i32, <8 x i1>, <8 x double>)
declare void @llvm.masked.store.v8f64.p0(<8 x double>, ptr, i32, <8 x i1>)
declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "min-legal-vector-width"="512" }
