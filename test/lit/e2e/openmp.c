// OpenMP: a parallel DAXPY run by 2 threads counts exactly the FLOPs of the
// serial loop; nothing is lost or doubled when the outlined body runs on
// several threads, and the outlined body is reported under its parent.
// Only the kernel object is instrumented.
//
// pdaxpy: `#pragma omp parallel for schedule(static)` with the default
// (shared) data sharing. clang outlines the body (pdaxpy.omp_outlined); the
// vectorizer turns each thread's chunk into a VF 8 x interleave 4 fmuladd
// loop (32 elements per iteration) + scalar remainder. Per element: 1
// fmuladd = 2 FLOPs, 16 bytes loaded, 8 stored.
//
// The OpenMP bookkeeping is real loads and stores too (IR at OptimizerLast):
//   pdaxpy, per call: stores n, a, x, y into its frame for
//     __kmpc_fork_call (shared variables are passed by address): 32 bytes
//   pdaxpy.omp_outlined, per thread and call:
//     loads  n (8), the global thread id (4), the upper bound after
//            __kmpc_for_static_init_8 (8), the lower bound (8), the
//            pointers y and x (16), a (8, before the vector loop) = 52
//     stores lower bound, upper bound, stride (8 each), last-iteration flag
//            (4), the clamped upper bound (8) = 36
//   The scalar remainder loop reloads a through its pointer on every
//   iteration (8 bytes each); n = 102400 gives each of 2 threads 51200 =
//   1600 x 32 elements (and 1 thread 102400 = 3200 x 32), so the remainder
//   never runs.
// By hand, n = 102400, R = 3 calls:
//   FLOPs, any thread count: canonical = empirical = full_width
//            = 2 n R = 614400
//   T = 2:   bytes_loaded = 16 n R + 52 T R = 4915200 + 312 = 4915512
//            bytes_stored =  8 n R + 36 T R + 32 R = 2457600 + 216 + 96
//                         = 2457912
//   T = 1:   bytes_loaded = 4915200 + 156 = 4915356
//            bytes_stored = 2457600 + 108 + 96 = 2457804
//   functions: one entry, pdaxpy (outlined body merged in), calls = 3,
//            the same numbers as the totals
//   threads (T = 2): schedule(static) without a chunk gives each thread one
//            contiguous half per call: canonical 2 x 51200 x 3 = 307200
//            each; the per-thread sums equal the totals
//   region "par", opened on the main thread around the 3 calls (by the
//            uninstrumented harness), holds the work of both threads: the
//            totals again, entries 1
//
// REQUIRES: avx512
// RUN: %clang -O3 -fopenmp -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -fopenmp -DHARNESS -I%srcroot/include/roof -c %s -o %t.main.o
// RUN: %clang -fopenmp %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
//
// RUN: rm -f %t.json && env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t.json %t 102400 3 | FileCheck %s --check-prefix=OUT2
// OUT2: pdaxpy n=102400 reps=3 threads=2 sum=358400
// RUN: %python %S/Inputs/jq.py %t.json \
// RUN:     --at totals fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:     --at . 'len(functions)' \
// RUN:     --at 'functions[name=pdaxpy]' calls fp64.canonical fp64.empirical bytes_loaded bytes_stored \
// RUN:     --at . 'len(threads)' 'threads[*].fp64.canonical' 'sum(threads[*].fp64.empirical)' \
// RUN:         'sum(threads[*].bytes_loaded)' 'sum(threads[*].bytes_stored)' \
// RUN:     --at 'regions[name=par]' entries fp64.canonical fp64.empirical bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=T2 --match-full-lines
// T2:      fp64.canonical = 614400
// T2-NEXT: fp64.empirical = 614400
// T2-NEXT: fp64.full_width = 614400
// T2-NEXT: bytes_loaded = 4915512
// T2-NEXT: bytes_stored = 2457912
// T2-NEXT: len(functions) = 1
// T2-NEXT: calls = 3
// T2-NEXT: fp64.canonical = 614400
// T2-NEXT: fp64.empirical = 614400
// T2-NEXT: bytes_loaded = 4915512
// T2-NEXT: bytes_stored = 2457912
// T2-NEXT: len(threads) = 2
// T2-NEXT: threads[*].fp64.canonical = [307200, 307200]
// T2-NEXT: sum(threads[*].fp64.empirical) = 614400
// T2-NEXT: sum(threads[*].bytes_loaded) = 4915512
// T2-NEXT: sum(threads[*].bytes_stored) = 2457912
// T2-NEXT: entries = 1
// T2-NEXT: fp64.canonical = 614400
// T2-NEXT: fp64.empirical = 614400
// T2-NEXT: bytes_loaded = 4915512
// T2-NEXT: bytes_stored = 2457912
//
// RUN: rm -f %t.json && env OMP_NUM_THREADS=1 ROOF_OUTPUT=%t.json %t 102400 3 | FileCheck %s --check-prefix=OUT1
// OUT1: pdaxpy n=102400 reps=3 threads=1 sum=358400
// RUN: %python %S/Inputs/jq.py %t.json \
// RUN:     --at totals fp64.canonical fp64.empirical bytes_loaded bytes_stored \
// RUN:     --at . 'len(threads)' \
// RUN:     --at 'regions[name=par]' fp64.canonical \
// RUN:   | FileCheck %s --check-prefix=T1 --match-full-lines
// T1:      fp64.canonical = 614400
// T1-NEXT: fp64.empirical = 614400
// T1-NEXT: bytes_loaded = 4915356
// T1-NEXT: bytes_stored = 2457804
// T1-NEXT: len(threads) = 1
// T1-NEXT: fp64.canonical = 614400

#ifndef HARNESS
void pdaxpy(long n, double a, const double *restrict x, double *restrict y) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
#else
#include <omp.h>
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>
void pdaxpy(long n, double a, const double *restrict x, double *restrict y);
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 102400;
  long reps = argc > 2 ? atol(argv[2]) : 3;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (long i = 0; i < n; ++i) {
    x[i] = 1.0;
    y[i] = 2.0;
  }
  roof_region_begin("par");
  for (long r = 0; r < reps; ++r)
    pdaxpy(n, 0.5, x, y);
  roof_region_end();
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += y[i];
  printf("pdaxpy n=%ld reps=%ld threads=%d sum=%g\n", n, reps,
         omp_get_max_threads(), sum);
  return 0;
}
#endif
