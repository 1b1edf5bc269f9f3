// Overflow: a count x weight, a sum of classes into a precision's FLOPs and a
// sum over threads that exceed 2^64-1 saturate to 18446744073709551615 and
// set "overflow"; numbers that fit stay exact, even near the limit.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'r["overflow"] is True' \
// RUN:   'cls(fn("big"), "fp64", "fma") == MAX and flops(fn("big"), "fp64") == MAX' \
// RUN:   'flops(fn("big"), "fp64", "empirical") == 0' \
// RUN:   'fn("big")["bytes_loaded"] == 2**62 + 1' \
// RUN:   'cls(fn("halves"), "fp16", "add") == 2**63 and cls(fn("halves"), "fp16", "mul") == 2**63' \
// RUN:   'flops(fn("halves"), "fp16") == MAX' \
// RUN:   '[cls(t, "fp32", "div") for t in r["threads"]] == [0, 2**63, 2**63]' \
// RUN:   'cls(fn("split"), "fp32", "div") == MAX and cls(r["totals"], "fp32", "div") == MAX' \
// RUN:   'r["totals"]["bytes_loaded"] == 2**62 + 1'
//
// Expected:
//   big:    body 2^62 + 1; fma x4 = 2^64 + 4 -> MAX, so fp64 FLOPs MAX;
//           bytes x1 = 2^62 + 1 = 4611686018427387905, exact.
//   halves: add 2^63 and mul 2^63 fit; fp16 FLOPs 2^64 -> MAX.
//   split:  2^63 divisions on each of two threads: each thread's census is
//           exact, the function's and the totals' sum 2^64 -> MAX.
#include "fake_pass.h"

#include <pthread.h>

// Module big.c: big 0..1 (entry, body), halves 2..4 (entry, add, mul),
// split 5..6 (entry, body).
FAKE_COUNTERS(mod, 7)
static const RoofWeight big_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_FMA, ROOF_CANONICAL), 4},
    {1, ROOF_METRIC_BYTES_LOADED, 1}};
static const RoofWeight halves_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP16, ROOF_CLASS_ADD, ROOF_CANONICAL), 1},
    {2, ROOF_FLOP_METRIC(ROOF_FP16, ROOF_CLASS_MUL, ROOF_CANONICAL), 1}};
static const RoofWeight split_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP32, ROOF_CLASS_DIV, ROOF_CANONICAL), 1}};
static const RoofFunction functions[] = {
    {"big", "big", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 2, big_weights},
    {"halves", "halves", NULL, 2, 3, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 2,
     halves_weights},
    {"split", "split", NULL, 5, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1,
     split_weights}};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 3, 7, 0, "big.c", "x86_64-unknown-linux-gnu", "", "",
    functions};
FAKE_CONSTRUCTOR(mod)

static void *split(void *arg) {
  (void)arg;
  uint64_t *c = FAKE_ENTER(mod);
  c[5] += 1;
  c[6] += UINT64_C(1) << 63;
  return NULL;
}

int main(void) {
  uint64_t *c = FAKE_ENTER(mod);
  c[0] += 1;
  c[1] += (UINT64_C(1) << 62) + 1;
  c[2] += 1;
  c[3] += UINT64_C(1) << 63;
  c[4] += UINT64_C(1) << 63;
  for (int i = 0; i < 2; i++) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, split, NULL) != 0 ||
        pthread_join(thread, NULL) != 0)
      return 1;
  }
  return 0;
}
