/*===- test/gpu/corpus/gramschmidt.cu - column norms and scaling, fp64/32 -===*\
|*
|* The normalisation step of Gram-Schmidt in GPU benchmark suites
|* (PolyBench/GPU's GRAMSCHMIDT shape), for every column of an m x n
|* row-major matrix at once, in double and in float (one template):
|*   colnorm<T>:   norm[j] = sqrt(sum_i A[i][j]^2)     one thread per column
|*   normalize<T>: Q[i][j] = A[i][j] / norm[j]         one thread per element
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/gramschmidt.cu -o gramschmidt
|*   ./gramschmidt [n] [R]   m = 2048 rows, n columns, R launches of each
|*                           kernel in each precision; n = 4096, R = 5
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread outside the matrix does nothing.
|*   colnorm: m iterations of `s += a * a` from s = 0, then one sqrt
|*     canonical: mul m, add m, sqrt 1 = 2 m + 1 FLOPs
|*     executed:  fma m (each product fused into its add) = 2 m FLOPs, and
|*       double: sqrt.rn.f64, which ptxas makes 5 DFMA + 3 DMUL around a
|*               MUFU.RSQ64H: fma 5, mul 3 = 13 DP FLOPs; 1 special
|*       float:  sqrt.approx.f32: under clang 19's CUDA defaults sqrtf
|*               becomes llvm.nvvm.sqrt.approx.f (libdevice's __nv_sqrtf,
|*               its IEEE path not selected; read off the IR), one MUFU:
|*               0 SP FLOPs; 1 special (an "ISA" row of the cost table,
|*               which this kernel puts against ncu)
|*     global memory: m sizeof(T) bytes loaded, sizeof(T) stored
|*     (the loop is unrolled, with a remainder loop)
|*   normalize: one divide
|*     canonical: div 1
|*     executed:
|*       double: div.rn.f64, 7 DFMA + 1 DMUL + 1 FFMA around a MUFU.RCP64H:
|*               fma 7, mul 1 = 15 DP FLOPs; fp32 fma 1 = 2 SP FLOPs;
|*               1 special
|*       float:  div.rn.f32, 5 FFMA around a MUFU.RCP: fma 5 = 10 SP
|*               FLOPs; 1 special
|*     global memory: 2 sizeof(T) bytes loaded, sizeof(T) stored
|* (The census prints FLOPs per class: an FMA shows as 2.)
|*
|* Result: the host computes the norms and Q again in each precision and
|* compares every element with a relative tolerance (1e-12 in double, 1e-5
|* in float: the fused products round differently).
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"
#include <math.h>

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

template <typename T>
__global__ void colnorm(int m, int n, const T *__restrict__ A,
                        T *__restrict__ norm) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  T s = 0;
  for (int i = 0; i < m; ++i) {
    T a = A[(long)i * n + j];
    s += a * a;
  }
  norm[j] = sqrt(s);
}

template <typename T>
__global__ void normalize(int m, int n, const T *__restrict__ A,
                          const T *__restrict__ norm, T *__restrict__ Q) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= m || j >= n)
    return;
  Q[(long)i * n + j] = A[(long)i * n + j] / norm[j];
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

// R launches of both kernels in precision T; the number of elements of Q
// off the host's by more than `tolerance`, relatively.
template <typename T>
static long run(long m, long n, long reps, double tolerance, double *sum) {
  size_t bytes = m * n * sizeof(T), vbytes = n * sizeof(T);
  T *A = (T *)alloc("gramschmidt", n, bytes);
  T *Q = (T *)alloc("gramschmidt", n, bytes);
  T *norm = (T *)alloc("gramschmidt", n, vbytes);
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = (T)(1 + (3 * i + 7 * j) % 17) / 8;
  T *dA, *dQ, *dnorm;
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dQ, bytes));
  CUDA_CHECK(cudaMalloc(&dnorm, vbytes));
  CUDA_CHECK(cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice));

  dim3 block(32, 8), grid((n + 31) / 32, (m + 7) / 8);
  for (long r = 0; r < reps; ++r) {
    colnorm<T><<<(n + 127) / 128, 128>>>((int)m, (int)n, dA, dnorm);
    CUDA_CHECK_LAUNCH();
    normalize<T><<<grid, block>>>((int)m, (int)n, dA, dnorm, dQ);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaMemcpy(Q, dQ, bytes, cudaMemcpyDeviceToHost));

  for (long j = 0; j < n; ++j) {
    T s = 0;
    for (long i = 0; i < m; ++i)
      s += A[i * n + j] * A[i * n + j];
    norm[j] = sqrt(s);
  }
  long wrong = 0;
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j) {
      T want = A[i * n + j] / norm[j];
      wrong += !(fabs((double)Q[i * n + j] - want) <= tolerance * want);
      *sum += Q[i * n + j];
    }
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dQ));
  CUDA_CHECK(cudaFree(dnorm));
  free(A);
  free(Q);
  free(norm);
  return wrong;
}

int main(int argc, char **argv) {
  const long m = 2048;
  long n = 4096, reps = 5;
  args(argc, argv, 1, &n, &reps);
  exit_unless_device("gramschmidt");

  double sum64 = 0, sum32 = 0;
  double t0 = now();
  long wrong = run<double>(m, n, reps, 1e-12, &sum64);
  wrong += run<float>(m, n, reps, 1e-5, &sum32);
  double t = now() - t0;
  printf("gramschmidt: m=%ld n=%ld reps=%ld  %.3f s (with the host's check)  "
         "checksum=%.17g %.9g (%s)\n",
         m, n, reps, t, sum64, sum32, wrong ? "WRONG" : "ok");
  return wrong ? 1 : 0;
}
