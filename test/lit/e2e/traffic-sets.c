// The L1's sets end to end (docs/counting.md, "The L1's sets"): a 256 x 256
// matrix of doubles, 4 KiB-aligned, summed by columns and by rows, with an
// L1 of 32 KiB and 8 ways (ROOF_CACHES=32K/8: 64 sets) over 1 MiB and 8 MiB.
//
// colsum: a row is 2 KiB, 32 lines, so the lines of a column (one per row,
// 32 lines apart) fall in two sets, 128 in each; 8 ways hold the last 8
// only, and the next column, which reads the same lines, finds none: each
// of the 65,536 reads fetches its line, 4,194,304 bytes from L2. A fully
// associative L1 holds a column's 256 lines, and fetches each of the
// matrix's 8,192 lines once: 524,288 bytes. The matrix's first line is in
// set 0 and each set gets the same number of lines of every column block
// (1,024 reads), so the sample of 2 sets of 64 that roof takes by default
// finds the exact count too: 2 x 1,024 fetches, each for 32 x 64 bytes; so
// do all 64 (ROOF_TRAFFIC_SETS=64). With ROOF_TRAFFIC_SETS=0, the L1 is
// fully associative.
//
// rowsum: each line once, 8 reads in a row: 8,192 fetches, 524,288 bytes,
// whichever L1. (The fully associative L1 is simulated on every line, with
// room to track the 8 MiB cache's lines at that rate.)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %roof cc --roof-traffic -O2 -march=x86-64-v3 %s -o %t/sets
// RUN: env ROOF_OUTPUT=%t/two.json ROOF_QUIET=1 ROOF_CACHES=32K/8,1M,8M %t/sets
// RUN: %python %S/../runtime/Inputs/check_report.py %t/two.json \
// RUN:   'r["traffic"]["levels"][0]["ways"] == 8 and r["traffic"]["levels"][0]["sampled_sets"] == 2' \
// RUN:   'fn("colsum")["bytes_loaded"] == 524288 and fn("rowsum")["bytes_loaded"] == 524288' \
// RUN:   'fn("colsum")["traffic"]["L2"]["loaded"] == 4194304' \
// RUN:   'fn("rowsum")["traffic"]["L2"]["loaded"] == 524288'
// RUN: env ROOF_OUTPUT=%t/all.json ROOF_QUIET=1 ROOF_CACHES=32K/8,1M,8M ROOF_TRAFFIC_SETS=64 %t/sets
// RUN: %python %S/../runtime/Inputs/check_report.py %t/all.json \
// RUN:   'fn("colsum")["traffic"]["L2"]["loaded"] == 4194304' \
// RUN:   'fn("rowsum")["traffic"]["L2"]["loaded"] == 524288'
// RUN: env ROOF_OUTPUT=%t/full.json ROOF_QUIET=1 ROOF_CACHES=32K/8,1M,8M ROOF_TRAFFIC_SETS=0 ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_LINES=262144 %t/sets
// RUN: %python %S/../runtime/Inputs/check_report.py %t/full.json \
// RUN:   '"ways" not in r["traffic"]["levels"][0]' \
// RUN:   'fn("colsum")["traffic"]["L2"]["loaded"] == 524288' \
// RUN:   'fn("rowsum")["traffic"]["L2"]["loaded"] == 524288'
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/flush.h"

#define N 256
#define FLUSH (2l << 20) /* doubles: 16 MiB, twice the last cache */

__attribute__((noinline)) double colsum(const double *a) {
  double sum = 0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      sum += a[i * N + j];
  return sum;
}

__attribute__((noinline)) double rowsum(const double *a) {
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += a[i * N + j];
  return sum;
}

int main(void) {
  double *a, *big = calloc(FLUSH, sizeof *big);
  if (!big || posix_memalign((void **)&a, 4096, N * N * sizeof *a))
    return 1;
  for (int i = 0; i < N * N; i++)
    a[i] = i % 7;
  flush(big, FLUSH);
  double c = colsum(a);
  flush(big, FLUSH);
  printf("%g %g\n", c, rowsum(a));
  free(a);
  free(big);
  return 0;
}
