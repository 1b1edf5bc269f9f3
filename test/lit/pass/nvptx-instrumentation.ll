; Device counters of a CUDA kernel (passes/DeviceInstrumenter.cpp): each
; census slot is a register-promoted local. Every thread clears the block's
; sums in shared memory on entry (per weighted slot a 32-bit low part and a
; 64-bit high part, then the count of finished threads) and waits at a
; barrier. At a return the slot counts are split at bit 22 and each part is
; summed over the converged threads of the warp with redux.sync; the warp's
; lowest active lane adds the low sum to the block's (a native 32-bit shared
; atomic), the high sum only when it is not zero, then, after a release
; fence, its number of lanes to the finished count; the lane that completes
; the block (after an acquire fence) weighs the sums (metrics with equal
; weights sharing one value) and adds them to its SM's row of
; @__roof_kc_<kernel>, one atomic per metric. Before sm_80 (no redux.sync)
; every thread speaks for itself. The instrumented module must still go
; through ptxas.
;
; RUN: %opt -passes=roof-census -S %s | FileCheck %s
; RUN: sed 's/sm_90/sm_75/g' %s | %opt -passes=roof-census -S | FileCheck %s --check-prefix=SM75
; RUN: %opt -passes=roof-census %s -o %t.bc
; RUN: %llc -O3 -mcpu=sm_90 -mattr=+ptx80 %t.bc -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: sed 's/sm_90/sm_75/g' %s | %opt -passes=roof-census -o %t75.bc
; RUN: %llc -O3 -mcpu=sm_75 -mattr=+ptx80 %t75.bc -o %t75.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_75 %t75.ptx -o %t75.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The counter array: ROOF_CUDA_COUNTER_ROWS (64) rows of ROOF_NUM_METRICS
; (140) 64-bit counters in global memory, visible by name to the CUDA
; runtime. The block's sums: daxpy has one weighted slot.
; CHECK: @__roof_kc_daxpy = addrspace(1) global [64 x [140 x i64]] zeroinitializer, align 8
; CHECK: @roof.block.daxpy = internal addrspace(3) global [2 x i32] undef, align 8
; CHECK: @roof.block.high.daxpy = internal addrspace(3) global [1 x i64] undef, align 8
; CHECK: @llvm.used = appending global {{.*}}@__roof_kc_daxpy

; daxpy per thread under the bounds check: canonical 1 mul + 1 add,
; empirical one FMA (2), 16 bytes loaded and 8 stored, all global.
; CHECK-LABEL: define void @daxpy(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    store i32 0, ptr addrspace(3) @roof.block.daxpy
; CHECK-NEXT:    store i32 0, ptr addrspace(3) getelementptr inbounds ([2 x i32], ptr addrspace(3) @roof.block.daxpy, i64 0, i64 1)
; CHECK-NEXT:    store i64 0, ptr addrspace(3) @roof.block.high.daxpy
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK:       %[[COUNT:.*]] = phi i64
; CHECK-NEXT:  %[[LOW:.*]] = and i64 %[[COUNT]], 4194303
; CHECK:       %[[HIGH:.*]] = lshr i64 %[[COUNT]], 22
; CHECK:       %[[MASK:.*]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT:  %roof.warp.sum = call i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 %[[MASK]])
; CHECK-NEXT:  %roof.warp.sum4 = call i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 %[[MASK]])
; CHECK:       %[[LANE:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK:       %[[FIRST:.*]] = call i32 @llvm.cttz.i32(i32 %[[MASK]], i1 true)
; CHECK:       icmp eq i32 %[[LANE]], %[[FIRST]]
; CHECK:       %[[LANES:.*]] = call i32 @llvm.ctpop.i32(i32 %[[MASK]])
; CHECK:       atomicrmw add ptr addrspace(3) @roof.block.daxpy, i32 %roof.warp.sum monotonic, align 4
; CHECK-NEXT:  icmp ne i32 %roof.warp.sum4, 0
; CHECK:       atomicrmw add ptr addrspace(3) @roof.block.high.daxpy, i64 %{{.*}} monotonic, align 8
; CHECK:       call void asm sideeffect "fence.acq_rel.cta;", "~{memory}"()
; CHECK-NEXT:  atomicrmw add ptr addrspace(3) getelementptr inbounds ([2 x i32], ptr addrspace(3) @roof.block.daxpy, i64 0, i64 1), i32 %[[LANES]] monotonic
; CHECK:       %roof.block.last = icmp eq i32
; CHECK:       call void asm sideeffect "fence.acq_rel.cta;", "~{memory}"()
; CHECK:       call i32 @llvm.nvvm.read.ptx.sreg.smid()
; CHECK:       load volatile i32, ptr addrspace(3) @roof.block.daxpy
; CHECK:       load volatile i64, ptr addrspace(3) @roof.block.high.daxpy
; CHECK:       %roof.block.sum = add i64
; Metrics 90 (fp64 add canonical) and 93 (fp64 mul canonical) share a value;
; 97/98 (fp64 fma empirical/full width); 120/121 bytes; 122/123 global bytes.
; CHECK-DAG:   getelementptr inbounds [64 x [140 x i64]], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 %roof.row, i64 90
; CHECK-DAG:   getelementptr inbounds [64 x [140 x i64]], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 %roof.row, i64 93
; CHECK-DAG:   mul i64 %roof.block.sum, 2
; CHECK-DAG:   mul i64 %roof.block.sum, 16
; CHECK-DAG:   getelementptr inbounds [64 x [140 x i64]], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 %roof.row, i64 97
; CHECK-DAG:   getelementptr inbounds [64 x [140 x i64]], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 %roof.row, i64 120
; CHECK-DAG:   getelementptr inbounds [64 x [140 x i64]], ptr addrspace(1) @__roof_kc_daxpy, i64 0, i64 %roof.row, i64 122
; CHECK:       ret void

; SM75-NOT: redux.sync
; SM75:     atomicrmw add ptr addrspace(3)
; SM75:     atomicrmw add ptr addrspace(1)

; PTX: .visible .global .align 8 .b8 __roof_kc_daxpy[71680];
; PTX: .shared .align 8 .b8 roof_$_block_$_daxpy[8];
; PTX: .shared .align 8 .b8 roof_$_block_$_high_$_daxpy[8];
; PTX: bar.sync 0;
; PTX: activemask.b32
; PTX: redux.sync.add
; PTX: atom.shared.add.u32
; PTX: atom.shared.add.u64
; PTX: fence.acq_rel.cta;
; PTX: atom.shared.add.u32
; PTX: %smid
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
