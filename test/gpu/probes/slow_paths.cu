/*===- test/gpu/probes/slow_paths.cu - IEEE divide, sqrt, rcp by operand class ===*\
|*
|* Each of div.rn.f64, rcp.rn.f64, sqrt.rn.f64 and the f32 forms (rn, ftz,
|* div.full) as inline PTX, one 1024-thread launch per (instruction,
|* operand class): under Nsight Compute, the per-launch
|* sm__sass_thread_inst_executed_op_*_pred_on.sum divided by 1024 is what one
|* execution of the instruction counts on that path (docs/validation.md,
|* "IEEE divide, sqrt and reciprocal"). Built without roof's counters:
|*
|*   ROOF_DISABLE=1 roof c++ -O3 --cuda-gpu-arch=sm_90 slow_paths.cu -o slow_paths
|*   ncu --csv --print-units base --kernel-name-base mangled -k regex:PKd \
|*     --metrics sm__sass_thread_inst_executed_op_{dadd,dmul,dfma,fadd,fmul,ffma}_pred_on.sum \
|*     ./slow_paths
|*   cuobjdump -sass slow_paths     # the SASS of docs/sass/
|*
\*===----------------------------------------------------------------------===*/
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cuda_runtime.h>
#define N 1024
__device__ double d_div(double a, double b) { double r; asm("div.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b)); return r; }
__device__ double d_rcp(double a, double b) { double r; asm("rcp.rn.f64 %0, %1;" : "=d"(r) : "d"(b)); return r; }
__device__ double d_sqrt(double a, double b) { double r; asm("sqrt.rn.f64 %0, %1;" : "=d"(r) : "d"(a)); return r; }
__device__ float f_div(float a, float b) { float r; asm("div.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ float f_divftz(float a, float b) { float r; asm("div.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ float f_divfull(float a, float b) { float r; asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ float f_rcp(float a, float b) { float r; asm("rcp.rn.f32 %0, %1;" : "=f"(r) : "f"(b)); return r; }
__device__ float f_rcpftz(float a, float b) { float r; asm("rcp.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(b)); return r; }
__device__ float f_sqrt(float a, float b) { float r; asm("sqrt.rn.f32 %0, %1;" : "=f"(r) : "f"(a)); return r; }
__device__ float f_sqrtftz(float a, float b) { float r; asm("sqrt.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(a)); return r; }
#define K64(op) __global__ void k_##op(const double *a, const double *b, double *c) { int i = blockIdx.x * blockDim.x + threadIdx.x; c[i] = d_##op(a[i], b[i]); }
#define K32(op) __global__ void k_##op(const float *a, const float *b, float *c) { int i = blockIdx.x * blockDim.x + threadIdx.x; c[i] = f_##op(a[i], b[i]); }
K64(div) K64(rcp) K64(sqrt)
K32(div) K32(divftz) K32(divfull) K32(rcp) K32(rcpftz) K32(sqrt) K32(sqrtftz)
#undef K64
#undef K32
// (a, b) per class; the float classes are the same values converted, with
// their own extremes.
struct Pair { const char *name; double a, b; float fa, fb; };
static Pair classes[] = {
  {"normal", 1.5, 3.7, 1.5f, 3.7f},
  {"neg", -2.25, 0.3, -2.25f, 0.3f},
  {"a_tiny", 1e-300, 3.0, 1e-37f, 3.0f},
  {"a_denorm", 4e-320, 3.0, 4e-42f, 3.0f},
  {"b_denorm", 1.0, 4e-320, 1.0f, 4e-42f},
  {"b_huge", 1.0, 1e300, 1.0f, 1e37f},
  {"b_tiny", 1.0, 1e-300, 1.0f, 1e-37f},
  {"a_huge", 1e300, 3.0, 1e37f, 3.0f},
  {"q_over", 1e300, 1e-10, 1e37f, 1e-5f},
  {"q_under", 1e-300, 1e10, 1e-37f, 1e5f},
  {"q_edge_hi", 1e308, 0.6, 3e38f, 0.9f},
  {"q_edge_lo", 3e-308, 1.5, 1.5e-38f, 1.5f},
  {"zero_x", 0.0, 3.0, 0.0f, 3.0f},
  {"x_zero", 1.0, 0.0, 1.0f, 0.0f},
  {"inf_x", INFINITY, 3.0, INFINITY, 3.0f},
  {"x_inf", 1.0, INFINITY, 1.0f, INFINITY},
  {"nan_x", NAN, 3.0, NAN, 3.0f},
  {"zero_zero", 0.0, 0.0, 0.0f, 0.0f},
  {"a_2e1000", 0x1p1000, 0x1p-20, 0x1p120f, 0x1p-10f},
  {"b_2e1020", 3.0, 0x1p1020, 3.0f, 0x1p126f},
  {"b_2e-1020", 3.0, 0x1p-1020, 3.0f, 0x1p-125f},
  {"a_2e-970", 0x1p-970, 3.0, 0x1p-100f, 3.0f},
};
int main(int argc, char **argv) {
  const int nc = sizeof classes / sizeof *classes;
  double *a, *b, *c; float *fa, *fb, *fc;
  cudaMalloc(&a, N * 8); cudaMalloc(&b, N * 8); cudaMalloc(&c, N * 8);
  cudaMalloc(&fa, N * 4); cudaMalloc(&fb, N * 4); cudaMalloc(&fc, N * 4);
  static double ha[N], hb[N], hc[N]; static float hfa[N], hfb[N], hfc[N];
  for (int k = 0; k < nc; k++) {
    for (int i = 0; i < N; i++) { ha[i] = classes[k].a; hb[i] = classes[k].b; hfa[i] = classes[k].fa; hfb[i] = classes[k].fb; }
    cudaMemcpy(a, ha, N * 8, cudaMemcpyHostToDevice); cudaMemcpy(b, hb, N * 8, cudaMemcpyHostToDevice);
    cudaMemcpy(fa, hfa, N * 4, cudaMemcpyHostToDevice); cudaMemcpy(fb, hfb, N * 4, cudaMemcpyHostToDevice);
    printf("class %d %s\n", k, classes[k].name);
    k_div<<<N / 256, 256>>>(a, b, c); k_rcp<<<N / 256, 256>>>(a, b, c); k_sqrt<<<N / 256, 256>>>(a, b, c);
    cudaMemcpy(hc, c, N * 8, cudaMemcpyDeviceToHost);
    k_div<<<N / 256, 256>>>(fa, fb, fc); k_divftz<<<N / 256, 256>>>(fa, fb, fc); k_divfull<<<N / 256, 256>>>(fa, fb, fc);
    k_rcp<<<N / 256, 256>>>(fa, fb, fc); k_rcpftz<<<N / 256, 256>>>(fa, fb, fc);
    k_sqrt<<<N / 256, 256>>>(fa, fb, fc); k_sqrtftz<<<N / 256, 256>>>(fa, fb, fc);
    cudaMemcpy(hfc, fc, N * 4, cudaMemcpyDeviceToHost);
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
