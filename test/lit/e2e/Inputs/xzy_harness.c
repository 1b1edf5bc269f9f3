// main for the tests of an elementwise kernel y[i] = f(x[i], z[i])
// (divsqrt-f64.c, fdiv-f32-fastmath.c). Each test compiles its kernel
//   void KERNEL(long n, const REAL *restrict x, const REAL *restrict z,
//               REAL *restrict y)
// with the plugin, and this file without it, so the census holds the
// kernel's work alone. Build with
//   -DKERNEL=name -DREAL=double|float -DX=value -DZ=value
//
// x[i] = X, z[i] = Z, one call KERNEL(n, x, z, y); prints
// "<KERNEL> n=<n> sum=<sum of y>" (n: argv[1], default 1000).
#include <stdio.h>
#include <stdlib.h>

#define STR_(s) #s
#define STR(s) STR_(s)

void KERNEL(long n, const REAL *restrict x, const REAL *restrict z,
            REAL *restrict y);

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  REAL *x = malloc(n * sizeof *x), *z = malloc(n * sizeof *z),
       *y = malloc(n * sizeof *y);
  for (long i = 0; i < n; ++i) {
    x[i] = (REAL)(X);
    z[i] = (REAL)(Z);
  }
  KERNEL(n, x, z, y);
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += y[i];
  printf(STR(KERNEL) " n=%ld sum=%g\n", n, sum);
  return 0;
}
