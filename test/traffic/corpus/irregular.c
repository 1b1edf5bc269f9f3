/*===- test/traffic/corpus/irregular.c - Indirect accesses ---------------===*\
|*
|* A gather y[i] = x[idx[i]] with a random index array over N doubles; SpMV
|* y = A x with A in CSR, N rows, a band of M entries per row around the
|* diagonal; a pointer chase through N nodes of 32 bytes linked in random
|* order; a histogram of N random keys into M bins.
|*
\*===----------------------------------------------------------------------===*/
#include "corpus.h"

struct node {
  struct node *next;
  double value[3];
};

static size_t n, m;
static double *x, *y;
static size_t *index_;
static struct corpus_csr csr;
static unsigned *keys, *bins;
static struct node *head;

KERNEL void gather(size_t n, double *restrict y, const double *restrict x,
                   const size_t *restrict idx) {
  for (size_t i = 0; i < n; i++)
    y[i] = x[idx[i]];
}

KERNEL void spmv(size_t n, double *restrict y, const size_t *restrict start,
                 const size_t *restrict col, const double *restrict val,
                 const double *restrict x) {
  for (size_t i = 0; i < n; i++) {
    double s = 0;
    for (size_t e = start[i]; e < start[i + 1]; e++)
      s += val[e] * x[col[e]];
    y[i] = s;
  }
}

KERNEL double chase(const struct node *p) {
  double s = 0;
  for (; p; p = p->next)
    s += p->value[0];
  return s;
}

KERNEL void histogram(size_t n, unsigned *restrict bins,
                      const unsigned *restrict keys) {
  for (size_t i = 0; i < n; i++)
    bins[keys[i]]++;
}

static void prepare_gather(size_t size, size_t unused) {
  (void)unused;
  n = size;
  x = corpus_doubles(n);
  y = corpus_doubles(n);
  index_ = corpus_permutation(n);
}

static void prepare_spmv(size_t rows, size_t band) {
  n = rows;
  csr = corpus_banded(rows, band);
}

static void prepare_chase(size_t size, size_t unused) {
  (void)unused;
  n = size;
  struct node *nodes = corpus_alloc(n * sizeof *nodes);
  size_t *order = corpus_permutation(n);
  for (size_t i = 0; i < n; i++) {
    nodes[order[i]].next = i + 1 < n ? &nodes[order[i + 1]] : NULL;
    nodes[order[i]].value[0] = 1.0;
  }
  head = &nodes[order[0]];
}

static void prepare_histogram(size_t size, size_t nbins) {
  n = size;
  m = nbins;
  keys = corpus_alloc(n * sizeof *keys);
  bins = corpus_alloc(m * sizeof *bins);
  for (size_t i = 0; i < n; i++)
    keys[i] = (unsigned)(corpus_random() % m);
  for (size_t i = 0; i < m; i++)
    bins[i] = 0;
}

static void run_gather(void) { gather(n, y, x, index_); }
static void run_spmv(void) {
  spmv(n, csr.y, csr.start, csr.col, csr.values, csr.x);
}
static void run_chase(void) { corpus_sink = chase(head); }
static void run_histogram(void) { histogram(n, bins, keys); }

const struct corpus_kernel corpus_kernels[] = {
    {"gather", prepare_gather, run_gather},
    {"spmv", prepare_spmv, run_spmv},
    {"chase", prepare_chase, run_chase},
    {"histogram", prepare_histogram, run_histogram},
    {0, 0, 0},
};
