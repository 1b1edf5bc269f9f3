/*===- runtime/regions.c - Named regions (roof_region_begin/end) ---------===*\
|*
|* A region's counts are those of every thread between begin and end, so a
|* region opened on the main thread around an OpenMP loop includes the
|* workers. They are measured as differences of snapshots, a snapshot being
|* the sum over all threads (live or exited) of every counter array, laid out
|* in the process-wide slot space of registry.c; the region keeps per-slot
|* totals and the census applies the weights at the write.
|*
|* Regions are process-wide and keyed by name; each thread has its own stack
|* of open regions. Entering a name already open on the calling thread only
|* counts the entry. Several threads may have the same region open at once:
|* counts are taken from the first of them entering to the last leaving, so
|* the overlap is counted once, while time_s adds up the time of every
|* thread's outermost entries.
|*
|* Regions of other tools' markers (markers.c) add two ways to close an
|* entry: by name (LIKWID's stop, Caliper's end), which closes the innermost
|* entry of that name on the calling thread wherever it is on the stack, so
|* that partly overlapping regions work; and ranges (NVTX's start/end), which
|* belong to no thread: any thread may end one by its id, and each counts as
|* an outermost entry of its own.
|*
|* A snapshot reads every counter of every thread: regions are meant around
|* program phases, not inside hot loops.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"
#include "roof/roof.h"

#include <stdlib.h>
#include <string.h>

struct roofrt_frame {
  struct roofrt_region *region;
  uint64_t start_ns; /* since the runtime start; outermost frames only */
  bool outermost;    /* no frame of the same region below it */
};

/* All fields are guarded by roofrt_lock. Regions are never freed: report
 * entries point at their names. */
struct roofrt_region {
  char *name;
  uint64_t entries;
  uint64_t time_ns; /* closed outermost entries */
  /* Outermost entries open now (over all threads) and the sum of their
   * start times, from which their time so far follows at the write. */
  size_t open;
  uint64_t open_start_sum;
  /* Snapshot taken when `open` went from 0 to 1, of begin_len slots (modules
   * registered later started from zero). */
  uint64_t *begin;
  size_t begin_len, begin_cap;
  /* Per-slot counts of the closed intervals. Like the counters themselves
   * they are modulo 2^64; overflow is detected when weights apply. */
  uint64_t *acc;
  size_t acc_len;
};

static struct roofrt_region **regions; /* in order of first entry */
static size_t num_regions, cap_regions;
/* Open ranges, in order of start; guarded by roofrt_lock. */
struct roofrt_range {
  uint64_t id;
  struct roofrt_frame frame;
};
static struct roofrt_range *ranges;
static size_t num_ranges, cap_ranges;
static uint64_t ranges_started; /* by roof, for tools that give no id */
static uint64_t *scratch;       /* a snapshot in the making */
static size_t scratch_cap;
/* Set when memory ran out: begin and end are then ignored for good, which
 * keeps the stacks of all threads consistent with each other. */
static bool disabled;

static uint64_t now_since_start(void) {
  return roofrt_now_ns() - roofrt_start_ns();
}

/* Ensures `*buf` holds at least `n` entries; new ones are zeroed when
 * `zero`. */
static bool reserve(uint64_t **buf, size_t *cap, size_t n, bool zero) {
  if (n <= *cap)
    return true;
  if (n > SIZE_MAX / sizeof **buf)
    return false;
  uint64_t *grown = realloc(*buf, n * sizeof **buf);
  if (!grown)
    return false;
  if (zero)
    memset(grown + *cap, 0, (n - *cap) * sizeof *grown);
  *buf = grown;
  *cap = n;
  return true;
}

void roofrt_snapshot(uint64_t *out) {
  if (!roofrt_total_slots)
    return;
  memset(out, 0, roofrt_total_slots * sizeof *out);
  for (size_t ti = 0; ti < roofrt_num_threads; ti++) {
    const struct roofrt_thread *t = roofrt_threads[ti];
    for (size_t ai = 0; ai < t->num_arrays; ai++) {
      const struct roofrt_array *a = &t->arrays[ai];
      uint64_t *sum = out + a->module->slot_base;
      for (uint32_t s = 0; s < a->module->desc->num_slots; s++)
        sum[s] += roofrt_read(t, a, s);
    }
  }
}

static struct roofrt_region *region_get(const char *name) {
  for (size_t i = 0; i < num_regions; i++)
    if (strcmp(regions[i]->name, name) == 0)
      return regions[i];
  if (num_regions == cap_regions) {
    struct roofrt_region **grown =
        roofrt_grow(regions, &cap_regions, sizeof *grown, 16);
    if (!grown)
      return NULL;
    regions = grown;
  }
  struct roofrt_region *r = calloc(1, sizeof *r);
  if (!r || !(r->name = strdup(name))) {
    free(r);
    return NULL;
  }
  regions[num_regions++] = r;
  return r;
}

