; What `roof-instrument` adds to a module (include/roof/abi.h):
;   - one thread_local counter array, [N + 1 x i64], internal, 64-byte
;     aligned, N = all slots of all functions (here: @scale 1 slot, its
;     entry block; @axpy 1 slot for the entry block), then the registration
;     word (slot N);
;   - the constant RoofModule descriptor (ABI version 11, 2 functions,
;     2 slots, source file, triple, cpu and features of the first
;     function, the function table);
;   - per function a RoofFunction {name, demangled, attributed_to, first
;     slot, slot count, entry slot 0, time slot, depth slot (both -1 =
;     ROOF_NO_SLOT: no loop, not timed), weight count, weights, line (0:
;     no debug information; test/lit/pass/definition-line.ll)};
;   - weights {slot, metric, amount}, as the 32-bit words of RoofWeight[]
;     (amount: its low word, then its high word on x86-64): metric = (precision*9 + class)*3 + kind,
;     fp64 = 3, add = 0, mul = 1 -> fp64.mul canonical/empirical/full_width =
;     84/85/86; bytes loaded 108, stored 109;
;   - the descriptor's address in the "roof_modules" section, kept by
;     llvm.used, where the runtime finds it at load (no constructor);
;   - in each function: the thread's counter array via
;     llvm.threadlocal.address, a first-call check of the registration word
;     that calls __roof_register_thread(@__roof_module, counters) (unlikely
;     branch; a timed function calls __roof_enter on entry instead:
;     instrumentation-timing.ll), and the entry-block counter increment
;     (load/add 1/store);
;   - no function of roof's: the runtime defines __roof_register_thread,
;     __roof_enter and __roof_leave.
; Running the pass twice changes nothing the second time.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: %opt -passes=roof-instrument,roof-instrument -S %s | FileCheck %s --check-prefix=TWICE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
source_filename = "module.c"

