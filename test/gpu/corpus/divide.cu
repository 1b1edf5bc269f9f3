/*===- test/gpu/corpus/divide.cu - div.rn.f64 on every path of its SASS ---===*\
|*
|* One launch of `divide` per operand class, 4096 threads each, every
|* thread dividing a[i] / b[i] in double; then one launch on a mix of all
|* classes (neighbouring lanes on different paths), and `long_loop`, whose
|* threads each run more than 2^22 iterations (the high part of the device
|* counters' sums).
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/divide.cu -o divide
|*   ./divide
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* divide: canonical fp64 div 1. Executed (docs/sass/div.rn.f64.sm_90.sass,
|* passes/SlowPaths.cpp): the fast path, fp64 fma 7, mul 1 (15 DP
|* FLOPs) and fp32 fma 1 (2 SP FLOPs), 1 MUFU; on the slow path, per class:
|*   class       a / b                 DMUL  DFMA   (fast path included)
|*   normal      1.5 / 3.7               1     7
|*   a_tiny      1e-300 / 3              3    14    numerator below 2^-969
|*   a_subnormal 4e-320 / 3              4    17    + scaling, tiny quotient
|*   b_subnormal 1 / 4e-320              4    14    + scaling b
|*   b_big       3 / 2^1020              3    14    hi(b) >= 0x7f800000
|*   q_over      1e300 / 1e-10           3    14    quotient infinite
|*   q_edge      1e308 / 0.6             3    14    quotient above 2^1017
|*   q_tiny      1e-300 / 1e10           4    16    subnormal quotient
|*   q_exact     2^-1000 / 2^60          3    15    subnormal and exact
|*   zero_x      0 / 3                   2    15    special: zero numerator
|*   x_zero      1 / 0                   3    14    special: zero divisor
|*   inf_x       inf / 3                 2    14    special
|*   nan_x       nan / 3                 2    14    special
|* whole classes: 4096 times the row. The mix: each class once in every 16
|* threads (the 13 classes, then normal 3 times).
|* long_loop: n_iter iterations of one fma per thread: canonical fp64 mul 1,
|* add 1; executed fp64 fma 1 (2 DP FLOPs) per iteration; 64 threads.
|*
|* Result: each quotient equals the host's (both IEEE round-to-nearest;
|* NaN as NaN), and long_loop's sums equal the host's.
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"
#include <math.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

__global__ void divide(int n, const double *a, const double *b, double *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    q[i] = a[i] / b[i];
}

__global__ void long_loop(long iterations, double *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = x[i];
  for (long k = 0; k < iterations; ++k)
    v = v * 0.5 + 1.0;
  x[i] = v;
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

struct Operands {
  const char *name;
  double a, b;
};

static const Operands kClasses[] = {
    {"normal", 1.5, 3.7},          {"a_tiny", 1e-300, 3.0},
    {"a_subnormal", 4e-320, 3.0},  {"b_subnormal", 1.0, 4e-320},
    {"b_big", 3.0, 0x1p1020},      {"q_over", 1e300, 1e-10},
    {"q_edge", 1e308, 0.6},        {"q_tiny", 1e-300, 1e10},
    {"q_exact", 0x1p-1000, 0x1p60}, {"zero_x", 0.0, 3.0},
    {"x_zero", 1.0, 0.0},          {"inf_x", INFINITY, 3.0},
    {"nan_x", NAN, 3.0},
};
static const int kNumClasses = sizeof kClasses / sizeof *kClasses;

static bool same(double x, double y) {
  return (isnan(x) && isnan(y)) || memcmp(&x, &y, sizeof x) == 0;
}

int main(int argc, char **argv) {
  long n = 4096, iterations = (1L << 22) + 1000;
  args(argc, argv, 1, &n, &iterations);
  exit_unless_device("divide");

  double *a = (double *)alloc("divide", n, n * sizeof(double));
  double *b = (double *)alloc("divide", n, n * sizeof(double));
  double *q = (double *)alloc("divide", n, n * sizeof(double));
  double *da, *db, *dq;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dq, n * sizeof(double)));

  long wrong = 0;
  double t0 = now();
  // kNumClasses launches of one class each, then one of the mix.
  for (int c = 0; c <= kNumClasses; ++c) {
    for (long i = 0; i < n; ++i) {
      const Operands &o = kClasses[c < kNumClasses ? c : i % 16 % kNumClasses];
      a[i] = o.a;
      b[i] = o.b;
    }
    CUDA_CHECK(cudaMemcpy(da, a, n * sizeof(double), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(db, b, n * sizeof(double), cudaMemcpyHostToDevice));
    divide<<<(n + 255) / 256, 256>>>((int)n, da, db, dq);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(q, dq, n * sizeof(double), cudaMemcpyDeviceToHost));
    for (long i = 0; i < n; ++i)
      wrong += !same(q[i], a[i] / b[i]);
  }

  const int threads = 64;
  double x[threads];
  for (int i = 0; i < threads; ++i)
    x[i] = i;
  CUDA_CHECK(cudaMemcpy(dq, x, sizeof x, cudaMemcpyHostToDevice));
  long_loop<<<1, threads>>>(iterations, dq);
  CUDA_CHECK_LAUNCH();
  double y[threads];
  CUDA_CHECK(cudaMemcpy(y, dq, sizeof y, cudaMemcpyDeviceToHost));
  double t = now() - t0;
  for (int i = 0; i < threads; ++i) {
    double v = x[i];
    for (long k = 0; k < iterations; ++k)
      v = v * 0.5 + 1.0;
    wrong += !same(y[i], v);
  }
  printf("divide: n=%ld iterations=%ld  %.3f s  checksum=%.17g (%s)\n", n,
         iterations, t, checksum(threads, y), wrong ? "WRONG" : "ok");
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dq));
  free(a);
  free(b);
  free(q);
  return wrong ? 1 : 0;
}
