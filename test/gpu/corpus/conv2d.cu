/*===- test/gpu/corpus/conv2d.cu - 3x3 convolution, fp32, one pixel each --===*\
|*
|* The 2-D convolution of GPU benchmark suites (PolyBench/GPU's 2DCONV
|* shape): a 3x3 stencil with nine coefficients over an ni x nj float image,
|* one output pixel per thread, blocks of 32 x 8 threads. Memory-bound.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/conv2d.cu -o conv2d
|*   ./conv2d [n] [R]        an n x n image, R launches; n = 4096, R = 10
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread on the border (i or j is 0 or n - 1) or outside the image does
|* nothing. An interior thread computes
|*   B[i][j] = c00*A[i-1][j-1] + c01*A[i-1][j] + ... + c22*A[i+1][j+1]
|* nine products summed left to right: fp32 mul 9, add 8.
|*   canonical: fp32 mul 9, add 8 = 17 FLOPs
|* Under clang's CUDA default -ffp-contract=fast the backend fuses each of
|* the eight products that feed an add into it:
|*   executed:  fp32 mul 1, fma 8 = 17 FLOPs
|*   global memory: 36 bytes loaded (nine pixels), 4 bytes stored
|* Per launch: (n - 2)^2 interior threads, 17 (n - 2)^2 FLOPs.
|*
|* Result: pixels are integers 0..15 and the coefficients multiples of 1/8
|* below 1, so every product and partial sum is exact in fp32 whatever the
|* contraction; the host computes every pixel again and compares exactly.
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

constexpr float c00 = 0.25f, c01 = -0.5f, c02 = 0.75f;
constexpr float c10 = -0.125f, c11 = 0.5f, c12 = -0.375f;
constexpr float c20 = 0.625f, c21 = -0.25f, c22 = 0.125f;

__global__ void conv2d(int n, const float *__restrict__ A,
                       float *__restrict__ B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || i >= n - 1 || j < 1 || j >= n - 1)
    return;
  const float *up = A + (long)(i - 1) * n, *mid = A + (long)i * n,
              *down = A + (long)(i + 1) * n;
  B[(long)i * n + j] = c00 * up[j - 1] + c01 * up[j] + c02 * up[j + 1] +
                       c10 * mid[j - 1] + c11 * mid[j] + c12 * mid[j + 1] +
                       c20 * down[j - 1] + c21 * down[j] + c22 * down[j + 1];
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

static float pixel(long i, long j) { return (float)((7 * i + 3 * j) % 16); }

int main(int argc, char **argv) {
  long n = 4096, reps = 10;
  args(argc, argv, 3, &n, &reps);
  exit_unless_device("conv2d");

  size_t bytes = n * n * sizeof(float);
  float *A = (float *)alloc("conv2d", n, bytes);
  float *B = (float *)alloc("conv2d", n, bytes);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = pixel(i, j);
  float *dA, *dB;
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dB, bytes));
  CUDA_CHECK(cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dB, 0, bytes));

  dim3 block(32, 8), grid((n + 31) / 32, (n + 7) / 8);
  double t0 = now();
  for (long r = 0; r < reps; ++r) {
    conv2d<<<grid, block>>>((int)n, dA, dB);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double t = now() - t0;
  CUDA_CHECK(cudaMemcpy(B, dB, bytes, cudaMemcpyDeviceToHost));

  long wrong = 0;
  double sum = 0;
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j) {
      const float *up = A + (i - 1) * n, *mid = A + i * n,
                  *down = A + (i + 1) * n;
      float want = c00 * up[j - 1] + c01 * up[j] + c02 * up[j + 1] +
                   c10 * mid[j - 1] + c11 * mid[j] + c12 * mid[j + 1] +
                   c20 * down[j - 1] + c21 * down[j] + c22 * down[j + 1];
      wrong += B[i * n + j] != want;
      sum += B[i * n + j];
    }
  printf("conv2d: n=%ld reps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.17g (%s)\n",
         n, reps, t, 17.0 * (n - 2) * (n - 2) * reps / t * 1e-9, sum,
         wrong ? "WRONG" : "ok");
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  free(A);
  free(B);
  return wrong ? 1 : 0;
}
