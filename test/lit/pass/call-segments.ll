; A call that is not an intrinsic splits its block's counts: what comes
; after it is counted by a separate counter incremented right after the
; call, so that a call that never returns (exit, longjmp) or that reads the
; counters (roof_region_end) sees exactly the work done before it. The
; call's own contribution (e.g. a libm call) belongs to the part before it.
;
;   %entry: fadd        -> "per execution"                (add 1)
;           call @opaque
;           fmul, exp   -> "after call @opaque, per execution"
;                          (mul 1, transcendental 1 canonically; the
;                          vmulsd and what exp executes, measured, in
;                          empirical)
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s --check-prefix=IR

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'segments'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:   block %entry: after call @opaque, per execution
; CHECK:          fp64.mul canonical=1 empirical={{[0-9]+}} full_width={{[0-9]+}}
; CHECK:          fp64.transcendental canonical=1 empirical=0 full_width=0
; CHECK-NOT:    block
; CHECK:        machine: block %entry: vaddsd, call opaque, vmulsd, call exp

; IR-LABEL: define double @segments(
; IR:         %s = fadd double %a, %b
; IR-NEXT:    call void @opaque(ptr %p)
; IR-NEXT:    [[S:%[^ ]+]] = getelementptr inbounds i64, ptr {{%[^ ]+}}, i64 1{{$}}
; IR-NEXT:    [[V:%[^ ]+]] = load i64, ptr [[S]],
; IR-NEXT:    [[A:%[^ ]+]] = add i64 [[V]], 1{{$}}
; IR-NEXT:    store i64 [[A]], ptr [[S]],
; IR-NEXT:    %m = fmul double %s, %b
define double @segments(double %a, double %b, ptr %p) #0 {
entry:
  %s = fadd double %a, %b
  call void @opaque(ptr %p)
  %m = fmul double %s, %b
  %e = call double @exp(double %m) #1
  ret double %e
}

; Intrinsic calls (here llvm.fmuladd, llvm.memcpy) do not split a block.
; CHECK-LABEL: roof-counter-plan: function 'intrinsics_do_not_split'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.fma canonical=2 empirical=2 full_width=2
; CHECK-NEXT:     bytes loaded=16 stored=16
; CHECK-NOT:    block
; CHECK-NEXT: machine: block %entry: vfmadd231sd, vaddsd
define double @intrinsics_do_not_split(double %a, double %b, ptr %p, ptr %q) #0 {
entry:
  %f = call double @llvm.fmuladd.f64(double %a, double %b, double %a)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 16, i1 false)
  %g = fadd double %f, %b
  ret double %g
}

declare void @opaque(ptr)
declare double @exp(double)
declare double @llvm.fmuladd.f64(double, double, double)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { nounwind willreturn memory(none) }
