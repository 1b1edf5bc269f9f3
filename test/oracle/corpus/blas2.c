/* BLAS-2 shapes: gemv by rows and by columns, a rank-1 update, and a
 * triangular solve (divides by the diagonal), on heap arrays. */
#include "harness.h"

#define N 61

KERNEL void dgemv_rows(int n, const double *a, const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += a[i * n + j] * x[j];
    y[i] = s;
  }
}

KERNEL void dgemv_cols(int n, const double *restrict a,
                       const double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      y[i] += a[j * n + i] * x[j];
}

KERNEL void dger(int n, double alpha, const double *x, const double *y,
                 double *a) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] += alpha * x[i] * y[j];
}

KERNEL void dtrsv_lower(int n, const double *l, double *b) {
  for (int i = 0; i < n; i++) {
    double s = b[i];
    for (int j = 0; j < i; j++)
      s -= l[i * n + j] * b[j];
    b[i] = s / l[i * n + i];
  }
}

int main(void) {
  double *a = opaque_alloc(N * N * sizeof(double));
  double *x = opaque_alloc(N * sizeof(double));
  double *y = opaque_alloc(N * sizeof(double));
  for (int i = 0; i < N * N; i++)
    a[i] = value_at(i, -1, 1);
  for (int i = 0; i < N; i++) {
    a[i * N + i] = 4.0 + value_at(i, 0, 1);
    x[i] = value_at(i + 7, -1, 1);
  }
  for (int r = 0; r < 2; r++) {
    dgemv_rows(N, a, x, y);
    dgemv_cols(N, a, y, x);
    dger(N, 0.01, x, y, a);
    dtrsv_lower(N, a, x);
  }
  for (int i = 0; i < N; i++)
    keep(x[i] + y[i]);
  return finish();
}
