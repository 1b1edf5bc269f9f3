/*===- runtime/report.c - The JSON document of docs/schema.md ------------===*\
|*
|* Walks a finished census and writes it in the order and with the keys of
|* docs/schema.md (ROOF_CENSUS_SCHEMA_VERSION). Nothing is computed here
|* beyond unit conversions: every number, overflow flag included, is final
|* before the first byte is written.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <string.h>

static const char *const precision_names[ROOF_NUM_PRECISIONS] = {
    ROOF_PRECISION_NAMES};
static const char *const class_names[ROOF_NUM_CLASSES] = {ROOF_CLASS_NAMES};
_Static_assert(sizeof precision_names / sizeof *precision_names ==
                       ROOF_NUM_PRECISIONS &&
                   sizeof class_names / sizeof *class_names == ROOF_NUM_CLASSES,
               "abi.h names every precision and class");

static const char *const kind_names[ROOF_NUM_KINDS] = {
    [ROOF_CANONICAL] = "canonical",
    [ROOF_EMPIRICAL] = "empirical",
    [ROOF_FULL_WIDTH] = "full_width",
};

static const char *or_empty(const char *s) { return s ? s : ""; }

/* "L1" for cache level 0, ..., and "DRAM" below the last of `caches`. */
static void level_name(char name[8], unsigned level, unsigned caches) {
  if (level >= caches) {
    memcpy(name, "DRAM", 5);
    return;
  }
  name[0] = 'L';
  name[1] = (char)('1' + level);
  name[2] = '\0';
}

/* "NAME": {"loaded": LOADED, "stored": STORED}, into the object being
 * written. */
static void loaded_stored(struct roofrt_json *j, const char *name,
                          uint64_t loaded, uint64_t stored) {
  roofrt_json_key(j, name);
  roofrt_json_object(j, true);
  roofrt_json_key(j, "loaded");
  roofrt_json_uint(j, loaded);
  roofrt_json_key(j, "stored");
  roofrt_json_uint(j, stored);
  roofrt_json_close(j);
}

/* The census keys, into the object being written; with the modelled
 * traffic below the first of `caches` levels (0: none). */
static void census_keys(struct roofrt_json *j, const struct roofrt_census *c,
                        unsigned caches) {
  for (int p = 0; p < ROOF_NUM_PRECISIONS; p++) {
    roofrt_json_key(j, precision_names[p]);
    roofrt_json_object(j, false);
    for (int k = 0; k < ROOF_NUM_KINDS; k++) {
      roofrt_json_key(j, kind_names[k]);
      roofrt_json_uint(j, c->flops[p][k]);
    }
    roofrt_json_key(j, "classes");
    roofrt_json_object(j, false);
    for (int cls = 0; cls < ROOF_NUM_CLASSES; cls++) {
      roofrt_json_key(j, class_names[cls]);
      roofrt_json_object(j, true);
      for (int k = 0; k < ROOF_NUM_KINDS; k++) {
        roofrt_json_key(j, kind_names[k]);
        roofrt_json_uint(j, c->metric[ROOF_FLOP_METRIC(p, cls, k)]);
      }
      roofrt_json_close(j);
    }
    roofrt_json_close(j);
    roofrt_json_close(j);
  }
  roofrt_json_key(j, "bytes_loaded");
  roofrt_json_uint(j, c->metric[ROOF_METRIC_BYTES_LOADED]);
  roofrt_json_key(j, "bytes_stored");
  roofrt_json_uint(j, c->metric[ROOF_METRIC_BYTES_STORED]);
  if (!caches)
    return;
  roofrt_json_key(j, "traffic");
  roofrt_json_object(j, false);
  for (unsigned level = 0; level < caches; level++) {
    char below[8];
    level_name(below, level + 1, caches);
    loaded_stored(j, below, c->metric[ROOF_METRIC_TRAFFIC(level, 0)],
                  c->metric[ROOF_METRIC_TRAFFIC(level, 1)]);
  }
  roofrt_json_close(j);
}

/* The host code's cache levels whose traffic census objects have. */
static unsigned host_caches(void) {
  return roofrt_traffic.enabled ? roofrt_traffic.num_levels : 0;
}

