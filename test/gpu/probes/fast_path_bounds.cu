/*===- test/gpu/probes/fast_path_bounds.cu - where the fast paths end -----===*\
|*
|* One 32-thread launch per operand: div.rn.f32 of 2^e and 1.9 x 2^e by 1,
|* of 1 by 2^e and by 1.9 x 2^e (e = -149 .. 127), then sqrt.rn.f64 of 2^e
|* near the exponent limits. Under Nsight Compute, the instructions per
|* thread of each launch tell the fast path (about 16 for the divide) from
|* the slow one (docs/validation.md: FCHK's bounds, sqrt.rn.f64's).
|*
|*   ROOF_DISABLE=1 roof c++ -O3 --cuda-gpu-arch=sm_90 fast_path_bounds.cu -o bounds
|*   ncu --csv --print-units base --metrics sm__sass_thread_inst_executed.sum,\
|*     sm__sass_thread_inst_executed_op_{ffma,fadd,dfma,dmul}_pred_on.sum ./bounds
|*
\*===----------------------------------------------------------------------===*/
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>
__global__ void k_div(float a, float b, float *c) { float r; asm("div.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); c[threadIdx.x] = r; }
__global__ void k_sqrt(double a, double *c) { double r; asm("sqrt.rn.f64 %0, %1;" : "=d"(r) : "d"(a)); c[threadIdx.x] = r; }
int main() {
  float *c; double *d; cudaMalloc(&c, 128); cudaMalloc(&d, 256);
  for (int e = -149; e <= 127; e++) { printf("A %d\n", e); k_div<<<1, 32>>>(ldexpf(1.0f, e), 1.0f, c); }
  for (int e = -149; e <= 127; e++) { printf("B %d\n", e); k_div<<<1, 32>>>(ldexpf(1.9f, e), 1.0f, c); }
  for (int e = -149; e <= 127; e++) { printf("C %d\n", e); k_div<<<1, 32>>>(1.0f, ldexpf(1.0f, e), c); }
  for (int e = -149; e <= 127; e++) { printf("D %d\n", e); k_div<<<1, 32>>>(1.0f, ldexpf(1.9f, e), c); }
  for (int e = -1074; e <= 1023; e += (e < -940 || e > 1000) ? 1 : 97) { printf("S %d\n", e); k_sqrt<<<1, 32>>>(ldexp(1.0, e), d); }
  printf("done %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
