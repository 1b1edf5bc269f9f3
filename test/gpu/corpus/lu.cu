/*===- test/gpu/corpus/lu.cu - LU elimination steps with a divide, fp64 ---===*\
|*
|* The LU decomposition kernels of GPU benchmark suites (PolyBench/GPU's LU
|* shape), in Crout's order so that every thread of the update divides: per
|* elimination step k of an n x n row-major matrix in double,
|*   lu_update: A[i][j] -= A[i][k] (A[k][j] / A[k][k])    i, j > k
|*              (one thread per element of the trailing matrix)
|*   lu_row:    A[k][j] /= A[k][k]                          j > k
|*              (one thread per element of row k, after the update)
|* The first K steps are run (a partial factorisation: 2 K launches). The
|* matrix is diagonally dominant, every operand an ordinary number (no
|* zero, denormal, infinity or NaN), so every divide takes the fast path.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/lu.cu -o lu
|*   ./lu [n] [K]            n x n matrix, K steps; n = 2048, K = 8
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread outside its kernel's range does nothing.
|*   lu_update: one div, one mul, one sub
|*     canonical: fp64 div 1, mul 1, add 1 = 3 FLOPs
|*     executed:  div.rn.f64, which ptxas makes 7 DFMA + 1 DMUL + 1 FFMA
|*                around a MUFU.RCP64H (docs/counting.md), and one DFMA
|*                (the mul fused into the sub): fp64 fma 8, mul 1
|*                = 17 DP FLOPs; fp32 fma 1 = 2 SP FLOPs; 1 special (MUFU)
|*     global memory: 32 bytes loaded, 8 stored
|*   lu_row: one div
|*     canonical: fp64 div 1
|*     executed:  fp64 fma 7, mul 1 = 15 DP FLOPs; fp32 fma 1 = 2 SP
|*                FLOPs; 1 special
|*     global memory: 16 bytes loaded, 8 stored
|* (The census prints FLOPs per class: an FMA shows as 2.)
|* Step k: (n - k - 1)^2 update threads and n - k - 1 row threads.
|*
|* Result: the host runs the same steps in double and compares every
|* element with a relative tolerance of 1e-12 (the fused multiply-subtract
|* rounds once where the host rounds twice).
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"
#include <math.h>

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

__global__ void lu_update(int n, int k, double *__restrict__ A) {
  int j = k + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  int i = k + 1 + blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n)
    return;
  A[(long)i * n + j] -= A[(long)i * n + k] * (A[(long)k * n + j] / A[(long)k * n + k]);
}

__global__ void lu_row(int n, int k, double *__restrict__ A) {
  int j = k + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  A[(long)k * n + j] /= A[(long)k * n + k];
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

static double initial(long n, long i, long j) {
  return i == j ? (double)n + 1 + i % 3 : 1.0 + (double)((3 * i + 5 * j) % 11) / 16;
}

int main(int argc, char **argv) {
  long n = 2048, steps = 8;
  args(argc, argv, 2, &n, &steps);
  if (steps >= n) {
    fprintf(stderr, "usage: %s [n >= 2] [K < n]\n", argv[0]);
    return 2;
  }
  exit_unless_device("lu");

  size_t bytes = n * n * sizeof(double);
  double *A = (double *)alloc("lu", n, bytes);
  double *result = (double *)alloc("lu", n, bytes);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = initial(n, i, j);
  double *dA;
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice));

  double t0 = now();
  for (long k = 0; k < steps; ++k) {
    long m = n - k - 1;
    dim3 block(32, 8), grid((m + 31) / 32, (m + 7) / 8);
    lu_update<<<grid, block>>>((int)n, (int)k, dA);
    CUDA_CHECK_LAUNCH();
    lu_row<<<(m + 255) / 256, 256>>>((int)n, (int)k, dA);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double t = now() - t0;
  CUDA_CHECK(cudaMemcpy(result, dA, bytes, cudaMemcpyDeviceToHost));

  for (long k = 0; k < steps; ++k) {
    for (long i = k + 1; i < n; ++i)
      for (long j = k + 1; j < n; ++j)
        A[i * n + j] -= A[i * n + k] * (A[k * n + j] / A[k * n + k]);
    for (long j = k + 1; j < n; ++j)
      A[k * n + j] /= A[k * n + k];
  }
  long wrong = 0;
  for (long e = 0; e < n * n; ++e)
    wrong += !(fabs(result[e] - A[e]) <= 1e-12 * fabs(A[e]));
  double flops = 0;
  for (long k = 0; k < steps; ++k)
    flops += 3.0 * (n - k - 1) * (n - k - 1) + (n - k - 1);
  printf("lu: n=%ld steps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.17g (%s)\n",
         n, steps, t, flops / t * 1e-9, checksum(n * n, result),
         wrong ? "WRONG" : "ok");
  CUDA_CHECK(cudaFree(dA));
  free(A);
  free(result);
  return wrong ? 1 : 0;
}
