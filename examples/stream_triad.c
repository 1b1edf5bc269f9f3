/*===- examples/stream_triad.c - STREAM-like triad with OpenMP -----------===*\
|*
|* a[i] = b[i] + s * c[i] over n doubles, repeated R times, in an OpenMP
|* parallel loop: the memory-bound end of the roofline.
|*
|*   roof cc -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fopenmp \
|*       examples/stream_triad.c -o triad
|*   OMP_NUM_THREADS=2 ROOF_OUTPUT=triad.json ./triad [n] [R]
|*   roof report triad.json
|*
|* Uninstrumented: clang-19 -O3 ... -fopenmp -DROOF_DISABLE -Iinclude/roof.
|* Defaults: n = 2^24 (three arrays of 128 MiB), R = 40.
|*
|* Exact counts, by hand
|* ---------------------
|* One element: b[i] + s*c[i] is one expression, so clang (-ffp-contract=on)
|* emits llvm.fmuladd(s, c[i], b[i]): 1 FMA = 2 FLOPs. Loads b[i], c[i]
|* (16 bytes), stores a[i] (8 bytes). Every element is executed exactly
|* once per call whatever the thread split or vector width, and nothing is
|* masked (the vector loop has a scalar remainder).
|*
|* OpenMP adds a fixed amount of bookkeeping per thread and call: the
|* outlined body reads its global thread id (4 bytes), writes the lower and
|* upper bound, stride and last-iteration flag that __kmpc_for_static_init_8
|* fills in (8 + 8 + 8 + 4 bytes), reads the upper bound back, clamps it and
|* writes it again (8 + 8), and reads the lower bound (8): 20 bytes loaded
|* and 36 stored per thread. With T threads:
|*
|*   function "triad" (OpenMP outlined body merged in), region "triad":
|*     fp64 canonical  = empirical = full_width = 2 n R  (all in class fma)
|*     bytes_loaded    = 16 n R + 20 T R
|*     bytes_stored    =  8 n R + 36 T R
|*   defaults, T = 2: 2 * 2^24 * 40 = 1342177280 FLOPs, 10737419840 bytes
|*             loaded, 5368712000 bytes stored.
|*
|* Outside the region, "init" stores 24 n + 36 T bytes and loads 20 T (no
|* FLOPs), and "checksum" (harness.h) loads 8 n bytes and adds n doubles
|* (n fp64 FLOPs in class add); main does its timing and bandwidth
|* arithmetic after roof_region_end().
|*
|* Bytes are what the loads and stores of the program move (instruction
|* level), not DRAM traffic: write-allocate reads of a[] are not included.
|*
\*===----------------------------------------------------------------------===*/
#include "harness.h"
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

// firstprivate: n, the pointers and s reach the outlined loop body by value.
// Shared (the default) they would be read through pointers into this
// frame, and since the compiler cannot prove that the stores to a[] leave
// them alone, it reloads them in the remainder loop: extra loads in the
// census.
__attribute__((noinline)) void triad(long n, double *restrict a,
                                     const double *restrict b,
                                     const double *restrict c, double s) {
#pragma omp parallel for schedule(static) firstprivate(n, a, b, c, s)
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

// The command line, allocation, now() and checksum() are in harness.h.

// Same static schedule as triad, so every thread first-touches the pages it
// later works on.
__attribute__((noinline)) void init(long n, double *a, double *b, double *c) {
#pragma omp parallel for schedule(static) firstprivate(n, a, b, c)
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 1.0;
    c[i] = 2.0;
  }
}

int main(int argc, char **argv) {
  long n = 1L << 24, reps = 40;
  args(argc, argv, 1, &n, &reps);
  double *a = alloc("stream_triad", n, n * sizeof *a);
  double *b = alloc("stream_triad", n, n * sizeof *b);
  double *c = alloc("stream_triad", n, n * sizeof *c);
  init(n, a, b, c);

  const double s = 3.0;
  double t0 = now();
  roof_region_begin("triad");
  for (long r = 0; r < reps; ++r)
    triad(n, a, b, c, s);
  roof_region_end();
  double t = now() - t0;

  // Every a[i] is 1 + 3*2 = 7 exactly, so the sum is exact too.
  double sum = checksum(n, a);
  double expect = 7.0 * (double)n;
  printf("stream_triad: n=%ld reps=%ld time=%.3f s  %.2f GB/s  %.2f GFLOP/s  "
         "checksum=%.17g (%s)\n",
         n, reps, t, 24.0 * n * reps / t * 1e-9, 2.0 * n * reps / t * 1e-9,
         sum, sum == expect ? "ok" : "WRONG");
  free(a);
  free(b);
  free(c);
  return sum == expect ? 0 : 1;
}
