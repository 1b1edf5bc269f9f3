; OpenMP outlined bodies: clang names the body of a parallel region in
; function foo `foo.omp_outlined` (nested regions add more suffixes). roof
; instruments the body like any function but records, in its RoofFunction
; descriptor, attributed_to = "foo" (the same string as foo's name), so the
; runtime reports its work under foo. Outlined bodies are not timed even
; when they contain loops (time and depth slots are -1 = ROOF_NO_SLOT):
; their time is part of the caller's.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s --check-prefix=PRINT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr null }

; scale: 1 slot (entry); scale.omp_outlined: slots 1 (entry) and 2 (%loop).
; CHECK-DAG: @roof.functions = private constant [3 x %roof.Function] [%roof.Function { ptr @[[SCALE:roof.str[.0-9]*]], ptr @[[SCALE]], ptr null, i32 0, i32 3, i32 0, i32 1, i32 2, {{.*}} }, %roof.Function { ptr @[[OUTL:roof.str[.0-9]*]], ptr @[[OUTL]], ptr @[[SCALE]], i32 3, i32 2, i32 0, i32 -1, i32 -1, {{.*}} }, %roof.Function { ptr @[[NEST:roof.str[.0-9]*]], ptr @[[NEST]], ptr @[[SCALE]], i32 5, i32 1, i32 0, i32 -1, i32 -1, {{.*}} }]
; CHECK-DAG: @[[SCALE]] = private unnamed_addr constant [6 x i8] c"scale\00"
; CHECK-DAG: @[[OUTL]] = private unnamed_addr constant [19 x i8] c"scale.omp_outlined\00"
; CHECK-DAG: @[[NEST]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"scale.omp_outlined.omp_outlined_debug__\00"

; CHECK-LABEL: define void @scale(
; CHECK:         call void (ptr, i32, ptr, ...) @__kmpc_fork_call(
define void @scale(i64 %n, double %a, ptr %x) #0 {
entry:
  %n.addr = alloca i64
  %a.addr = alloca double
  store i64 %n, ptr %n.addr
  store double %a, ptr %a.addr
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @scale.omp_outlined, ptr %n.addr, ptr %a.addr, ptr %x)
  ret void
}

; PRINT-LABEL: roof-counter-plan: function 'scale.omp_outlined'
; PRINT:         block %loop: per execution
; PRINT-NEXT:      fp64.mul canonical=1 empirical=1 full_width=1
; CHECK-LABEL: define internal void @scale.omp_outlined(
; CHECK-NOT:     readcyclecounter
; CHECK:         ret void
define internal void @scale.omp_outlined(ptr noalias %gtid, ptr noalias %btid, ptr %n.addr, ptr %a.addr, ptr %x) #0 {
entry:
  %n = load i64, ptr %n.addr
  %a = load double, ptr %a.addr
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, %a
  store double %w, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A nested/debug variant is attributed to the outermost function as well.
; CHECK-LABEL: define internal void @scale.omp_outlined.omp_outlined_debug__(
define internal void @scale.omp_outlined.omp_outlined_debug__(ptr %p) #0 {
entry:
  %v = load double, ptr %p
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
