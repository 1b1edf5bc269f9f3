; Traffic mode (ROOF_TRAFFIC=1, passes/TrafficInstrumenter.h): every memory
; access also passes its address to the runtime's cache model when its cache
; line is sampled.
;   - The module's descriptor has flags 1 (ROOF_MODULE_TRAFFIC) and ABI 11.
;   - A function with memory accesses gets 8 traffic slots after its census
;     slots, slot 2*level+stored weighted 1 byte of metric
;     ROOF_METRIC_TRAFFIC(level, stored) = 132 + 2*level + stored (132: the
;     metrics before them, 4 precisions x 10 classes x 3 kinds + 2 bytes + 2 x
;     5 spaces); @noaccess gets none.
;   - The threshold is loaded once, in the entry block, and made the
;     largest sampled hash, (threshold << 40) - 1: a line is sampled when
;     line * 0x9E3779B97F4A7C15 is at most that; the L1's sampled sets'
;     mask and value are loaded there too: a line is also passed when
;     line & mask is the value (runtime/traffic_sets.h).
;   - A load or store aligned to its size (8 bytes, align 8) is one line:
;     one hash and one set; a 64-byte load aligned to 8 may span two: its
;     first line and the next are checked, the next's hash one addition away
;     from the first's. The call is on the unlikely side of a branch; the bytes and
;     whether it stores are passed.
;   - memcpy passes its source and destination ranges, always.
;   - A gather checks the lines of each lane's first and last bytes (hash and
;     set, as vectors: the limit, mask and value splat once, in the entry
;     block) and calls only when an active lane's line is sampled, passing its
;     vector of pointers and those lanes as bits.
; Without ROOF_TRAFFIC nothing of this is added.
;
; RUN: env ROOF_TRAFFIC=1 %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s --check-prefix=OFF

