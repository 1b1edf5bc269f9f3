/*===- test/gpu/corpus/jacobi2d.cu - 2-D Jacobi sweeps, fp64 --------------===*\
|*
|* The Jacobi stencil of GPU benchmark suites (PolyBench/GPU's JACOBI-2D
|* shape) on an n x n grid of doubles, one interior point per thread,
|* blocks of 32 x 8 threads:
|*   B[i][j] = 0.2 (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j])
|* The sweeps alternate between the two grids (A to B, then B to A), which
|* hold the same fixed border. Memory-bound.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/jacobi2d.cu -o jacobi2d
|*   ./jacobi2d [n] [S]      n x n grid, S sweeps; n = 2048, S = 10
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread on the border or outside the grid does nothing. An interior
|* thread adds five points and scales the sum; the product is the last
|* operation, so nothing is fused:
|*   canonical: fp64 add 4, mul 1 = 5 FLOPs
|*   executed:  fp64 add 4, mul 1 = 5 FLOPs
|*   global memory: 40 bytes loaded, 8 stored
|* Per sweep: (n - 2)^2 interior threads, 5 (n - 2)^2 FLOPs.
|*
|* Result: nothing is contracted, so the host's sweeps in double, in the
|* same order, give the same values; compared with a relative tolerance of
|* 1e-12 all the same.
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"
#include <math.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

__global__ void jacobi2d(int n, const double *__restrict__ A,
                         double *__restrict__ B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || i >= n - 1 || j < 1 || j >= n - 1)
    return;
  long at = (long)i * n + j;
  B[at] = 0.2 * (A[at] + A[at - 1] + A[at + 1] + A[at + n] + A[at - n]);
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

static void host_sweep(long n, const double *A, double *B) {
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j) {
      long at = i * n + j;
      B[at] = 0.2 * (A[at] + A[at - 1] + A[at + 1] + A[at + n] + A[at - n]);
    }
}

int main(int argc, char **argv) {
  long n = 2048, sweeps = 10;
  args(argc, argv, 3, &n, &sweeps);
  exit_unless_device("jacobi2d");

  size_t bytes = n * n * sizeof(double);
  double *A = (double *)alloc("jacobi2d", n, bytes);
  double *B = (double *)alloc("jacobi2d", n, bytes);
  double *result = (double *)alloc("jacobi2d", n, bytes);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = B[i * n + j] = (double)((i * (j + 2)) % 13) / 4;
  double *grid[2];
  for (int g = 0; g < 2; ++g) {
    CUDA_CHECK(cudaMalloc(&grid[g], bytes));
    CUDA_CHECK(cudaMemcpy(grid[g], A, bytes, cudaMemcpyHostToDevice));
  }

  dim3 block(32, 8), blocks((n + 31) / 32, (n + 7) / 8);
  double t0 = now();
  for (long s = 0; s < sweeps; ++s) {
    jacobi2d<<<blocks, block>>>((int)n, grid[s % 2], grid[(s + 1) % 2]);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double t = now() - t0;
  CUDA_CHECK(cudaMemcpy(result, grid[sweeps % 2], bytes, cudaMemcpyDeviceToHost));

  for (long s = 0; s < sweeps; ++s) {
    host_sweep(n, A, B);
    double *swap = A;
    A = B;
    B = swap;
  }
  long wrong = 0;
  for (long e = 0; e < n * n; ++e)
    wrong += !(fabs(result[e] - A[e]) <= 1e-12 * fabs(A[e]));
  printf("jacobi2d: n=%ld sweeps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.17g (%s)\n",
         n, sweeps, t, 5.0 * (n - 2) * (n - 2) * sweeps / t * 1e-9,
         checksum(n * n, result), wrong ? "WRONG" : "ok");
  CUDA_CHECK(cudaFree(grid[0]));
  CUDA_CHECK(cudaFree(grid[1]));
  free(A);
  free(B);
  free(result);
  return wrong ? 1 : 0;
}
