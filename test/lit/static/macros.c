// Macros. A statement whose operations are written in a macro body is
// reported at the line where the macro is used (the line that runs), with
// the macro's name and the line its body is spelled on. A loop bound that is
// an object-like macro keeps the macro's name and the value of its
// definition; a macro whose body is not a whole expression (LEN below) is
// expanded as C does, never taken for its name.
//
// RUN: roof-static %s -- | FileCheck %s

#define N 64
#define HALF (N / 2)
#define LEN 10 + 2
#define SQ(x) ((x) * (x))
#define AXPY(a, x, y) (y) = (a) * (x) + (y)
#define SCALE_ALL(s, v)                                                        \
  for (int k_ = 0; k_ < N; k_++)                                               \
  (v)[k_] *= (s)

void f(double a, double *x, double *y) {
  // CHECK-LABEL: function f
  for (int i = 0; i < N; i++)
    // CHECK-NEXT: line [[#@LINE-1]] for i: N = 64 iterations
    y[i] = SQ(x[i]);
  // The * is spelled in SQ's body; x[i] is read twice as written.
  // CHECK-NEXT: line [[#@LINE-2]] fp64 mul 1; load 16 B, store 8 B; runs N = 64: y[i] = SQ(x[i]) [macro SQ, {{.*}}macros.c:13]
  for (int i = 0; i < HALF; i++)
    // (N / 2) = 32
    // CHECK-NEXT: line [[#@LINE-2]] for i: HALF = 32 iterations
    AXPY(a, x[i], y[i]);
  // CHECK-NEXT: line [[#@LINE-1]] fp64 add 1, mul 1; load 16 B, store 8 B; runs HALF = 32: AXPY(a, x[i], y[i]) [macro AXPY, {{.*}}macros.c:14]
  SCALE_ALL(a, x);
  // A loop written in a macro is reported where the macro is used.
  // CHECK-NEXT: line [[#@LINE-2]] for k_: N = 64 iterations
  // CHECK-NEXT: line [[#@LINE-3]] fp64 mul 1; load 8 B, store 8 B; runs N = 64: SCALE_ALL(a, x) [macro SCALE_ALL, {{.*}}macros.c:17]
  for (int i = 0; i < LEN * 2; i++)
    // 10 + 2 * 2 = 14, as C reads it: not LEN * 2 = 24
    // CHECK-NEXT: line [[#@LINE-2]] for i: 14 iterations
    y[i] += 1.0;
  // 64 + 2 * 32 + 64 + 14 = 206
  // CHECK:      total fp64 FLOPs: 2*HALF + 2*N + 14 = 206
  // CHECK:      parameters: HALF = 32 (macro), N = 64 (macro)
}
