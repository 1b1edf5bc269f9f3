/* Math library calls: exp, log and pow in loops, sin and cos of the same
 * argument (which the backend merges into one sincos call), float
 * functions (glibc computes them in double), and erf. */
#include "harness.h"
#include <math.h>

#define N 257

KERNEL void softplus(int n, const double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = log(1.0 + exp(x[i]));
}

KERNEL void powers(int n, const double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = pow(x[i], 1.7) + 0.5 * x[i];
}

KERNEL void rotate(int n, const double *theta, double *u, double *v) {
  for (int i = 0; i < n; i++) {
    double c = cos(theta[i]), s = sin(theta[i]);
    double t = c * u[i] - s * v[i];
    v[i] = s * u[i] + c * v[i];
    u[i] = t;
  }
}

KERNEL void rotate_float(int n, const float *theta, float *u, float *v) {
  for (int i = 0; i < n; i++) {
    float c = cosf(theta[i]), s = sinf(theta[i]);
    float t = c * u[i] - s * v[i];
    v[i] = s * u[i] + c * v[i];
    u[i] = t;
  }
}

KERNEL float gauss_float(int n, const float *x) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += expf(-x[i] * x[i]);
  return s;
}

KERNEL double error_function(int n, const double *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += erf(x[i]);
  return s;
}

int main(void) {
  double *x = opaque_alloc(N * sizeof(double));
  double *y = opaque_alloc(N * sizeof(double));
  double *u = opaque_alloc(N * sizeof(double));
  float *xf = opaque_alloc(N * sizeof(float));
  float *uf = opaque_alloc(N * sizeof(float));
  float *vf = opaque_alloc(N * sizeof(float));
  for (int i = 0; i < N; i++) {
    x[i] = value_at(i, 0.1, 3);
    u[i] = value_at(i + 1, -1, 1);
    y[i] = value_at(i + 2, -1, 1);
    xf[i] = (float)x[i];
    uf[i] = (float)u[i];
    vf[i] = (float)y[i];
  }
  softplus(N, x, y);
  powers(N, x, y);
  rotate(N, x, u, y);
  rotate_float(N, xf, uf, vf);
  keep(gauss_float(N, xf));
  keep(error_function(N, x));
  for (int i = 0; i < N; i++)
    keep(y[i] + u[i] + uf[i] + vf[i]);
  return finish();
}
