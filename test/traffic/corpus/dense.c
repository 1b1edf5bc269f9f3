/*===- test/traffic/corpus/dense.c - Dense matrix kernels ----------------===*\
|*
|* DGEMM C += A B with A M x N, B N x N, C M x N (row-major): naive (i, j,
|* k: B read by columns) and blocked (32 x 32 tiles, the innermost loop along
|* rows of B and C). The transpose of an M x N matrix: naive (rows read,
|* columns written) and blocked (16 x 16 tiles).
|*
\*===----------------------------------------------------------------------===*/
#include "corpus.h"

#define GEMM_TILE 32
#define TRANSPOSE_TILE 16

static size_t n, m;
static double *a, *b, *c;

static size_t min(size_t x, size_t y) { return x < y ? x : y; }

static void prepare_gemm(size_t size, size_t rows) {
  n = size;
  m = rows;
  a = corpus_doubles(m * n);
  b = corpus_doubles(n * n);
  c = corpus_doubles(m * n);
}

static void prepare_transpose(size_t size, size_t rows) {
  n = size;
  m = rows;
  a = corpus_doubles(m * n);
  b = corpus_doubles(m * n);
}

KERNEL void gemm_naive(size_t m, size_t n, double *restrict c,
                       const double *restrict a, const double *restrict b) {
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++) {
      double s = c[i * n + j];
      for (size_t k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

KERNEL void gemm_blocked(size_t m, size_t n, double *restrict c,
                         const double *restrict a, const double *restrict b) {
  for (size_t ii = 0; ii < m; ii += GEMM_TILE)
    for (size_t kk = 0; kk < n; kk += GEMM_TILE)
      for (size_t jj = 0; jj < n; jj += GEMM_TILE)
        for (size_t i = ii; i < min(ii + GEMM_TILE, m); i++)
          for (size_t k = kk; k < min(kk + GEMM_TILE, n); k++) {
            double x = a[i * n + k];
            for (size_t j = jj; j < min(jj + GEMM_TILE, n); j++)
              c[i * n + j] += x * b[k * n + j];
          }
}

KERNEL void transpose_naive(size_t m, size_t n, double *restrict out,
                            const double *restrict in) {
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++)
      out[j * m + i] = in[i * n + j];
}

KERNEL void transpose_blocked(size_t m, size_t n, double *restrict out,
                              const double *restrict in) {
  for (size_t ii = 0; ii < m; ii += TRANSPOSE_TILE)
    for (size_t jj = 0; jj < n; jj += TRANSPOSE_TILE)
      for (size_t i = ii; i < min(ii + TRANSPOSE_TILE, m); i++)
        for (size_t j = jj; j < min(jj + TRANSPOSE_TILE, n); j++)
          out[j * m + i] = in[i * n + j];
}

static void run_gemm_naive(void) { gemm_naive(m, n, c, a, b); }
static void run_gemm_blocked(void) { gemm_blocked(m, n, c, a, b); }
static void run_transpose_naive(void) { transpose_naive(m, n, b, a); }
static void run_transpose_blocked(void) { transpose_blocked(m, n, b, a); }

const struct corpus_kernel corpus_kernels[] = {
    {"gemm_naive", prepare_gemm, run_gemm_naive},
    {"gemm_blocked", prepare_gemm, run_gemm_blocked},
    {"transpose_naive", prepare_transpose, run_transpose_naive},
    {"transpose_blocked", prepare_transpose, run_transpose_blocked},
    {0, 0, 0},
};
