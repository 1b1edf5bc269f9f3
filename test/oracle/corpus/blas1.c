/* BLAS-1 shapes: axpy, dot, scal, nrm2, asum, with restrict pointers, with
 * pointers that may alias (run-time alias checks, versioned loops) and with
 * an odd trip count (a vector body, a remainder). */
#include "harness.h"
#include <math.h>

KERNEL void daxpy_restrict(long n, double a, const double *restrict x,
                           double *restrict y) {
  for (long i = 0; i < n; i++)
    y[i] += a * x[i];
}

KERNEL void daxpy_alias(long n, double a, const double *x, double *y) {
  for (long i = 0; i < n; i++)
    y[i] += a * x[i];
}

KERNEL double ddot(long n, const double *x, const double *y) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

KERNEL void dscal(long n, double a, double *x) {
  for (long i = 0; i < n; i++)
    x[i] *= a;
}

KERNEL double dnrm2(long n, const double *x) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i] * x[i];
  return sqrt(s);
}

KERNEL double dasum(long n, const double *x) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += fabs(x[i]);
  return s;
}

KERNEL void saxpy(long n, float a, const float *restrict x, float *restrict y) {
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  const long n = 1003;
  double *x = opaque_alloc(n * sizeof(double));
  double *y = opaque_alloc(n * sizeof(double));
  float *xf = opaque_alloc(n * sizeof(float));
  float *yf = opaque_alloc(n * sizeof(float));
  for (long i = 0; i < n; i++) {
    x[i] = value_at(i, -1, 1);
    y[i] = value_at(i + n, -1, 1);
    xf[i] = (float)x[i];
    yf[i] = (float)y[i];
  }
  for (int r = 0; r < 3; r++) {
    daxpy_restrict(n, 0.5, x, y);
    daxpy_alias(n, -0.25, x, y);
    keep(ddot(n, x, y));
    dscal(n, 0.999, y);
    keep(dnrm2(n, y));
    keep(dasum(n, x));
    saxpy(n, 1.5f, xf, yf);
  }
  for (long i = 0; i < n; i++)
    keep(y[i] + yf[i]);
  return finish();
}
