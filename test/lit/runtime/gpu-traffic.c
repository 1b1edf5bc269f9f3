// The GPU's traffic model (runtime/gpu_traffic.c) against a reference
// written here from its definition (docs/counting.md, "The GPU's traffic"):
// each SM's L1 an LRU of the sectors it loaded (a load that misses fetches
// the sector from L2 and keeps it; a store writes through, updating a copy
// it finds; an atomic goes to L2 and leaves the L1 alone), the L2 one LRU
// shared by the SMs, write-back (a load or atomic that misses reads from
// DRAM, a store that misses takes the sector unread, a dirty sector evicted
// is written to DRAM), both empty at the start. The reference keeps each
// cache as an array in recency order and scans it; the runtime a hash table
// and a list.
//
// Every sector sampled: the two agree to the byte on random and sweeping
// streams of loads, stores and atomics from 4 SMs.
// RUN: %clang -O1 -I%srcroot/include -I%srcroot/runtime %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: %t | FileCheck %s
// CHECK: random: same as the reference
// CHECK: sweeps: same as the reference
//
// One sector in 32, as shipped, against every sector, on kernel shapes at
// 32 times the sizes (an L2 of 1 MiB, L1s of 32 KiB): the DRAM bytes within
// 5%, the L2's within 5%.
// CHECK: triad: DRAM within 5%, L2 within 5%
// CHECK: stencil: DRAM within 5%, L2 within 5%
// CHECK: gather: DRAM within 5%, L2 within 5%
// CHECK: reuse: DRAM within 5%, L2 within 5%

#include "runtime.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/xorshift.h"

enum { SMS = 4, MAX_RECORDS = 1 << 23 };

static uint64_t *records;
static size_t num_records;
static uint64_t threshold; // of the sample being recorded

static void record(uint64_t sector, unsigned sm, enum RoofCudaAccess access) {
  if ((sector * ROOF_TRAFFIC_HASH) >> ROOF_TRAFFIC_HASH_SHIFT >= threshold)
    return;
  if (num_records == MAX_RECORDS) {
    fprintf(stderr, "too many records\n");
    exit(1);
  }
  records[num_records++] = ROOF_CUDA_TRAFFIC_RECORD(sector, sm, access);
}

//===-- The reference ---------------------------------------------------===//
struct line {
  uint64_t sector;
  bool dirty;
};
struct cache {
  struct line *lines; // the most recent first
  size_t used, capacity;
};

// Touches `sector`; returns whether it was there. `allocate`: a miss takes
// it in (*evicted_dirty: the least recent left dirty); `dirty`: it is
// dirty after.
static bool touch(struct cache *c, uint64_t sector, bool allocate, bool dirty,
                  bool *evicted_dirty) {
  *evicted_dirty = false;
  for (size_t i = 0; i < c->used; i++)
    if (c->lines[i].sector == sector) {
      struct line l = c->lines[i];
      memmove(c->lines + 1, c->lines, i * sizeof *c->lines);
      l.dirty |= dirty;
      c->lines[0] = l;
      return true;
    }
  if (!allocate || !c->capacity)
    return false;
  if (c->used == c->capacity)
    *evicted_dirty = c->lines[--c->used].dirty;
  memmove(c->lines + 1, c->lines, c->used * sizeof *c->lines);
  c->lines[0] = (struct line){sector, dirty};
  c->used++;
  return false;
}

static void reference(const struct roofrt_gpu_caches *caches,
                      uint64_t metric[ROOF_NUM_METRICS]) {
  struct cache l1[SMS], l2 = {calloc(caches->l2_bytes / 32, sizeof(struct line)),
                              0, caches->l2_bytes / 32};
  for (int sm = 0; sm < SMS; sm++)
    l1[sm] = (struct cache){calloc(caches->l1_bytes / 32, sizeof(struct line)),
                            0, caches->l1_bytes / 32};
  bool evicted;
  for (size_t r = 0; r < num_records; r++) {
    uint64_t sector = records[r] >> 10;
    unsigned sm = (records[r] >> 2) & 255, access = records[r] & 3;
    if (access == ROOF_CUDA_LOAD &&
        touch(&l1[sm], sector, true, false, &evicted))
      continue;
    if (access == ROOF_CUDA_STORE)
      touch(&l1[sm], sector, false, false, &evicted);
    bool stored = access != ROOF_CUDA_LOAD;
    metric[ROOF_METRIC_TRAFFIC(0, stored)] += 32;
    if (!touch(&l2, sector, true, stored, &evicted) &&
        access != ROOF_CUDA_STORE)
      metric[ROOF_METRIC_TRAFFIC(1, 0)] += 32;
    if (evicted)
      metric[ROOF_METRIC_TRAFFIC(1, 1)] += 32;
  }
  for (int sm = 0; sm < SMS; sm++)
    free(l1[sm].lines);
  free(l2.lines);
}

static void same_as_reference(const char *name,
                              const struct roofrt_gpu_caches *caches) {
  uint64_t ours[ROOF_NUM_METRICS] = {0}, theirs[ROOF_NUM_METRICS] = {0};
  if (!roofrt_gpu_traffic(records, num_records, 1, caches, ours)) {
    printf("%s: out of memory\n", name);
    return;
  }
  reference(caches, theirs);
  for (unsigned level = 0; level < 2; level++)
    for (unsigned stored = 0; stored < 2; stored++) {
      uint64_t a = ours[ROOF_METRIC_TRAFFIC(level, stored)],
               b = theirs[ROOF_METRIC_TRAFFIC(level, stored)];
      if (a != b) {
        printf("%s: level %u %s: %llu, the reference %llu\n", name, level,
               stored ? "stored" : "loaded", (unsigned long long)a,
               (unsigned long long)b);
        return;
      }
    }
  printf("%s: same as the reference\n", name);
}

