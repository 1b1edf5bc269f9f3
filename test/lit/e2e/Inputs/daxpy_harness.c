// main for the DAXPY tests (daxpy-*.c): each test compiles its kernel
//   void daxpy(long n, double a, const double *restrict x, double *restrict y)
// with the plugin, and this file without it, so the census holds the
// kernel's work alone.
//
// x[i] = 1, y[i] = 3, one call daxpy(n, 0.5, x, y): every y[i] becomes 3.5.
// Prints "daxpy n=<n> sum=<sum of y>" (n: argv[1], default 1000).
#include <stdio.h>
#include <stdlib.h>

void daxpy(long n, double a, const double *restrict x, double *restrict y);

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (long i = 0; i < n; ++i) {
    x[i] = 1.0;
    y[i] = 3.0;
  }
  daxpy(n, 0.5, x, y);
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += y[i];
  printf("daxpy n=%ld sum=%g\n", n, sum);
  return 0;
}
