/*===- examples/dgemm_blocked.c - cache-blocked C += A * B, double --------===*\
|*
|* Row-major n x n matrices. The k and j loops are blocked so that a BK x BJ
|* block of B stays in L2 while every row i of A streams past it; the inner
|* j loop is unit-stride and vectorizes. Called R times (C keeps
|* accumulating). The compute-bound end of the roofline.
|*
|*   roof cc -O3 -march=x86-64-v4 -mprefer-vector-width=512 \
|*       examples/dgemm_blocked.c -o dgemm
|*   ROOF_OUTPUT=dgemm.json ./dgemm [n] [R]
|*   roof report dgemm.json
|*
|* Uninstrumented: clang-19 -O3 ... -DROOF_DISABLE -Iinclude/roof.
|* Defaults: n = 512, R = 20.
|*
|* Exact counts, by hand
|* ---------------------
|* Innermost statement C[i][j] += a * B[k][j] is one expression, so clang
|* (-ffp-contract=on) emits llvm.fmuladd(a, B[k][j], C[i][j]): 1 FMA =
|* 2 FLOPs. It runs once per (i, k, j), n^3 times per call, unmasked:
|*
|*   fp64 canonical = empirical = full_width = 2 n^3 R  (all in class fma)
|*
|* Bytes: each (i, k, j) loads B[k][j] and C[i][j] and stores C[i][j]
|* (16 + 8 bytes). a = A[i][k] is loaded once per (jj block, i, k), since
|* it is invariant in the j loop (LICM hoists it: the pointers are
|* restrict). With NJ = ceil(n / BJ) blocks of j:
|*
|*   bytes_loaded = 16 n^3 R + 8 n^2 NJ R
|*   bytes_stored =  8 n^3 R
|*
|* for the function "dgemm" and the region "dgemm".
|* Defaults (BJ = 256, NJ = 2): 2 * 512^3 * 20 = 5368709120 FLOPs,
|* 43033559040 bytes loaded, 21474836480 bytes stored.
|*
|* Outside the region, "init" stores 24 n^2 bytes (and converts 2 n^2 ints
|* to double: class convert, not FLOPs), "checksum" (harness.h, over the
|* n^2 entries of C) loads 8 n^2 bytes and adds n^2 doubles.
|*
\*===----------------------------------------------------------------------===*/
#include "harness.h"
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

enum { BK = 128, BJ = 256 };

static inline long min_l(long a, long b) { return a < b ? a : b; }

__attribute__((noinline)) void dgemm(long n, const double *restrict A,
                                     const double *restrict B,
                                     double *restrict C) {
  for (long kk = 0; kk < n; kk += BK)
    for (long jj = 0; jj < n; jj += BJ) {
      const long ke = min_l(kk + BK, n), je = min_l(jj + BJ, n);
      for (long i = 0; i < n; ++i)
        for (long k = kk; k < ke; ++k) {
          const double a = A[i * n + k];
          const double *b = B + k * n;
          double *c = C + i * n;
          for (long j = jj; j < je; ++j)
            c[j] += a * b[j];
        }
    }
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

// The command line, allocation, now() and checksum() are in harness.h.

// Small integer entries keep every sum exact in double, so the checksum can
// be compared with an exact integer prediction.
static long a_at(long i, long k) { return (i + 2 * k) % 5; }
static long b_at(long k, long j) { return (3 * k + j) % 4; }

__attribute__((noinline)) void init(long n, double *A, double *B, double *C) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = (double)a_at(i, j);
      B[i * n + j] = (double)b_at(i, j);
      C[i * n + j] = 0.0;
    }
}

// sum_ij C_ij = R * sum_k (sum_i A_ik) (sum_j B_kj), in integers.
static long long expected(long n, long reps) {
  long long total = 0;
  for (long k = 0; k < n; ++k) {
    long long colA = 0, rowB = 0;
    for (long i = 0; i < n; ++i) {
      colA += a_at(i, k);
      rowB += b_at(k, i);
    }
    total += colA * rowB;
  }
  return total * reps;
}

int main(int argc, char **argv) {
  long n = 512, reps = 20;
  args(argc, argv, 1, &n, &reps);
  double *A = alloc("dgemm_blocked", n, n * n * sizeof *A);
  double *B = alloc("dgemm_blocked", n, n * n * sizeof *B);
  double *C = alloc("dgemm_blocked", n, n * n * sizeof *C);
  init(n, A, B, C);

  double t0 = now();
  roof_region_begin("dgemm");
  for (long r = 0; r < reps; ++r)
    dgemm(n, A, B, C);
  roof_region_end();
  double t = now() - t0;

  double sum = checksum(n * n, C);
  long long expect = expected(n, reps);
  int ok = sum == (double)expect;
  printf("dgemm_blocked: n=%ld reps=%ld time=%.3f s  %.2f GFLOP/s  "
         "checksum=%.17g (%s)\n",
         n, reps, t, 2.0 * n * n * n * reps / t * 1e-9, sum,
         ok ? "ok" : "WRONG");
  free(A);
  free(B);
  free(C);
  return ok ? 0 : 1;
}
