/*===- examples/cuda/gpp.cu - GPP-like complex divide + sqrt on the GPU
----===*\
|*
|* A kernel shaped like the GPP (general plasmon pole) self-energy kernel of
|* BerkeleyGW, the CUDA twin of examples/complex_divsqrt.c: thread g (a
|* G-vector) keeps a complex accumulator in registers over a block of bands
|* b, and for each band does a complex divide q = z_g / (w_g - e_b), its
|* modulus |q|, and acc_g += q |q| / (1 + |q|), in double. Divide- and
|* sqrt-bound. The host launches one kernel per block of kBands bands, R
|* blocks in all, as GPP codes walk over bands.
|*
|* Complex arithmetic is written out on real and imaginary parts, as in the
|* CPU twin, so that every operation is in the source (cuCdiv, for one,
|* scales by the larger component first).
|*
|*   roof c++ -O3 --cuda-gpu-arch=sm_90 examples/cuda/gpp.cu -o gpp
|*   ./gpp [n] [R]       n G-vectors, R launches of kBands = 64 bands each;
|*                       defaults: n = 2^18, R = 40
|*
|* Exact counts, per thread
|* ------------------------
|* A thread with g >= n does nothing. A thread with g < n runs nbands
|* (= kBands) iterations of
|*   dr = wr - er[b], di = wi - ei[b]        2 sub
|*   den = dr*dr + di*di                      2 mul + 1 add
|*   qr = (zr*dr + zi*di) / den               2 mul + 1 add + 1 div
|*   qi = (zi*dr - zr*di) / den               2 mul + 1 sub + 1 div
|*   m = sqrt(qr*qr + qi*qi)                  2 mul + 1 add + 1 sqrt
|*   s = m / (1 + m)                          1 add + 1 div
|*   accr += qr*s, acci += qi*s               2 mul + 2 add
|* clang compiles CUDA with -ffp-contract=fast: the IR keeps every fmul,
|* fadd and fsub (with `contract` flags), so per band, in fp64:
|*   canonical: add 9 (sub counts as add), mul 10, div 3, sqrt 1 = 23 FLOPs
|* The NVPTX backend fuses each product that feeds an add or sub (dr*dr +
|* di*di, the two numerators, |q|^2, the two accumulations) into
|* fma.rn.f64, so per band the PTX has
|*   add.f64/sub.f64 3, mul.f64 4, fma.rn.f64 6, div.rn.f64 3, sqrt.rn.f64 1
|*   = add 3, mul 4, fma 12, div 3, sqrt 1 = 23 FLOPs
|* and a neg.f64, which is no FLOP. ptxas then expands each div.rn.f64 and
|* sqrt.rn.f64 into a reciprocal seed and several DFMAs, which GPU counters
|* see as more FLOPs. With -ffast-math the IR is the same but for `fast`
|* flags on the arithmetic, and the backend turns the two divides by den
|* into one rcp.rn.f64 and two mul.f64: div.rn.f64 1, rcp.rn.f64 1,
|* mul.f64 6 per band.
|* Global memory per thread: 48 bytes loaded before the loop (wr, wi, zr,
|* zi, accr, acci), 16 bytes per band (er[b], ei[b]), 16 bytes stored
|* (accr, acci).
|* Per thread and launch: 23 kBands = 1472 FLOPs; whole run: 1472 n R.
|*
|* Result: the host runs the same loop in double and compares each
|* accumulator with a relative tolerance of 1e-12 (the contraction into FMAs
|* rounds differently).
|*
\*===----------------------------------------------------------------------===*/
#include "cuda_harness.h"
#include <math.h>
#include <roof.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

// The band loop shared by the kernel and the host check: acc += q |q| /
// (1 + |q|), q = z / (w - e_b), for the nbands bands of er, ei.
__host__ __device__ inline void
accumulate_bands(int nbands, const double *er, const double *ei, double wr,
                 double wi, double zr, double zi, double *accr, double *acci) {
  double ar = *accr, ai = *acci;
  for (int b = 0; b < nbands; ++b) {
    const double dr = wr - er[b], di = wi - ei[b];
    const double den = dr * dr + di * di;
    const double qr = (zr * dr + zi * di) / den;
    const double qi = (zi * dr - zr * di) / den;
    const double m = sqrt(qr * qr + qi * qi);
    const double s = m / (1.0 + m);
    ar += qr * s;
    ai += qi * s;
  }
  *accr = ar;
  *acci = ai;
}

