// The table of first-hit distances of runtime/traffic.c (first_hits_for),
// by which a loop's stream finds its first sampled line without hashing the
// lines before it, against the distance found line by line, at every
// sampling rate from 1 to 1 in 8,192: two million random lines each. A
// bucket of hashes that a sampled interval's end falls in is "unknown" (the
// stream then looks line by line); the others must give the distance
// exactly. The file includes the runtime's source to reach the static
// function (and traffic_replay.c, which traffic.c calls); the few other
// runtime functions it calls are stubs here.
// RUN: %clang -O2 -I%srcroot/include -I%srcroot/runtime %s -lpthread -o %t
// RUN: %t | FileCheck %s
// CHECK: rate 1: 0 wrong, 0 unknown buckets
// CHECK: rate 32: 0 wrong, 53 unknown buckets
// CHECK: rate 4096: 0 wrong, 4095 unknown buckets
// CHECK: rate 8192: 0 wrong, 4096 unknown buckets
#include "traffic.c"
#include "traffic_replay.c"
#include "traffic_sets.c"

#include <stdio.h>

pthread_mutex_t roofrt_lock = PTHREAD_MUTEX_INITIALIZER;
void roofrt_warn(const char *format, ...) { (void)format; }
void roofrt_text_init(struct roofrt_text *t, char *buf, size_t cap) {
  (void)t, (void)buf, (void)cap;
}
void roofrt_text_printf(struct roofrt_text *t, const char *format, ...) {
  (void)t, (void)format;
}

static uint16_t table[1u << FIRST_HIT_BITS];

int main(void) {
  unsigned long long state = 1;
  for (uint64_t rate = 1; rate <= 8192; rate *= 2) {
    struct gaps g = {.threshold = FULL_THRESHOLD / rate};
    first_hits_for(table, &g);
    unsigned unknown = 0, wrong = 0;
    for (unsigned b = 0; b < 1u << FIRST_HIT_BITS; b++)
      unknown += table[b] == FIRST_HIT_UNKNOWN;
    for (int k = 0; k < 2000000; k++) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      uint64_t line = state >> ROOF_TRAFFIC_LINE_SHIFT, distance = 0;
      while (!sampled(line + distance, g.threshold))
        distance++;
      uint16_t d = table[line * ROOF_TRAFFIC_HASH >> (64 - FIRST_HIT_BITS)];
      wrong += d != FIRST_HIT_UNKNOWN && d != distance;
    }
    printf("rate %llu: %u wrong, %u unknown buckets\n",
           (unsigned long long)rate, wrong, unknown);
  }
  return 0;
}
