/*===- test/traffic/corpus/corpus.c - Runs one kernel of the corpus ------===*\
|*
|* ./prog KERNEL N [M] REPS (corpus.h): prepares the kernel's data for the
|* size N (and M, which defaults to N) and runs it REPS times.
|*
\*===----------------------------------------------------------------------===*/
#include "corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile double corpus_sink;

static unsigned long long state = 0x9E3779B97F4A7C15ull;

unsigned long long corpus_random(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

void *corpus_alloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) {
    perror("malloc");
    exit(2);
  }
  return p;
}

double *corpus_doubles(size_t n) {
  double *a = corpus_alloc(n * sizeof *a);
  for (size_t i = 0; i < n; i++)
    a[i] = 1.0 + (double)(i % 7);
  return a;
}

size_t *corpus_permutation(size_t n) {
  size_t *p = corpus_alloc(n * sizeof *p);
  for (size_t i = 0; i < n; i++)
    p[i] = i;
  for (size_t i = n; i > 1; i--) {
    size_t j = corpus_random() % i, t = p[i - 1];
    p[i - 1] = p[j];
    p[j] = t;
  }
  return p;
}

struct corpus_csr corpus_banded(size_t n, size_t m) {
  struct corpus_csr a = {corpus_alloc((n + 1) * sizeof(size_t)),
                         corpus_alloc(n * m * sizeof(size_t)),
                         corpus_doubles(n * m), corpus_doubles(n),
                         corpus_doubles(n)};
  size_t e = 0;
  for (size_t i = 0; i < n; i++) {
    a.start[i] = e;
    size_t first = i < m / 2 ? 0 : i - m / 2;
    for (size_t j = first; j < first + m && j < n; j++)
      a.col[e++] = j;
  }
  a.start[n] = e;
  return a;
}

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5) {
    fprintf(stderr, "usage: %s KERNEL N [M] REPS\n", argv[0]);
    return 2;
  }
  const struct corpus_kernel *k = corpus_kernels;
  while (k->name && strcmp(k->name, argv[1]) != 0)
    k++;
  if (!k->name) {
    fprintf(stderr, "%s: no kernel %s\n", argv[0], argv[1]);
    return 2;
  }
  size_t n = strtoull(argv[2], NULL, 10);
  size_t m = argc == 5 ? strtoull(argv[3], NULL, 10) : n;
  long reps = strtol(argv[argc - 1], NULL, 10);
  k->prepare(n, m);
  for (long r = 0; r < reps; r++)
    k->run();
  return 0;
}
