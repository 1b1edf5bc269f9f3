/*===- runtime/census.c - Counts times weights ---------------------------===*\
|*
|* The census turns counter values into metrics: one unit of slot s of a
|* function adds `amount` to metric m for each weight {s, m, amount} of the
|* function. Totals, functions and threads come from one pass over every
|* (thread, module) counter array; regions come from their accumulated
|* per-slot deltas (regions.c).
|*
|* All sums are unsigned 64-bit and saturate: a product or sum beyond
|* 2^64-1 becomes 2^64-1 and raises the report's overflow flag, so that a
|* reader never mistakes a wrapped value for a real one.
|*
|* Functions: an OpenMP outlined body is folded into the function it was
|* outlined from (registry.c resolves which). Its counts add up; its entries
|* do not count as calls of the parent. For time, per thread, the parent's
|* own time already contains the bodies the thread ran inside it (the
|* master's share), while a worker only has body time: the function's time
|* on a thread is the larger of the two. time_s is the maximum over threads,
|* thread_time_s the sum.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <string.h>

uint64_t roofrt_sat_add(uint64_t a, uint64_t b, bool *overflow) {
  uint64_t sum;
  if (__builtin_add_overflow(a, b, &sum)) {
    *overflow = true;
    return UINT64_MAX;
  }
  return sum;
}

uint64_t roofrt_sat_mul(uint64_t a, uint64_t b, bool *overflow) {
  uint64_t product;
  if (__builtin_mul_overflow(a, b, &product)) {
    *overflow = true;
    return UINT64_MAX;
  }
  return product;
}

void roofrt_census_finish(struct roofrt_census *census, bool *overflow) {
  for (int p = 0; p < ROOF_NUM_PRECISIONS; p++)
    for (int k = 0; k < ROOF_NUM_KINDS; k++) {
      uint64_t flops = 0;
      for (int c = 0; c < ROOF_NUM_FLOP_CLASSES; c++)
        flops = roofrt_sat_add(flops, census->metric[ROOF_FLOP_METRIC(p, c, k)],
                               overflow);
      census->flops[p][k] = flops;
    }
}

void roofrt_census_add_slots(struct roofrt_census *census,
                             const uint64_t *slots, size_t len,
                             bool *overflow) {
  for (size_t mi = 0; mi < roofrt_num_modules; mi++) {
    const struct roofrt_module *m = roofrt_modules[mi];
    /* Modules are appended whole, so `len` never cuts one in two. */
    if (m->slot_base >= len)
      break;
    const RoofModule *d = m->desc;
    for (uint32_t fi = 0; fi < d->num_functions; fi++) {
      const RoofFunction *f = &d->functions[fi];
      const uint64_t *counts = slots + m->slot_base + f->first_slot;
      for (uint32_t w = 0; w < f->num_weights; w++) {
        const RoofWeight *weight = &f->weights[w];
        uint64_t v =
            roofrt_sat_mul(counts[weight->slot], weight->amount, overflow);
        census->metric[weight->metric] =
            roofrt_sat_add(census->metric[weight->metric], v, overflow);
      }
    }
  }
}

/*===------------------------------------------------------------------------===
 * Functions, threads and totals
 *===------------------------------------------------------------------------===*/

/* Report entries are created as threads reveal them; maps[module index]
 * [function index] is the entry of a function reported under its own name
 * (UINT32_MAX: none yet). */
struct function_table {
  struct roofrt_arena *arena;
  uint32_t **maps;
  size_t cap;
};

static bool function_ran(const struct roofrt_thread *t,
                         const struct roofrt_array *a, const RoofFunction *f) {
  for (uint32_t s = 0; s < f->num_slots; s++)
    if (roofrt_is_count_slot(f, s) && roofrt_read(t, a, f->first_slot + s))
      return true;
  return false;
}

static struct roofrt_function_report *
function_entry(struct roofrt_report *r, struct function_table *table,
               const struct roofrt_module *m, uint32_t function) {
  uint32_t **map = &table->maps[m->index];
  if (!*map) {
    *map =
        roofrt_arena_alloc(table->arena, m->desc->num_functions, sizeof **map);
    if (!*map)
      return NULL;
    memset(*map, 0xff, m->desc->num_functions * sizeof **map);
  }
  if ((*map)[function] != UINT32_MAX)
    return &r->functions[(*map)[function]];
  if (r->num_functions == UINT32_MAX)
    return NULL;
  if (r->num_functions == table->cap) {
    struct roofrt_function_report *grown = roofrt_arena_grow(
        table->arena, r->functions, &table->cap, sizeof *grown, 64);
    if (!grown)
      return NULL;
    r->functions = grown;
  }
  struct roofrt_function_report *fr = &r->functions[r->num_functions];
  memset(fr, 0, sizeof *fr);
  fr->module = m;
  fr->function = function;
  (*map)[function] = (uint32_t)r->num_functions++;
  return fr;
}

