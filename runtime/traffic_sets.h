/*===- runtime/traffic_sets.h - The L1's sets, sampled whole -----*- C -*-===*\
|*
|* The traffic model (traffic.c) holds a spatially hashed sample of the
|* lines in fully associative caches: right for the large levels, whose
|* sets are many and physically indexed, but blind to the conflicts of the
|* L1, whose few sets (64 on x86: 48 KiB of 12 ways, 32 KiB of 8) are
|* indexed by the virtual address. A stride of a power of 2 (a column of a
|* 256 x 256 matrix of doubles, 2 KiB) sends every line to one or two sets,
|* which hold 8 or 12 of them where the whole L1 would hold hundreds.
|*
|* So with ROOF_TRAFFIC_SETS=N the L1 is simulated on its own sample: every
|* line of N whole sets (`sampled` consecutive sets), exactly,
|* each set an LRU of `ways` lines with write-allocate and write-back; a
|* fetch or a write-back of a sampled set counts for the sets / sampled
|* sets like it. These counts are the L1's (the bytes the L2 loads and
|* stores); the hashed sample gives the levels below. Instrumented code
|* calls the model for a line of a sampled set too (include/roof/abi.h,
|* __roof_traffic_set_mask).
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOFRT_TRAFFIC_SETS_H
#define ROOFRT_TRAFFIC_SETS_H

#include "roof/abi.h"

#include <stdbool.h>
#include <stdint.h>

#define ROOF_L1_MAX_WAYS 32

struct roofrt_l1_set {
  uint64_t lines[ROOF_L1_MAX_WAYS];    /* the most recent first */
  uint64_t *writers[ROOF_L1_MAX_WAYS]; /* of the dirty ones: who wrote it */
  uint32_t dirty;                      /* bit w: lines[w] is dirty */
  uint32_t used;
};

/* Adds `bytes` to `counter` (the model's counting, which the history of
 * calls notes, traffic_replay.c). */
typedef void roofrt_l1_add_fn(void *context, uint64_t *counter, uint64_t bytes);

struct roofrt_l1_sets {
  uint64_t mask, value; /* a line is sampled when (line & mask) == value */
  unsigned ways;
  uint32_t sampled;  /* sets sampled: a power of 2 */
  uint64_t num_sets; /* the L1's */
  uint64_t weight;   /* the bytes a sampled line fetched or written counts */
  roofrt_l1_add_fn *add;
  void *context;
  struct roofrt_l1_set sets[]; /* `sampled` */
};

/* The bytes of a sample of `sampled` sets. */
uint64_t roofrt_l1_sets_bytes(uint32_t sampled);

/* Sets up `s` (roofrt_l1_sets_bytes(sampled) zeroed bytes) for the
 * sampled sets value .. value + sampled - 1 of an L1 of `num_sets` sets of
 * `ways` lines. */
void roofrt_l1_sets_init(struct roofrt_l1_sets *s, uint64_t num_sets,
                         unsigned ways, uint32_t sampled, uint64_t value,
                         roofrt_l1_add_fn *add, void *context);

static inline bool roofrt_l1_sampled(const struct roofrt_l1_sets *s,
                                     uint64_t line) {
  return (line & s->mask) == s->value;
}

/* An access to `line`, of a sampled set; `slots`: the scope's traffic
 * counters (include/roof/abi.h). */
void roofrt_l1_touch(struct roofrt_l1_sets *s, uint64_t *slots, uint64_t line,
                     bool stored);

/* The lines first .. last, in that order; those of sampled sets are
 * touched. */
void roofrt_l1_range(struct roofrt_l1_sets *s, uint64_t *slots, uint64_t first,
                     uint64_t last, bool stored);

/* A loop's streams (__roof_traffic_loop), iteration by iteration. */
void roofrt_l1_loop(struct roofrt_l1_sets *s, uint64_t *slots,
                    const RoofTrafficStream *streams, uint32_t num_streams,
                    uint64_t iterations);

#endif /* ROOFRT_TRAFFIC_SETS_H */
