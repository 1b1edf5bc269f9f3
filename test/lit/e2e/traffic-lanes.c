// Gathers in traffic mode (passes/TrafficInstrumenter.cpp, sampledLanes):
// the instrumented code checks the lines of every lane as vectors and calls
// the model only when an active lane's line is sampled, with those lanes.
// No sampled lane may be lost: the same gather, y[i] = x[idx[i]] over a
// permutation, compiled to AVX-512 gathers (gather_vector) and kept scalar
// (gather_scalar, each access checked on its own), run on the same arrays
// from empty caches, gives the same traffic with the L1 fully associative
// (ROOF_TRAFFIC_SETS=0: one line in 32 sampled) and as roof ships, where 2
// of the L1's 64 sets are sampled too (and one line in 128 by hash).
// x, y and idx are 8 KiB each, 384 lines in all, 6 in each of the L1's
// 64 sets of 8 ways: both orders of the accesses miss each sampled line once
// (cold) and no other. flush() of 4 MiB, twice the last level, empties the
// caches before each gather and after it (writing back the y each wrote).
//
// REQUIRES: avx512
// RUN: rm -rf %t && mkdir -p %t
// RUN: %roof cc --roof-traffic -O3 -march=x86-64-v4 -mprefer-vector-width=512 %s -S -o - | FileCheck %s --check-prefix=ASM
// RUN: %roof cc --roof-traffic -O3 -march=x86-64-v4 -mprefer-vector-width=512 %s -o %t/lanes
// RUN: env ROOF_OUTPUT=%t/hashed.json ROOF_QUIET=1 ROOF_CACHES=32K/8,2M ROOF_TRAFFIC_SETS=0 %t/lanes
// RUN: %python %S/../runtime/Inputs/check_report.py %t/hashed.json \
// RUN:   'fn("gather_vector")["traffic"] == fn("gather_scalar")["traffic"]' \
// RUN:   'fn("gather_vector")["traffic"]["DRAM"]["loaded"] > 0'
// RUN: env ROOF_OUTPUT=%t/sets.json ROOF_QUIET=1 ROOF_CACHES=32K/8,2M %t/lanes
// RUN: %python %S/../runtime/Inputs/check_report.py %t/sets.json \
// RUN:   'fn("gather_vector")["traffic"] == fn("gather_scalar")["traffic"]' \
// RUN:   'fn("gather_vector")["traffic"]["L2"]["loaded"] > 0'
//
// ASM-LABEL: gather_vector:
// ASM:         vgatherqpd
// ASM:         callq {{.*}}__roof_traffic_lanes
// ASM-LABEL: gather_scalar:
// ASM-NOT:     __roof_traffic_lanes
// ASM:         .cfi_endproc
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/flush.h"

#define N 1024
#define FLUSH (512l << 10) /* doubles: 4 MiB, twice the last cache */

__attribute__((noinline)) void gather_vector(double *restrict y,
                                             const double *restrict x,
                                             const long *restrict idx) {
  for (long i = 0; i < N; i++)
    y[i] = x[idx[i]];
}

__attribute__((noinline)) void gather_scalar(double *restrict y,
                                             const double *restrict x,
                                             const long *restrict idx) {
#pragma clang loop vectorize(disable) interleave(disable)
  for (long i = 0; i < N; i++)
    y[i] = x[idx[i]];
}

int main(void) {
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  long *idx = malloc(N * sizeof *idx);
  double *big = calloc(FLUSH, sizeof *big);
  if (!x || !y || !idx || !big)
    return 1;
  for (long i = 0; i < N; i++) {
    x[i] = (double)i;
    idx[i] = i;
  }
  srand(1);
  for (long i = N - 1; i > 0; i--) {
    long j = rand() % (i + 1), t = idx[i];
    idx[i] = idx[j];
    idx[j] = t;
  }
  flush(big, FLUSH);
  gather_vector(y, x, idx);
  flush(big, FLUSH);
  gather_scalar(y, x, idx);
  flush(big, FLUSH);
  printf("%g\n", y[0] + y[N - 1]);
  return 0;
}