static void out_of_memory(void) {
  disabled = true;
  roofrt_warn("out of memory; regions are no longer recorded");
}

/* Ends an outermost entry at `now`. Caller holds the lock. */
static void frame_close(const struct roofrt_frame *f, uint64_t now) {
  struct roofrt_region *r = f->region;
  r->time_ns += now - f->start_ns;
  r->open_start_sum -= f->start_ns;
  if (--r->open)
    return;
  size_t total = roofrt_total_slots;
  if (!reserve(&scratch, &scratch_cap, total, false) ||
      !reserve(&r->acc, &r->acc_len, total, true)) {
    out_of_memory();
    return;
  }
  roofrt_snapshot(scratch);
  for (size_t s = 0; s < total; s++)
    r->acc[s] += scratch[s] - (s < r->begin_len ? r->begin[s] : 0);
}

/* Starts outermost entry `f` of its region now, snapshotting the counters
 * when the region was not open. False when out of memory. Caller holds the
 * lock. */
static bool entry_open(struct roofrt_frame *f) {
  struct roofrt_region *r = f->region;
  if (!r->open) {
    if (!reserve(&r->begin, &r->begin_cap, roofrt_total_slots, false))
      return false;
    roofrt_snapshot(r->begin);
    r->begin_len = roofrt_total_slots;
  }
  /* Read after the snapshot, so that its cost is not the region's. */
  f->start_ns = now_since_start();
  r->open++;
  r->open_start_sum += f->start_ns;
  return true;
}

ROOFRT_EXPORT void roof_region_begin(const char *name) {
  if (!name)
    name = "(null)";
  struct roofrt_thread *t = roofrt_current_thread();
  if (!t)
    return;
  pthread_mutex_lock(&roofrt_lock);
  if (disabled)
    goto out;
  if (t->num_frames == t->cap_frames) {
    struct roofrt_frame *grown =
        roofrt_grow(t->frames, &t->cap_frames, sizeof *grown, 8);
    if (!grown)
      goto oom;
    t->frames = grown;
  }
  struct roofrt_region *r = region_get(name);
  if (!r)
    goto oom;
  bool outermost = true;
  for (size_t i = 0; i < t->num_frames; i++)
    if (t->frames[i].region == r)
      outermost = false;
  struct roofrt_frame f = {r, 0, outermost};
  if (outermost && !entry_open(&f))
    goto oom;
  r->entries++;
  t->frames[t->num_frames++] = f;
  goto out;
oom:
  out_of_memory();
out:
  pthread_mutex_unlock(&roofrt_lock);
}

/* Takes frame `i` off the stack of `t` and closes it at `now` when it is
 * outermost. Caller holds the lock. */
static void frame_remove(struct roofrt_thread *t, size_t i, uint64_t now) {
  struct roofrt_frame f = t->frames[i];
  memmove(&t->frames[i], &t->frames[i + 1],
          (t->num_frames - i - 1) * sizeof *t->frames);
  t->num_frames--;
  if (f.outermost)
    frame_close(&f, now);
}

ROOFRT_EXPORT void roof_region_end(void) {
  uint64_t now = now_since_start();
  struct roofrt_thread *t = roofrt_current_thread();
  if (!t)
    return;
  pthread_mutex_lock(&roofrt_lock);
  if (disabled)
    goto out;
  if (!t->num_frames) {
    roofrt_warn("roof_region_end() without an open region; ignored");
    goto out;
  }
  frame_remove(t, t->num_frames - 1, now);
out:
  pthread_mutex_unlock(&roofrt_lock);
}

void roofrt_region_end_named(const char *name) {
  uint64_t now = now_since_start();
  if (!name)
    name = "(null)";
  struct roofrt_thread *t = roofrt_current_thread();
  if (!t)
    return;
  pthread_mutex_lock(&roofrt_lock);
  if (disabled)
    goto out;
  size_t i = t->num_frames;
  while (i && strcmp(t->frames[i - 1].region->name, name) != 0)
    i--;
  if (i)
    frame_remove(t, i - 1, now);
  else
    roofrt_warn("end of region \"%s\", which this thread has not begun; "
                "ignored",
                name);
out:
  pthread_mutex_unlock(&roofrt_lock);
}

