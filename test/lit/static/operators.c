// The canonical count as written, operation by operation (docs/static.md):
// every + - * / and compound assignment is 1 per element (vectors by lane),
// fma 2, library math functions 1 and listed by name, fabs nothing;
// comparisons, min/max and conversions are operations of their own classes,
// not FLOPs. Bytes are the floating-point loads and stores of memory as
// written: arrays, pointers and globals, not local variables.
//
// RUN: roof-static %s -- | FileCheck %s

#include <math.h>

typedef double v4d __attribute__((vector_size(32)));
double total; // a global lives in memory

void ops(double *x, float *f, v4d *v, _Float16 *h) {
  // CHECK-LABEL: function ops
  double t = x[0] * x[1] + x[2];
  // 1 mul + 1 add; three reads (24 B); t is a register
  // CHECK-NEXT: line [[#@LINE-2]] fp64 add 1, mul 1; load 24 B; runs 1
  t /= 3.0;
  // CHECK-NEXT: line [[#@LINE-1]] fp64 div 1; runs 1
  t++;
  // an increment of a double is an add
  // CHECK-NEXT: line [[#@LINE-2]] fp64 add 1; runs 1
  total += t;
  // CHECK-NEXT: line [[#@LINE-1]] fp64 add 1; load 8 B, store 8 B; runs 1
  x[3] = fma(x[4], x[5], t);
  // CHECK-NEXT: line [[#@LINE-1]] fp64 fma 2 (fma); load 16 B, store 8 B; runs 1
  x[4] = sqrt(x[5]) + pow(x[6], 2.0) + exp(x[7]) + fabs(x[8]);
  // sqrt 1, pow 1, exp 1, 3 adds, fabs nothing; four reads
  // CHECK-NEXT: line [[#@LINE-2]] fp64 add 3, sqrt 1, transcendental 2 (exp, pow, sqrt); load 32 B, store 8 B; runs 1
  f[0] = (float)x[0] + sinf(f[1]);
  // the cast converts to fp32; sinf is listed as sin
  // CHECK-NEXT: line [[#@LINE-2]] fp32 add 1, transcendental 1, convert 1 (sin); load 12 B, store 4 B; runs 1
  *v = *v * *v + (v4d){1, 2, 3, 4};
  // 4 lanes: 4 mul + 4 add; *v read twice (64 B) and written (32 B)
  // CHECK-NEXT: line [[#@LINE-2]] fp64 add 4, mul 4; load 64 B, store 32 B; runs 1
  x[5] = fmin(x[6], x[7]) > 0.0 ? x[8] : x[9];
  // fmin is a minmax, > a compare: operations, not FLOPs
  // CHECK-NEXT: line [[#@LINE-2]] fp64 minmax 1, compare 1 (fmin); load 32 B, store 8 B; runs 1: {{.*}} [conditional]
  h[0] = h[1] * h[2];
  // _Float16 arithmetic is fp16: 2-byte elements
  // CHECK-NEXT: line [[#@LINE-2]] fp16 mul 1; load 4 B, store 2 B; runs 1
  long double wide = x[0];
  wide *= 3;
  // x87 long double is none of the four precisions: not counted, and said;
  // widening x[0] to it is an fp64 conversion
  // CHECK:      line [[#@LINE-4]] fp64 convert 1; load 8 B; runs 1
  // CHECK-NEXT: line [[#@LINE-4]] runs 1: wide *= 3
  // CHECK-NEXT: note: not counted: arithmetic on long double, none of fp16, bf16, fp32, fp64
  x[6] = (double)wide;
  // fp64 FLOPs by line: 2 + 1 + 1 + 1 + 2 (fma) + 6 (3 add, sqrt, pow,
  // exp) + 8 (vector) = 21; adds 1 + 1 + 1 + 3 + 4 = 10, muls 1 + 4 = 5
  // CHECK:      total fp32 FLOPs: 2
  // CHECK:      total fp64 FLOPs: 21
  // CHECK-NEXT:   add 10
  // CHECK-NEXT:   mul 5
  // CHECK-NEXT:   fma 2
  // CHECK-NEXT:   div 1
  // CHECK-NEXT:   sqrt 1
  // CHECK-NEXT:   transcendental 2
  // CHECK-NEXT:   minmax 1
  // CHECK-NEXT:   compare 1
  // CHECK-NEXT:   convert
  // CHECK-NEXT:   functions: exp 1, fma 1, fmin 1, pow 1, sqrt 1
  // CHECK:      not exact: conditional code counted as if it ran (line [[#@LINE-28]])
  // CHECK-NEXT: not exact: operations not counted (line [[#@LINE-22]])
}