; CHECK-DAG: @__roof_counters = internal thread_local global [3 x i64] zeroinitializer, align 64
; CHECK-DAG: @__roof_module = private constant %roof.Module { i32 11, i32 2, i32 2, i32 0, ptr @[[SRC:roof.str[.0-9]*]], ptr @[[TRIPLE:roof.str[.0-9]*]], ptr @[[CPU:roof.str[.0-9]*]], ptr @[[FEAT:roof.str[.0-9]*]], ptr @roof.functions, ptr null }
; CHECK-DAG: @[[SRC]] = private unnamed_addr constant [9 x i8] c"module.c\00"
; CHECK-DAG: @[[TRIPLE]] = private unnamed_addr constant [25 x i8] c"x86_64-unknown-linux-gnu\00"
; CHECK-DAG: @[[CPU]] = private unnamed_addr constant [10 x i8] c"x86-64-v4\00"
; CHECK-DAG: @[[FEAT]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"+avx,+avx2,{{.*}}+fma,{{.*}}\00"
; The weights are the bytes of RoofWeight[] {slot, metric, amount} (little-endian
; u32, u32, u64): scale's (0, 93, 1), (0, 94, 1), (0, 95, 1); axpy's the same
; with 8 and (0, 120, 64), (0, 121, 64). Metric 93 is ']', 120 'x'.
; CHECK-DAG: @[[W0:roof.weights[.0-9]*]] = private constant [48 x i8] c"\00\00\00\00]\00\00\00\01\00\00\00\00\00\00\00\00\00\00\00^\00\00\00\01\00\00\00\00\00\00\00\00\00\00\00_\00\00\00\01\00\00\00\00\00\00\00", align 8
; CHECK-DAG: @[[W1:roof.weights[.0-9]*]] = private constant [80 x i8] c"\00\00\00\00]\00\00\00\08\00\00\00\00\00\00\00\00\00\00\00^\00\00\00\08\00\00\00\00\00\00\00\00\00\00\00_\00\00\00\08\00\00\00\00\00\00\00\00\00\00\00x\00\00\00@\00\00\00\00\00\00\00\00\00\00\00y\00\00\00@\00\00\00\00\00\00\00", align 8
; CHECK-DAG: @roof.functions = private constant [2 x %roof.Function] [%roof.Function { ptr @[[N0:roof.str[.0-9]*]], ptr @[[N0]], ptr null, i32 0, i32 1, i32 0, i32 -1, i32 -1, i32 3, ptr @[[W0]], i32 0 }, %roof.Function { ptr @[[N1:roof.str[.0-9]*]], ptr @[[N1]], ptr null, i32 1, i32 1, i32 0, i32 -1, i32 -1, i32 5, ptr @[[W1]], i32 0 }]
; CHECK-DAG: @[[N0]] = private unnamed_addr constant [6 x i8] c"scale\00"
; CHECK-DAG: @[[N1]] = private unnamed_addr constant [5 x i8] c"axpy\00"
; CHECK-DAG: @__roof_module_entry = private global ptr @__roof_module, section "roof_modules", align 8
; CHECK-DAG: @llvm.used = appending global [1 x ptr] [ptr @__roof_module_entry], section "llvm.metadata"

; CHECK-LABEL: define double @scale(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[C:%.*]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK-NEXT:    [[W:%.*]] = getelementptr inbounds i64, ptr [[C]], i64 2
; CHECK-NEXT:    [[K:%.*]] = load i64, ptr [[W]]
; CHECK-NEXT:    [[NEW:%.*]] = icmp eq i64 [[K]], 0
; CHECK-NEXT:    br i1 [[NEW]], label %[[REG:.*]], label %[[BODY:.*]], !prof ![[UNLIKELY:[0-9]+]]
; CHECK:       [[REG]]:
; CHECK-NEXT:    call void @__roof_register_thread(ptr @__roof_module, ptr [[C]])
; CHECK-NEXT:    br label %[[BODY]]
; CHECK:       [[BODY]]:
; CHECK-NEXT:    [[S:%.*]] = getelementptr inbounds i64, ptr [[C]], i64 0
; CHECK-NEXT:    [[V:%.*]] = load i64, ptr [[S]]
; CHECK-NEXT:    [[A:%.*]] = add i64 [[V]], 1
; CHECK-NEXT:    store i64 [[A]], ptr [[S]]
; CHECK-NEXT:    %r = fmul double %a, %b
; CHECK-NEXT:    ret double %r
define double @scale(double %a, double %b) #0 {
entry:
  %r = fmul double %a, %b
  ret double %r
}

; The second function's entry counter is slot 1 of the array.
; CHECK-LABEL: define void @axpy(
; CHECK:         [[C2:%.*]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; CHECK:         call void @__roof_register_thread(ptr @__roof_module, ptr [[C2]])
; CHECK:         [[S2:%.*]] = getelementptr inbounds i64, ptr [[C2]], i64 1
; CHECK-NEXT:    [[V2:%.*]] = load i64, ptr [[S2]]
; CHECK-NEXT:    [[A2:%.*]] = add i64 [[V2]], 1
; CHECK-NEXT:    store i64 [[A2]], ptr [[S2]]
; CHECK-NOT:     readcyclecounter
; CHECK:         ret void
define void @axpy(ptr %p, <8 x double> %a) #0 {
entry:
  %x = load <8 x double>, ptr %p
  %y = fmul <8 x double> %x, %a
  store <8 x double> %y, ptr %p
  ret void
}

; CHECK: declare void @__roof_register_thread(ptr, ptr) #[[NOUNWIND:[0-9]+]]
; CHECK-NOT: define
; CHECK: attributes #[[NOUNWIND]] = { nounwind }
; CHECK: ![[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048576}

; TWICE-COUNT-1: @__roof_counters = internal thread_local global
; TWICE-NOT:     @__roof_counters{{.*}} = internal thread_local global
; TWICE:         @llvm.used = appending global [1 x ptr] [ptr @__roof_module_entry]
; TWICE-LABEL:   define double @scale(
; TWICE-COUNT-1: call void @__roof_register_thread(
; TWICE-NOT:     call void @__roof_register_thread(
; TWICE:         ret double

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