uint64_t roofrt_range_start(const char *name, uint64_t id) {
  if (!name)
    name = "(null)";
  roofrt_init();
  pthread_mutex_lock(&roofrt_lock);
  if (!id)
    id = UINT64_C(1) << 63 | ++ranges_started;
  if (disabled)
    goto out;
  if (num_ranges == cap_ranges) {
    struct roofrt_range *grown =
        roofrt_grow(ranges, &cap_ranges, sizeof *grown, 8);
    if (!grown)
      goto oom;
    ranges = grown;
  }
  struct roofrt_region *r = region_get(name);
  if (!r)
    goto oom;
  struct roofrt_range range = {id, {r, 0, true}};
  if (!entry_open(&range.frame))
    goto oom;
  r->entries++;
  ranges[num_ranges++] = range;
  goto out;
oom:
  out_of_memory();
out:
  pthread_mutex_unlock(&roofrt_lock);
  return id;
}

void roofrt_range_end(uint64_t id) {
  roofrt_init();
  uint64_t now = now_since_start();
  pthread_mutex_lock(&roofrt_lock);
  if (disabled)
    goto out;
  size_t i = num_ranges;
  while (i && ranges[i - 1].id != id)
    i--;
  if (!i) {
    roofrt_warn("end of range %llu, which is not open; ignored",
                (unsigned long long)id);
    goto out;
  }
  struct roofrt_frame f = ranges[i - 1].frame;
  memmove(&ranges[i - 1], &ranges[i], (num_ranges - i) * sizeof *ranges);
  num_ranges--;
  frame_close(&f, now);
out:
  pthread_mutex_unlock(&roofrt_lock);
}

void roofrt_regions_thread_exit(struct roofrt_thread *t) {
  if (t->num_frames) {
    uint64_t now = now_since_start();
    pthread_mutex_lock(&roofrt_lock);
    while (t->num_frames && !disabled) {
      struct roofrt_frame f = t->frames[--t->num_frames];
      if (f.outermost)
        frame_close(&f, now);
    }
    pthread_mutex_unlock(&roofrt_lock);
  }
  free(t->frames);
  t->frames = NULL;
  t->num_frames = t->cap_frames = 0;
}

bool roofrt_regions_report(struct roofrt_report *report) {
  size_t total = roofrt_total_slots;
  bool any_open = false;
  for (size_t i = 0; i < num_regions; i++)
    any_open |= regions[i]->open > 0;
  uint64_t *counts = roofrt_arena_alloc(&report->arena, total, sizeof *counts);
  uint64_t *now_counts =
      any_open ? roofrt_arena_alloc(&report->arena, total, sizeof *now_counts)
               : NULL;
  report->regions =
      roofrt_arena_alloc(&report->arena, num_regions, sizeof *report->regions);
  if (!counts || (any_open && !now_counts) || !report->regions)
    return false;

  /* Regions still open are reported as if they ended now. */
  if (any_open)
    roofrt_snapshot(now_counts);
  uint64_t now = now_since_start();
  for (size_t i = 0; i < num_regions; i++) {
    const struct roofrt_region *r = regions[i];
    struct roofrt_region_report *rr = &report->regions[i];
    rr->name = r->name;
    rr->entries = r->entries;
    /* Modular arithmetic: the sum of start times may wrap, the difference
     * is exact. */
    uint64_t ns = r->time_ns + (r->open * now - r->open_start_sum);
    rr->time_s = (double)ns / 1e9;
    for (size_t s = 0; s < total; s++) {
      counts[s] = s < r->acc_len ? r->acc[s] : 0;
      if (r->open)
        counts[s] += now_counts[s] - (s < r->begin_len ? r->begin[s] : 0);
    }
    roofrt_census_add_slots(&rr->census, counts, total, &report->overflow);
    roofrt_census_finish(&rr->census, &report->overflow);
  }
  report->num_regions = num_regions;
  return true;
}

/* An entry open at a fork, entered once in the child from its start. */
static void frame_restart(struct roofrt_frame *f) {
  f->region->entries++;
  if (f->outermost) {
    f->start_ns = 0;
    f->region->open++;
  }
}

void roofrt_regions_fork_child(struct roofrt_thread *self) {
  for (size_t i = 0; i < num_regions; i++) {
    struct roofrt_region *r = regions[i];
    r->entries = 0;
    r->time_ns = 0;
    r->open = 0;
    r->open_start_sum = 0;
    memset(r->begin, 0, r->begin_len * sizeof *r->begin);
    memset(r->acc, 0, r->acc_len * sizeof *r->acc);
  }
  /* The clock restarts at the fork (roofrt_timer_start): open outermost
   * entries start at 0, and the counters they began from are all zero.
   * Ranges belong to no thread and stay open too. */
  for (size_t i = 0; self && i < self->num_frames; i++)
    frame_restart(&self->frames[i]);
  for (size_t i = 0; i < num_ranges; i++)
    frame_restart(&ranges[i].frame);
}
