/*===- test/traffic/corpus/corpus.h - Kernels for the traffic oracle -----===*\
|*
|* Every file of this folder is one program of kernels (test/traffic/
|* compare.py, docs/validation.md "Traffic against cachegrind"): it lists
|* them in corpus_kernels[], and corpus.c runs one of them
|*
|*   ./prog KERNEL N [M] REPS
|*
|* as prepare(N, M) (allocate and initialise its data: the caches are warm
|* with what fits) then REPS calls of run(). Each kernel is one noinline,
|* external function, so that roof's census and cachegrind's profile both
|* have it under its own name.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_TRAFFIC_CORPUS_H
#define ROOF_TRAFFIC_CORPUS_H

#include <stddef.h>

#define KERNEL __attribute__((noinline))

struct corpus_kernel {
  const char *name;
  void (*prepare)(size_t n, size_t m);
  void (*run)(void);
};

/* The kernels of the program, ended by a null name. */
extern const struct corpus_kernel corpus_kernels[];

/* malloc that exits on failure (never freed: one kernel per process). */
void *corpus_alloc(size_t bytes);
/* n doubles, a[i] = 1 + i % 7. */
double *corpus_doubles(size_t n);
/* A random permutation of 0 .. n-1 (a fixed xorshift sequence). */
size_t *corpus_permutation(size_t n);
/* The next number of that fixed sequence. */
unsigned long long corpus_random(void);
/* y = A x for SpMV: A an n x n CSR matrix with a band of m entries per row
 * around the diagonal (fewer at the edges); row i's entries are
 * values[e] at column col[e], e from start[i] to start[i + 1] - 1. */
struct corpus_csr {
  size_t *start, *col;
  double *values, *x, *y;
};
struct corpus_csr corpus_banded(size_t n, size_t m);
/* Keeps a kernel's result alive. */
extern volatile double corpus_sink;

#endif
