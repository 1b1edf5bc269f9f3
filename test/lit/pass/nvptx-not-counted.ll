; roof counts x86-64 code only. A module for another target (here a CUDA
; device module, nvptx64-nvidia-cuda, as clang -x cuda produces next to the
; host module) is left unchanged by the instrumentation pass, and the
; printer says the target is not counted.
;
; RUN: %opt -passes='print<roof-census>' -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt -passes=roof-census -S %s | FileCheck %s
; RUN: %opt -S %s -o %t.before.ll
; RUN: %opt -passes=roof-census -S %s -o %t.after.ll
; RUN: diff %t.before.ll %t.after.ll

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; PRINT:     roof-census: target 'nvptx64-nvidia-cuda' is not counted
; PRINT-NOT: roof-census: function

; CHECK-NOT: __roof
; CHECK-NOT: readcyclecounter
; CHECK:     define void @axpy(
; CHECK-NOT: __roof
define void @axpy(ptr %x, ptr %y, double %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %px = getelementptr double, ptr %x, i64 %i
  %py = getelementptr double, ptr %y, i64 %i
  %vx = load double, ptr %px
  %vy = load double, ptr %py
  %r = call double @llvm.fmuladd.f64(double %a, double %vx, double %vy)
  store double %r, ptr %py
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare double @llvm.fmuladd.f64(double, double, double)
