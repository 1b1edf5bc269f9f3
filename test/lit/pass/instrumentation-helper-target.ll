; roof's own function in a module (__roof_module_ctor) compiles for the
; target most of the module's functions name, with the attributes the X86
; backend tells its subtargets apart by ("target-cpu", "target-features",
; "tune-cpu", "prefer-vector-width", "min-legal-vector-width"): without them
; the code generator would build a second subtarget for it (1.7 M
; instructions a compile). @special's own features (as target("avx512f")
; gives them) are not its: @scale and @sum name the others. The runtime's
; entry points are declarations, without target attributes.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: declare preserve_allcc i64 @__roof_enter(ptr, ptr, i32) [[ENTRY:#[0-9]+]]
; CHECK: define internal void @__roof_module_ctor() [[CTOR:#[0-9]+]]
; CHECK-DAG: attributes [[ENTRY]] = { {{(nounwind nonlazybind|nonlazybind nounwind)}} }
; CHECK-DAG: attributes [[CTOR]] = { "min-legal-vector-width"="0" "prefer-vector-width"="256" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+fma" "tune-cpu"="generic" }

define double @special(double %a) #1 {
  %r = fmul double %a, %a
  ret double %r
}

define void @scale(ptr %x, double %a) #0 {
  %v = load double, ptr %x
  %w = fmul double %v, %a
  store double %w, ptr %x
  ret void
}

define double @sum(ptr %x, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s.next = fadd double %s, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

attributes #0 = { "min-legal-vector-width"="0" "prefer-vector-width"="256" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+fma" "tune-cpu"="generic" }
attributes #1 = { "min-legal-vector-width"="0" "prefer-vector-width"="512" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+avx512f,+fma" "tune-cpu"="generic" }
