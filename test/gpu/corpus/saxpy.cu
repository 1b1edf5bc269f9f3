/*===- test/gpu/corpus/saxpy.cu - y = a*x + y, fp32, a large grid ---------===*\
|*
|* SAXPY in float, one element per thread, in blocks of 256 threads over a
|* large vector (2^25 elements: 131072 blocks, a million warps per launch,
|* each adding its counters at exit). Memory-bound: 2 FLOPs per 12 bytes.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/saxpy.cu -o saxpy
|*   ./saxpy [n] [R]         n elements, R launches; n = 2^25, R = 20
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread with i >= n does nothing. An active thread runs
|*   y[i] = a * x[i] + y[i]
|*   canonical: fp32 mul 1, add 1 = 2 FLOPs
|*   executed:  fp32 fma 1 (the mul fused into the add) = 2 FLOPs
|*   global memory: 8 bytes loaded, 4 stored
|* Per launch: n threads, 2 n FLOPs.
|*
|* Result: x[i] = (i % 64) / 4, y[i] = i % 5 at first, a = 1/2: every value
|* is a multiple of 1/8 below 2^20, so each step is exact in float and
|* y[i] = i % 5 + R (i % 64) / 8 exactly; the host checks every element.
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

__global__ void saxpy(int n, float a, const float *__restrict__ x,
                      float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  long n = 1L << 25, reps = 20;
  args(argc, argv, 1, &n, &reps);
  exit_unless_device("saxpy");

  size_t bytes = n * sizeof(float);
  float *x = (float *)alloc("saxpy", n, bytes);
  float *y = (float *)alloc("saxpy", n, bytes);
  for (long i = 0; i < n; ++i) {
    x[i] = (float)(i % 64) / 4;
    y[i] = (float)(i % 5);
  }
  float *dx, *dy;
  CUDA_CHECK(cudaMalloc(&dx, bytes));
  CUDA_CHECK(cudaMalloc(&dy, bytes));
  CUDA_CHECK(cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y, bytes, cudaMemcpyHostToDevice));

  double t0 = now();
  for (long r = 0; r < reps; ++r) {
    saxpy<<<(n + 255) / 256, 256>>>((int)n, 0.5f, dx, dy);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double t = now() - t0;
  CUDA_CHECK(cudaMemcpy(y, dy, bytes, cudaMemcpyDeviceToHost));

  long wrong = 0;
  double sum = 0;
  for (long i = 0; i < n; ++i) {
    wrong += y[i] != (float)(i % 5) + (float)reps * (float)(i % 64) / 8;
    sum += y[i];
  }
  printf("saxpy: n=%ld reps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.17g (%s)\n",
         n, reps, t, 2.0 * n * reps / t * 1e-9, sum, wrong ? "WRONG" : "ok");
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy));
  free(x);
  free(y);
  return wrong ? 1 : 0;
}
