/* Complex arithmetic: C99 _Complex multiply (inline, with a NaN check that
 * calls __muldc3 only on NaN results), divide (a call of __divdc3 without
 * -ffast-math), and a hand-written complex multiply-add on split arrays. */
#include "harness.h"
#include <complex.h>

#define N 301

KERNEL void cmul(int n, const double complex *a, const double complex *b,
                 double complex *c) {
  for (int i = 0; i < n; i++)
    c[i] = a[i] * b[i];
}

KERNEL void cdiv(int n, const double complex *a, const double complex *b,
                 double complex *c) {
  for (int i = 0; i < n; i++)
    c[i] = a[i] / b[i];
}

KERNEL void cfma_split(int n, const double *restrict ar,
                       const double *restrict ai, const double *restrict br,
                       const double *restrict bi, double *restrict cr,
                       double *restrict ci) {
  for (int i = 0; i < n; i++) {
    cr[i] += ar[i] * br[i] - ai[i] * bi[i];
    ci[i] += ar[i] * bi[i] + ai[i] * br[i];
  }
}

KERNEL float complex cmulf_sum(int n, const float complex *a,
                               const float complex *b) {
  float complex s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int main(void) {
  double complex *a = opaque_alloc(N * sizeof(double complex));
  double complex *b = opaque_alloc(N * sizeof(double complex));
  double complex *c = opaque_alloc(N * sizeof(double complex));
  float complex *af = opaque_alloc(N * sizeof(float complex));
  double *s[6];
  for (int k = 0; k < 6; k++)
    s[k] = opaque_alloc(N * sizeof(double));
  for (int i = 0; i < N; i++) {
    a[i] = value_at(i, -1, 1) + value_at(i + 1, -1, 1) * I;
    b[i] = value_at(i + 2, 0.5, 1) + value_at(i + 3, -1, 1) * I;
    af[i] = (float complex)a[i];
    for (int k = 0; k < 6; k++)
      s[k][i] = value_at(i + 10 * k, -1, 1);
  }
  cmul(N, a, b, c);
  for (int i = 0; i < N; i++)
    keep(creal(c[i]) + cimag(c[i]));
  cdiv(N, a, b, c);
  for (int i = 0; i < N; i++)
    keep(creal(c[i]) - cimag(c[i]));
  cfma_split(N, s[0], s[1], s[2], s[3], s[4], s[5]);
  for (int i = 0; i < N; i++)
    keep(s[4][i] + s[5][i]);
  float complex t = cmulf_sum(N, af, af);
  keep(crealf(t) + cimagf(t));
  return finish();
}
