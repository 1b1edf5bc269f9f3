/* Solvers: LU without pivoting and Cholesky (divides by the pivot, square
 * roots), the Thomas algorithm for a tridiagonal system, and a few
 * conjugate-gradient steps (dot products, axpys, a norm). */
#include "harness.h"
#include <math.h>

#define N 23

KERNEL void lu(int n, double *a) {
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++) {
      double l = a[i * n + k] / a[k * n + k];
      a[i * n + k] = l;
      for (int j = k + 1; j < n; j++)
        a[i * n + j] -= l * a[k * n + j];
    }
}

KERNEL void cholesky(int n, double *a) {
  for (int j = 0; j < n; j++) {
    double d = a[j * n + j];
    for (int k = 0; k < j; k++)
      d -= a[j * n + k] * a[j * n + k];
    d = sqrt(d);
    a[j * n + j] = d;
    for (int i = j + 1; i < n; i++) {
      double s = a[i * n + j];
      for (int k = 0; k < j; k++)
        s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / d;
    }
  }
}

KERNEL void thomas(int n, const double *a, const double *b, const double *c,
                   double *d, double *cp) {
  cp[0] = c[0] / b[0];
  d[0] = d[0] / b[0];
  for (int i = 1; i < n; i++) {
    double m = 1.0 / (b[i] - a[i] * cp[i - 1]);
    cp[i] = c[i] * m;
    d[i] = (d[i] - a[i] * d[i - 1]) * m;
  }
  for (int i = n - 2; i >= 0; i--)
    d[i] -= cp[i] * d[i + 1];
}

KERNEL double cg(int n, const double *a, const double *b, double *x, double *r,
                 double *p, double *q, int steps) {
  double rr = 0;
  for (int i = 0; i < n; i++) {
    x[i] = 0;
    r[i] = p[i] = b[i];
    rr += r[i] * r[i];
  }
  for (int s = 0; s < steps; s++) {
    double pq = 0;
    for (int i = 0; i < n; i++) {
      double t = 0;
      for (int j = 0; j < n; j++)
        t += a[i * n + j] * p[j];
      q[i] = t;
      pq += p[i] * t;
    }
    double alpha = rr / pq, next = 0;
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
      next += r[i] * r[i];
    }
    double beta = next / rr;
    rr = next;
    for (int i = 0; i < n; i++)
      p[i] = r[i] + beta * p[i];
  }
  return sqrt(rr);
}

int main(void) {
  double *a = opaque_alloc(N * N * sizeof(double));
  double *spd = opaque_alloc(N * N * sizeof(double));
  double *v[6];
  for (int k = 0; k < 6; k++)
    v[k] = opaque_alloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i * N + j] = value_at(i * N + j, -1, 1) + (i == j ? N : 0);
      spd[i * N + j] = (i == j ? 2.0 * N : 0) + 1.0 / (1 + i + j);
    }
  for (int i = 0; i < N; i++)
    v[3][i] = value_at(i + 9, 0, 1);
  keep(cg(N, spd, v[3], v[4], v[5], v[0], v[1], 4));
  for (int i = 0; i < N; i++) {
    v[0][i] = value_at(i, -1, 0);
    v[1][i] = 4 + value_at(i, 0, 1);
    v[2][i] = value_at(i + 5, -1, 0);
    v[3][i] = value_at(i + 9, 0, 1);
  }
  thomas(N, v[0], v[1], v[2], v[3], v[4]);
  lu(N, a);
  cholesky(N, spd);
  for (int i = 0; i < N * N; i++)
    keep(a[i] + spd[i]);
  for (int i = 0; i < N; i++)
    keep(v[3][i]);
  return finish();
}
