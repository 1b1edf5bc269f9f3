/*===- examples/cuda/daxpy.cu - y = a*x + y on the GPU, on two streams ----===*\
|*
|* DAXPY in double, one element per thread: memory-bound (2 FLOPs per 24
|* bytes of global memory). The vectors are split in two halves, each on its
|* own stream: copy in, R launches, copy out, so that one half's copies
|* overlap the other half's kernels.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 examples/cuda/daxpy.cu -o daxpy
|*   ./daxpy [n] [R]               defaults: n = 2^24, R = 20
|*
|* Without roof: the same with clang++-19 and the flags of docs/cuda.md.
|*
|* Exact counts, per thread
|* ------------------------
|* Each launch runs ceil(len / 256) blocks of 256 threads over its half
|* (len = n/2 rounded down for the first, up for the second); a thread with
|* i >= len does nothing. A thread with i < len runs
|*   y[i] = a * x[i] + y[i]
|* clang compiles CUDA with -ffp-contract=fast: the IR keeps the fmul and the
|* fadd (with `contract` flags) and the NVPTX backend fuses them into one
|* fma.rn.f64. So per active thread:
|*   canonical: fp64 mul 1, add 1 = 2 FLOPs
|*   executed:  fp64 fma 1 (fma.rn.f64, one DFMA) = 2 FLOPs
|*   global memory: 16 bytes loaded (x[i], y[i]), 8 bytes stored (y[i])
|* Whole run: n active threads per repetition, so 2 n R FLOPs, 16 n R bytes
|* loaded and 8 n R bytes stored by the kernels, in 2 R launches.
|*
|* Result: x[i] = (i % 1000) / 4, y[i] = 1 + i % 7 at first, a = 1/2; every
|* value and sum is a multiple of 1/8 below 2^40, so each step is exact and
|* y[i] = 1 + i % 7 + R (i % 1000) / 8 exactly, whatever the contraction.
|*
\*===----------------------------------------------------------------------===*/
#include "cuda_harness.h"
#include <roof.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

__global__ void daxpy(long n, double a, const double *__restrict__ x,
                      double *__restrict__ y) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

constexpr int kThreadsPerBlock = 256;
constexpr double kA = 0.5;

static double initial_x(long i) { return 0.25 * (i % 1000); }
static double initial_y(long i) { return 1.0 + i % 7; }

// One half of the vectors and the stream that works on it.
struct Half {
  long offset, length;
  cudaStream_t stream = nullptr;
  double *x = nullptr, *y = nullptr; // on the device
};

int main(int argc, char **argv) {
  long n = 1L << 24, reps = 20;
  args(argc, argv, 2, &n, &reps);
  exit_unless_device("daxpy");

  size_t bytes = n * sizeof(double);
  double *x = (double *)alloc("daxpy", n, bytes);
  double *y = (double *)alloc("daxpy", n, bytes);
  for (long i = 0; i < n; ++i) {
    x[i] = initial_x(i);
    y[i] = initial_y(i);
  }
  // Page-locked, so that the copies are asynchronous.
  CUDA_CHECK(cudaHostRegister(x, bytes, cudaHostRegisterDefault));
  CUDA_CHECK(cudaHostRegister(y, bytes, cudaHostRegisterDefault));

  Half halves[2] = {{0, n / 2}, {n / 2, n - n / 2}};
  for (Half &h : halves) {
    CUDA_CHECK(cudaStreamCreate(&h.stream));
    CUDA_CHECK(cudaMalloc(&h.x, h.length * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&h.y, h.length * sizeof(double)));
  }

  double t0 = now();
  roof_region_begin("daxpy");
  for (Half &h : halves) {
    size_t half_bytes = h.length * sizeof(double);
    CUDA_CHECK(cudaMemcpyAsync(h.x, x + h.offset, half_bytes,
                               cudaMemcpyHostToDevice, h.stream));
    CUDA_CHECK(cudaMemcpyAsync(h.y, y + h.offset, half_bytes,
                               cudaMemcpyHostToDevice, h.stream));
    long blocks = (h.length + kThreadsPerBlock - 1) / kThreadsPerBlock;
    for (long r = 0; r < reps; ++r) {
      daxpy<<<blocks, kThreadsPerBlock, 0, h.stream>>>(h.length, kA, h.x, h.y);
      CUDA_CHECK_LAUNCH();
    }
    CUDA_CHECK(cudaMemcpyAsync(y + h.offset, h.y, half_bytes,
                               cudaMemcpyDeviceToHost, h.stream));
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  roof_region_end();
  double t = now() - t0;

  long wrong = 0;
  for (long i = 0; i < n; ++i)
    wrong += y[i] != initial_y(i) + reps * kA * initial_x(i);
  double sum = checksum(n, y);
  printf("daxpy: n=%ld reps=%ld  %.3f s  %.2f GFLOP/s (with copies)  "
         "checksum=%.17g (%s)\n",
         n, reps, t, 2.0 * n * reps / t * 1e-9, sum, wrong ? "WRONG" : "ok");

  for (Half &h : halves) {
    CUDA_CHECK(cudaFree(h.x));
    CUDA_CHECK(cudaFree(h.y));
    CUDA_CHECK(cudaStreamDestroy(h.stream));
  }
  CUDA_CHECK(cudaHostUnregister(x));
  CUDA_CHECK(cudaHostUnregister(y));
  free(x);
  free(y);
  return wrong ? 1 : 0;
}
