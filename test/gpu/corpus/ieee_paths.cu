/*===- test/gpu/corpus/ieee_paths.cu - div, rcp, sqrt on their slow paths -===*\
|*
|* div.rn.f32, rcp.rn.f32/f64 and sqrt.rn.f32/f64, each in a kernel of its
|* own, on operands of every path of their SASS (passes/SlowPaths.cpp,
|* docs/validation.md). Per kernel, two launches of n threads: one where
|* each warp takes one class (warp i the class i mod the number of
|* classes), one where neighbouring lanes take different classes.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/ieee_paths.cu -o ieee
|*   ./ieee
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* Canonical: one div or sqrt. Executed, as Nsight Compute counts the SASS
|* (FADD, FMUL, FFMA for f32; DADD, DMUL, DFMA for f64), fast path included:
|*   div_f32 (a / b)    fast 0,0,5.  Slow (FCHK): NaN 1,0,5; zero or
|*     infinity 0,0,5; else 1,0,12, +1 FFMA per subnormal operand, +3 when
|*     the quotient's biased exponent (24 bits) is in [-24, 0]:
|*     normal 1.5/3.7 0,0,5; a_tiny 1e-37/3 1,0,12; a_subnormal 4e-42/3
|*     1,0,16; b_subnormal 1/4e-42 1,0,13; b_big 3/2^126 1,0,12; q_over
|*     1e37/1e-5 1,0,12; q_tiny 1e-37/1e5 1,0,15; q_zero 1e-30/1e30 1,0,12;
|*     q_2^-150 and q_2^-151 (quotients that round to 0) 1,0,15; q_2^-152
|*     1,0,12; a_big 2^127/2 (fast) 0,0,5; 0/3, 1/0, inf/3 0,0,5;
|*     nan/3 1,0,5.
|*   rcp_f32 (1 / b)    fast 1,0,2; slow (the call replaces it): 1.5 1,0,2;
|*     2^125 1,0,2; +-4e-42 1,0,4; 2^126, 3e38 1,0,3; +-0, inf, nan 0,0,0.
|*   sqrt_f32           fast 0,2,2; slow replaces it: 1.5, 2^-101, 3e38
|*     0,2,2; 1e-37, 2^-102, +-4e-42 1,3,3; -2.25, +-0, +-inf 0,0,0; nan
|*     1,0,0.
|*   rcp_f64 (1 / b)    DMUL, DFMA: 1.5, 1e300, 4e-320 (high word 0), 0,
|*     inf, nan 0,5; 2^-1030 2,10; +-DBL_MAX 1,13.
|*   sqrt_f64           DADD, DMUL, DFMA: 1.5, 2^-970, 1e300, -2.25, -inf
|*     0,3,5; 1e-300, 3e-308 0,3,7; 4e-320 0,7,10; +-0, inf, nan 1,3,5.
|*
|* Result: each result equals the host's (IEEE round to nearest; NaN as
|* NaN).
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"
#include <float.h>
#include <math.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

__global__ void div_f32(int n, const float *a, const float *b, float *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    r[i] = a[i] / b[i];
}

__global__ void rcp_f32(int n, const float *b, float *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    r[i] = 1.0f / b[i];
}

__global__ void sqrt_f32(int n, const float *a, float *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    r[i] = __fsqrt_rn(a[i]);
}

__global__ void rcp_f64(int n, const double *b, double *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    r[i] = 1.0 / b[i];
}

__global__ void sqrt_f64(int n, const double *a, double *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    r[i] = sqrt(a[i]);
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

struct Pair {
  float a, b;
};

static const Pair kDivF32[] = {
    {1.5f, 3.7f},          {1e-37f, 3.0f},         {4e-42f, 3.0f},
    {1.0f, 4e-42f},        {3.0f, 0x1p126f},       {1e37f, 1e-5f},
    {1e-37f, 1e5f},        {1e-30f, 1e30f},        {0x1p-120f, 0x1p30f},
    {0x1p-121f, 0x1p30f},  {0x1p-122f, 0x1p30f},   {0x1p127f, 2.0f},
    {0.0f, 3.0f},          {1.0f, 0.0f},           {INFINITY, 3.0f},
    {NAN, 3.0f}};
static const float kRcpF32[] = {1.5f,     0x1p125f, 4e-42f, -4e-42f,
                                0x1p126f, 3e38f,    0.0f,   -0.0f,
                                INFINITY, NAN};
static const float kSqrtF32[] = {1.5f,     0x1p-101f, 3e38f, 1e-37f,
                                 0x1p-102f, 4e-42f,   -4e-42f, -2.25f,
                                 0.0f,     -0.0f,     INFINITY, -INFINITY,
                                 NAN};
static const double kRcpF64[] = {1.5,  1e300,    4e-320,  0.0,     INFINITY,
                                 NAN,  0x1p-1030, DBL_MAX, -DBL_MAX};
static const double kSqrtF64[] = {1.5,    0x1p-970, 1e300, -2.25,    -INFINITY,
                                  1e-300, 3e-308,   4e-320, 0.0,     -0.0,
                                  INFINITY, NAN};

template <typename T> static bool same(T x, T y) {
  return (isnan(x) && isnan(y)) || memcmp(&x, &y, sizeof x) == 0;
}

// The class of thread i: by warp in the first launch, by lane in the second.
static long classOf(int launch, long i, long classes) {
  return (launch == 0 ? i / 32 : i) % classes;
}

template <typename T> struct DeviceArrays {
  T *a, *b, *r;
  explicit DeviceArrays(long n) {
    CUDA_CHECK(cudaMalloc(&a, n * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&b, n * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&r, n * sizeof(T)));
  }
  ~DeviceArrays() {
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    CUDA_CHECK(cudaFree(r));
  }
};

// Runs `launch(blocks, device arrays)` on the classes of `values` (a, b:
// the operands of thread i, from its class) twice and counts the results
// that differ from `host(a, b)`.
template <typename T, typename Operands, typename Launch, typename Host>
static long run(long n, Operands operands, long classes, Launch launch,
                Host host) {
  T *a = (T *)alloc("ieee_paths", n, n * sizeof(T));
  T *b = (T *)alloc("ieee_paths", n, n * sizeof(T));
  T *r = (T *)alloc("ieee_paths", n, n * sizeof(T));
  DeviceArrays<T> d(n);
  long wrong = 0;
  for (int l = 0; l < 2; ++l) {
    for (long i = 0; i < n; ++i)
      operands(classOf(l, i, classes), &a[i], &b[i]);
    CUDA_CHECK(cudaMemcpy(d.a, a, n * sizeof(T), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d.b, b, n * sizeof(T), cudaMemcpyHostToDevice));
    launch((int)((n + 255) / 256), d);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(r, d.r, n * sizeof(T), cudaMemcpyDeviceToHost));
    for (long i = 0; i < n; ++i)
      wrong += !same(r[i], host(a[i], b[i]));
  }
  free(a);
  free(b);
  free(r);
  return wrong;
}

#define CLASSES(table) (long)(sizeof table / sizeof *table)

int main(int argc, char **argv) {
  long n = 8192, unused = 1;
  args(argc, argv, 32, &n, &unused);
  exit_unless_device("ieee_paths");
  int N = (int)n;

  double t0 = now();
  long wrong = 0;
  wrong += run<float>(
      n, [](long c, float *a, float *b) { *a = kDivF32[c].a, *b = kDivF32[c].b; },
      CLASSES(kDivF32),
      [&](int blocks, DeviceArrays<float> &d) {
        div_f32<<<blocks, 256>>>(N, d.a, d.b, d.r);
      },
      [](float a, float b) { return a / b; });
  wrong += run<float>(
      n, [](long c, float *a, float *b) { *a = 0, *b = kRcpF32[c]; },
      CLASSES(kRcpF32),
      [&](int blocks, DeviceArrays<float> &d) {
        rcp_f32<<<blocks, 256>>>(N, d.b, d.r);
      },
      [](float, float b) { return 1.0f / b; });
  wrong += run<float>(
      n, [](long c, float *a, float *b) { *a = kSqrtF32[c], *b = 0; },
      CLASSES(kSqrtF32),
      [&](int blocks, DeviceArrays<float> &d) {
        sqrt_f32<<<blocks, 256>>>(N, d.a, d.r);
      },
      [](float a, float) { return sqrtf(a); });
  wrong += run<double>(
      n, [](long c, double *a, double *b) { *a = 0, *b = kRcpF64[c]; },
      CLASSES(kRcpF64),
      [&](int blocks, DeviceArrays<double> &d) {
        rcp_f64<<<blocks, 256>>>(N, d.b, d.r);
      },
      [](double, double b) { return 1.0 / b; });
  wrong += run<double>(
      n, [](long c, double *a, double *b) { *a = kSqrtF64[c], *b = 0; },
      CLASSES(kSqrtF64),
      [&](int blocks, DeviceArrays<double> &d) {
        sqrt_f64<<<blocks, 256>>>(N, d.a, d.r);
      },
      [](double a, double) { return sqrt(a); });
  double t = now() - t0;
  printf("ieee_paths: n=%ld  %.3f s  wrong=%ld (%s)\n", n, t, wrong,
         wrong ? "WRONG" : "ok");
  return wrong ? 1 : 0;
}
