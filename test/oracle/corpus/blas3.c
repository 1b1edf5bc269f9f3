/* BLAS-3 shapes: C = beta*C + alpha*A*B with the j loop innermost, on
 * arrays from malloc and from an opaque allocator (the latter versioned by
 * run-time alias checks), and a symmetric rank-k update. */
#include "harness.h"

#define NI 24
#define NJ 29
#define NK 31

static void scaled_mm(int ni, int nj, int nk, double alpha, double beta,
                      double C[NI][NJ], double A[NI][NK], double B[NK][NJ]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

/* One gemm on arrays from malloc (the compiler knows they do not alias:
 * smm3) or from the opaque allocator (versioned loops: smm4). Inlined into
 * both kernels, where `opaque` is a constant. */
__attribute__((always_inline)) static inline void
gemm_on_heap(int opaque, double alpha, double beta) {
  double (*A)[NK] = opaque ? opaque_alloc(sizeof(double[NI][NK]))
                           : malloc(sizeof(double[NI][NK]));
  double (*B)[NJ] = opaque ? opaque_alloc(sizeof(double[NK][NJ]))
                           : malloc(sizeof(double[NK][NJ]));
  double (*C)[NJ] = opaque ? opaque_alloc(sizeof(double[NI][NJ]))
                           : malloc(sizeof(double[NI][NJ]));
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (i * k % 7) * 0.25;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (k + j) % 5 * 0.5;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = 1.0;
  scaled_mm(NI, NJ, NK, alpha, beta, C, A, B);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      keep(C[i][j]);
  free(A);
  free(B);
  free(C);
}

KERNEL void gemm_malloc(double alpha, double beta) {
  gemm_on_heap(0, alpha, beta);
}

KERNEL void gemm_opaque(double alpha, double beta) {
  gemm_on_heap(1, alpha, beta);
}

KERNEL void dsyrk(int n, int k, const double *a, double *c) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      double s = 0;
      for (int l = 0; l < k; l++)
        s += a[i * k + l] * a[j * k + l];
      c[i * n + j] = 0.5 * c[i * n + j] + s;
    }
}

int main(void) {
  gemm_malloc(1.5, 1.2);
  gemm_opaque(1.5, 1.2);
  double *a = opaque_alloc(NI * NK * sizeof(double));
  double *c = opaque_alloc(NI * NI * sizeof(double));
  for (int i = 0; i < NI * NK; i++)
    a[i] = value_at(i, -1, 1);
  for (int i = 0; i < NI * NI; i++)
    c[i] = value_at(i, 0, 1);
  dsyrk(NI, NK, a, c);
  for (int i = 0; i < NI * NI; i++)
    keep(c[i]);
  return finish();
}