/* Folds the current thread's time share into the function's times. */
static void function_end_thread(struct roofrt_function_report *fr) {
  double cycles = fr->thread_own_cycles > fr->thread_outlined_cycles
                      ? fr->thread_own_cycles
                      : fr->thread_outlined_cycles;
  if (cycles > fr->time_s)
    fr->time_s = cycles;
  fr->thread_time_s += cycles;
  fr->thread_own_cycles = fr->thread_outlined_cycles = 0;
}

static void add_metric(struct roofrt_census *c, uint32_t metric, uint64_t v,
                       bool *overflow) {
  c->metric[metric] = roofrt_sat_add(c->metric[metric], v, overflow);
}

/* One thread's array of one module into its function entries, the thread's
 * census and the totals. */
static bool census_array(struct roofrt_report *r, struct function_table *table,
                         const struct roofrt_thread *t,
                         const struct roofrt_array *a,
                         struct roofrt_census *thread) {
  const struct roofrt_module *m = a->module;
  const RoofModule *d = m->desc;
  bool *overflow = &r->overflow;
  for (uint32_t fi = 0; fi < d->num_functions; fi++) {
    const RoofFunction *f = &d->functions[fi];
    if (!function_ran(t, a, f))
      continue;
    uint32_t root = m->report_of[fi];
    struct roofrt_function_report *fr = function_entry(r, table, m, root);
    if (!fr)
      return false;
    /* A thread's contributions to an entry are contiguous (one array per
     * module per thread), so a new stamp means the previous thread is done
     * with it. */
    size_t stamp = t->index + 1;
    if (fr->thread_stamp != stamp) {
      if (fr->thread_stamp)
        function_end_thread(fr);
      fr->thread_stamp = stamp;
    }
    if (fi == root)
      fr->calls = roofrt_sat_add(
          fr->calls, roofrt_read(t, a, f->first_slot + f->entry_slot),
          overflow);
    if (f->time_slot != ROOF_NO_SLOT) {
      fr->timed = true;
      double cycles = (double)roofrt_read(t, a, f->first_slot + f->time_slot);
      if (fi == root)
        fr->thread_own_cycles += cycles;
      else
        fr->thread_outlined_cycles += cycles;
    }
    for (uint32_t w = 0; w < f->num_weights; w++) {
      const RoofWeight *weight = &f->weights[w];
      uint64_t v =
          roofrt_sat_mul(roofrt_read(t, a, f->first_slot + weight->slot),
                         weight->amount, overflow);
      add_metric(&fr->census, weight->metric, v, overflow);
      add_metric(thread, weight->metric, v, overflow);
      add_metric(&r->totals, weight->metric, v, overflow);
    }
  }
  return true;
}

/* The entries in definition order (module, then function), which does not
 * depend on the order threads revealed them in. */
static bool sort_by_definition(struct roofrt_report *r,
                               const struct function_table *table) {
  if (!r->num_functions)
    return true;
  struct roofrt_function_report *sorted =
      roofrt_arena_alloc(&r->arena, r->num_functions, sizeof *sorted);
  if (!sorted)
    return false;
  size_t n = 0;
  for (size_t mi = 0; mi < roofrt_num_modules; mi++) {
    const uint32_t *map = table->maps[mi];
    for (uint32_t fi = 0; map && fi < roofrt_modules[mi]->desc->num_functions;
         fi++)
      if (map[fi] != UINT32_MAX)
        sorted[n++] = r->functions[map[fi]];
  }
  r->functions = sorted;
  return true;
}

bool roofrt_census_take(struct roofrt_report *r) {
  struct function_table table = {.arena = &r->arena};
  r->modules =
      roofrt_arena_alloc(&r->arena, roofrt_num_modules, sizeof *r->modules);
  r->threads =
      roofrt_arena_alloc(&r->arena, roofrt_num_threads, sizeof *r->threads);
  table.maps =
      roofrt_arena_alloc(&r->arena, roofrt_num_modules, sizeof *table.maps);
  if (!r->modules || !r->threads || !table.maps)
    return false;

  for (size_t i = 0; i < roofrt_num_modules; i++)
    r->modules[i] = roofrt_modules[i]->desc;
  r->num_modules = roofrt_num_modules;

  for (size_t ti = 0; ti < roofrt_num_threads; ti++) {
    const struct roofrt_thread *t = roofrt_threads[ti];
    struct roofrt_thread_report *tr = &r->threads[ti];
    tr->index = t->index;
    tr->tid = t->tid;
    for (size_t ai = 0; ai < t->num_arrays; ai++)
      if (!census_array(r, &table, t, &t->arrays[ai], &tr->census))
        return false;
    roofrt_census_finish(&tr->census, &r->overflow);
  }
  r->num_threads = roofrt_num_threads;

  for (size_t i = 0; i < r->num_functions; i++) {
    struct roofrt_function_report *fr = &r->functions[i];
    function_end_thread(fr);
    fr->time_s /= r->timer_hz;
    fr->thread_time_s /= r->timer_hz;
    roofrt_census_finish(&fr->census, &r->overflow);
  }
  roofrt_census_finish(&r->totals, &r->overflow);
  return sort_by_definition(r, &table);
}

void roofrt_report_free(struct roofrt_report *r) {
  roofrt_arena_release(&r->arena);
}
