/* Shared by the oracle corpus: data that no optimiser can see through, and
 * a checksum that keeps every result alive. Each kernel is a noinline
 * function, so that roof and the binary-level oracle attribute its work to
 * the same symbol. */
#ifndef ROOF_CORPUS_HARNESS_H
#define ROOF_CORPUS_HARNESS_H
#include <stdio.h>
#include <stdlib.h>

#define KERNEL __attribute__((noinline))

/* Memory from an allocator the compiler cannot see into: pointers to it may
 * alias, so loops over it are versioned by run-time alias checks. */
__attribute__((noinline, optnone)) static void *opaque_alloc(size_t bytes) {
  void *p = 0;
  if (posix_memalign(&p, 64, bytes))
    abort();
  return p;
}

/* A deterministic value in [lo, hi) for index i. */
static inline double value_at(long i, double lo, double hi) {
  unsigned long x = (unsigned long)i * 2654435761ul + 12345u;
  x ^= x >> 13;
  return lo + (hi - lo) * (double)(x % 10007u) / 10007.0;
}

static double checksum_total;
static inline void keep(double v) { checksum_total += v; }
static inline int finish(void) {
  printf("%.6e\n", checksum_total);
  return 0;
}
#endif
