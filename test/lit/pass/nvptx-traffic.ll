; Traffic mode on the device (passes/DeviceTraffic.cpp, include/roof/abi.h):
; before each load, store and atomic that may address global memory, the
; threads whose 32-byte sector is sampled ((sector * hash) >> 40 below the
; threshold the runtime wrote into the kernel's header, read once at the
; entry) make one record per sector: match.any.sync groups the lanes on
; the same sector, the lowest of them takes an index with an atomic add on
; the buffer's count and, when the index is below the capacity, writes
; sector << 10 | SM << 2 | access (0 load, 1 store, 2 atomic) after the
; count. A kernel pointer parameter addresses global memory; a pointer
; loaded from memory is checked with isspacep.global; shared memory is left
; alone. The header's flags say the kernel samples. Before sm_70 (no
; match.any.sync) nothing is sampled, with a warning. The module must still
; go through ptxas.
;
; RUN: env ROOF_TRAFFIC=1 %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s --check-prefix=OFF
; RUN: env ROOF_TRAFFIC=1 %opt -passes=roof-instrument %s -o %t.bc
; RUN: %llc -O3 -mcpu=sm_90 -mattr=+ptx80 %t.bc -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: sed 's/sm_90/sm_60/g' %s | env ROOF_TRAFFIC=1 %opt -passes=roof-instrument -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM60

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; flags (the fifth field) 1: ROOF_CUDA_KERNEL_TRAFFIC.
; CHECK: @__roof_kh_gather = addrspace(1) global {{.*}} { i32 {{[0-9]+}}, i32 {{[0-9]+}}, i64 0, i64 0, i32 1, i32 0, i64 0, i64 0, i64 0,
; OFF:   @__roof_kh_gather = addrspace(1) global {{.*}} { i32 {{[0-9]+}}, i32 {{[0-9]+}}, i64 0, i64 0, i32 0, i32 0, i64 0, i64 0, i64 0,
; OFF-NOT: match.any

; CHECK-LABEL: define {{(ptx_kernel )?}}void @gather(
; CHECK:       %roof.traffic = load i64, ptr addrspace(1) getelementptr inbounds {{(nuw )?}}({{.*}}, ptr addrspace(1) @__roof_kh_gather, i32 0, i32 6), align 8, !invariant.load
; CHECK-NEXT:  %[[BUFFER:.*]] = inttoptr i64 %roof.traffic to ptr addrspace(1)
; CHECK:       %roof.traffic.capacity = load i64, {{.*}} i32 0, i32 7), align 8, !invariant.load
; CHECK:       %roof.traffic.threshold = load i64, {{.*}} i32 0, i32 8), align 8, !invariant.load

; The load of idx[tid], a kernel parameter: global, no isspacep.
; CHECK:       %[[ADDRESS:.*]] = ptrtoint ptr %pidx to i64
; CHECK-NEXT:  %[[SECTOR:roof.sector.*]] = lshr i64 %[[ADDRESS]], 5
; CHECK-NEXT:  %[[HASH:.*]] = mul i64 %[[SECTOR]], -7046029254386353131
; CHECK-NEXT:  %[[TOP:.*]] = lshr i64 %[[HASH]], 40
; CHECK-NEXT:  %[[SAMPLED:.*]] = icmp ult i64 %[[TOP]], %roof.traffic.threshold
; CHECK-NEXT:  br i1 %[[SAMPLED]]
; CHECK:       %[[MASK:.*]] = call i32 {{@llvm.nvvm.activemask\(\)|asm sideeffect "activemask.b32 \$0;", "=r"\(\)}}
; CHECK-NEXT:  %[[PEERS:.*]] = call i32 @llvm.nvvm.match.any.sync.i64(i32 %[[MASK]], i64 %[[SECTOR]])
; CHECK-NEXT:  %[[LANE:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK-NEXT:  %[[LOWEST:.*]] = call i32 @llvm.cttz.i32(i32 %[[PEERS]], i1 true)
; CHECK-NEXT:  %[[FIRST:.*]] = icmp eq i32 %[[LANE]], %[[LOWEST]]
; CHECK-NEXT:  br i1 %[[FIRST]]
; CHECK:       %[[INDEX:.*]] = atomicrmw add ptr addrspace(1) %[[BUFFER]], i64 1 monotonic, align 8
; CHECK-NEXT:  %[[FITS:.*]] = icmp ult i64 %[[INDEX]], %roof.traffic.capacity
; CHECK-NEXT:  br i1 %[[FITS]]
; CHECK:       %[[SM:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.smid()
; CHECK-NEXT:  %[[SM64:.*]] = zext i32 %[[SM]] to i64
; CHECK-NEXT:  %[[SECTORBITS:.*]] = shl i64 %[[SECTOR]], 10
; CHECK-NEXT:  %[[SMLOW:.*]] = and i64 %[[SM64]], 255
; CHECK-NEXT:  %[[SMBITS:.*]] = shl i64 %[[SMLOW]], 2
; CHECK-NEXT:  %roof.traffic.record = or i64 %[[SECTORBITS]], %[[SMBITS]]
; CHECK-NEXT:  %[[AFTER:.*]] = add i64 %[[INDEX]], 1
; CHECK-NEXT:  %roof.traffic.at = getelementptr inbounds i64, ptr addrspace(1) %[[BUFFER]], i64 %[[AFTER]]
; CHECK-NEXT:  store i64 %roof.traffic.record, ptr addrspace(1) %roof.traffic.at, align 8
; CHECK:       %j = load i32, ptr %pidx

; The load through a pointer read from memory: isspacep.global too.
; CHECK:       %[[GLOBAL:.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %pv)
; CHECK:       %v = load double, ptr %pv

; The shared memory load is not sampled; the store (access 1) and the
; atomic (access 2) are.
; CHECK-NOT:   ptrtoint ptr addrspace(3)
; CHECK:       %s = load double, ptr addrspace(3) %ps
; CHECK:       %[[STORE:.*]] = or i64 %roof.traffic.record{{.*}}, 1
; CHECK-NEXT:  add i64
; CHECK-NEXT:  getelementptr
; CHECK-NEXT:  store i64 %[[STORE]]
; CHECK:       store double %sum, ptr %py
; CHECK:       %[[ATOMIC:.*]] = or i64 %roof.traffic.record{{.*}}, 2
; CHECK-NEXT:  add i64
; CHECK-NEXT:  getelementptr
; CHECK-NEXT:  store i64 %[[ATOMIC]]
; CHECK:       atomicrmw fadd ptr %total, double %sum

; PTX: match.any.sync.b64
; PTX: isspacep.global
; PTX: %smid

; SM60: roof: kernel 'gather' is built for an architecture before sm_70; traffic mode does not model its memory traffic
; SM60: @__roof_kh_gather = addrspace(1) global {{.*}} i64 0, i64 0, i32 0, i32 0,
; SM60-NOT: match.any

@tile = internal addrspace(3) global [32 x double] undef

define void @gather(ptr %idx, ptr %table, ptr %y, ptr %total) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %pidx = getelementptr i32, ptr %idx, i64 %i
  %j = load i32, ptr %pidx
  %jj = sext i32 %j to i64
  %row = load ptr, ptr %table
  %pv = getelementptr double, ptr %row, i64 %jj
  %v = load double, ptr %pv
  %lane = and i64 %i, 31
  %ps = getelementptr double, ptr addrspace(3) @tile, i64 %lane
  %s = load double, ptr addrspace(3) %ps
  %sum = fadd double %v, %s
  %py = getelementptr double, ptr %y, i64 %i
  store double %sum, ptr %py
  %old = atomicrmw fadd ptr %total, double %sum monotonic
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }

!nvvm.annotations = !{!0}
!0 = !{ptr @gather, !"kernel", i32 1}