/* A cache level of a model: {"name", "bytes", "from"}, open. */
static void open_level(struct roofrt_json *j, unsigned level, unsigned caches,
                       uint64_t bytes, const char *from) {
  char name[8];
  level_name(name, level, caches);
  roofrt_json_object(j, true);
  roofrt_json_key(j, "name");
  roofrt_json_string(j, name);
  roofrt_json_key(j, "bytes");
  roofrt_json_uint(j, bytes);
  roofrt_json_key(j, "from");
  roofrt_json_string(j, from);
}

/* The keys that a traffic model's object (docs/schema.md, "Traffic") starts
 * with, up to its levels. */
static void open_model(struct roofrt_json *j, uint64_t line_bytes,
                       double rate) {
  roofrt_json_object(j, false);
  roofrt_json_key(j, "model");
  roofrt_json_string(j, "sampled-lru");
  roofrt_json_key(j, "line_bytes");
  roofrt_json_uint(j, line_bytes);
  roofrt_json_key(j, "sampling_rate");
  roofrt_json_double(j, rate);
  roofrt_json_key(j, "levels");
  roofrt_json_array(j, false);
}

/* Closes the levels of a model opened with open_model, then its memory, its
 * sampled accesses and `part_key`, the part of them that `part` counts. */
static void close_model(struct roofrt_json *j, uint64_t sampled,
                        const char *part_key, uint64_t part) {
  roofrt_json_close(j);
  roofrt_json_key(j, "memory");
  roofrt_json_string(j, "DRAM");
  roofrt_json_key(j, "sampled_accesses");
  roofrt_json_uint(j, sampled);
  roofrt_json_key(j, part_key);
  roofrt_json_uint(j, part);
  roofrt_json_close(j);
}

/* The top-level "traffic" (docs/schema.md, "Traffic"). */
static void traffic_object(struct roofrt_json *j,
                           const struct roofrt_report *r) {
  if (!roofrt_traffic.enabled) {
    roofrt_json_null(j);
    return;
  }
  open_model(j, UINT64_C(1) << ROOF_TRAFFIC_LINE_SHIFT, roofrt_traffic_rate());
  for (unsigned level = 0; level < roofrt_traffic.num_levels; level++) {
    open_level(j, level, roofrt_traffic.num_levels,
               roofrt_traffic.level_bytes[level], roofrt_traffic.from);
    if (!level && roofrt_traffic.l1_sampled) {
      roofrt_json_key(j, "ways");
      roofrt_json_uint(j, roofrt_traffic.l1_ways);
      roofrt_json_key(j, "sets");
      roofrt_json_uint(j, roofrt_traffic.l1_sets);
      roofrt_json_key(j, "sampled_sets");
      roofrt_json_uint(j, roofrt_traffic.l1_sampled);
    }
    roofrt_json_close(j);
  }
  close_model(j, r->traffic_accesses, "replayed_accesses", r->traffic_replayed);
}

/* The GPU's caches that kernels' census objects have traffic below. */
#define GPU_CACHES 2

/* The "traffic" of the GPU object (docs/schema.md, "The GPU's traffic"). */
static void gpu_traffic_object(struct roofrt_json *j,
                               const struct roofrt_gpu_model *m) {
  if (!m->one_in) {
    roofrt_json_null(j);
    return;
  }
  open_model(j, UINT64_C(1) << ROOF_CUDA_SECTOR_SHIFT, 1.0 / (double)m->one_in);
  const uint64_t bytes[GPU_CACHES] = {m->l1_bytes, m->l2_bytes};
  for (unsigned level = 0; level < GPU_CACHES; level++) {
    open_level(j, level, GPU_CACHES, bytes[level], "CUDA");
    roofrt_json_close(j);
  }
  close_model(j, m->sampled, "dropped_accesses", m->dropped);
}

static void target_keys(struct roofrt_json *j, const RoofModule *m) {
  roofrt_json_key(j, "triple");
  roofrt_json_string(j, or_empty(m ? m->triple : NULL));
  roofrt_json_key(j, "cpu");
  roofrt_json_string(j, or_empty(m ? m->cpu : NULL));
  roofrt_json_key(j, "features");
  roofrt_json_string(j, or_empty(m ? m->features : NULL));
}