; CHECK-DAG: @__roof_counters = internal thread_local global [22 x i64]
; CHECK-DAG: @__roof_module = private constant %roof.Module { i32 11, i32 3, i32 21, i32 1,
; CHECK-DAG: @__roof_traffic_threshold = external global i64
; CHECK-DAG: @__roof_traffic_set_mask = external global i64
; CHECK-DAG: @__roof_traffic_set_value = external global i64
; The weights as the bytes of RoofWeight[] {slot, metric, amount} (little-endian
; u32, u32, u64): (0, 120, 72), (0, 121, 8), (1, 120, 1), (1, 121, 1), then
; (2 + i, 132 + i, 1) for i = 0..7, one byte per unit of each traffic slot.
; CHECK-DAG: @roof.weights = private constant [192 x i8] c"\00\00\00\00x\00\00\00H\00\00\00\00\00\00\00\00\00\00\00y\00\00\00\08\00\00\00\00\00\00\00\01\00\00\00x\00\00\00\01\00\00\00\00\00\00\00\01\00\00\00y\00\00\00\01\00\00\00\00\00\00\00\02\00\00\00\84\00\00\00\01\00\00\00\00\00\00\00\03\00\00\00\85\00\00\00\01\00\00\00\00\00\00\00\04\00\00\00\86\00\00\00\01\00\00\00\00\00\00\00\05\00\00\00\87\00\00\00\01\00\00\00\00\00\00\00\06\00\00\00\88\00\00\00\01\00\00\00\00\00\00\00\07\00\00\00\89\00\00\00\01\00\00\00\00\00\00\00\08\00\00\00\8A\00\00\00\01\00\00\00\00\00\00\00\09\00\00\00\8B\00\00\00\01\00\00\00\00\00\00\00", align 8
; CHECK-DAG: @roof.functions = private constant [3 x %roof.Function] [%roof.Function { ptr @roof.str, ptr @roof.str, ptr null, i32 0, i32 10, i32 0, i32 -1, i32 -1, i32 12, ptr @roof.weights, i32 0 }, %roof.Function { ptr @roof.str.2, ptr @roof.str.2, ptr null, i32 10, i32 10, i32 0, i32 -1, i32 -1, i32 9, ptr @roof.weights.1, i32 0 }, %roof.Function { ptr @roof.str.3, ptr @roof.str.3, ptr null, i32 20, i32 1, i32 0, i32 -1, i32 -1, i32 0, ptr null, i32 0 }]

; OFF: @__roof_module = private constant %roof.Module { i32 11, i32 3, i32 5, i32 0,
; OFF-NOT: __roof_traffic

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @copy(
; CHECK:         [[SLOTS:%.*]] = getelementptr inbounds i64, ptr {{%.*}}, i64 2{{$}}
; CHECK-NEXT:    [[T:%.*]] = load i64, ptr @__roof_traffic_threshold, align 8
; CHECK-NEXT:    [[TH:%.*]] = shl i64 [[T]], 40
; CHECK-NEXT:    [[LIMIT:%.*]] = sub i64 [[TH]], 1
; CHECK-NEXT:    [[MASK:%.*]] = load i64, ptr @__roof_traffic_set_mask, align 8
; CHECK-NEXT:    [[VALUE:%.*]] = load i64, ptr @__roof_traffic_set_value, align 8
; CHECK:         [[A:%.*]] = ptrtoint ptr %src to i64
; CHECK-NEXT:    [[L:%.*]] = lshr i64 [[A]], 6
; CHECK-NEXT:    [[H:%.*]] = mul i64 [[L]], -7046029254386353131
; CHECK-NEXT:    [[S:%.*]] = icmp ule i64 [[H]], [[LIMIT]]
; CHECK-NEXT:    [[SET:%.*]] = and i64 [[L]], [[MASK]]
; CHECK-NEXT:    [[IN:%.*]] = icmp eq i64 [[SET]], [[VALUE]]
; CHECK-NEXT:    [[EITHER0:%.*]] = or i1 [[S]], [[IN]]
; CHECK-NEXT:    br i1 [[EITHER0]], label %[[CALL:.*]], label %[[LOAD:.*]], !prof
; CHECK:       [[CALL]]:
; CHECK-NEXT:    call void @__roof_traffic_access(ptr [[SLOTS]], ptr %src, i64 8, i32 0)
; CHECK:       [[LOAD]]:
; CHECK-NEXT:    %v = load double, ptr %src, align 8
; CHECK:         call void @__roof_traffic_access(ptr [[SLOTS]], ptr %dst, i64 8, i32 1)
; CHECK:         store double %v, ptr %dst, align 8
; CHECK:         [[A2:%.*]] = ptrtoint ptr %dst to i64
; CHECK-NEXT:    [[L2:%.*]] = lshr i64 [[A2]], 6
; CHECK-NEXT:    [[H2:%.*]] = mul i64 [[L2]], -7046029254386353131
; CHECK-NEXT:    [[S2:%.*]] = icmp ule i64 [[H2]], [[LIMIT]]
; CHECK-NEXT:    [[SET2:%.*]] = and i64 [[L2]], [[MASK]]
; CHECK-NEXT:    [[IN2:%.*]] = icmp eq i64 [[SET2]], [[VALUE]]
; CHECK-NEXT:    [[OR2:%.*]] = or i1 [[S2]], [[IN2]]
; CHECK-NEXT:    [[NEXT:%.*]] = add i64 [[H2]], -7046029254386353131
; CHECK-NEXT:    [[S3:%.*]] = icmp ule i64 [[NEXT]], [[LIMIT]]
; CHECK-NEXT:    [[OR3:%.*]] = or i1 [[OR2]], [[S3]]
; CHECK-NEXT:    [[L3:%.*]] = add i64 [[L2]], 1
; CHECK-NEXT:    [[SET3:%.*]] = and i64 [[L3]], [[MASK]]
; CHECK-NEXT:    [[IN3:%.*]] = icmp eq i64 [[SET3]], [[VALUE]]
; CHECK-NEXT:    [[EITHER:%.*]] = or i1 [[OR3]], [[IN3]]
; CHECK-NEXT:    br i1 [[EITHER]]
; CHECK:         call void @__roof_traffic_access(ptr [[SLOTS]], ptr %dst, i64 64, i32 0)
; CHECK:         %w = load <8 x double>, ptr %dst, align 8
; CHECK-NEXT:    call void @__roof_traffic_access(ptr [[SLOTS]], ptr %src, i64 %n, i32 0)
; CHECK-NEXT:    call void @__roof_traffic_access(ptr [[SLOTS]], ptr %dst, i64 %n, i32 1)
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
define void @copy(ptr %dst, ptr %src, i64 %n) {
entry:
  %v = load double, ptr %src, align 8
  store double %v, ptr %dst, align 8
  %w = load <8 x double>, ptr %dst, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
  ret void
}

; CHECK-LABEL: define <4 x double> @gather(
; CHECK:         [[LANES:%.*]] = alloca <4 x ptr>
; CHECK:         [[GS:%.*]] = getelementptr inbounds i64, ptr {{%.*}}, i64 12
; CHECK:         [[LIMIT:%.*]] = sub i64 {{%.*}}, 1
; CHECK:         [[SETMASK:%.*]] = load i64, ptr @__roof_traffic_set_mask
; CHECK:         [[SETVALUE:%.*]] = load i64, ptr @__roof_traffic_set_value
; CHECK-NEXT:    [[LIMITS0:%.*]] = insertelement <4 x i64> poison, i64 [[LIMIT]], i64 0
; CHECK-NEXT:    [[LIMITS:%.*]] = shufflevector <4 x i64> [[LIMITS0]], <4 x i64> poison, <4 x i32> zeroinitializer
; CHECK-NEXT:    [[MASKS0:%.*]] = insertelement <4 x i64> poison, i64 [[SETMASK]], i64 0
; CHECK-NEXT:    [[MASKS:%.*]] = shufflevector <4 x i64> [[MASKS0]], <4 x i64> poison, <4 x i32> zeroinitializer
; CHECK-NEXT:    [[VALUES0:%.*]] = insertelement <4 x i64> poison, i64 [[SETVALUE]], i64 0
; CHECK-NEXT:    [[VALUES:%.*]] = shufflevector <4 x i64> [[VALUES0]], <4 x i64> poison, <4 x i32> zeroinitializer
; CHECK:         [[ADDR:%.*]] = ptrtoint <4 x ptr> %p to <4 x i64>
; CHECK-NEXT:    [[FIRST:%.*]] = lshr <4 x i64> [[ADDR]], {{<i64 6, i64 6, i64 6, i64 6>|splat \(i64 6\)}}
; CHECK-NEXT:    [[HASH:%.*]] = mul <4 x i64> [[FIRST]], {{<i64 -7046029254386353131,.*>|splat \(i64 -7046029254386353131\)}}
; CHECK-NEXT:    [[BYHASH:%.*]] = icmp ule <4 x i64> [[HASH]], [[LIMITS]]
; CHECK-NEXT:    [[INSET:%.*]] = and <4 x i64> [[FIRST]], [[MASKS]]
; CHECK-NEXT:    [[BYSET:%.*]] = icmp eq <4 x i64> [[INSET]], [[VALUES]]
; CHECK-NEXT:    [[FIRSTSAMPLED:%.*]] = or <4 x i1> [[BYHASH]], [[BYSET]]
; CHECK-NEXT:    [[END:%.*]] = add <4 x i64> [[ADDR]], {{<i64 7, i64 7, i64 7, i64 7>|splat \(i64 7\)}}
; CHECK-NEXT:    [[LAST:%.*]] = lshr <4 x i64> [[END]], {{<i64 6, i64 6, i64 6, i64 6>|splat \(i64 6\)}}
; CHECK-NEXT:    [[LASTHASH:%.*]] = mul <4 x i64> [[LAST]],
; CHECK-NEXT:    [[LASTBYHASH:%.*]] = icmp ule <4 x i64> [[LASTHASH]], [[LIMITS]]
; CHECK-NEXT:    [[LASTINSET:%.*]] = and <4 x i64> [[LAST]], [[MASKS]]
; CHECK-NEXT:    [[LASTBYSET:%.*]] = icmp eq <4 x i64> [[LASTINSET]], [[VALUES]]
; CHECK-NEXT:    [[LASTSAMPLED:%.*]] = or <4 x i1> [[LASTBYHASH]], [[LASTBYSET]]
; CHECK-NEXT:    [[SAMPLED:%.*]] = or <4 x i1> [[FIRSTSAMPLED]], [[LASTSAMPLED]]
; CHECK-NEXT:    [[TAKEN:%.*]] = and <4 x i1> [[SAMPLED]], %m
; CHECK-NEXT:    [[BITS:%.*]] = bitcast <4 x i1> [[TAKEN]] to i4
; CHECK-NEXT:    [[MASK:%.*]] = zext i4 [[BITS]] to i64
; CHECK-NEXT:    [[ANY:%.*]] = icmp ne i64 [[MASK]], 0
; CHECK-NEXT:    br i1 [[ANY]], label %[[CALL:.*]], label %[[GATHER:.*]], !prof
; CHECK:       [[CALL]]:
; CHECK-NEXT:    store <4 x ptr> %p, ptr [[LANES]]
; CHECK-NEXT:    call void @__roof_traffic_lanes(ptr [[GS]], ptr [[LANES]], i64 [[MASK]], i32 4, i32 8, i32 0)
; CHECK-NEXT:    br label %[[GATHER]]
; CHECK:       [[GATHER]]:
; CHECK-NEXT:    %g = call <4 x double> @llvm.masked.gather
define <4 x double> @gather(<4 x ptr> %p, <4 x i1> %m) {
entry:
  %g = call <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr> %p, i32 8, <4 x i1> %m, <4 x double> zeroinitializer)
  ret <4 x double> %g
}

; CHECK-LABEL: define i32 @noaccess(
; CHECK-NOT:     __roof_traffic
; CHECK:         ret i32
define i32 @noaccess(i32 %x) {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x double>)
