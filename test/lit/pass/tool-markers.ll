; Markers of other tools become roof regions (passes/ToolMarkers.cpp): a
; begin calls __roof_marker(action, name kind, name, range) after the tool's
; call, an end before it; the id of an NVTX range the program goes on with is
; the one __roof_marker returns. Calls inside the tools' own functions (here
; NVTX 3's inline nvtxRangePushA, whose body calls through NVTX's table) are
; not markers, nor are calls in NVTX's initialisation, which makes the call a
; second time, nor calls whose arguments do not have the header's types.
; Actions (roof/abi.h): 0 begin, 1 end, 2 end by name, 3 range start, 4 range
; end; names: 0 none, 1 chars, 2 wide, 3 NVTX event attributes.
;
; RUN: %opt -passes=roof-markers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = private constant [2 x i8] c"a\00"
@impl = internal global ptr null

declare void @work()

; CHECK-LABEL: define void @likwid(
; CHECK:      call i32 @likwid_markerStartRegion(ptr @a)
; CHECK-NEXT: call i64 @__roof_marker(i32 0, i32 1, ptr @a, i64 0)
; CHECK-NEXT: call void @work()
; CHECK-NEXT: call i64 @__roof_marker(i32 2, i32 1, ptr @a, i64 0)
; CHECK-NEXT: call i32 @likwid_markerStopRegion(ptr @a)
define void @likwid() {
  %1 = call i32 @likwid_markerStartRegion(ptr @a)
  call void @work()
  %2 = call i32 @likwid_markerStopRegion(ptr @a)
  ret void
}
declare i32 @likwid_markerStartRegion(ptr)
declare i32 @likwid_markerStopRegion(ptr)

; CHECK-LABEL: define void @ranges(
; CHECK:      call i32 @nvtxRangePushA(ptr @a)
; CHECK-NEXT: call i64 @__roof_marker(i32 0, i32 1, ptr @a, i64 0)
; CHECK-NEXT: call i32 @nvtxRangePushEx(ptr %attributes)
; CHECK-NEXT: call i64 @__roof_marker(i32 0, i32 3, ptr %attributes, i64 0)
; CHECK-NEXT: call i64 @__roof_marker(i32 1, i32 0, ptr null, i64 0)
; CHECK-NEXT: call i32 @nvtxRangePop()
; CHECK-NEXT: call i64 @__roof_marker(i32 1, i32 0, ptr null, i64 0)
; CHECK-NEXT: call i32 @nvtxRangePop()
; CHECK-NEXT: %id = call i64 @nvtxDomainRangeStartEx(ptr null, ptr %attributes)
; CHECK-NEXT: %[[ID:.*]] = call i64 @__roof_marker(i32 3, i32 3, ptr %attributes, i64 %id)
; CHECK-NEXT: call void @work()
; CHECK-NEXT: call i64 @__roof_marker(i32 4, i32 0, ptr null, i64 %[[ID]])
; CHECK-NEXT: call void @nvtxRangeEnd(i64 %[[ID]])
define void @ranges(ptr %attributes) {
  %1 = call i32 @nvtxRangePushA(ptr @a)
  %2 = call i32 @nvtxRangePushEx(ptr %attributes)
  %3 = call i32 @nvtxRangePop()
  %4 = call i32 @nvtxRangePop()
  %id = call i64 @nvtxDomainRangeStartEx(ptr null, ptr %attributes)
  call void @work()
  call void @nvtxRangeEnd(i64 %id)
  ret void
}
declare i32 @nvtxRangePushEx(ptr)
declare i32 @nvtxRangePop()
declare i64 @nvtxDomainRangeStartEx(ptr, ptr)
declare void @nvtxRangeEnd(i64)

; NVTX 3's own body: no marker inside.
; CHECK-LABEL: define internal i32 @nvtxRangePushA(
; CHECK-NOT:  __roof_marker
; CHECK:      ret i32
define internal i32 @nvtxRangePushA(ptr %message) {
  %local = load ptr, ptr @impl
  %r = call i32 %local(ptr %message)
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @nvtxRangePushA_impl_init_v3(
; CHECK-NOT:  __roof_marker
; CHECK:      ret i32
define internal i32 @nvtxRangePushA_impl_init_v3(ptr %message) {
  %r = call i32 @nvtxRangePushA(ptr %message)
  ret i32 %r
}

; cali::Function of CALI_CXX_MARK_FUNCTION, invoked: the begin goes on the
; normal edge, split from the other way into its destination.
; CHECK-LABEL: define void @caliper(
; CHECK:      invoke void @_ZN4cali8FunctionC1EPKc(ptr %f, ptr @a)
; CHECK-NEXT:   to label %[[SPLIT:.*]] unwind label %lpad
; CHECK:      [[SPLIT]]:
; CHECK-NEXT: call i64 @__roof_marker(i32 0, i32 1, ptr @a, i64 0)
; CHECK-NEXT: br label %body
; CHECK:      body:
; CHECK-NEXT: call i64 @__roof_marker(i32 1, i32 0, ptr null, i64 0)
; CHECK-NEXT: call void @_ZN4cali8FunctionD1Ev(ptr %f)
define void @caliper(i1 %skip) personality ptr @__gxx_personality_v0 {
entry:
  %f = alloca i8
  br i1 %skip, label %body, label %mark
mark:
  invoke void @_ZN4cali8FunctionC1EPKc(ptr %f, ptr @a)
    to label %body unwind label %lpad
body:
  call void @_ZN4cali8FunctionD1Ev(ptr %f)
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}
declare void @_ZN4cali8FunctionC1EPKc(ptr, ptr)
declare void @_ZN4cali8FunctionD1Ev(ptr)
declare i32 @__gxx_personality_v0(...)

; A function of the same name with other types is not the tool's.
; CHECK-LABEL: define void @other(
; CHECK-NOT:  __roof_marker
; CHECK:      ret void
define void @other() {
  call void @cali_begin_region(i64 1)
  ret void
}
declare void @cali_begin_region(i64)
