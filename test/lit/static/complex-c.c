// C99 _Complex arithmetic follows the same conventions as std::complex
// (complex.cpp): c*c 6, c/c 11 (textbook), c*r 2 mul, c+c 2 add.
// A double complex is 16 bytes.
//
// RUN: roof-static %s -- | FileCheck %s

#include <complex.h>

void zaxpy(int n, double complex a, const double complex *x,
           double complex *y) {
  // CHECK-LABEL: function zaxpy
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
  // a * x[i]: 4 mul + 2 add; + y[i]: 2 add => 4 mul + 4 add = 8;
  // reads x[i], y[i] (32 B), writes y[i] (16 B)
  // CHECK: line [[#@LINE-3]] fp64 add 4, mul 4; load 32 B, store 16 B; runs n
  // CHECK: total fp64 FLOPs: 8*n
}

void zdiv_scale(int n, double r, const double complex *x, double complex *y) {
  // CHECK-LABEL: function zdiv_scale
  for (int i = 0; i < n; i++) {
    y[i] = x[i] / y[i];
    // CHECK: line [[#@LINE-1]] fp64 add 3, mul 6, div 2; load 32 B, store 16 B; runs n
    y[i] *= r;
    // complex *= real: 2 mul
    // CHECK-NEXT: line [[#@LINE-2]] fp64 mul 2; load 16 B, store 16 B; runs n
  }
  // CHECK: total fp64 FLOPs: 13*n
}

void zfunctions(int n, double *m, float complex *z, const float complex *x) {
  // CHECK-LABEL: function zfunctions
  for (int i = 0; i < n; i++) {
    m[i] = cabsf(x[i]);
    // |x| = sqrt(re^2 + im^2) in fp32, the result widened to double
    // CHECK: line [[#@LINE-2]] fp32 add 1, mul 2, sqrt 1 (abs(complex)); fp64 convert 1; load 8 B, store 8 B; runs n
    z[i] = cexpf(x[i]) + conjf(x[i]);
    // exp: 3 transcendental + 2 mul; conj: 0; the sum: 2 add
    // CHECK-NEXT: line [[#@LINE-2]] fp32 add 2, mul 2, transcendental 3 (exp(complex)); load 16 B, store 8 B; runs n
  }
}
