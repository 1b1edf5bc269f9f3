; Host side of CUDA counting (passes/CudaLaunchInstrumenter.cpp), on the host
; module clang -x cuda makes for `k<<<2, 32>>>(y, 2.0)`: next to the
; kernel's registration, its counter header is registered like a
; __device__ variable and announced to libroofrt-cuda; the launch goes
; through __roof_cudaLaunchKernel, whose signature is cudaLaunchKernel's.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@kernel_name = private unnamed_addr constant [10 x i8] c"_Z1kPdd\00\00\00"
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } zeroinitializer
@__cuda_gpubin_handle = internal global ptr null

; CHECK: @roof.kernel.header = internal global { i32, i32, i64, i64, i32, i32, i64, i64, i64, [256 x { i32, i32, i64 }] } zeroinitializer
; CHECK: @[[HEADER:roof.str[.0-9]*]] = {{.*}} c"__roof_kh__Z1kPdd\00"
; CHECK: @[[DEMANGLED:roof.str[.0-9]*]] = {{.*}} c"k(double*, double)\00"

; CHECK-LABEL: define void @_Z16__device_stub__kPdd(
; CHECK:       call i32 @__roof_cudaLaunchKernel(ptr @_Z16__device_stub__kPdd, i64 %grid.xy, i32 %grid.z, i64 %block.xy, i32 %block.z, ptr %args, i64 0, ptr null)
define void @_Z16__device_stub__kPdd(ptr %y, double %a, i64 %grid.xy, i32 %grid.z, i64 %block.xy, i32 %block.z, ptr %args) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPdd, i64 %grid.xy, i32 %grid.z, i64 %block.xy, i32 %block.z, ptr %args, i64 0, ptr null)
  ret void
}

; CHECK-LABEL: define internal void @__cuda_module_ctor(
; CHECK:       %handle = call ptr @__cudaRegisterFatBinary(
; CHECK:       call i32 @__cudaRegisterFunction(ptr %handle, ptr @_Z16__device_stub__kPdd,
; CHECK-NEXT:  call void @__cudaRegisterVar(ptr %handle, ptr @roof.kernel.header, ptr @[[HEADER]], ptr @[[HEADER]], i32 0, i64 4152, i32 0, i32 0)
; CHECK-NEXT:  call void @__roof_cuda_register_kernel(ptr @_Z16__device_stub__kPdd, ptr @{{roof.str[.0-9]*}}, ptr @[[DEMANGLED]], ptr @roof.kernel.header, ptr @{{roof.str[.0-9]*}})
; CHECK-NEXT:  call void @__cudaRegisterFatBinaryEnd(ptr %handle)
define internal void @__cuda_module_ctor() {
  %handle = call ptr @__cudaRegisterFatBinary(ptr @__cuda_fatbin_wrapper)
  store ptr %handle, ptr @__cuda_gpubin_handle
  %1 = call i32 @__cudaRegisterFunction(ptr %handle, ptr @_Z16__device_stub__kPdd, ptr @kernel_name, ptr @kernel_name, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  call void @__cudaRegisterFatBinaryEnd(ptr %handle)
  ret void
}

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare ptr @__cudaRegisterFatBinary(ptr)
declare void @__cudaRegisterFatBinaryEnd(ptr)
