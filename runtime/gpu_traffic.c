/*===- runtime/gpu_traffic.c - The GPU's bytes below L1 -------------------===*\
|*
|* A launch of a kernel built in traffic mode leaves the records of its
|* sampled 32-byte sectors (include/roof/abi.h, RoofCudaCounterHeader), one
|* per warp and sector, in the order the warps made them. libroofrt-cuda
|* hands them here after the launch, and they go through a model of the
|* GPU's caches (docs/counting.md, "The GPU's traffic"):
|*
|*   - each SM's L1, an LRU of that SM's sampled sectors: a load that misses
|*     fetches the sector from the L2 and keeps it; a store writes through
|*     to the L2 (a copy in the L1 stays, updated); an atomic goes to the L2
|*     and leaves the L1 alone;
|*   - the L2, one LRU shared by the SMs, write-back: a load or atomic that
|*     misses reads the sector from DRAM; a store that misses takes the
|*     sector without reading it (the L2 merges partial writes by byte
|*     mask); a dirty sector that leaves the L2 is written to DRAM.
|*
|* Every launch starts with empty caches, as a profiler that flushes them
|* between launches sees it (ncu's default), and a sector still dirty in
|* the L2 at the end of the launch is not written within it. A sample of
|* one sector in N (by the hash of include/roof/abi.h) stands for all: a
|* cache of C bytes holds C / 32 / N sampled sectors, and each sampled
|* sector moved counts 32 N bytes.
|*
|* This file needs no CUDA headers: it is part of libroofrt, and its tests
|* feed it records directly.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

#define SECTOR_BYTES (UINT64_C(1) << ROOF_CUDA_SECTOR_SHIFT)
#define NONE UINT32_MAX

struct entry {
  uint64_t sector;
  uint32_t newer, older;
  bool dirty;
};

/* A fully associative LRU cache of `capacity` sectors: entries linked from
 * the most recent (`newest`) to the least, found through an open-addressed
 * table of entry indices + 1. */
struct lru {
  uint32_t capacity, used, newest, oldest;
  uint32_t mask; /* of the table, twice the capacity or more */
  uint32_t *table;
  struct entry *entries;
};

static bool lru_init(struct lru *c, uint64_t capacity) {
  memset(c, 0, sizeof *c);
  if (capacity > (UINT32_MAX >> 2))
    capacity = UINT32_MAX >> 2;
  c->capacity = (uint32_t)capacity;
  c->newest = c->oldest = NONE;
  uint32_t size = 2;
  while (size < 2 * c->capacity)
    size *= 2;
  c->mask = size - 1;
  c->table = calloc(size, sizeof *c->table);
  c->entries = calloc(c->capacity ? c->capacity : 1, sizeof *c->entries);
  return c->table && c->entries;
}

static void lru_free(struct lru *c) {
  free(c->table);
  free(c->entries);
}

static uint32_t home_of(const struct lru *c, uint64_t sector) {
  /* Not the sampling's hash, whose sampled values form a lattice. */
  return (uint32_t)((sector * UINT64_C(0xD1B54A32D192ED03)) >> 32) & c->mask;
}

/* The table slot of `sector`, or the empty one where it would go. */
static uint32_t *slot_of(struct lru *c, uint64_t sector) {
  uint32_t i = home_of(c, sector);
  while (c->table[i] && c->entries[c->table[i] - 1].sector != sector)
    i = (i + 1) & c->mask;
  return &c->table[i];
}

/* Empties a slot, moving up the entries probed past it. */
static void erase_slot(struct lru *c, uint32_t *slot) {
  uint32_t hole = (uint32_t)(slot - c->table);
  for (uint32_t j = (hole + 1) & c->mask; c->table[j]; j = (j + 1) & c->mask) {
    uint32_t home = home_of(c, c->entries[c->table[j] - 1].sector);
    if (((j - home) & c->mask) >= ((j - hole) & c->mask)) {
      c->table[hole] = c->table[j];
      hole = j;
    }
  }
  c->table[hole] = 0;
}

