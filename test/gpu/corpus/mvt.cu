/*===- test/gpu/corpus/mvt.cu - matrix-vector products, fp64 --------------===*\
|*
|* The matrix-vector kernels of GPU benchmark suites (PolyBench/GPU's MVT
|* and ATAX shapes): one thread per output element, which loops over a whole
|* row or column of an n x n row-major matrix in double.
|*   mv_rows: y1[i] = sum_j A[i][j] x1[j]   (thread i walks row i: the
|*            warp's loads are n elements apart, uncoalesced)
|*   mv_cols: y2[j] = sum_i A[i][j] x2[i]   (the transposed product: thread
|*            j walks column j, the warp's loads are adjacent)
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/mvt.cu -o mvt
|*   ./mvt [n] [R]           n x n matrix, R launches of each; n = 4096, R = 10
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread with index >= n does nothing. An active thread runs n iterations
|* of `s += A[.] * x[.]` from s = 0:
|*   canonical: fp64 mul n, add n = 2 n FLOPs (per iteration mul 1, add 1)
|* The backend fuses each product into its add:
|*   executed:  fp64 fma n = 2 n FLOPs (per iteration fma 1)
|*   global memory: 16 n bytes loaded, 8 bytes stored
|* The loop is unrolled, with a remainder loop: the census shows a block of
|* 8 iterations (mv_rows; 4 in mv_cols) and one of 1. Per launch: n threads,
|* 2 n^2 FLOPs.
|*
|* Result: A and x hold small integers, so every sum is an exact integer in
|* double; the host computes both products again and compares exactly.
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

__global__ void mv_rows(int n, const double *__restrict__ A,
                        const double *__restrict__ x, double *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double s = 0.0;
  for (int j = 0; j < n; ++j)
    s += A[(long)i * n + j] * x[j];
  y[i] = s;
}

__global__ void mv_cols(int n, const double *__restrict__ A,
                        const double *__restrict__ x, double *__restrict__ y) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += A[(long)i * n + j] * x[i];
  y[j] = s;
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  long n = 4096, reps = 10;
  args(argc, argv, 1, &n, &reps);
  exit_unless_device("mvt");

  size_t bytes = n * n * sizeof(double), vbytes = n * sizeof(double);
  double *A = (double *)alloc("mvt", n, bytes);
  double *x1 = (double *)alloc("mvt", n, vbytes);
  double *x2 = (double *)alloc("mvt", n, vbytes);
  double *y1 = (double *)alloc("mvt", n, vbytes);
  double *y2 = (double *)alloc("mvt", n, vbytes);
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j)
      A[i * n + j] = (double)((i + 3 * j) % 9) - 4;
    x1[i] = (double)(i % 5) + 1;
    x2[i] = (double)(i % 7) - 3;
  }
  double *dA, *dx1, *dx2, *dy1, *dy2;
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dx1, vbytes));
  CUDA_CHECK(cudaMalloc(&dx2, vbytes));
  CUDA_CHECK(cudaMalloc(&dy1, vbytes));
  CUDA_CHECK(cudaMalloc(&dy2, vbytes));
  CUDA_CHECK(cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dx1, x1, vbytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dx2, x2, vbytes, cudaMemcpyHostToDevice));

  const int threads = 128;
  long blocks = (n + threads - 1) / threads;
  double t0 = now();
  for (long r = 0; r < reps; ++r) {
    mv_rows<<<blocks, threads>>>((int)n, dA, dx1, dy1);
    CUDA_CHECK_LAUNCH();
    mv_cols<<<blocks, threads>>>((int)n, dA, dx2, dy2);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double t = now() - t0;
  CUDA_CHECK(cudaMemcpy(y1, dy1, vbytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(y2, dy2, vbytes, cudaMemcpyDeviceToHost));

  long wrong = 0;
  for (long i = 0; i < n; ++i) {
    double s = 0.0;
    for (long j = 0; j < n; ++j)
      s += A[i * n + j] * x1[j];
    wrong += y1[i] != s;
  }
  double *want = (double *)alloc("mvt", n, vbytes);
  for (long j = 0; j < n; ++j)
    want[j] = 0.0;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      want[j] += A[i * n + j] * x2[i];
  for (long j = 0; j < n; ++j)
    wrong += y2[j] != want[j];
  printf("mvt: n=%ld reps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.17g (%s)\n",
         n, reps, t, 4.0 * n * n * reps / t * 1e-9,
         checksum(n, y1) + checksum(n, y2), wrong ? "WRONG" : "ok");
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dx1));
  CUDA_CHECK(cudaFree(dx2));
  CUDA_CHECK(cudaFree(dy1));
  CUDA_CHECK(cudaFree(dy2));
  free(A);
  free(x1);
  free(x2);
  free(y1);
  free(y2);
  free(want);
  return wrong ? 1 : 0;
}
