/*===- test/traffic/corpus/stream.c - Streaming kernels ------------------===*\
|*
|* STREAM's copy, scale, add and triad over arrays of N doubles; the dot
|* product and the sum (reductions); strided reads of N doubles, one every 2,
|* 8 and 16 doubles (an array of N x stride doubles).
|*
\*===----------------------------------------------------------------------===*/
#include "corpus.h"

static size_t n, stride;
static double *a, *b, *c;

static void prepare_arrays(size_t size, size_t m) {
  (void)m;
  n = size;
  a = corpus_doubles(n);
  b = corpus_doubles(n);
  c = corpus_doubles(n);
}

KERNEL void copy(size_t n, double *restrict a, const double *restrict b) {
  for (size_t i = 0; i < n; i++)
    a[i] = b[i];
}

KERNEL void scale(size_t n, double *restrict a, const double *restrict b,
                  double s) {
  for (size_t i = 0; i < n; i++)
    a[i] = s * b[i];
}

KERNEL void add(size_t n, double *restrict a, const double *restrict b,
                const double *restrict c) {
  for (size_t i = 0; i < n; i++)
    a[i] = b[i] + c[i];
}

KERNEL void triad(size_t n, double *restrict a, const double *restrict b,
                  const double *restrict c, double s) {
  for (size_t i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}

KERNEL double dot(size_t n, const double *a, const double *b) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

KERNEL double sum(size_t n, const double *a) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* The stride is a parameter, as in a code that reads one field of an
 * array of structures whose size it does not know at compile time. */
KERNEL double strided(size_t n, size_t stride, const double *a) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += a[i * stride];
  return s;
}

static void run_copy(void) { copy(n, a, b); }
static void run_scale(void) { scale(n, a, b, 3.0); }
static void run_add(void) { add(n, a, b, c); }
static void run_triad(void) { triad(n, a, b, c, 3.0); }
static void run_dot(void) { corpus_sink = dot(n, a, b); }
static void run_sum(void) { corpus_sink = sum(n, a); }
static void run_strided(void) { corpus_sink = strided(n, stride, a); }

static void prepare_strided(size_t size, size_t m) {
  n = size;
  stride = m;
  a = corpus_doubles(n * stride);
}

static void prepare_stride2(size_t size, size_t m) {
  (void)m;
  prepare_strided(size, 2);
}
static void prepare_stride8(size_t size, size_t m) {
  (void)m;
  prepare_strided(size, 8);
}
static void prepare_stride16(size_t size, size_t m) {
  (void)m;
  prepare_strided(size, 16);
}

const struct corpus_kernel corpus_kernels[] = {
    {"copy", prepare_arrays, run_copy},
    {"scale", prepare_arrays, run_scale},
    {"add", prepare_arrays, run_add},
    {"triad", prepare_arrays, run_triad},
    {"dot", prepare_arrays, run_dot},
    {"sum", prepare_arrays, run_sum},
    {"stride2", prepare_stride2, run_strided},
    {"stride8", prepare_stride8, run_strided},
    {"stride16", prepare_stride16, run_strided},
    {0, 0, 0},
};
