/*===- test/traffic/corpus/omp.c - OpenMP kernels ------------------------===*\
|*
|* OpenMP versions (static schedule) of the triad and the dot product over N
|* doubles, the 5-point stencil on an N x M grid and the SpMV of a banded CSR
|* matrix (N rows, M entries per row). compare.py runs them with
|* OMP_NUM_THREADS=1 (docs/validation.md says how threads compare).
|*
\*===----------------------------------------------------------------------===*/
#include "corpus.h"

static size_t n, m;
static double *a, *b, *c;
static struct corpus_csr csr;

KERNEL void triad_omp(size_t n, double *restrict a, const double *restrict b,
                      const double *restrict c, double s) {
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}

KERNEL double dot_omp(size_t n, const double *a, const double *b) {
  double s = 0;
#pragma omp parallel for schedule(static) reduction(+ : s)
  for (size_t i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

KERNEL void stencil5_omp(size_t n, size_t m, double *restrict out,
                         const double *restrict in) {
#pragma omp parallel for schedule(static)
  for (size_t i = 1; i < n - 1; i++)
    for (size_t j = 1; j + 1 < m; j++)
      out[i * m + j] = 0.5 * in[i * m + j] +
                       0.125 * (in[(i - 1) * m + j] + in[(i + 1) * m + j] +
                                in[i * m + j - 1] + in[i * m + j + 1]);
}

KERNEL void spmv_omp(size_t n, double *restrict y, const size_t *restrict start,
                     const size_t *restrict col, const double *restrict val,
                     const double *restrict x) {
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i++) {
    double s = 0;
    for (size_t e = start[i]; e < start[i + 1]; e++)
      s += val[e] * x[col[e]];
    y[i] = s;
  }
}

static void prepare_arrays(size_t size, size_t cols) {
  n = size;
  m = cols;
  a = corpus_doubles(n * m);
  b = corpus_doubles(n * m);
  c = corpus_doubles(n * m);
}

static void prepare_line(size_t size, size_t cols) {
  (void)cols;
  prepare_arrays(size, 1);
}

static void prepare_spmv(size_t rows, size_t band) {
  n = rows;
  csr = corpus_banded(rows, band);
}

static void run_triad(void) { triad_omp(n, a, b, c, 3.0); }
static void run_dot(void) { corpus_sink = dot_omp(n, a, b); }
static void run_stencil5(void) { stencil5_omp(n, m, b, a); }
static void run_spmv(void) {
  spmv_omp(n, csr.y, csr.start, csr.col, csr.values, csr.x);
}

const struct corpus_kernel corpus_kernels[] = {
    {"triad_omp", prepare_line, run_triad},
    {"dot_omp", prepare_line, run_dot},
    {"stencil5_omp", prepare_arrays, run_stencil5},
    {"spmv_omp", prepare_spmv, run_spmv},
    {0, 0, 0},
};
