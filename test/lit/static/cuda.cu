// CUDA: kernels and device functions are counted as written, per thread.
// roof-static reads the device side of the compilation (__CUDA_ARCH__ is
// defined). No GPU and no CUDA SDK are needed: -nocudainc -nocudalib, and
// the few declarations below stand in for the CUDA headers (clang 19 does
// not support the headers of CUDA 13).
//
// RUN: roof-static %s -- --cuda-gpu-arch=sm_90 -nocudainc -nocudalib \
// RUN:   -Wno-unknown-cuda-version | FileCheck %s
// RUN: roof-static --json --function saxpy %s -- --cuda-gpu-arch=sm_90 \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version \
// RUN:   | FileCheck %s --check-prefix=JSON

#include "__clang_cuda_builtin_vars.h"
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
extern "C" __device__ float __expf(float);
extern "C" __device__ float __fmaf_rn(float, float, float);
__device__ double atomicAdd(double *address, double value);

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
  // Per thread: 1 mul + 1 add; reads x[i], y[i] (8 B), writes y[i] (4 B);
  // under the bounds check, so conditional.
  // CHECK:      kernel saxpy(int, float, float const*, float*) [_Z5saxpyifPKfPf]
  // CHECK-NEXT:   line [[#@LINE-4]] fp32 add 1, mul 1; load 8 B, store 4 B; runs 1: y[i] = a * x[i] + y[i] [conditional]
  // CHECK-NEXT:   total fp32 FLOPs: 2
}

__global__ void sum_squares(int n, const double *x, double *out) {
  __shared__ double partial[256];
  double s = 0;
  for (int i = threadIdx.x; i < n; i += 256)
    s += x[i] * x[i];
  // A grid-stride loop: this thread's trip count is ceil((n - threadIdx.x)/256).
  // CHECK:      kernel sum_squares(int, double const*, double*)
  // CHECK-NEXT:   line [[#@LINE-4]] for i: ceil((n - threadIdx.x)/256) iterations
  // CHECK-NEXT:   line [[#@LINE-4]] fp64 add 1, mul 1; load 16 B; runs ceil((n - threadIdx.x)/256)
  partial[threadIdx.x] = s;
  // Shared memory is memory: 8 B stored.
  // CHECK-NEXT:   line [[#@LINE-2]] store 8 B; runs 1
  if (threadIdx.x == 0) {
    double t = 0;
    for (int k = 0; k < 256; k++)
      t += partial[k];
    // CHECK-NEXT:   line [[#@LINE-2]] for k: 256 iterations
    // CHECK-NEXT:   line [[#@LINE-2]] fp64 add 1; load 8 B; runs 256: t += partial[k] [conditional]
    atomicAdd(out, t);
    // A read-modify-write add of 8 B.
    // CHECK-NEXT:   line [[#@LINE-2]] fp64 add 1; load 8 B, store 8 B; runs 1: atomicAdd(out, t) [conditional]
  }
}

__device__ float activation(float v) {
  return v * __expf(v) + __fmaf_rn(v, v, 1.0f);
  // 1 mul, 1 add, __expf 1 transcendental, __fmaf_rn 2 (FMA) = 5 FLOPs
  // CHECK:      device function activation(float) [_Z10activationf]
  // CHECK-NEXT:   line [[#@LINE-3]] fp32 add 1, mul 1, fma 2, transcendental 1 (__expf, __fmaf_rn); runs 1
  // CHECK-NEXT:   total fp32 FLOPs: 5
}

// JSON:      "name": "_Z5saxpyifPKfPf",
// JSON-NEXT: "demangled": "saxpy(int, float, float const*, float*)",
// JSON-NEXT: "kind": "kernel",
