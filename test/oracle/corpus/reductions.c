/* Reductions: a plain sum (ordered without fast-math, a vector tree with
 * it), a maximum with fmax, a float sum accumulated in double, a product,
 * and Kahan's compensated sum, which must not be reassociated. */
#include "harness.h"
#include <math.h>

KERNEL double sum(int n, const double *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

KERNEL double maximum(int n, const double *x) {
  double m = -INFINITY;
  for (int i = 0; i < n; i++)
    m = fmax(m, x[i]);
  return m;
}

KERNEL double float_sum_in_double(int n, const float *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

KERNEL double product(int n, const double *x) {
  double p = 1;
  for (int i = 0; i < n; i++)
    p *= 1.0 + 1e-3 * x[i];
  return p;
}

KERNEL double kahan(int n, const double *x) {
  double s = 0, c = 0;
  for (int i = 0; i < n; i++) {
    double y = x[i] - c;
    double t = s + y;
    c = (t - s) - y;
    s = t;
  }
  return s;
}

int main(void) {
  const int n = 997;
  double *x = opaque_alloc(n * sizeof(double));
  float *xf = opaque_alloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    x[i] = value_at(i, -1, 1);
    xf[i] = (float)value_at(i + 1, 0, 1);
  }
  for (int r = 0; r < 3; r++) {
    keep(sum(n, x));
    keep(maximum(n, x));
    keep(float_sum_in_double(n, xf));
    keep(product(n, x));
    keep(kahan(n, x));
  }
  return finish();
}
