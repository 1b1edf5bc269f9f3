/*===- examples/harness.h - what every example does around its kernel -----===*\
|*
|* Command line, allocation, timing and the usual checksum, shared by the
|* examples (each includes this header once; everything is static, so each
|* example compiles on its own exactly as before). The census counts these
|* functions under their own names like any other: "checksum" is the one the
|* examples' headers and tests count; now() does a little FP arithmetic per
|* call; args() and alloc() are inlined into main and do none.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_EXAMPLES_HARNESS_H
#define ROOF_EXAMPLES_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

// One argument of [n] [reps], an integer at least min; anything else is a
// usage error (exit status 2). The usage line states the bound on n.
static long arg(char **argv, int i, long min, long min_n) {
  char *end;
  long v = strtol(argv[i], &end, 10);
  if (*end || v < min) {
    if (min_n > 1)
      fprintf(stderr, "usage: %s [n >= %ld] [reps > 0]\n", argv[0], min_n);
    else
      fprintf(stderr, "usage: %s [n > 0] [reps > 0]\n", argv[0]);
    exit(2);
  }
  return v;
}

// The command line of every example, [n] [reps]: *n and *reps hold the
// defaults and are replaced by the arguments given; n must be at least
// min_n, reps at least 1.
static void args(int argc, char **argv, long min_n, long *n, long *reps) {
  if (argc > 1)
    *n = arg(argv, 1, min_n, min_n);
  if (argc > 2)
    *reps = arg(argv, 2, 1, min_n);
}

// malloc(bytes), or "<who>: out of memory for n = <n>" and exit status 1.
static void *alloc(const char *who, long n, size_t bytes) {
  void *p = malloc(bytes);
  if (!p) {
    fprintf(stderr, "%s: out of memory for n = %ld\n", who, n);
    exit(1);
  }
  return p;
}

// Not inlined, so that no timer arithmetic can be scheduled into a region.
__attribute__((noinline)) static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

// The sum of a[0..n): n fp64 adds (class add), 8 n bytes loaded. Unused in
// complex_divsqrt, which sums its two precisions with its own checksums.
__attribute__((noinline, unused)) static double checksum(long n,
                                                         const double *a) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += a[i];
  return sum;
}

#endif // ROOF_EXAMPLES_HARNESS_H
