// Trip counts that depend on an enclosing loop variable are summed exactly
// with Faulhaber's formula; steps other than 1 and every comparison (<, <=,
// >, >=, !=) give exact counts, with ceil() where the step does not divide
// the span. All values below are for --param n=10.
//
// RUN: roof-static --param n=10 %s -- | FileCheck %s

void lower_solve(int n, double *x, const double *L) {
  // CHECK-LABEL: function lower_solve
  for (int i = 0; i < n; i++) {
    // CHECK-NEXT: line [[#@LINE-1]] for i: n = 10 iterations
    for (int j = 0; j < i; j++)
      // CHECK-NEXT: line [[#@LINE-1]] for j: i iterations, (n^2 - n)/2 = 45 in all
      x[i] -= L[i * n + j] * x[j];
    // sum_{i<n} i = n(n-1)/2 = 45 runs of 1 add + 1 mul, 24 B in, 8 B out
    // CHECK-NEXT: line [[#@LINE-2]] fp64 add 1, mul 1; load 24 B, store 8 B; runs (n^2 - n)/2 = 45
    x[i] /= L[i * n + i];
    // n = 10 runs of 1 div, 16 B in, 8 B out
    // CHECK-NEXT: line [[#@LINE-2]] fp64 div 1; load 16 B, store 8 B; runs n = 10
  }
  // FLOPs 2 * n(n-1)/2 + n = n^2 = 100: add 45, mul 45, div 10
  // loaded 24 * (n^2-n)/2 + 16n = 12n^2 + 4n = 1240
  // stored  8 * (n^2-n)/2 +  8n =  4n^2 + 4n =  440
  // CHECK-NEXT: total fp64 FLOPs: n^2 = 100
  // CHECK-NEXT:   add (n^2 - n)/2 = 45
  // CHECK-NEXT:   mul (n^2 - n)/2 = 45
  // CHECK-NEXT:   div n = 10
  // CHECK-NEXT:   bytes loaded 12*n^2 + 4*n = 1240, stored 4*n^2 + 4*n = 440
  // CHECK-NEXT: parameters: n = 10 (variable)
}

void upper_pairs(int n, double *f, const double *x) {
  // CHECK-LABEL: function upper_pairs
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      // n - i - 1 per i; sum_{i<n} (n - i - 1) = n(n-1)/2 = 45
      // CHECK: line [[#@LINE-2]] for j: n - i - 1 = -i + 9 iterations, (n^2 - n)/2 = 45 in all
      f[i] += x[i] * x[j];
  // 2 FLOPs per pair: n^2 - n = 90
  // CHECK: total fp64 FLOPs: n^2 - n = 90
}

void tetrahedral(int n, double *s) {
  // CHECK-LABEL: function tetrahedral
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      for (int k = 0; k < j; k++)
        // sum_{i<n} sum_{j<i} j = sum_{i<n} i(i-1)/2 = n(n-1)(n-2)/6 = 120
        // CHECK: line [[#@LINE-2]] for k: j iterations, (n^3 - 3*n^2 + 2*n)/6 = 120 in all
        s[0] += 1.0;
  // CHECK: total fp64 FLOPs: (n^3 - 3*n^2 + 2*n)/6 = 120
}

void strided(int n, float *x) {
  // CHECK-LABEL: function strided
  for (int i = 0; i < n; i += 4)
    x[i] *= 2.0f;
  // i = 0, 4, 8: ceil(n/4) = 3
  // CHECK-NEXT: line [[#@LINE-3]] for i: ceil(n/4) = 3 iterations
  // CHECK-NEXT: line [[#@LINE-3]] fp32 mul 1; load 4 B, store 4 B; runs ceil(n/4) = 3
  for (int i = n - 1; i >= 0; --i)
    x[i] -= 1.0f;
  // i = n-1 down to 0: (n - 1) - 0 + 1 = n = 10
  // CHECK-NEXT: line [[#@LINE-3]] for i: n = 10 iterations
  // CHECK-NEXT: line [[#@LINE-3]] fp32 add 1
  for (int i = 1; i <= n; i += 3)
    x[i] += 3.0f;
  // i = 1, 4, 7, 10: ceil((n - 1 + 1)/3) = ceil(10/3) = 4
  // CHECK-NEXT: line [[#@LINE-3]] for i: ceil(n/3) = 4 iterations
  // CHECK-NEXT: line [[#@LINE-3]] fp32 add 1
  for (int i = n; i > 0; i -= 2)
    x[i] *= x[i];
  // i = 10, 8, 6, 4, 2: ceil(n/2) = 5
  // CHECK-NEXT: line [[#@LINE-3]] for i: ceil(n/2) = 5 iterations
  // CHECK-NEXT: line [[#@LINE-3]] fp32 mul 1
  for (int i = 0; i != n; ++i)
    x[i] /= 7.0f;
  // != with step 1 ends after n - 0 = 10
  // CHECK-NEXT: line [[#@LINE-3]] for i: n = 10 iterations
  // CHECK-NEXT: line [[#@LINE-3]] fp32 div 1
  for (int i = 5; i < 3; i++)
    x[i] = x[i] * 4.0f;
  // never runs: 0
  // CHECK-NEXT: line [[#@LINE-3]] for i: 0 iterations
  // CHECK-NEXT: line [[#@LINE-3]] fp32 mul 1; load 4 B, store 4 B; runs 0
  // 3 + 10 + 4 + 5 + 10 + 0 = 32
  // CHECK-NEXT: total fp32 FLOPs: ceil(n/2) + ceil(n/3) + ceil(n/4) + 2*n = 32
}
