/* Math functions whose instructions depend on the argument, over arguments
 * that reach each of their paths: sin, cos and sincos from below 2^-26 up
 * to 10^8 (the Taylor series below 0.126, the table, one step from pi/2,
 * the reduction to the nearest quadrant, both parities, near and away from
 * a multiple of pi/2), their float forms up to 2^30, and erf and erfc from
 * subnormal to 28, both signs, in double and float. */
#include "harness.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

#define N 331

KERNEL double trig(int n, const double *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) + 0.5 * cos(x[i]);
  return s;
}

KERNEL double trig_separate(int n, const double *x, const double *y) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * cos(y[i]);
  return s;
}

KERNEL float trig_float(int n, const float *x) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += sinf(x[i]) - cosf(x[i]);
  return s;
}

KERNEL float cosine_float(int n, const float *x) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += cosf(x[i]);
  return s;
}

KERNEL double errors(int n, const double *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += erf(x[i]) + erfc(x[i]);
  return s;
}

KERNEL float errors_float(int n, const float *x) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += erff(x[i]) * erfcf(x[i]);
  return s;
}

/* Element i spread over the binades [2^lo, 2^hi) evenly in the exponent,
 * subnormals included, with a sign that alternates every third element.
 * Built from its bits: exp2 would take paths of its own. */
static double spread(int i, int lo, int hi) {
  int e = lo + (int)((hi - lo) * value_at(i, 0, 1));
  uint64_t mantissa = (uint64_t)(value_at(i + 3, 0, 1) * 0x1p52);
  uint64_t bits = e >= -1022 ? (uint64_t)(e + 1023) << 52 | mantissa
                             : ((1ull << 52) | mantissa) >> (-1022 - e);
  bits |= (uint64_t)(i % 3 == 1) << 63;
  double v;
  memcpy(&v, &bits, sizeof(v));
  return v;
}

int main(void) {
  double *x = opaque_alloc(N * sizeof(double));
  double *y = opaque_alloc(N * sizeof(double));
  double *e = opaque_alloc(N * sizeof(double));
  float *xf = opaque_alloc(N * sizeof(float));
  float *ef = opaque_alloc(N * sizeof(float));
  for (int i = 0; i < N; i++) {
    x[i] = spread(i, -30, 27);
    y[i] = value_at(i + 7, -7, 7);
    e[i] = i % 5 == 0 ? spread(i, -1030, 5) : value_at(i, -6.5, 6.5);
    xf[i] = (float)spread(i + 1, -30, 30);
    ef[i] = i % 5 == 0 ? (float)spread(i, -130, 4) : (float)y[i];
  }
  keep(trig(N, x));
  keep(trig_separate(N, y, x));
  keep(trig_float(N, xf));
  keep(cosine_float(N, xf));
  keep(errors(N, e));
  keep(errors_float(N, ef));
  return finish();
}
