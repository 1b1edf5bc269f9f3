/* Stencils: a 1D three-point smoother, a 2D five-point Jacobi sweep with a
 * residual, a 3D seven-point sweep, and a 1D update with a boundary
 * condition inside the loop. */
#include "harness.h"

#define NX 34
#define NY 27
#define NZ 13

KERNEL void smooth1d(int n, const double *restrict in, double *restrict out) {
  for (int i = 1; i < n - 1; i++)
    out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

KERNEL double jacobi2d(const double *u, double *v, const double *f, double h2) {
  double residual = 0;
  for (int j = 1; j < NY - 1; j++)
    for (int i = 1; i < NX - 1; i++) {
      double n = u[(j + 1) * NX + i] + u[(j - 1) * NX + i] +
                 u[j * NX + i + 1] + u[j * NX + i - 1];
      double next = 0.25 * (n - h2 * f[j * NX + i]);
      double d = next - u[j * NX + i];
      residual += d * d;
      v[j * NX + i] = next;
    }
  return residual;
}

KERNEL void sweep3d(const double *restrict a, double *restrict b, double c0,
                    double c1) {
  for (int k = 1; k < NZ - 1; k++)
    for (int j = 1; j < NY - 1; j++)
      for (int i = 1; i < NX - 1; i++) {
        long at = ((long)k * NY + j) * NX + i;
        b[at] = c0 * a[at] + c1 * (a[at - 1] + a[at + 1] + a[at - NX] +
                                   a[at + NX] + a[at - NX * NY] +
                                   a[at + NX * NY]);
      }
}

KERNEL void bounded_update(int n, double *x, const double *g, double lo,
                           double hi) {
  for (int i = 0; i < n; i++) {
    double t = x[i] - 0.1 * g[i];
    if (t < lo)
      t = lo + 0.5 * (lo - t);
    else if (t > hi)
      t = hi;
    x[i] = t;
  }
}

int main(void) {
  double *u = opaque_alloc(NX * NY * sizeof(double));
  double *v = opaque_alloc(NX * NY * sizeof(double));
  double *f = opaque_alloc(NX * NY * sizeof(double));
  double *a = opaque_alloc((long)NX * NY * NZ * sizeof(double));
  double *b = opaque_alloc((long)NX * NY * NZ * sizeof(double));
  for (int i = 0; i < NX * NY; i++) {
    u[i] = value_at(i, 0, 1);
    v[i] = u[i];
    f[i] = value_at(i + 3, -1, 1);
  }
  for (long i = 0; i < (long)NX * NY * NZ; i++)
    a[i] = b[i] = value_at(i, 0, 2);
  for (int r = 0; r < 2; r++) {
    smooth1d(NX * NY, u, v);
    keep(jacobi2d(v, u, f, 0.01));
    sweep3d(a, b, 0.4, 0.1);
    bounded_update(NX * NY, u, f, 0.1, 0.9);
  }
  for (int i = 0; i < NX * NY; i++)
    keep(u[i] + v[i] + b[i]);
  return finish();
}
