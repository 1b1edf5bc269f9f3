; The entry block's static allocas stay in the entry block, first: the
; thread's registration test splits the entry block where the counter code
; starts, and an alloca left below that split would become a dynamic
; allocation (a frame pointer and a stack adjustment per call) where in the
; entry block the code generator gives it a fixed stack slot. clang's
; OpenMP bodies (here @body, as `foo.omp_outlined` looks at -O3) have
; instructions before their allocas.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define double @body(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %lb = alloca i64
; CHECK-NEXT:    %ub = alloca i64
; CHECK-NEXT:    [[C:%.*]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr [[C]]
; CHECK:         call void @__roof_register_thread(ptr @__roof_module, ptr [[C]])
; CHECK-NOT:     alloca
; CHECK:         ret double
define double @body(ptr %p, double %a) {
entry:
  %bits = ptrtoint ptr %p to i64
  %lb = alloca i64
  %ub = alloca i64
  store i64 %bits, ptr %lb
  store i64 0, ptr %ub
  call void @bounds(ptr %lb, ptr %ub)
  %v = load double, ptr %p
  %w = fmul double %v, %a
  ret double %w
}

declare void @bounds(ptr, ptr)