static enum RoofCudaAccess some_access(void) {
  uint64_t x = next() % 20;
  return x < 14 ? ROOF_CUDA_LOAD : x < 19 ? ROOF_CUDA_STORE : ROOF_CUDA_ATOMIC;
}

//===-- Kernel shapes -----------------------------------------------------===//
// Each as the warps of 4 SMs would record it, a warp's sectors together.

// a[i] = b[i] + s * c[i] over n sectors of each array.
static void triad(uint64_t n) {
  for (uint64_t i = 0; i < n; i++) {
    unsigned sm = (unsigned)(i / 8 % SMS);
    record((1ull << 30) + i, sm, ROOF_CUDA_LOAD);
    record((2ull << 30) + i, sm, ROOF_CUDA_LOAD);
    record((3ull << 30) + i, sm, ROOF_CUDA_STORE);
  }
}

// A 5-point stencil over rows of `width` sectors, a row per SM in turn.
static void stencil(uint64_t rows, uint64_t width) {
  for (uint64_t r = 1; r + 1 < rows; r++) {
    unsigned sm = (unsigned)(r % SMS);
    for (uint64_t i = 0; i < width; i++) {
      for (int dr = -1; dr <= 1; dr++)
        record((1ull << 30) + (r + dr) * width + i, sm, ROOF_CUDA_LOAD);
      record((2ull << 30) + r * width + i, sm, ROOF_CUDA_STORE);
    }
  }
}

// y[i] = table[random] for n sectors of y, a table of `table` sectors.
static void gather(uint64_t n, uint64_t table) {
  for (uint64_t i = 0; i < n; i++) {
    unsigned sm = (unsigned)(i % SMS);
    record((1ull << 30) + next() % table, sm, ROOF_CUDA_LOAD);
    if (i % 8 == 0)
      record((2ull << 30) + i / 8, sm, ROOF_CUDA_STORE);
  }
}

// `sweeps` passes over `n` sectors, read on one SM and updated on another.
static void reuse(uint64_t n, int sweeps) {
  for (int s = 0; s < sweeps; s++)
    for (uint64_t i = 0; i < n; i++) {
      record((1ull << 30) + i, (unsigned)s % SMS, ROOF_CUDA_LOAD);
      record((1ull << 30) + i, (unsigned)(s + 1) % SMS, ROOF_CUDA_STORE);
    }
}

static uint64_t sum(const uint64_t metric[ROOF_NUM_METRICS], unsigned level) {
  return metric[ROOF_METRIC_TRAFFIC(level, 0)] +
         metric[ROOF_METRIC_TRAFFIC(level, 1)];
}

static double error_of(uint64_t sampled, uint64_t exact) {
  return exact ? fabs((double)sampled - (double)exact) / (double)exact
               : (double)(sampled != 0);
}

// The shape recorded with every sector and with one in 32.
static void sampled_against_exact(const char *name, void (*shape)(void),
                                  const struct roofrt_gpu_caches *caches) {
  const uint64_t full = UINT64_C(1) << (64 - ROOF_TRAFFIC_HASH_SHIFT);
  uint64_t exact[ROOF_NUM_METRICS] = {0}, sampled[ROOF_NUM_METRICS] = {0};
  uint64_t start = xorshift_state;
  threshold = full;
  num_records = 0;
  shape();
  roofrt_gpu_traffic(records, num_records, 1, caches, exact);
  xorshift_state = start; // the same random choices
  threshold = full / 32;
  num_records = 0;
  shape();
  roofrt_gpu_traffic(records, num_records, 32, caches, sampled);
  double dram = error_of(sum(sampled, 1), sum(exact, 1)),
         l2 = error_of(sum(sampled, 0), sum(exact, 0));
  if (dram <= 0.05 && l2 <= 0.05)
    printf("%s: DRAM within 5%%, L2 within 5%%\n", name);
  else
    printf("%s: DRAM %llu against %llu (%.1f%%), L2 %llu against %llu "
           "(%.1f%%)\n",
           name, (unsigned long long)sum(sampled, 1),
           (unsigned long long)sum(exact, 1), 100 * dram,
           (unsigned long long)sum(sampled, 0),
           (unsigned long long)sum(exact, 0), 100 * l2);
}

static void triad_shape(void) { triad(1 << 19); }
static void stencil_shape(void) { stencil(256, 4096); }
static void gather_shape(void) { gather(1 << 19, 1 << 17); }
static void reuse_shape(void) { reuse(1 << 14, 8); }

int main(void) {
  records = malloc(MAX_RECORDS * sizeof *records);
  if (!records)
    return 1;
  // L1s of 64 sectors, an L2 of 512.
  const struct roofrt_gpu_caches small = {64 * 32, 512 * 32};
  threshold = UINT64_C(1) << (64 - ROOF_TRAFFIC_HASH_SHIFT);
  for (int i = 0; i < 100000; i++)
    record(next() % 2048, (unsigned)(next() % SMS), some_access());
  same_as_reference("random", &small);
  num_records = 0;
  for (int s = 0; s < 6; s++)
    for (uint64_t i = 0; i < 700; i++)
      record(i * (s % 2 ? 3 : 1) % 900, (unsigned)(i / 32 % SMS),
             i % 3 ? ROOF_CUDA_LOAD : some_access());
  same_as_reference("sweeps", &small);

  const struct roofrt_gpu_caches scaled = {32 << 10, 1 << 20};
  sampled_against_exact("triad", triad_shape, &scaled);
  sampled_against_exact("stencil", stencil_shape, &scaled);
  sampled_against_exact("gather", gather_shape, &scaled);
  sampled_against_exact("reuse", reuse_shape, &scaled);
  free(records);
  return 0;
}
