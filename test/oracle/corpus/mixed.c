/* Mixed precision and conversions: a float dot product accumulated in
 * double, an index converted to double in the loop (`uitofp nneg` in the
 * IR, one cvtsi2sd in the machine code), an unsigned 64-bit conversion, a
 * narrowing store, and rounding to integers. */
#include "harness.h"
#include <math.h>

KERNEL double mixed_dot(int n, const float *x, const float *y) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (double)x[i] * y[i];
  return s;
}

KERNEL double index_sum(long n, double h) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += h * (double)i;
  return s;
}

KERNEL double unsigned_to_double(int n, const unsigned long *u) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (double)u[i];
  return s;
}

KERNEL void narrow(int n, const double *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = (float)(x[i] * 0.5);
}

KERNEL long round_sum(int n, const double *x) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += lrint(x[i] * 10.0) + (long)floor(x[i]);
  return s;
}

int main(void) {
  const int n = 511;
  float *x = opaque_alloc(n * sizeof(float));
  float *y = opaque_alloc(n * sizeof(float));
  double *d = opaque_alloc(n * sizeof(double));
  unsigned long *u = opaque_alloc(n * sizeof(unsigned long));
  for (int i = 0; i < n; i++) {
    x[i] = (float)value_at(i, -1, 1);
    y[i] = (float)value_at(i + 1, -1, 1);
    d[i] = value_at(i + 2, -5, 5);
    u[i] = (unsigned long)i * 0x9e3779b97f4a7c15ul;
  }
  keep(mixed_dot(n, x, y));
  keep(index_sum(2000, 0.5));
  keep(unsigned_to_double(n, u));
  narrow(n, d, y);
  keep((double)round_sum(n, d));
  for (int i = 0; i < n; i++)
    keep(y[i]);
  return finish();
}
