; Device counters of a CUDA kernel (passes/DeviceInstrumenter.cpp): each
; census slot is a register-promoted local; at the return, metric values
; (slot x weight, metrics with equal weights sharing one value) are summed
; over the converged threads of the warp with redux.sync in two 27-bit-split
; halves, and the warp's lowest active lane adds them to @__roof_kc_<kernel>
; with one atomic per metric. Before sm_80 (no redux.sync) every thread adds
; its own values. The instrumented module must still go through ptxas.
;
; RUN: %opt -passes=roof-census -S %s | FileCheck %s
; RUN: sed 's/sm_90/sm_75/g' %s | %opt -passes=roof-census -S | FileCheck %s --check-prefix=SM75
; RUN: %opt -passes=roof-census %s -o %t.bc
; RUN: %llc -O3 -mcpu=sm_90 -mattr=+ptx80 %t.bc -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The counter array: ROOF_NUM_METRICS (140) 64-bit counters in global memory,
; visible by name to the CUDA runtime.
; CHECK: @__roof_kc_daxpy = addrspace(1) global [140 x i64] zeroinitializer, align 8
; CHECK: @llvm.used = appending global {{.*}}@__roof_kc_daxpy

; daxpy per thread under the bounds check: canonical 1 mul + 1 add,
; empirical one FMA (2), 16 bytes loaded and 8 stored, all global.
; CHECK-LABEL: define void @daxpy(
; CHECK:       %[[MASK:.*]] = call i32 @llvm.nvvm.activemask()
; CHECK:       call i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 %[[MASK]])
; CHECK:       %[[LANE:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK:       %[[FIRST:.*]] = call i32 @llvm.cttz.i32(i32 %[[MASK]], i1 true)
; CHECK:       icmp eq i32 %[[LANE]], %[[FIRST]]
; Metrics 90 (fp64 add canonical) and 93 (fp64 mul canonical) share a value;
; 97/98 (fp64 fma empirical/full width); 120/121 bytes; 122/123 global bytes.
; CHECK-DAG:   atomicrmw add ptr addrspace(1) getelementptr inbounds ([140 x i64], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 90), i64 %[[ONE:[^ ]*]] monotonic
; CHECK-DAG:   atomicrmw add ptr addrspace(1) getelementptr inbounds ([140 x i64], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 93), i64 %[[ONE]] monotonic
; CHECK-DAG:   atomicrmw add ptr addrspace(1) getelementptr inbounds ([140 x i64], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 97), i64 %[[TWO:[^ ]*]] monotonic
; CHECK-DAG:   atomicrmw add ptr addrspace(1) getelementptr inbounds ([140 x i64], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 98), i64 %[[TWO]] monotonic
; CHECK-DAG:   atomicrmw add ptr addrspace(1) getelementptr inbounds ([140 x i64], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 120)
; CHECK-DAG:   atomicrmw add ptr addrspace(1) getelementptr inbounds ([140 x i64], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 122)
; CHECK:       ret void

; SM75-NOT: redux.sync
; SM75:     atomicrmw add ptr addrspace(1)

; PTX: .visible .global .align 8 .b8 __roof_kc_daxpy[1120];
; PTX: activemask.b32
; PTX: redux.sync.add
; PTX: atom.global.add.u64

define void @daxpy(i32 %n, double %a, ptr %x, ptr %y) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp slt i32 %tid, %n
  br i1 %in, label %body, label %exit
body:
  %i = zext i32 %tid to i64
  %px = getelementptr double, ptr %x, i64 %i
  %py = getelementptr double, ptr %y, i64 %i
  %vx = load double, ptr %px
  %vy = load double, ptr %py
  %m = fmul contract double %a, %vx
  %r = fadd contract double %m, %vy
  store double %r, ptr %py
  br label %exit
exit:
  ret void
}

; A device function left out of line is reported, not silently dropped.
define void @caller(ptr %p) #0 {
  call void @helper(ptr %p)
  ret void
}
define void @helper(ptr %p) #0 {
  %v = load double, ptr %p
  %w = fmul double %v, %v
  store double %w, ptr %p
  ret void
}
; RUN: %opt -passes=roof-census -disable-output %s 2>&1 | FileCheck %s --check-prefix=OUTLINED
; OUTLINED: roof: device function 'helper' is not inlined into its kernels; its operations are not counted

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @daxpy, !"kernel", i32 1}
!1 = !{ptr @caller, !"kernel", i32 1}
