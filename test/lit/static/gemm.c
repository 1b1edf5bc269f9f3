// roof-static counts PolyBench's gemm by hand: per line, and in total as a
// polynomial in the problem-size macros, evaluated from their definitions,
// from -D on the compiler command line, and from --param.
//
// By hand, per call of kernel_gemm:
//   C[i][j] *= beta                 1 mul, runs NI*NJ times;
//                                   loads C[i][j] (8 B), stores it (8 B)
//   C[i][j] += A[i][k] * B[k][j]    1 mul + 1 add, runs NI*NJ*NK times;
//                                   loads C, A, B (24 B), stores C (8 B)
//   FLOPs    = 2*NI*NJ*NK + NI*NJ
//   defaults NI=20, NJ=25, NK=30:   2*20*25*30 + 20*25 = 30000 + 500 = 30500
//     add    = NI*NJ*NK             = 15000
//     mul    = NI*NJ*NK + NI*NJ     = 15000 + 500 = 15500
//     loaded = 24*NI*NJ*NK + 8*NI*NJ = 360000 + 4000 = 364000
//     stored =  8*NI*NJ*NK + 8*NI*NJ = 120000 + 4000 = 124000
//   -DNI=100:        2*100*25*30 + 100*25 = 150000 + 2500 = 152500
//   --param NK=1000: 2*20*25*1000 + 20*25 = 1000000 + 500 = 1000500
//   --param NI=0:    0 (and the loops still print their symbolic counts)
//
// RUN: roof-static %s -- | FileCheck %s
// RUN: roof-static %s -- -DNI=100 | FileCheck %s --check-prefix=DEFINED
// RUN: roof-static --param NK=1000 %s -- | FileCheck %s --check-prefix=PARAM
// RUN: roof-static --param NI=0 %s -- | FileCheck %s --check-prefix=ZERO

#ifndef NI
#define NI 20
#endif
#ifndef NJ
#define NJ 25
#endif
#ifndef NK
#define NK 30
#endif

void kernel_gemm(double beta, double C[NI][NJ], double A[NI][NK],
                 double B[NK][NJ]) {
  // CHECK: function kernel_gemm ({{.*}}gemm.c:[[#@LINE-2]])
  for (int i = 0; i < NI; i++)
    // CHECK-NEXT: line [[#@LINE-1]] for i: NI = 20 iterations
    for (int j = 0; j < NJ; j++) {
      // CHECK-NEXT: line [[#@LINE-1]] for j: NJ = 25 iterations, NI*NJ = 500 in all
      C[i][j] *= beta;
      // CHECK-NEXT: line [[#@LINE-1]] fp64 mul 1; load 8 B, store 8 B; runs NI*NJ = 500: C[i][j] *= beta
      for (int k = 0; k < NK; k++)
        // CHECK-NEXT: line [[#@LINE-1]] for k: NK = 30 iterations, NI*NJ*NK = 15000 in all
        C[i][j] += A[i][k] * B[k][j];
      // CHECK-NEXT: line [[#@LINE-1]] fp64 add 1, mul 1; load 24 B, store 8 B; runs NI*NJ*NK = 15000: C[i][j] += A[i][k] * B[k][j]
    }
}

// CHECK-NEXT:  total fp64 FLOPs: 2*NI*NJ*NK + NI*NJ = 30500
// CHECK-NEXT:    add NI*NJ*NK = 15000
// CHECK-NEXT:    mul NI*NJ*NK + NI*NJ = 15500
// CHECK-NEXT:    bytes loaded 24*NI*NJ*NK + 8*NI*NJ = 364000, stored 8*NI*NJ*NK + 8*NI*NJ = 124000
// CHECK-NEXT:  parameters: NI = 20 (macro), NJ = 25 (macro), NK = 30 (macro)
// CHECK-NOT:   not exact

// DEFINED: total fp64 FLOPs: 2*NI*NJ*NK + NI*NJ = 152500
// DEFINED: parameters: NI = 100 (macro), NJ = 25 (macro), NK = 30 (macro)

// PARAM: for k: NK = 1000 iterations, NI*NJ*NK = 500000 in all
// PARAM: total fp64 FLOPs: 2*NI*NJ*NK + NI*NJ = 1000500
// PARAM: parameters: NI = 20 (macro), NJ = 25 (macro), NK = 1000 (macro)

// ZERO: for i: NI = 0 iterations
// ZERO: total fp64 FLOPs: 2*NI*NJ*NK + NI*NJ = 0
