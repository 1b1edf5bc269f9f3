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
|* Outside the region, "init" stores 16 n bytes and "checksum" loads 8 n
|* bytes and adds n doubles (n fp64 FLOPs, class add); main adds a few FLOPs
|* for the timing arithmetic.
|*
\*===----------------------------------------------------------------------===*/
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

__attribute__((noinline)) void init(long n, double *x, double *y) {
  for (long i = 0; i < n; ++i) {
    x[i] = 1.0;
    y[i] = 2.0;
  }
}

__attribute__((noinline)) double checksum(long n, const double *y) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += y[i];
  return sum;
}

// Not inlined, so that no timer arithmetic can be scheduled into a region.
__attribute__((noinline)) static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static long arg(int argc, char **argv, int i, long dflt) {
  if (argc <= i)
    return dflt;
  char *end;
  long v = strtol(argv[i], &end, 10);
  if (*end || v <= 0) {
    fprintf(stderr, "usage: %s [n > 0] [reps > 0]\n", argv[0]);
    exit(2);
  }
  return v;
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 1L << 15);
  long reps = arg(argc, argv, 2, 80000);
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y) {
    fprintf(stderr, "daxpy: out of memory for n = %ld\n", n);
    return 1;
  }
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
