/*===- examples/daxpy.c - y = a*x + y, repeated -----------------------------===*\
|*
|* The BLAS-1 DAXPY on n doubles, called R times on the same vectors. With the
|* default n the vectors (2 x 256 KiB) stay in L2, so this sits between the
|* memory-bound triad and the compute-bound dgemm.
|*
|*   roof cc -O3 -march=x86-64-v4 -mprefer-vector-width=512 \
|*       examples/daxpy.c -o daxpy
|*   ROOF_OUTPUT=daxpy.json ./daxpy [n] [R]
|*   roof report daxpy.json
|*
|* Uninstrumented: clang-19 -O3 ... -DROOF_DISABLE -Iinclude/roof.
|* Defaults: n = 2^15, R = 80000.
|*
|* Exact counts, by hand
|* ---------------------
|* One element: a*x[i] + y[i] is one expression, so clang (-ffp-contract=on)
|* emits llvm.fmuladd(a, x[i], y[i]): 1 FMA = 2 FLOPs. Loads x[i], y[i]
|* (16 bytes), stores y[i] (8 bytes). Every element runs exactly once per
|* call, unmasked (vector body + scalar remainder), so:
|*
|*   function "daxpy", region "daxpy":
|*     fp64 canonical = empirical = full_width = 2 n R  (all in class fma)
|*     bytes_loaded   = 16 n R
|*     bytes_stored   =  8 n R
|*   defaults: 2 * 2^15 * 80000 = 5242880000 FLOPs, 41943040000 bytes
|*             loaded, 20971520000 bytes stored.
|*
|* Outside the region, "init" stores 16 n bytes and "checksum" (harness.h)
|* loads 8 n bytes and adds n doubles (n fp64 FLOPs, class add); main adds a
|* few FLOPs for the timing arithmetic.
|*
\*===----------------------------------------------------------------------===*/
#include "harness.h"
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

__attribute__((noinline)) void daxpy(long n, double a, const double *restrict x,
                                     double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

// The command line, allocation, now() and checksum() are in harness.h.

__attribute__((noinline)) void init(long n, double *x, double *y) {
  for (long i = 0; i < n; ++i) {
    x[i] = 1.0;
    y[i] = 2.0;
  }
}

int main(int argc, char **argv) {
  long n = 1L << 15, reps = 80000;
  args(argc, argv, 1, &n, &reps);
  double *x = alloc("daxpy", n, n * sizeof *x);
  double *y = alloc("daxpy", n, n * sizeof *y);
  init(n, x, y);

  const double a = 0.5;
  double t0 = now();
  roof_region_begin("daxpy");
  for (long r = 0; r < reps; ++r)
    daxpy(n, a, x, y);
  roof_region_end();
  double t = now() - t0;

  // y[i] = 2 + 0.5 R, exact in double for any reasonable R.
  double sum = checksum(n, y);
  double expect = (2.0 + 0.5 * (double)reps) * (double)n;
  printf("daxpy: n=%ld reps=%ld time=%.3f s  %.2f GFLOP/s  checksum=%.17g "
         "(%s)\n",
         n, reps, t, 2.0 * n * reps / t * 1e-9, sum,
         sum == expect ? "ok" : "WRONG");
  free(x);
  free(y);
  return sum == expect ? 0 : 1;
}
