; Device counters of a CUDA kernel (passes/DeviceInstrumenter.cpp): each
; census slot is a register-promoted local. At a return the slot counts are
; summed over the converged threads of the warp with redux.sync, in two
; 27-bit-split halves, and the warp's lowest active lane adds each weighted
; slot's sum to its column of the counts whose address and row mask the
; runtime wrote into the kernel's header @__roof_kh_<kernel>, in the row of
; its hardware warp slot (SM id x 64 + warp id): one fire-and-forget atomic
; per slot, no shared memory, barrier or fence, nothing while the address
; is 0. The header also carries the columns and the weights (slot, metric,
; amount) the runtime weighs the slots with. Before sm_80 (no redux.sync)
; every thread adds its own counts. The instrumented module must still go
; through ptxas. LLVM 16 has no llvm.nvvm.activemask: the same PTX
; instruction is inline assembly there.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: sed 's/sm_90/sm_75/g' %s | %opt -passes=roof-instrument -S | FileCheck %s --check-prefix=SM75
; RUN: %opt -passes=roof-instrument %s -o %t.bc
; RUN: %llc -O3 -mcpu=sm_90 -mattr=+ptx80 %t.bc -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: sed 's/sm_90/sm_75/g' %s | %opt -passes=roof-instrument -o %t75.bc
; RUN: %llc -O3 -mcpu=sm_75 -mattr=+ptx80 %t75.bc -o %t75.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_75 %t75.ptx -o %t75.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The header: one column; counts and row mask 0 until the runtime writes
; them; the weights of slot 0: metrics 90 and 93 (fp64 add and mul
; canonical) 1 each, 97 and 98 (fp64 fma empirical and full width) 2 each,
; 120/122 (bytes and global bytes loaded) 16, 121/123 (stored) 8. Visible by
; name to the CUDA runtime.
; CHECK: @__roof_kh_daxpy = addrspace(1) global { i32, i32, i64, i64, i32, i32, i64, i64, i64, [256 x { i32, i32, i64 }] } { i32 1, i32 8, i64 0, i64 0, i32 0, i32 0, i64 0, i64 0, i64 0, [256 x { i32, i32, i64 }] [{ i32, i32, i64 } { i32 0, i32 90, i64 1 }, { i32, i32, i64 } { i32 0, i32 93, i64 1 }, { i32, i32, i64 } { i32 0, i32 97, i64 2 }, { i32, i32, i64 } { i32 0, i32 98, i64 2 }, { i32, i32, i64 } { i32 0, i32 120, i64 16 }, { i32, i32, i64 } { i32 0, i32 121, i64 8 }, { i32, i32, i64 } { i32 0, i32 122, i64 16 }, { i32, i32, i64 } { i32 0, i32 123, i64 8 }, { i32, i32, i64 } zeroinitializer,
; CHECK: @llvm.used = appending global {{.*}}@__roof_kh_daxpy

; daxpy per thread under the bounds check: canonical 1 mul + 1 add,
; empirical one FMA (2), 16 bytes loaded and 8 stored, all global.
; CHECK-LABEL: define {{(ptx_kernel )?}}void @daxpy(
; CHECK-NEXT:  entry:
; CHECK-NOT:     barrier
; CHECK:       %[[COUNT:.*]] = phi i64
; CHECK-NEXT:  %[[MASK:.*]] = call i32 {{@llvm.nvvm.activemask\(\)|asm sideeffect "activemask.b32 \$0;", "=r"\(\)}}
; CHECK-NEXT:  and i64 %[[COUNT]], 134217727
; CHECK:       call i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 %[[MASK]])
; CHECK:       lshr i64 %[[COUNT]], 27
; CHECK:       call i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 %[[MASK]])
; CHECK:       %[[LANE:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK:       %[[FIRST:.*]] = call i32 @llvm.cttz.i32(i32 %[[MASK]], i1 true)
; CHECK:       %roof.warp.first = icmp eq i32 %[[LANE]], %[[FIRST]]
; CHECK:       %roof.counts = load i64, ptr addrspace(1) getelementptr inbounds {{(nuw )?}}({{.*}}, ptr addrspace(1) @__roof_kh_daxpy, i32 0, i32 2), align 8, !invariant.load
; CHECK-NEXT:  %roof.row.mask = load i64, ptr addrspace(1) getelementptr inbounds {{(nuw )?}}({{.*}}, ptr addrspace(1) @__roof_kh_daxpy, i32 0, i32 3), align 8, !invariant.load
; CHECK-NEXT:  icmp ne i64 %roof.counts, 0
; CHECK:       %[[SM:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.smid()
; CHECK-NEXT:  %[[WARP:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
; CHECK-NEXT:  %[[SLOTS:.*]] = mul i32 %[[SM]], 64
; CHECK-NEXT:  %[[SLOT:.*]] = add i32 %[[SLOTS]], %[[WARP]]
; CHECK-NEXT:  %[[WIDE:.*]] = zext i32 %[[SLOT]] to i64
; CHECK-NEXT:  %roof.row = and i64 %[[WIDE]], %roof.row.mask
; CHECK-NEXT:  %roof.rows = add i64 %roof.row.mask, 1
; CHECK-NEXT:  %[[BASE:.*]] = inttoptr i64 %roof.counts to ptr addrspace(1)
; CHECK-NEXT:  %[[COLUMN:.*]] = mul i64 0, %roof.rows
; CHECK-NEXT:  %[[INDEX:.*]] = add i64 %[[COLUMN]], %roof.row
; CHECK-NEXT:  %roof.count.at = getelementptr inbounds i64, ptr addrspace(1) %[[BASE]], i64 %[[INDEX]]
; CHECK-NEXT:  atomicrmw add ptr addrspace(1) %roof.count.at, i64 %roof.warp.sum monotonic, align 8
; CHECK-NOT:   atomicrmw
; CHECK:       ret void

; SM75-NOT: redux.sync
; SM75:     atomicrmw add ptr addrspace(1)

; The header's fields are read through the non-coherent cache; the atomic's
; result is unused: a reduction (red) in the SASS.
; PTX: .visible .global .align 8 .b8 __roof_kh_daxpy[4152] = {1, 0, 0, 0, 8, 0, 0, 0,
; PTX-NOT: bar.sync
; PTX: activemask.b32
; PTX: redux.sync.add
; PTX: ld.global.nc.{{[ub]}}64
; PTX: %smid
; PTX: %warpid
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
; RUN: %opt -passes=roof-instrument -disable-output %s 2>&1 | FileCheck %s --check-prefix=OUTLINED
; OUTLINED: roof: device function 'helper' is not inlined into its kernels; its operations are not counted

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @daxpy, !"kernel", i32 1}
!1 = !{ptr @caller, !"kernel", i32 1}
