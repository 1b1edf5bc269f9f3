/*===- examples/stencil7.c - 7-point 3-D Jacobi stencil with OpenMP ------===*\
|*
|* out = alpha * in[centre] + beta * (sum of the 6 face neighbours) on the
|* interior of an n x n x n grid of doubles; R sweeps, swapping the two grids
|* after each. The boundary layer is fixed (it is never written). The classic
|* bandwidth-bound stencil: 8 FLOPs against 64 bytes of loads and stores.
|*
|*   roof cc -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fopenmp \
|*       examples/stencil7.c -o stencil7
|*   OMP_NUM_THREADS=2 ROOF_OUTPUT=stencil7.json ./stencil7 [n] [R]
|*   roof report stencil7.json
|*
|* Uninstrumented: clang-19 -O3 ... -fopenmp -DROOF_DISABLE -Iinclude/roof.
|* Defaults: n = 256 (two grids of 128 MiB), R = 40.
|*
|* Exact counts, by hand
|* ---------------------
|* One interior point: the six neighbour loads are summed with 5 fadd;
|* beta * sum is 1 fmul; alpha * in[c] + (beta * sum) is one expression, so
|* clang (-ffp-contract=on) fuses it into llvm.fmuladd: 1 FMA = 2 FLOPs.
|* Total 5 + 1 + 2 = 8 FLOPs (add 5, mul 1, fma 2). Loads: in[c] and the six
|* neighbours, 7 x 8 = 56 bytes (the vectorizer does not reuse loads across
|* iterations); stores: out[c], 8 bytes. There are P = (n-2)^3 interior
|* points, each computed exactly once per sweep, unmasked. The OpenMP
|* bookkeeping of the k loop costs 20 bytes loaded and 36 stored per thread
|* and sweep (the bounds, stride and flag of __kmpc_for_static_init_8; see
|* stream_triad.c). With T threads:
|*
|*   function "jacobi7" (OpenMP outlined body merged in), region "jacobi7":
|*     fp64 canonical = empirical = full_width = 8 P R
|*       classes: add 5 P R, mul P R, fma 2 P R
|*     bytes_loaded   = 56 P R + 20 T R
|*     bytes_stored   =  8 P R + 36 T R
|*   defaults: P = 254^3 = 16387064 points; x 40 sweeps, T = 2:
|*     5243860480 FLOPs, 36707024960 bytes loaded, 5243863360 bytes stored.
|*
|* Outside the region, "init" stores 16 n^3 + 36 T bytes and loads 20 T (no
|* FLOPs) and "checksum" (harness.h, over the n^3 points) loads 8 n^3 bytes
|* and adds n^3 doubles (n^3 fp64 FLOPs, class add).
|*
\*===----------------------------------------------------------------------===*/
#include "harness.h"
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

__attribute__((noinline)) void jacobi7(long n, const double *restrict in,
                                       double *restrict out, double alpha,
                                       double beta) {
  const long n2 = n * n;
  // firstprivate: everything reaches the outlined body by value (shared, it
  // would be reloaded from this frame inside the loops; see stream_triad.c).
#pragma omp parallel for schedule(static) firstprivate(n, n2, in, out, alpha, beta)
  for (long k = 1; k < n - 1; ++k)
    for (long j = 1; j < n - 1; ++j) {
      const double *p = in + k * n2 + j * n;
      double *q = out + k * n2 + j * n;
      for (long i = 1; i < n - 1; ++i)
        q[i] = alpha * p[i] + beta * (p[i - 1] + p[i + 1] + p[i - n] +
                                      p[i + n] + p[i - n2] + p[i + n2]);
    }
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

// The command line, allocation, now() and checksum() are in harness.h.

// Boundary 1, interior 0, in both grids; the same static schedule over k as
// jacobi7, so the pages are first touched by the thread that uses them.
__attribute__((noinline)) void init(long n, double *u, double *v) {
#pragma omp parallel for schedule(static) firstprivate(n, u, v)
  for (long k = 0; k < n; ++k)
    for (long j = 0; j < n; ++j)
      for (long i = 0; i < n; ++i) {
        int edge = k == 0 || k == n - 1 || j == 0 || j == n - 1 || i == 0 ||
                   i == n - 1;
        u[(k * n + j) * n + i] = v[(k * n + j) * n + i] = edge ? 1.0 : 0.0;
      }
}

int main(int argc, char **argv) {
  long n = 256, reps = 40;
  args(argc, argv, 3, &n, &reps);
  double *u = alloc("stencil7", n, n * n * n * sizeof *u);
  double *v = alloc("stencil7", n, n * n * n * sizeof *v);
  init(n, u, v);

  const double alpha = 0.4, beta = 0.1; // weights sum to 1: values stay in [0,1]
  double t0 = now();
  roof_region_begin("jacobi7");
  for (long r = 0; r < reps; ++r) {
    jacobi7(n, u, v, alpha, beta);
    double *w = u;
    u = v;
    v = w;
  }
  roof_region_end();
  double t = now() - t0;

  // The result is in u. A convex combination of values in [0,1] stays in
  // [0,1], and the boundary (6n^2 - 12n + 8 ones) is never written.
  double sum = checksum(n * n * n, u);
  double inner = (double)(n - 2) * (n - 2) * (n - 2);
  double boundary = (double)n * n * n - inner;
  int ok = sum >= boundary && sum <= boundary + inner;
  printf("stencil7: n=%ld reps=%ld time=%.3f s  %.2f GFLOP/s  %.2f GB/s  "
         "checksum=%.17g (%s)\n",
         n, reps, t, 8.0 * inner * reps / t * 1e-9,
         64.0 * inner * reps / t * 1e-9, sum, ok ? "ok" : "WRONG");
  free(u);
  free(v);
  return ok ? 0 : 1;
}
