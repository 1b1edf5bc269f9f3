/*===- test/gpu/corpus/fdtd2d.cu - 2-D FDTD, three kernels a step, fp32 ---===*\
|*
|* The finite-difference time-domain kernels of GPU benchmark suites
|* (PolyBench/GPU's FDTD-2D shape) on nx x ny float fields ex, ey, hz, one
|* element per thread, blocks of 32 x 8 threads; per time step t:
|*   fdtd_ey: ey[0][j] = fict[t];  ey[i][j] -= 0.5 (hz[i][j] - hz[i-1][j])
|*   fdtd_ex: ex[i][j] -= 0.5 (hz[i][j] - hz[i][j-1])            (j > 0)
|*   fdtd_hz: hz[i][j] -= 0.7 (ex[i][j+1] - ex[i][j]
|*                             + ey[i+1][j] - ey[i][j])  (i < nx-1, j < ny-1)
|* Memory-bound.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/fdtd2d.cu -o fdtd2d
|*   ./fdtd2d [n] [T]        n x n fields, T steps (3 T launches);
|*                           n = 2048, T = 10
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread outside its kernel's range does nothing; fdtd_ey's row 0 only
|* stores fict[t] (no FLOP, 4 bytes stored).
|*   fdtd_ey, i > 0, and fdtd_ex, j > 0: one sub, one mul, one sub
|*     canonical: fp32 add 2 (a sub is an add), mul 1 = 3 FLOPs
|*     executed:  fp32 add 1, fma 1 (the mul fused into the second sub)
|*                = 3 FLOPs
|*     global memory: 12 bytes loaded, 4 stored
|*   fdtd_hz: three sub/add, one mul, one sub
|*     canonical: fp32 add 4, mul 1 = 5 FLOPs
|*     executed:  fp32 add 3, fma 1 = 5 FLOPs
|*     global memory: 20 bytes loaded, 4 stored
|* Per step: 3 (n - 1) n + 5 (n - 1)^2 FLOPs.
|*
|* Result: the host runs the same steps in float (its own rounding, without
|* FMA) and compares every element with a tolerance of 1e-4 relative to the
|* field's largest magnitude.
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"
#include <math.h>

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

__global__ void fdtd_ey(int nx, int ny, float fict, float *__restrict__ ey,
                        const float *__restrict__ hz) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny)
    return;
  long at = (long)i * ny + j;
  if (i == 0)
    ey[at] = fict;
  else
    ey[at] = ey[at] - 0.5f * (hz[at] - hz[at - ny]);
}

__global__ void fdtd_ex(int nx, int ny, float *__restrict__ ex,
                        const float *__restrict__ hz) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny || j == 0)
    return;
  long at = (long)i * ny + j;
  ex[at] = ex[at] - 0.5f * (hz[at] - hz[at - 1]);
}

__global__ void fdtd_hz(int nx, int ny, const float *__restrict__ ex,
                        const float *__restrict__ ey, float *__restrict__ hz) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx - 1 || j >= ny - 1)
    return;
  long at = (long)i * ny + j;
  hz[at] = hz[at] - 0.7f * (ex[at + 1] - ex[at] + ey[at + ny] - ey[at]);
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

// The same steps on the host, in float.
static void host_steps(long nx, long ny, long steps, float *ex, float *ey,
                       float *hz) {
  for (long t = 0; t < steps; ++t) {
    for (long i = 0; i < nx; ++i)
      for (long j = 0; j < ny; ++j) {
        long at = i * ny + j;
        ey[at] = i == 0 ? (float)t : ey[at] - 0.5f * (hz[at] - hz[at - ny]);
      }
    for (long i = 0; i < nx; ++i)
      for (long j = 1; j < ny; ++j) {
        long at = i * ny + j;
        ex[at] = ex[at] - 0.5f * (hz[at] - hz[at - 1]);
      }
    for (long i = 0; i < nx - 1; ++i)
      for (long j = 0; j < ny - 1; ++j) {
        long at = i * ny + j;
        hz[at] = hz[at] - 0.7f * (ex[at + 1] - ex[at] + ey[at + ny] - ey[at]);
      }
  }
}

// Elements of got further than 1e-4 x the largest |want| from want.
static long count_wrong(long count, const float *got, const float *want) {
  float largest = 0;
  for (long k = 0; k < count; ++k)
    largest = fmaxf(largest, fabsf(want[k]));
  long wrong = 0;
  for (long k = 0; k < count; ++k)
    wrong += !(fabsf(got[k] - want[k]) <= 1e-4f * largest);
  return wrong;
}

int main(int argc, char **argv) {
  long n = 2048, steps = 10;
  args(argc, argv, 2, &n, &steps);
  exit_unless_device("fdtd2d");

  long count = n * n;
  size_t bytes = count * sizeof(float);
  float *field[3], *device[3], *result[3];
  for (int f = 0; f < 3; ++f) {
    field[f] = (float *)alloc("fdtd2d", n, bytes);
    result[f] = (float *)alloc("fdtd2d", n, bytes);
    for (long k = 0; k < count; ++k)
      field[f][k] = (float)((k / n * (f + 1) + k % n * (f + 2)) % 10) / 8;
    CUDA_CHECK(cudaMalloc(&device[f], bytes));
    CUDA_CHECK(cudaMemcpy(device[f], field[f], bytes, cudaMemcpyHostToDevice));
  }
  float *ex = device[0], *ey = device[1], *hz = device[2];

  dim3 block(32, 8), grid((n + 31) / 32, (n + 7) / 8);
  double t0 = now();
  for (long t = 0; t < steps; ++t) {
    fdtd_ey<<<grid, block>>>((int)n, (int)n, (float)t, ey, hz);
    CUDA_CHECK_LAUNCH();
    fdtd_ex<<<grid, block>>>((int)n, (int)n, ex, hz);
    CUDA_CHECK_LAUNCH();
    fdtd_hz<<<grid, block>>>((int)n, (int)n, ex, ey, hz);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double t = now() - t0;
  for (int f = 0; f < 3; ++f)
    CUDA_CHECK(cudaMemcpy(result[f], device[f], bytes, cudaMemcpyDeviceToHost));

  host_steps(n, n, steps, field[0], field[1], field[2]);
  long wrong = 0;
  double sum = 0;
  for (int f = 0; f < 3; ++f) {
    wrong += count_wrong(count, result[f], field[f]);
    for (long k = 0; k < count; ++k)
      sum += result[f][k];
  }
  double flops = (3.0 * (n - 1) * n + 5.0 * (n - 1) * (n - 1)) * steps;
  printf("fdtd2d: n=%ld steps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.9g (%s)\n",
         n, steps, t, flops / t * 1e-9, sum, wrong ? "WRONG" : "ok");
  for (int f = 0; f < 3; ++f) {
    CUDA_CHECK(cudaFree(device[f]));
    free(field[f]);
    free(result[f]);
  }
  return wrong ? 1 : 0;
}
