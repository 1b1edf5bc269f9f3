// OpenMP directives are looked through to the code they hold: the loops of
// parallel for (collapse included), simd and the statements of parallel,
// single and atomic regions count as if the pragmas were not there (per call
// of the function, all threads together). With or without -fopenmp the
// counts are the same.
//
// RUN: roof-static %s -- -fopenmp | FileCheck %s
// RUN: roof-static %s -- | FileCheck %s

#include <omp.h>

double dot(int n, const double *x, const double *y) {
  // CHECK-LABEL: function dot
  double s = 0;
#pragma omp parallel for simd reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  // CHECK-NEXT: line [[#@LINE-2]] for i: n iterations
  // CHECK-NEXT: line [[#@LINE-2]] fp64 add 1, mul 1; load 16 B; runs n
  return s;
}

void jacobi(int n, double *out, const double *in) {
  // CHECK-LABEL: function jacobi
#pragma omp parallel for collapse(2) schedule(static)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                               in[i * n + j - 1] + in[i * n + j + 1]);
  // (n - 2)^2 points, 3 add + 1 mul, 4 reads (32 B) and 1 write (8 B) each
  // CHECK-NEXT: line [[#@LINE-5]] for i: n - 2 iterations
  // CHECK-NEXT: line [[#@LINE-5]] for j: n - 2 iterations, n^2 - 4*n + 4 in all
  // CHECK-NEXT: line [[#@LINE-5]] fp64 add 3, mul 1; load 32 B, store 8 B; runs n^2 - 4*n + 4
#pragma omp parallel
  {
#pragma omp single
    out[0] = omp_get_wtime() * 2.0;
    // CHECK-NEXT: line [[#@LINE-1]] fp64 mul 1; store 8 B; runs 1
#pragma omp atomic
    out[1] += 1.0;
    // CHECK-NEXT: line [[#@LINE-1]] fp64 add 1; load 8 B, store 8 B; runs 1
  }
  // 4 (n - 2)^2 + 2 = 4n^2 - 16n + 18
  // CHECK-NEXT: total fp64 FLOPs: 4*n^2 - 16*n + 18
}
