/*===- examples/cuda/dgemm.cu - C = A B on the GPU, shared-memory tiles
----===*\
|*
|* Square DGEMM in double, one element of C per thread: each block of
|* 32 x 32 threads computes one 32 x 32 tile of C, walking over the tiles of
|* A and B that it stages through shared memory. Compute-bound: 2 n^3 FLOPs
|* per launch on 24 n^2 bytes of matrices; the loads from global memory that
|* the tiles make come to 4 FLOPs per byte (TILE / 8), the rest is served
|* from shared memory.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 examples/cuda/dgemm.cu -o dgemm
|*   ./dgemm [n] [R]        n a multiple of 32; defaults: n = 1024, R = 10
|*
|* Exact counts, per thread
|* ------------------------
|* Every thread is active (n is a multiple of the tile). It runs n / TILE
|* tile steps; each loads one element of A and one of B from global memory,
|* stores them in shared memory, and does TILE multiply-adds
|*   sum += As[ty][k] * Bs[k][tx]
|* (the loop over k is unrolled). clang compiles CUDA with
|* -ffp-contract=fast: the IR keeps each fmul and fadd (with `contract`
|* flags), which the NVPTX backend fuses into fma.rn.f64. Per thread:
|*   canonical: fp64 mul n, add n = 2 n FLOPs
|*   executed:  fp64 fma n (fma.rn.f64) = 2 n FLOPs
|*   global memory: 16 n / TILE bytes loaded (A, B), 8 bytes stored (C)
|*   shared memory: 16 n / TILE bytes stored, 16 n bytes loaded
|* Per launch: n^2 threads, 2 n^3 FLOPs; whole run: 2 n^3 R FLOPs.
|*
|* Result: A and B hold small integers, so every product and sum is an
|* integer below 2^53 and C is exact whatever the order or the contraction;
|* the host computes it again and compares every element.
|*
\*===----------------------------------------------------------------------===*/
#include "cuda_harness.h"
#include <roof.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

constexpr int TILE = 32;

// C = A B for n x n row-major matrices, n a multiple of TILE; blocks of
// TILE x TILE threads, one per element of C.
__global__ void dgemm(int n, const double *__restrict__ A,
                      const double *__restrict__ B, double *__restrict__ C) {
  __shared__ double As[TILE][TILE], Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  double sum = 0.0;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[(long)row * n + t * TILE + tx];
    Bs[ty][tx] = B[(long)(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[(long)row * n + col] = sum;
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

static double a_at(long i, long k) { return (double)((i + 2 * k) % 5) - 2; }
static double b_at(long k, long j) { return (double)((3 * k + j) % 7) - 3; }

// The product on the host (i-k-j order), and the number of elements of C
// that differ from it.
static long count_wrong(long n, const double *A, const double *B,
                        const double *C) {
  double *row = (double *)alloc("dgemm", n, n * sizeof(double));
  long wrong = 0;
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j)
      row[j] = 0.0;
    for (long k = 0; k < n; ++k)
      for (long j = 0; j < n; ++j)
        row[j] += A[i * n + k] * B[k * n + j];
    for (long j = 0; j < n; ++j)
      wrong += C[i * n + j] != row[j];
  }
  free(row);
  return wrong;
}

int main(int argc, char **argv) {
  long n = 1024, reps = 10;
  args(argc, argv, TILE, &n, &reps);
  if (n % TILE != 0) {
    fprintf(stderr, "usage: %s [n, a multiple of %d] [reps > 0]\n", argv[0],
            TILE);
    return 2;
  }
  exit_unless_device("dgemm");

  size_t bytes = n * n * sizeof(double);
  double *A = (double *)alloc("dgemm", n, bytes);
  double *B = (double *)alloc("dgemm", n, bytes);
  double *C = (double *)alloc("dgemm", n, bytes);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = a_at(i, j);
      B[i * n + j] = b_at(i, j);
    }
  double *dA, *dB, *dC;
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dB, bytes));
  CUDA_CHECK(cudaMalloc(&dC, bytes));
  CUDA_CHECK(cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dB, B, bytes, cudaMemcpyHostToDevice));

  dim3 blocks(n / TILE, n / TILE), threads(TILE, TILE);
  double t0 = now();
  roof_region_begin("dgemm");
  for (long r = 0; r < reps; ++r) {
    dgemm<<<blocks, threads>>>((int)n, dA, dB, dC);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  roof_region_end();
  double t = now() - t0;
  CUDA_CHECK(cudaMemcpy(C, dC, bytes, cudaMemcpyDeviceToHost));

  long wrong = count_wrong(n, A, B, C);
  double sum = checksum(n * n, C);
  printf("dgemm: n=%ld reps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.17g (%s)\n",
         n, reps, t, 2.0 * n * n * n * reps / t * 1e-9, sum,
         wrong ? "WRONG" : "ok");

  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  CUDA_CHECK(cudaFree(dC));
  free(A);
  free(B);
  free(C);
  return wrong ? 1 : 0;
}
