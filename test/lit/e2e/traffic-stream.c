// Traffic mode end to end (roof cc --roof-traffic, docs/counting.md,
// "Traffic"), with the hierarchy fixed by ROOF_CACHES (32 KiB of 8 ways,
// 1 MiB, 8 MiB) and the default sampling (2 of the L1's 64 sets, and one
// line in 128 for the levels below, fewer when the sample outgrows the
// model's capacity).
//
// triad: a[i] = b[i] + s * c[i] over three arrays of 2^22 doubles (32 MiB
// each, 12 times the last cache), 4 times. Exact L1 bytes: 2 x 8 x 2^22 x 4
// = 268,435,456 loaded, 134,217,728 stored. Below the last cache, per
// element: b and c read (16 bytes), a's line fetched on the write
// (write-allocate, 8) and written back (8): 32 bytes, so 32 x 2^24 =
// 536,870,912 in all, less a's lines still in the cache at the end (at most
// 8 MiB / 3, 0.5%); the model must be within 2%.
//
// reuse: the sum of 2^11 doubles (16 KiB, half of L1) 1,000 times: 16 MB
// from L1, the array's 16 KiB once from DRAM (cold), so DRAM bytes are well
// under 1% of the L1 bytes.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %roof cc --roof-traffic -O3 -march=x86-64-v3 %s -o %t/traffic
// RUN: env ROOF_OUTPUT=%t/traffic.json ROOF_QUIET=1 ROOF_CACHES=32K/8,1M,8M %t/traffic
// RUN: %python %S/../runtime/Inputs/check_report.py %t/traffic.json \
// RUN:   '[l["bytes"] for l in r["traffic"]["levels"]] == [32768, 1048576, 8388608]' \
// RUN:   'fn("triad")["bytes_loaded"] == 268435456' \
// RUN:   'fn("triad")["bytes_stored"] == 134217728' \
// RUN:   'near(fn("triad")["traffic"]["DRAM"]["loaded"] + fn("triad")["traffic"]["DRAM"]["stored"], 536870912, 0.02)' \
// RUN:   'near(fn("triad")["traffic"]["DRAM"]["loaded"], 402653184, 0.02)' \
// RUN:   'fn("reuse")["bytes_loaded"] == 16384000' \
// RUN:   'fn("reuse")["traffic"]["DRAM"]["loaded"] < 16384000 / 100'
//
// The same program built without traffic mode has no traffic at all.
// RUN: %roof cc -O3 -march=x86-64-v3 %s -o %t/plain
// RUN: env ROOF_OUTPUT=%t/plain.json ROOF_QUIET=1 %t/plain
// RUN: %python %S/../runtime/Inputs/check_report.py %t/plain.json \
// RUN:   'r["traffic"] is None' '"traffic" not in fn("triad")'
//
// Both runs did the same work (the same bytes per scope), so the roofline
// of the default build's run can take the traffic-mode run's levels below
// L1, with its own times.
// RUN: %roof report %t/plain.json --ceilings %S/../roofline/Inputs/ert-multi.json --traffic %t/traffic.json --top 0 | FileCheck %s
// CHECK:      Function triad
// CHECK:        empirical  DRAM {{.*}} modelled
// CHECK-NOT:  Times are those of a traffic-mode build
#include <stdio.h>

#define N (1 << 22)
#define SMALL (1 << 11)

static double a[N], b[N], c[N];

__attribute__((noinline)) void triad(double s) {
  for (long i = 0; i < N; i++)
    a[i] = b[i] + s * c[i];
}

__attribute__((noinline)) double reuse(const double *x) {
  double sum = 0;
  for (int repeat = 0; repeat < 1000; repeat++)
    for (int i = 0; i < SMALL; i++)
      sum += x[i];
  return sum;
}

int main(void) {
  for (long i = 0; i < N; i++) {
    b[i] = 1;
    c[i] = 2;
  }
  for (int repeat = 0; repeat < 4; repeat++)
    triad(3);
  printf("%g %g\n", a[N - 1], reuse(b));
  return 0;
}