static void unlink_entry(struct lru *c, uint32_t i) {
  struct entry *e = &c->entries[i];
  if (e->newer != NONE)
    c->entries[e->newer].older = e->older;
  else
    c->newest = e->older;
  if (e->older != NONE)
    c->entries[e->older].newer = e->newer;
  else
    c->oldest = e->newer;
}

static void link_newest(struct lru *c, uint32_t i) {
  struct entry *e = &c->entries[i];
  e->newer = NONE;
  e->older = c->newest;
  if (c->newest != NONE)
    c->entries[c->newest].newer = i;
  else
    c->oldest = i;
  c->newest = i;
}

/* What an access did to a cache. */
struct outcome {
  bool hit;
  bool wrote_back; /* a dirty sector left the cache */
};

/* An access to `sector`, which becomes the most recent; `allocate`: a miss
 * takes the sector in (evicting the least recent when full); `dirty`: the
 * sector becomes dirty. */
static struct outcome lru_touch(struct lru *c, uint64_t sector, bool allocate,
                                bool dirty) {
  struct outcome out = {0};
  uint32_t *slot = slot_of(c, sector);
  if (*slot) {
    uint32_t i = *slot - 1;
    out.hit = true;
    c->entries[i].dirty |= dirty;
    unlink_entry(c, i);
    link_newest(c, i);
    return out;
  }
  if (!allocate || !c->capacity)
    return out;
  uint32_t i;
  if (c->used < c->capacity) {
    i = c->used++;
  } else {
    i = c->oldest;
    struct entry *old = &c->entries[i];
    out.wrote_back = old->dirty;
    unlink_entry(c, i);
    erase_slot(c, slot_of(c, old->sector));
    slot = slot_of(c, sector); /* the erase may have moved the hole */
  }
  c->entries[i] = (struct entry){.sector = sector, .dirty = dirty};
  link_newest(c, i);
  *slot = i + 1;
  return out;
}

bool roofrt_gpu_traffic(const uint64_t *records, size_t n, uint64_t one_in,
                        const struct roofrt_gpu_caches *caches,
                        uint64_t metric[ROOF_NUM_METRICS]) {
  enum { SMS = 1u << ROOF_CUDA_SM_BITS, L2 = 0, DRAM = 1 };
  uint64_t per_sector = SECTOR_BYTES * one_in;
  /* Sampled sectors moved, [level][stored]. */
  uint64_t moved[2][2] = {{0}};
  struct lru l2, *l1[SMS] = {0};
  bool ok = lru_init(&l2, caches->l2_bytes / per_sector);
  for (size_t r = 0; ok && r < n; r++) {
    uint64_t sector = records[r] >> (ROOF_CUDA_SM_BITS + 2);
    unsigned sm = (unsigned)(records[r] >> 2) & (SMS - 1);
    unsigned access = (unsigned)records[r] & 3;
    if (access >= ROOF_CUDA_NUM_ACCESSES)
      continue; /* not a record this runtime knows */
    if (access != ROOF_CUDA_ATOMIC) {
      if (!l1[sm] && (l1[sm] = malloc(sizeof *l1[sm])) &&
          !lru_init(l1[sm], caches->l1_bytes / per_sector)) {
        lru_free(l1[sm]);
        free(l1[sm]);
        l1[sm] = NULL;
      }
      if (!l1[sm]) {
        ok = false;
        break;
      }
      bool load = access == ROOF_CUDA_LOAD;
      if (lru_touch(l1[sm], sector, load, false).hit && load)
        continue;
    }
    bool stored = access != ROOF_CUDA_LOAD;
    moved[L2][stored]++;
    struct outcome below = lru_touch(&l2, sector, true, stored);
    if (!below.hit && access != ROOF_CUDA_STORE)
      moved[DRAM][0]++;
    if (below.wrote_back)
      moved[DRAM][1]++;
  }
  lru_free(&l2);
  for (unsigned sm = 0; sm < SMS; sm++)
    if (l1[sm]) {
      lru_free(l1[sm]);
      free(l1[sm]);
    }
  if (!ok)
    return false;
  for (unsigned level = L2; level <= DRAM; level++)
    for (unsigned stored = 0; stored < 2; stored++)
      metric[ROOF_METRIC_TRAFFIC(level, stored)] +=
          moved[level][stored] * per_sector;
  return true;
}