static void function_object(struct roofrt_json *j,
                            const struct roofrt_function_report *fr) {
  const RoofModule *d = fr->module->desc;
  const RoofFunction *f = &d->functions[fr->function];
  roofrt_json_object(j, false);
  roofrt_json_key(j, "name");
  roofrt_json_string(j, f->name);
  roofrt_json_key(j, "demangled");
  roofrt_json_string(j, f->demangled ? f->demangled : f->name);
  roofrt_json_key(j, "module");
  roofrt_json_string(j, or_empty(d->source));
  roofrt_json_key(j, "line");
  roofrt_json_uint(j, f->line);
  roofrt_json_key(j, "calls");
  roofrt_json_uint(j, fr->calls);
  roofrt_json_key(j, "time_s");
  if (fr->timed)
    roofrt_json_double(j, fr->time_s);
  else
    roofrt_json_null(j);
  roofrt_json_key(j, "thread_time_s");
  if (fr->timed)
    roofrt_json_double(j, fr->thread_time_s);
  else
    roofrt_json_null(j);
  census_keys(j, &fr->census, host_caches());
  roofrt_json_close(j);
}

static const char *const space_names[ROOF_NUM_SPACES] = {ROOF_SPACE_NAMES};

/* The census keys of device code, with its modelled traffic when
 * `modelled`, and its bytes per address space. */
static void device_census_keys(struct roofrt_json *j,
                               const struct roofrt_census *c, bool modelled) {
  census_keys(j, c, modelled ? GPU_CACHES : 0);
  roofrt_json_key(j, "bytes_by_space");
  roofrt_json_object(j, false);
  for (int space = 0; space < ROOF_NUM_SPACES; space++)
    loaded_stored(j, space_names[space],
                  c->metric[ROOF_METRIC_SPACE_BYTES(space, 0)],
                  c->metric[ROOF_METRIC_SPACE_BYTES(space, 1)]);
  roofrt_json_close(j);
}

static void dim3_array(struct roofrt_json *j, const unsigned d[3]) {
  roofrt_json_array(j, true);
  for (int i = 0; i < 3; i++)
    roofrt_json_uint(j, d[i]);
  roofrt_json_close(j);
}

static void kernel_object(struct roofrt_json *j,
                          const struct roofrt_kernel_report *k) {
  roofrt_json_object(j, false);
  roofrt_json_key(j, "name");
  roofrt_json_string(j, k->name);
  roofrt_json_key(j, "demangled");
  roofrt_json_string(j, k->demangled ? k->demangled : k->name);
  roofrt_json_key(j, "module");
  roofrt_json_string(j, or_empty(k->module));
  roofrt_json_key(j, "launches");
  roofrt_json_uint(j, k->launches);
  roofrt_json_key(j, "counted_launches");
  roofrt_json_uint(j, k->counted_launches);
  roofrt_json_key(j, "time_s");
  if (k->timed)
    roofrt_json_double(j, k->time_s);
  else
    roofrt_json_null(j);
  device_census_keys(j, &k->census, k->modelled);
  roofrt_json_key(j, "launch_records");
  roofrt_json_array(j, false);
  for (size_t l = 0; l < k->num_launch_records; l++) {
    const struct roofrt_launch_report *lr = &k->launch_records[l];
    roofrt_json_object(j, false);
    roofrt_json_key(j, "sequence");
    roofrt_json_uint(j, lr->info.sequence);
    roofrt_json_key(j, "grid");
    dim3_array(j, lr->info.grid);
    roofrt_json_key(j, "block");
    dim3_array(j, lr->info.block);
    roofrt_json_key(j, "shared_memory_bytes");
    roofrt_json_uint(j, lr->info.shared_memory_bytes);
    roofrt_json_key(j, "stream");
    roofrt_json_uint(j, lr->info.stream);
    roofrt_json_key(j, "time_s");
    roofrt_json_double(j, lr->info.time_s);
    device_census_keys(j, &lr->census, lr->info.modelled);
    roofrt_json_close(j);
  }
  roofrt_json_close(j);
  roofrt_json_close(j);
}

