// std::complex arithmetic counts its real operations (docs/static.md):
//   complex + complex  2 add          complex + real  1 add
//   complex * complex  4 mul + 2 add  = 6 ((ar*br - ai*bi) + (ar*bi + ai*br)i)
//   complex * real     2 mul
//   complex / complex  textbook ((ac + bd) + (bc - ad)i) / (c^2 + d^2):
//                      6 mul + 3 add + 2 div = 11
//   complex / real     2 div          real / complex  4 mul + 1 add + 2 div
//   abs(z) = sqrt(re^2 + im^2): 2 mul + 1 add + 1 sqrt; norm(z) 2 mul + 1 add;
//   exp(z) = e^re (cos im + i sin im): 3 transcendental + 2 mul; conj 0.
// A std::complex<double> in memory is 16 bytes; locals are registers.
//
// RUN: roof-static %s -- -std=c++17 | FileCheck %s

#include <complex>

using cd = std::complex<double>;
using cf = std::complex<float>;

void zmul(int n, cd *c, const cd *a, const cd *b) {
  // CHECK-LABEL: function zmul(int, std::complex<double>*, std::complex<double> const*, std::complex<double> const*) [_Z4zmuliPSt7complexIdEPKS0_S3_]
  for (int i = 0; i < n; i++)
    c[i] = a[i] * b[i];
  // 6 FLOPs; reads a[i] and b[i] (32 B), writes c[i] (16 B)
  // CHECK: line [[#@LINE-2]] fp64 add 2, mul 4; load 32 B, store 16 B; runs n
  // CHECK: total fp64 FLOPs: 6*n
}

void zdiv(int n, cd *c, const cd *a, const cd *b) {
  // CHECK-LABEL: function zdiv
  for (int i = 0; i < n; i++)
    c[i] = a[i] / b[i];
  // CHECK: line [[#@LINE-1]] fp64 add 3, mul 6, div 2; load 32 B, store 16 B; runs n
  // CHECK: total fp64 FLOPs: 11*n
}

void mixed(int n, cd *c, const cd *a, double r) {
  // CHECK-LABEL: function mixed
  cd z = 0;
  for (int i = 0; i < n; i++)
    z += a[i] * r;
  // complex * real 2 mul, complex += complex 2 add; reads a[i]
  // CHECK: line [[#@LINE-2]] fp64 add 2, mul 2; load 16 B; runs n: z += a[i] * r
  c[0] = z / r;
  // CHECK-NEXT: line [[#@LINE-1]] fp64 div 2; store 16 B; runs 1: c[0] = z / r
  c[1] = r / z;
  // CHECK-NEXT: line [[#@LINE-1]] fp64 add 1, mul 4, div 2; store 16 B; runs 1: c[1] = r / z
  c[2] = a[0] + r;
  // CHECK-NEXT: line [[#@LINE-1]] fp64 add 1; load 16 B, store 16 B; runs 1: c[2] = a[0] + r
  // FLOPs: 4n + 2 + 7 + 1 = 4*n + 10
  // CHECK-NEXT: total fp64 FLOPs: 4*n + 10
}

void functions(int n, double *m, const cd *a, cd *e) {
  // CHECK-LABEL: function functions
  for (int i = 0; i < n; i++) {
    m[i] = std::abs(a[i]) + std::norm(a[i]);
    // abs: 2 mul + 1 add + 1 sqrt; norm: 2 mul + 1 add; the sum: 1 add
    // CHECK: line [[#@LINE-2]] fp64 add 3, mul 4, sqrt 1 (abs(complex), norm(complex)); load 32 B, store 8 B; runs n
    e[i] = std::exp(std::conj(a[i]));
    // exp: e^re, cos, sin and 2 mul; conj: nothing
    // CHECK-NEXT: line [[#@LINE-2]] fp64 mul 2, transcendental 3 (exp(complex)); load 16 B, store 16 B; runs n
  }
  // CHECK:      total fp64 FLOPs: 13*n
  // CHECK:        functions: abs(complex) n, exp(complex) n, norm(complex) n
}

void cmul_f(int n, cf *c, const cf *a) {
  // CHECK-LABEL: function cmul_f
  for (int i = 0; i < n; i++)
    c[i] *= a[i];
  // a complex<float> is 8 bytes: reads c[i] and a[i], writes c[i]
  // CHECK: line [[#@LINE-2]] fp32 add 2, mul 4; load 16 B, store 8 B; runs n
}