__global__ void gpp(int n, int nbands, const double *__restrict__ wr,
                    const double *__restrict__ wi,
                    const double *__restrict__ zr,
                    const double *__restrict__ zi,
                    const double *__restrict__ er,
                    const double *__restrict__ ei, double *__restrict__ accr,
                    double *__restrict__ acci) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < n)
    accumulate_bands(nbands, er, ei, wr[g], wi[g], zr[g], zi[g], &accr[g],
                     &acci[g]);
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

constexpr int kBands = 64;
constexpr int kThreadsPerBlock = 256;

// Per G-vector w, z and the accumulators; per band e.
struct Arrays {
  double *wr, *wi, *zr, *zi, *accr, *acci; // n each
  double *er, *ei;                         // kBands R each
};

static double *f64s(long count) {
  return (double *)alloc("gpp", count, count * sizeof(double));
}

// A copy of host[0, count) in device memory.
static double *device_copy(const double *host, long count) {
  double *device;
  CUDA_CHECK(cudaMalloc(&device, count * sizeof(double)));
  CUDA_CHECK(
      cudaMemcpy(device, host, count * sizeof(double), cudaMemcpyHostToDevice));
  return device;
}

// Quarters, so that host and device start from the same exact values;
// w - e has a real part >= 1.
static void fill(long n, long bands, const Arrays &h) {
  for (long g = 0; g < n; ++g) {
    h.wr[g] = 1 + g % 7;
    h.wi[g] = 0.25 * (g % 5) - 0.5;
    h.zr[g] = 0.25 * (g % 9) - 1.0;
    h.zi[g] = 1 + g % 3;
    h.accr[g] = h.acci[g] = 0.0;
  }
  for (long b = 0; b < bands; ++b) {
    h.er[b] = 0.25 * (b % 3) - 0.5;
    h.ei[b] = 0.125 * (b % 4);
  }
}

int main(int argc, char **argv) {
  long n = 1L << 18, reps = 40;
  args(argc, argv, 1, &n, &reps);
  exit_unless_device("gpp");

  const long bands = kBands * reps;
  const Arrays h = {f64s(n), f64s(n), f64s(n),     f64s(n),
                    f64s(n), f64s(n), f64s(bands), f64s(bands)};
  fill(n, bands, h);
  const Arrays d = {device_copy(h.wr, n),     device_copy(h.wi, n),
                    device_copy(h.zr, n),     device_copy(h.zi, n),
                    device_copy(h.accr, n),   device_copy(h.acci, n),
                    device_copy(h.er, bands), device_copy(h.ei, bands)};

  long blocks = (n + kThreadsPerBlock - 1) / kThreadsPerBlock;
  double t0 = now();
  roof_region_begin("gpp");
  for (long r = 0; r < reps; ++r) {
    gpp<<<blocks, kThreadsPerBlock>>>((int)n, kBands, d.wr, d.wi, d.zr, d.zi,
                                      d.er + r * kBands, d.ei + r * kBands,
                                      d.accr, d.acci);
    CUDA_CHECK_LAUNCH();
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  roof_region_end();
  double t = now() - t0;

  double *accr = f64s(n), *acci = f64s(n);
  CUDA_CHECK(
      cudaMemcpy(accr, d.accr, n * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(
      cudaMemcpy(acci, d.acci, n * sizeof(double), cudaMemcpyDeviceToHost));
  long wrong = 0;
  for (long g = 0; g < n; ++g) {
    accumulate_bands((int)bands, h.er, h.ei, h.wr[g], h.wi[g], h.zr[g], h.zi[g],
                     &h.accr[g], &h.acci[g]);
    wrong += fabs(accr[g] - h.accr[g]) > 1e-12 * fabs(h.accr[g]) ||
             fabs(acci[g] - h.acci[g]) > 1e-12 * fabs(h.acci[g]);
  }
  double sum = checksum(n, accr) + checksum(n, acci);
  printf("gpp: n=%ld reps=%ld  %.3f s  %.2f GFLOP/s  checksum=%.10g (%s)\n", n,
         reps, t, 23.0 * kBands * n * reps / t * 1e-9, sum,
         wrong ? "WRONG" : "ok");

  for (double *p :
       {h.wr, h.wi, h.zr, h.zi, h.accr, h.acci, h.er, h.ei, accr, acci})
    free(p);
  for (double *p : {d.wr, d.wi, d.zr, d.zi, d.accr, d.acci, d.er, d.ei})
    CUDA_CHECK(cudaFree(p));
  return wrong ? 1 : 0;
}
