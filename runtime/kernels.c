/*===- runtime/kernels.c - CUDA kernel counts, per kernel and per launch --===*\
|*
|* The CUDA side of the runtime (cuda_launch.c, in libroofrt-cuda) reads a
|* kernel's device counters back after a launch, or once at exit, and hands
|* them here as metric values (abi.h): device code has no slots of its own on
|* the host. This file keeps them, in order of first launch, until the JSON
|* is written (docs/schema.md, "kernel object"). It needs no CUDA headers, so
|* that libroofrt stays free of any CUDA dependency.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_RECORDS 10000

struct launch_record {
  struct roofrt_launch_info info;
  uint64_t metric[ROOF_NUM_METRICS];
};

struct roofrt_kernel {
  const char *name, *demangled, *module;
  uint64_t launches, counted;
  uint64_t modelled; /* counted launches whose traffic was modelled */
  bool timed;        /* every counted launch was timed */
  double time_s;
  uint64_t metric[ROOF_NUM_METRICS];
  struct launch_record *records;
  size_t num_records, cap_records;
};

/* All guarded by roofrt_lock. */
static struct roofrt_kernel **kernels;
static size_t num_kernels, cap_kernels;
static uint64_t next_sequence;
static size_t total_records;
static bool records_dropped;
static char gpu_name[256];
static char gpu_capability[16];
static struct roofrt_gpu_model gpu_model;
static bool overflow;

uint64_t roofrt_env_count(const char *name, uint64_t default_value) {
  const char *text = getenv(name);
  if (!text || !*text)
    return default_value;
  char *end;
  unsigned long long value = strtoull(text, &end, 10);
  if (*end || text[0] == '-') {
    roofrt_warn("%s=%s is not a count; using %llu", name, text,
                (unsigned long long)default_value);
    return default_value;
  }
  return value;
}

struct roofrt_kernel *roofrt_kernel_find(const char *name,
                                         const char *demangled,
                                         const char *module) {
  roofrt_init();
  pthread_mutex_lock(&roofrt_lock);
  struct roofrt_kernel *found = NULL;
  for (size_t i = 0; i < num_kernels && !found; i++)
    if (strcmp(kernels[i]->name, name) == 0)
      found = kernels[i];
  if (!found && num_kernels == cap_kernels) {
    struct roofrt_kernel **grown =
        roofrt_grow(kernels, &cap_kernels, sizeof *grown, 8);
    if (grown)
      kernels = grown;
  }
  if (!found && num_kernels < cap_kernels) {
    found = calloc(1, sizeof *found);
    if (found) {
      found->name = name;
      found->demangled = demangled;
      found->module = module;
      found->timed = true;
      kernels[num_kernels++] = found;
    }
  }
  pthread_mutex_unlock(&roofrt_lock);
  if (!found)
    roofrt_warn("out of memory for kernel %s; its launches are not counted",
                name);
  return found;
}

uint64_t roofrt_kernel_launched(struct roofrt_kernel *k) {
  pthread_mutex_lock(&roofrt_lock);
  uint64_t sequence = next_sequence++;
  if (k)
    k->launches++;
  pthread_mutex_unlock(&roofrt_lock);
  return sequence;
}

/* Room for one more launch record of `k`; NULL when out of memory. */
static struct launch_record *new_record(struct roofrt_kernel *k) {
  if (k->num_records == k->cap_records) {
    struct launch_record *grown =
        roofrt_grow(k->records, &k->cap_records, sizeof *grown, 8);
    if (!grown)
      return NULL;
    k->records = grown;
  }
  return &k->records[k->num_records++];
}

void roofrt_kernel_count(struct roofrt_kernel *k,
                         const struct roofrt_launch_info *launch,
                         const uint64_t metric[ROOF_NUM_METRICS]) {
  static size_t record_limit = (size_t)-1;
  pthread_mutex_lock(&roofrt_lock);
  if (record_limit == (size_t)-1)
    record_limit =
        (size_t)roofrt_env_count("ROOF_CUDA_MAX_RECORDS", DEFAULT_MAX_RECORDS);
  k->counted += launch ? 1 : k->launches - k->counted;
  for (int m = 0; m < ROOF_NUM_METRICS; m++)
    k->metric[m] = roofrt_sat_add(k->metric[m], metric[m], &overflow);
  if (!launch) {
    k->timed = false;
  } else {
    k->time_s += launch->time_s;
    k->modelled += launch->modelled;
    struct launch_record *r;
    if (total_records >= record_limit) {
      records_dropped = true;
    } else if ((r = new_record(k))) {
      r->info = *launch;
      memcpy(r->metric, metric, sizeof r->metric);
      total_records++;
    }
  }
  pthread_mutex_unlock(&roofrt_lock);
}