int roofrt_report_write(int fd, const struct roofrt_report *r,
                        const struct roofrt_process *process) {
  struct roofrt_json json, *j = &json;
  roofrt_json_init(j, fd);
  roofrt_json_object(j, false);

  roofrt_json_key(j, "schema");
  roofrt_json_string(j, "roof");
  roofrt_json_key(j, "schema_version");
  roofrt_json_uint(j, ROOF_CENSUS_SCHEMA_VERSION);
  roofrt_json_key(j, "program");
  roofrt_json_string(j, or_empty(process->program));
  roofrt_json_key(j, "command_line");
  roofrt_json_array(j, true);
  if (process->cmdline)
    for (const char *arg = process->cmdline;
         arg < process->cmdline + process->cmdline_len; arg += strlen(arg) + 1)
      roofrt_json_string(j, arg);
  roofrt_json_close(j);
  roofrt_json_key(j, "pid");
  roofrt_json_int(j, process->pid);
  roofrt_json_key(j, "mpi_rank");
  if (process->has_rank)
    roofrt_json_int(j, process->rank);
  else
    roofrt_json_null(j);

  char start[32];
  roofrt_format_utc(start, roofrt_start_realtime_s(), false);
  roofrt_json_key(j, "start_time");
  roofrt_json_string(j, start);
  roofrt_json_key(j, "wall_time_s");
  roofrt_json_double(j, r->wall_time_s);
  roofrt_json_key(j, "ended_by");
  if (r->ended_by)
    roofrt_json_string(j, r->ended_by);
  else
    roofrt_json_null(j);
  roofrt_json_key(j, "timer_hz");
  roofrt_json_double(j, r->timer_hz);

  roofrt_json_key(j, "target");
  roofrt_json_object(j, true);
  target_keys(j, r->num_modules ? r->modules[0] : NULL);
  roofrt_json_close(j);

  roofrt_json_key(j, "modules");
  roofrt_json_array(j, false);
  for (size_t i = 0; i < r->num_modules; i++) {
    roofrt_json_object(j, true);
    roofrt_json_key(j, "source");
    roofrt_json_string(j, or_empty(r->modules[i]->source));
    target_keys(j, r->modules[i]);
    roofrt_json_key(j, "functions");
    roofrt_json_uint(j, r->modules[i]->num_functions);
    roofrt_json_close(j);
  }
  roofrt_json_close(j);

  roofrt_json_key(j, "overflow");
  roofrt_json_bool(j, r->overflow);
  roofrt_json_key(j, "totals");
  roofrt_json_object(j, false);
  census_keys(j, &r->totals, host_caches());
  roofrt_json_close(j);

  roofrt_json_key(j, "functions");
  roofrt_json_array(j, false);
  for (size_t i = 0; i < r->num_functions; i++)
    function_object(j, &r->functions[i]);
  roofrt_json_close(j);

  roofrt_json_key(j, "regions");
  roofrt_json_array(j, false);
  for (size_t i = 0; i < r->num_regions; i++) {
    const struct roofrt_region_report *rr = &r->regions[i];
    roofrt_json_object(j, false);
    roofrt_json_key(j, "name");
    roofrt_json_string(j, rr->name);
    roofrt_json_key(j, "entries");
    roofrt_json_uint(j, rr->entries);
    roofrt_json_key(j, "time_s");
    roofrt_json_double(j, rr->time_s);
    census_keys(j, &rr->census, host_caches());
    roofrt_json_close(j);
  }
  roofrt_json_close(j);

  roofrt_json_key(j, "threads");
  roofrt_json_array(j, false);
  for (size_t i = 0; i < r->num_threads; i++) {
    const struct roofrt_thread_report *tr = &r->threads[i];
    roofrt_json_object(j, false);
    roofrt_json_key(j, "index");
    roofrt_json_uint(j, tr->index);
    roofrt_json_key(j, "tid");
    roofrt_json_int(j, tr->tid);
    census_keys(j, &tr->census, host_caches());
    roofrt_json_close(j);
  }
  roofrt_json_close(j);

  roofrt_json_key(j, "gpu");
  if (r->gpu_name) {
    roofrt_json_object(j, true);
    roofrt_json_key(j, "name");
    roofrt_json_string(j, r->gpu_name);
    roofrt_json_key(j, "compute_capability");
    roofrt_json_string(j, r->gpu_capability);
    roofrt_json_key(j, "traffic");
    gpu_traffic_object(j, &r->gpu_traffic);
    roofrt_json_close(j);
  } else {
    roofrt_json_null(j);
  }
  roofrt_json_key(j, "kernels");
  roofrt_json_array(j, false);
  for (size_t i = 0; i < r->num_kernels; i++)
    kernel_object(j, &r->kernels[i]);
  roofrt_json_close(j);
  roofrt_json_key(j, "traffic");
  traffic_object(j, r);

  roofrt_json_close(j);
  if (roofrt_json_flush(j))
    return j->error;
  return j->failed || j->depth != 0 ? -1 : 0;
}
