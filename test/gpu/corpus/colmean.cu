/*===- test/gpu/corpus/colmean.cu - the mean of each column, fp32 ---------===*\
|*
|* The column reduction of GPU benchmark suites (the mean kernel of
|* PolyBench/GPU's COVARIANCE and CORRELATION): one thread per column of an
|* m x n row-major float matrix sums the column down its m rows in a
|* register and divides by m. The warp's loads are adjacent.
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 test/gpu/corpus/colmean.cu -o colmean
|*   ./colmean [n] [R]       m = 2048 rows, n columns, R launches;
|*                           n = 16384, R = 10
|*
|* Counts, per thread (docs/counting.md)
|* -------------------------------------
|* A thread with j >= n does nothing. An active thread runs m iterations of
|* `s += data[i][j]` from s = 0, then one divide:
|*   canonical: fp32 add m, div 1 = m + 1 FLOPs
|*   executed:  fp32 add m; div.rn.f32, which ptxas makes 5 FFMA around a
|*              MUFU.RCP (docs/counting.md): fma 5 = 10 FLOPs; 1 special
|*   and one int-to-float convert of m (class convert, not a FLOP)
|*   global memory: 4 m bytes loaded, 4 stored
|* The loop is unrolled, with a remainder loop. Per launch: n threads,
|* (m + 1) n canonical FLOPs.
|*
|* Result: the matrix holds integers 0..15, so every column sum is an exact
|* integer in float (below 2^24), and m is a power of two, so the mean is
|* exact too; the host compares every mean exactly.
|*
\*===----------------------------------------------------------------------===*/
#include "../../../examples/cuda/cuda_harness.h"

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

__global__ void colmean(int m, int n, const float *__restrict__ data,
                        float *__restrict__ mean) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  float s = 0.0f;
  for (int i = 0; i < m; ++i)
    s += data[(long)i * n + j];
  mean[j] = s / (float)m;
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  const long m = 2048;
  long n = 16384, reps = 10;
  args(argc, argv, 1, &n, &reps);
  exit_unless_device("colmean");

  size_t bytes = m * n * sizeof(float), vbytes = n * sizeof(float);
  float *data = (float *)alloc("colmean", n, bytes);
  float *mean = (float *)alloc("colmean", n, vbytes);
  float *want = (float *)alloc("colmean", n, vbytes);
  for (long j = 0; j < n; ++j)
    want[j] = 0.0f;
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j) {
      data[i * n + j] = (float)((5 * i + 3 * j + i * j) % 16);
      want[j] += data[i * n + j];
    }
  for (long j = 0; j < n; ++j)
    want[j] /= (float)m;
  float *ddata, *dmean;
  CUDA_CHECK(cudaMalloc(&ddata, bytes));
  CUDA_CHECK(cudaMalloc(&dmean, vbytes));
  CUDA_CHECK(cudaMemcpy(ddata, data, bytes, cudaMemcpyHostToDevice));

  const int threads = 128;
  double t0 = now();
  for (long r = 0; r < reps; ++r) {
    colmean<<<(n + threads - 1) / threads, threads>>>((int)m, (int)n, ddata, dmean);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double t = now() - t0;
  CUDA_CHECK(cudaMemcpy(mean, dmean, vbytes, cudaMemcpyDeviceToHost));

  long wrong = 0;
  double sum = 0;
  for (long j = 0; j < n; ++j) {
    wrong += mean[j] != want[j];
    sum += mean[j];
  }
  printf("colmean: m=%ld n=%ld reps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.9g (%s)\n",
         m, n, reps, t, (m + 1.0) * n * reps / t * 1e-9, sum,
         wrong ? "WRONG" : "ok");
  CUDA_CHECK(cudaFree(ddata));
  CUDA_CHECK(cudaFree(dmean));
  free(data);
  free(mean);
  free(want);
  return wrong ? 1 : 0;
}