void roofrt_gpu_describe(const char *name, int major, int minor) {
  pthread_mutex_lock(&roofrt_lock);
  if (!gpu_name[0]) {
    struct roofrt_text t;
    roofrt_text_init(&t, gpu_name, sizeof gpu_name);
    roofrt_text_puts(&t, name);
    roofrt_text_init(&t, gpu_capability, sizeof gpu_capability);
    roofrt_text_printf(&t, "%d.%d", major, minor);
  }
  pthread_mutex_unlock(&roofrt_lock);
}

void roofrt_gpu_traffic_describe(const struct roofrt_gpu_model *model) {
  pthread_mutex_lock(&roofrt_lock);
  if (!gpu_model.one_in) {
    gpu_model = *model;
    gpu_model.sampled = gpu_model.dropped = 0;
  }
  pthread_mutex_unlock(&roofrt_lock);
}

void roofrt_gpu_traffic_sampled(uint64_t sampled, uint64_t dropped) {
  pthread_mutex_lock(&roofrt_lock);
  gpu_model.sampled = roofrt_sat_add(gpu_model.sampled, sampled, &overflow);
  gpu_model.dropped = roofrt_sat_add(gpu_model.dropped, dropped, &overflow);
  pthread_mutex_unlock(&roofrt_lock);
}

static void census_of(struct roofrt_census *census, const uint64_t *metric,
                      bool *report_overflow) {
  memcpy(census->metric, metric, sizeof census->metric);
  roofrt_census_finish(census, report_overflow);
}

bool roofrt_kernels_report(struct roofrt_report *r) {
  if (records_dropped)
    roofrt_warn("more than ROOF_CUDA_MAX_RECORDS launches; later launches are "
                "in the kernel totals only");
  r->overflow |= overflow;
  if (gpu_name[0]) {
    r->gpu_name = gpu_name;
    r->gpu_capability = gpu_capability;
  }
  r->gpu_traffic = gpu_model;
  if (!num_kernels)
    return true;
  r->kernels = roofrt_arena_alloc(&r->arena, num_kernels, sizeof *r->kernels);
  if (!r->kernels)
    return false;
  for (size_t i = 0; i < num_kernels; i++) {
    const struct roofrt_kernel *k = kernels[i];
    struct roofrt_kernel_report *kr = &r->kernels[r->num_kernels++];
    kr->name = k->name;
    kr->demangled = k->demangled;
    kr->module = k->module;
    kr->launches = k->launches;
    kr->counted_launches = k->counted;
    kr->timed = k->timed && k->counted;
    kr->modelled = k->counted && k->modelled == k->counted;
    kr->time_s = k->time_s;
    census_of(&kr->census, k->metric, &r->overflow);
    if (!k->num_records)
      continue;
    kr->launch_records = roofrt_arena_alloc(&r->arena, k->num_records,
                                            sizeof *kr->launch_records);
    if (!kr->launch_records)
      return false;
    for (size_t l = 0; l < k->num_records; l++) {
      kr->launch_records[l].info = k->records[l].info;
      census_of(&kr->launch_records[l].census, k->records[l].metric,
                &r->overflow);
    }
    kr->num_launch_records = k->num_records;
  }
  return true;
}

void roofrt_kernels_fork_child(void) {
  for (size_t i = 0; i < num_kernels; i++) {
    struct roofrt_kernel *k = kernels[i];
    k->launches = k->counted = k->modelled = 0;
    k->timed = true;
    k->time_s = 0;
    memset(k->metric, 0, sizeof k->metric);
    k->num_records = 0;
  }
  next_sequence = 0;
  total_records = 0;
  records_dropped = false;
  gpu_model.sampled = gpu_model.dropped = 0;
  overflow = false;
}
