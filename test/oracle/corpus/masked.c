/* Conditional work that vectorizers turn into masks: an if-converted
 * update (a write-masked add on AVX-512, a blend elsewhere), a conditional
 * divide, a clamp, and a loop whose tail is folded into masked operations
 * (vectorize_predicate). */
#include "harness.h"

KERNEL void conditional_add(int n, const double *restrict c,
                            const double *restrict a, double *restrict y) {
  for (int i = 0; i < n; i++)
    if (c[i] > 0)
      y[i] = y[i] + a[i];
}

KERNEL void conditional_divide(int n, const double *restrict a,
                               const double *restrict b, double *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = b[i] != 0 ? a[i] / b[i] : 0.0;
}

KERNEL void clamp(int n, double *x, double lo, double hi) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i]);
}

KERNEL void tail_folded_axpy(int n, double a, const double *restrict x,
                             double *restrict y) {
#pragma clang loop vectorize(enable) vectorize_predicate(enable)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  const int n = 1001;
  double *c = opaque_alloc(n * sizeof(double));
  double *a = opaque_alloc(n * sizeof(double));
  double *b = opaque_alloc(n * sizeof(double));
  double *y = opaque_alloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    c[i] = value_at(i, -1, 1);
    a[i] = value_at(i + 1, -1, 1);
    b[i] = i % 5 == 0 ? 0.0 : value_at(i + 2, 0.5, 2);
    y[i] = value_at(i + 3, -1, 1);
  }
  conditional_add(n, c, a, y);
  conditional_divide(n, a, b, c);
  clamp(n, y, -0.5, 0.5);
  tail_folded_axpy(n, 0.75, a, y);
  for (int i = 0; i < n; i++)
    keep(y[i] + c[i]);
  return finish();
}
