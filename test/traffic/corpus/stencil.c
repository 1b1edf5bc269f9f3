/*===- test/traffic/corpus/stencil.c - Stencils and scans ----------------===*\
|*
|* On an N x M grid of doubles (row-major): a 5-point stencil, a Jacobi sweep
|* for the Poisson equation (a 5-point stencil that also reads the right-hand
|* side), and the 2-D prefix sum (summed-area table); on an N x N x N grid a
|* 7-point stencil; on N doubles the 1-D prefix sum.
|*
\*===----------------------------------------------------------------------===*/
#include "corpus.h"

static size_t n, m;
static double *u, *v, *f;

static void prepare_grid(size_t rows, size_t cols) {
  n = rows;
  m = cols;
  u = corpus_doubles(n * m);
  v = corpus_doubles(n * m);
  f = corpus_doubles(n * m);
}

static void prepare_cube(size_t size, size_t cols) {
  (void)cols;
  n = size;
  u = corpus_doubles(n * n * n);
  v = corpus_doubles(n * n * n);
}

KERNEL void stencil5(size_t n, size_t m, double *restrict out,
                     const double *restrict in) {
  for (size_t i = 1; i + 1 < n; i++)
    for (size_t j = 1; j + 1 < m; j++)
      out[i * m + j] = 0.5 * in[i * m + j] +
                       0.125 * (in[(i - 1) * m + j] + in[(i + 1) * m + j] +
                                in[i * m + j - 1] + in[i * m + j + 1]);
}

KERNEL void stencil7(size_t n, double *restrict out, const double *restrict in) {
  size_t p = n * n;
  for (size_t i = 1; i + 1 < n; i++)
    for (size_t j = 1; j + 1 < n; j++)
      for (size_t k = 1; k + 1 < n; k++) {
        size_t x = i * p + j * n + k;
        out[x] = 0.4 * in[x] + 0.1 * (in[x - p] + in[x + p] + in[x - n] +
                                      in[x + n] + in[x - 1] + in[x + 1]);
      }
}

KERNEL void jacobi(size_t n, size_t m, double *restrict next,
                   const double *restrict cur, const double *restrict rhs,
                   double h2) {
  for (size_t i = 1; i + 1 < n; i++)
    for (size_t j = 1; j + 1 < m; j++)
      next[i * m + j] = 0.25 * (cur[(i - 1) * m + j] + cur[(i + 1) * m + j] +
                                cur[i * m + j - 1] + cur[i * m + j + 1] -
                                h2 * rhs[i * m + j]);
}

KERNEL void prefix1d(size_t n, double *restrict out, const double *restrict in) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    out[i] = s += in[i];
}

KERNEL void prefix2d(size_t n, size_t m, double *restrict out,
                     const double *restrict in) {
  for (size_t j = 0; j < m; j++)
    out[j] = in[j] + (j ? out[j - 1] : 0.0);
  for (size_t i = 1; i < n; i++) {
    out[i * m] = in[i * m] + out[(i - 1) * m];
    for (size_t j = 1; j < m; j++)
      out[i * m + j] = in[i * m + j] + out[(i - 1) * m + j] +
                       out[i * m + j - 1] - out[(i - 1) * m + j - 1];
  }
}

static void run_stencil5(void) { stencil5(n, m, v, u); }
static void run_stencil7(void) { stencil7(n, v, u); }
static void run_prefix1d(void) { prefix1d(n * m, v, u); }
static void run_prefix2d(void) { prefix2d(n, m, v, u); }

/* One sweep per run, from u into v, then the two swap. */
static void run_jacobi(void) {
  jacobi(n, m, v, u, f, 1e-4);
  double *t = u;
  u = v;
  v = t;
}

static void prepare_line(size_t size, size_t cols) {
  (void)cols;
  prepare_grid(size, 1);
}

const struct corpus_kernel corpus_kernels[] = {
    {"stencil5", prepare_grid, run_stencil5},
    {"stencil7", prepare_cube, run_stencil7},
    {"jacobi", prepare_grid, run_jacobi},
    {"prefix1d", prepare_line, run_prefix1d},
    {"prefix2d", prepare_grid, run_prefix2d},
    {0, 0, 0},
};
