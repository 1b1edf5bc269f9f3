/*===- runtime/traffic.c - The bytes below L1, from a sampled cache model -===*\
|*
|* Traffic mode (docs/counting.md, "Traffic"): code built with roof cc
|* --traffic passes the address of every load and store whose cache line is
|* sampled (include/roof/abi.h). Per thread, the model keeps the sampled
|* lines in LRU order and simulates an inclusive hierarchy of fully
|* associative LRU caches with write-allocate and write-back on them:
|*
|*   - an access to a line at stack depth d (the number of distinct sampled
|*     lines used since its last access) misses in every cache that holds
|*     fewer than d sampled lines, and the whole line is fetched into it;
|*   - a line that an access pushes to the depth a cache holds leaves that
|*     cache; if it is dirty there, it is written back to the level below,
|*     where it is now dirty;
|*   - a store makes the line dirty in L1.
|*
|* A sample of one line in 2^k (the lines whose hash is below a threshold,
|* SHARDS: Waldspurger et al., FAST'15) stands for all of them: a cache of C
|* lines holds C / 2^k sampled lines, and every fetched or written-back line
|* counts 2^k lines. The model tracks at most ROOF_TRAFFIC_LINES sampled
|* lines per thread; one more halves the sampling rate for every thread
|* (each drops its lines above the new threshold when it next runs).
|*
|* Depths come from a Fenwick tree over access times (one bit per tracked
|* line, at the time of its last access): the depth of a line is the number
|* of bits after its time, and the line at depth D is the (n - D)-th bit.
|* Times are renumbered when they run out, and the time axis is kept at two
|* to eight times the lines tracked. Memory comes from mmap, a fixed amount
|* per thread, touched as the working set grows; only a thread's first and
|* last access to the model take the runtime's lock.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define LINE_BYTES (UINT64_C(1) << ROOF_TRAFFIC_LINE_SHIFT)
#define FULL_THRESHOLD (UINT64_C(1) << (64 - ROOF_TRAFFIC_HASH_SHIFT))
/* The time axis starts this short and grows to four times the lines
 * tracked, so that a small working set keeps a small tree. */
#define MIN_TIMES 1024u

/* Read by instrumented code; lowered (never raised) by the runtime. */
ROOFRT_EXPORT uint64_t __roof_traffic_threshold = FULL_THRESHOLD >> 5;

struct roofrt_traffic_config roofrt_traffic;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static uint32_t max_lines = 1u << 15;
/* Accesses simulated by the threads that have exited, and the models of
 * the others (guarded by roofrt_lock). */
static uint64_t exited_accesses;
static struct model *models;

static uint64_t hash_of(uint64_t line) {
  return (line * ROOF_TRAFFIC_HASH) >> ROOF_TRAFFIC_HASH_SHIFT;
}

/*===------------------------------------------------------------------------===
 * The hierarchy
 *===------------------------------------------------------------------------===*/

/* "48K", "1M", "32768", "2G": bytes, or 0 when malformed. */
static uint64_t parse_size(const char *s, const char **end) {
  uint64_t value = 0;
  const char *p = s;
  while (*p >= '0' && *p <= '9' && value < (UINT64_C(1) << 50))
    value = value * 10 + (uint64_t)(*p++ - '0');
  if (p == s)
    return 0;
  switch (*p) {
  case 'K': case 'k': value <<= 10; p++; break;
  case 'M': case 'm': value <<= 20; p++; break;
  case 'G': case 'g': value <<= 30; p++; break;
  default: break;
  }
  *end = p;
  return value;
}

/* ROOF_CACHES="48K,1M,32M": the capacities from L1 down. */
static bool caches_from_environment(void) {
  const char *spec = getenv("ROOF_CACHES");
  if (!spec || !*spec)
    return false;
  struct roofrt_traffic_config c = {0};
  const char *p = spec;
  while (*p) {
    const char *end = p;
    uint64_t bytes = parse_size(p, &end);
    if (!bytes || c.num_levels == ROOF_MAX_CACHE_LEVELS ||
        (*end && *end != ',') ||
        (c.num_levels && bytes <= c.level_bytes[c.num_levels - 1])) {
      roofrt_warn("ROOF_CACHES=\"%s\" is not a list of at most %d growing "
                  "sizes such as 48K,1M,32M; the caches are taken from the "
                  "machine",
                  spec, ROOF_MAX_CACHE_LEVELS);
      return false;
    }
    c.level_bytes[c.num_levels++] = bytes;
    p = *end ? end + 1 : end;
  }
  c.from = "ROOF_CACHES";
  roofrt_traffic = c;
  return true;
}

/* The first line of file `name` of CPU 0's cache `index` in sysfs, or ""
 * when it cannot be read. */
static void read_sysfs(int index, const char *name, char *buf, size_t size) {
  char path[96];
  struct roofrt_text text;
  roofrt_text_init(&text, path, sizeof path);
  roofrt_text_printf(&text, "/sys/devices/system/cpu/cpu0/cache/index%d/%s",
                     index, name);
  buf[0] = '\0';
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  ssize_t n = read(fd, buf, size - 1);
  close(fd);
  buf[n > 0 ? n : 0] = '\0';
  buf[strcspn(buf, "\n")] = '\0';
}

/* The data and unified caches of CPU 0, one per level. */
static bool caches_from_sysfs(void) {
  struct roofrt_traffic_config c = {0};
  for (int index = 0; index < 16; index++) {
    char level[16], type[32], size[32];
    read_sysfs(index, "level", level, sizeof level);
    if (!level[0])
      break;
    read_sysfs(index, "type", type, sizeof type);
    read_sysfs(index, "size", size, sizeof size);
    const char *end = size;
    uint64_t bytes = parse_size(size, &end);
    int l = atoi(level);
    if (strcmp(type, "Instruction") == 0 || !bytes || l < 1 ||
        l > ROOF_MAX_CACHE_LEVELS)
      continue;
    c.level_bytes[l - 1] = bytes;
    if ((unsigned)l > c.num_levels)
      c.num_levels = (unsigned)l;
  }
  for (unsigned l = 0; l < c.num_levels; l++)
    if (!c.level_bytes[l] || (l && c.level_bytes[l] <= c.level_bytes[l - 1]))
      return false;
  if (!c.num_levels)
    return false;
  c.from = "sysfs";
  roofrt_traffic = c;
  return true;
}

/* The data caches the C library reads from cpuid (sysconf, glibc). */
static bool caches_from_cpuid(void) {
  static const int names[ROOF_MAX_CACHE_LEVELS] = {
      _SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE,
      _SC_LEVEL4_CACHE_SIZE};
  struct roofrt_traffic_config c = {0};
  for (unsigned l = 0; l < ROOF_MAX_CACHE_LEVELS; l++) {
    long bytes = sysconf(names[l]);
    if (bytes <= 0 ||
        (l && (uint64_t)bytes <= c.level_bytes[c.num_levels - 1]))
      break;
    c.level_bytes[c.num_levels++] = (uint64_t)bytes;
  }
  if (!c.num_levels)
    return false;
  c.from = "cpuid";
  roofrt_traffic = c;
  return true;
}

/* ROOF_TRAFFIC_RATE=N: at most one line in N sampled at the start (a power
 * of 2; default 32). ROOF_TRAFFIC_LINES=N: lines tracked per thread. */
static void configure(void) {
  if (!caches_from_environment() && !caches_from_sysfs() &&
      !caches_from_cpuid()) {
    struct roofrt_traffic_config c = {
        .num_levels = 3,
        .level_bytes = {32 << 10, 1 << 20, 32 << 20},
        .from = "default"};
    roofrt_traffic = c;
  }
  const char *rate = getenv("ROOF_TRAFFIC_RATE");
  if (rate && *rate) {
    char *end;
    unsigned long n = strtoul(rate, &end, 10);
    if (*end || !n || (n & (n - 1)) || n > FULL_THRESHOLD)
      roofrt_warn("ROOF_TRAFFIC_RATE=\"%s\" is not a power of 2 up to %llu; "
                  "using 32",
                  rate, (unsigned long long)FULL_THRESHOLD);
    else
      __atomic_store_n(&__roof_traffic_threshold, FULL_THRESHOLD / n,
                       __ATOMIC_RELAXED);
  }
  const char *lines = getenv("ROOF_TRAFFIC_LINES");
  if (lines && *lines) {
    char *end;
    unsigned long n = strtoul(lines, &end, 10);
    if (*end || n < 64 || n > (1ul << 26))
      roofrt_warn("ROOF_TRAFFIC_LINES=\"%s\" is not a number from 64 to %lu; "
                  "using %u",
                  lines, 1ul << 26, max_lines);
    else
      max_lines = (uint32_t)n;
  }
  roofrt_traffic.enabled = true;
}

void roofrt_traffic_enable(void) { pthread_once(&config_once, configure); }

/*===------------------------------------------------------------------------===
 * One thread's model
 *===------------------------------------------------------------------------===*/

struct line_state {
  uint64_t line;
  uint64_t *writer; /* the traffic slots of the scope that last wrote it */
  uint32_t time;    /* of its last access */
  uint8_t dirty;    /* bit l: dirty in cache level l */
};

struct model {
  struct model *next, *prev; /* in `models` */
  size_t mapped;
  uint64_t threshold; /* this model's: at most the global one */
  unsigned shift;     /* log2 of the lines a sampled line stands for */
  uint32_t held[ROOF_MAX_CACHE_LEVELS]; /* sampled lines each cache holds */
  uint32_t cap;       /* lines tracked at most */
  uint32_t live;      /* lines tracked */
  uint32_t times;     /* size of the time axis in use (a power of 2) */
  uint32_t max_times; /* its allocated size */
  uint32_t now;       /* next time */
  uint32_t last;      /* index of the line accessed last, or cap */
  uint64_t accesses;  /* simulated */
  struct line_state *lines;
  uint32_t *free_lines; /* indices of unused entries, a stack */
  uint32_t num_free;
  uint32_t *table;    /* open addressing by line: index + 1, 0 empty */
  uint32_t table_mask;
  uint32_t *at_time;  /* entry index of each time */
  uint32_t *tree;     /* Fenwick tree over times, 1-based */
};

static _Thread_local struct model *current_model;

static void tree_add(struct model *m, uint32_t time, int32_t delta) {
  for (uint32_t i = time + 1; i <= m->times; i += i & -i)
    m->tree[i] += (uint32_t)delta;
}

/* Bits at times [0, time). */
static uint32_t tree_prefix(const struct model *m, uint32_t time) {
  uint32_t sum = 0;
  for (uint32_t i = time; i; i -= i & -i)
    sum += m->tree[i];
  return sum;
}

/* The time of the `rank`-th bit (from 1), which exists. */
static uint32_t tree_select(const struct model *m, uint32_t rank) {
  uint32_t at = 0;
  for (uint32_t step = m->times; step; step >>= 1)
    if (at + step <= m->times && m->tree[at + step] < rank) {
      at += step;
      rank -= m->tree[at];
    }
  return at; /* 1-based position at + 1, time at */
}

static uint32_t *slot_of(struct model *m, uint64_t line) {
  uint32_t i = (uint32_t)(line * ROOF_TRAFFIC_HASH >> 32) & m->table_mask;
  while (m->table[i] && m->lines[m->table[i] - 1].line != line)
    i = (i + 1) & m->table_mask;
  return &m->table[i];
}

/* Samples the lines whose hash is below `threshold`: each stands for
 * 2^shift lines, and a cache holds its capacity / 2^shift of them. */
static void set_threshold(struct model *m, uint64_t threshold) {
  m->threshold = threshold;
  while ((FULL_THRESHOLD >> m->shift) > threshold)
    m->shift++;
  for (unsigned l = 0; l < roofrt_traffic.num_levels; l++) {
    uint64_t lines = roofrt_traffic.level_bytes[l] / LINE_BYTES;
    uint64_t held = (lines + (UINT64_C(1) << m->shift) - 1) >> m->shift;
    m->held[l] = held > UINT32_MAX ? UINT32_MAX : (uint32_t)held;
  }
}

static void *map(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

static struct model *model_create(void) {
  uint32_t cap = max_lines;
  uint32_t table = 1;
  while (table < 2 * cap)
    table <<= 1;
  uint32_t times = table * 2;
  size_t bytes = sizeof(struct model) + cap * sizeof(struct line_state) +
                 cap * sizeof(uint32_t) + table * sizeof(uint32_t) +
                 times * sizeof(uint32_t) + (times + 1) * sizeof(uint32_t);
  char *p = map(bytes);
  if (!p) {
    roofrt_warn("out of memory for the traffic model; this thread's traffic "
                "is not counted");
    return NULL;
  }
  struct model *m = (struct model *)p;
  m->mapped = bytes;
  p += sizeof *m;
  m->lines = (struct line_state *)p;
  p += cap * sizeof(struct line_state);
  m->free_lines = (uint32_t *)p;
  p += cap * sizeof(uint32_t);
  m->table = (uint32_t *)p;
  p += table * sizeof(uint32_t);
  m->at_time = (uint32_t *)p;
  p += times * sizeof(uint32_t);
  m->tree = (uint32_t *)p;
  m->cap = cap;
  m->table_mask = table - 1;
  m->max_times = times;
  m->times = times < MIN_TIMES ? times : MIN_TIMES;
  m->last = cap;
  for (uint32_t i = 0; i < cap; i++)
    m->free_lines[i] = cap - 1 - i;
  m->num_free = cap;
  set_threshold(m,
                __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED));
  return m;
}

/* Keeps the tracked lines below the threshold, in their order, at times
 * 0 .. live-1 (also when the times run out). */
static void renumber(struct model *m) {
  uint32_t kept = 0;
  for (uint32_t t = 0; t < m->now; t++) {
    uint32_t index = m->at_time[t];
    struct line_state *s = &m->lines[index];
    if (s->time != t || s->line == UINT64_MAX)
      continue;
    if (hash_of(s->line) >= m->threshold) {
      s->line = UINT64_MAX;
      m->free_lines[m->num_free++] = index;
      if (m->last == index)
        m->last = m->cap;
      continue;
    }
    s->time = kept;
    m->at_time[kept++] = index;
  }
  memset(m->table, 0, (m->table_mask + 1) * sizeof(uint32_t));
  while (m->times < m->max_times && m->times < 4 * kept)
    m->times *= 2;
  while (m->times > MIN_TIMES && m->times > 8 * kept)
    m->times /= 2;
  memset(m->tree, 0, (m->times + 1) * sizeof(uint32_t));
  for (uint32_t t = 0; t < kept; t++) {
    uint32_t index = m->at_time[t];
    *slot_of(m, m->lines[index].line) = index + 1;
    m->tree[t + 1] = 1;
  }
  for (uint32_t i = 1; i <= m->times; i++) { /* the tree in linear time */
    uint32_t parent = i + (i & -i);
    if (parent <= m->times)
      m->tree[parent] += m->tree[i];
  }
  m->live = kept;
  m->now = kept;
}

/* Follows the global threshold down. */
static void follow_threshold(struct model *m, uint64_t global) {
  set_threshold(m, global);
  renumber(m);
}

/* Makes room for one more line: halves the sampling rate, for all threads. */
static void halve_rate(struct model *m) {
  uint64_t lowered = m->threshold / 2;
  uint64_t global = __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED);
  while (global > lowered &&
         !__atomic_compare_exchange_n(&__roof_traffic_threshold, &global,
                                      lowered, false, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  follow_threshold(m, global < lowered ? global : lowered);
}

static void count(uint64_t *slots, unsigned level, unsigned stored,
                  unsigned shift) {
  slots[2 * level + stored] += LINE_BYTES << shift;
}

/* The line at depth `depth` (0: the last used), which is tracked, leaves
 * cache `level`: written back when it is dirty there. */
static void evict(struct model *m, uint32_t depth, unsigned level) {
  uint32_t time = tree_select(m, m->live - depth);
  struct line_state *s = &m->lines[m->at_time[time]];
  uint8_t bit = (uint8_t)(1u << level);
  if (!(s->dirty & bit))
    return;
  count(s->writer, level, 1, m->shift);
  s->dirty &= (uint8_t)~bit;
  if (level + 1 < roofrt_traffic.num_levels)
    s->dirty |= (uint8_t)(bit << 1);
}

static void access_line(struct model *m, uint64_t *slots, uint64_t line,
                        bool stored) {
  uint64_t global = __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED);
  if (global < m->threshold)
    follow_threshold(m, global);
  if (hash_of(line) >= m->threshold)
    return;
  struct line_state *s;
  if (m->last < m->cap && m->lines[m->last].line == line) {
    /* Depth 0: a hit everywhere, and the order does not change. */
    s = &m->lines[m->last];
  } else {
    if (m->now == m->times)
      renumber(m);
    uint32_t *slot = slot_of(m, line);
    uint32_t depth = UINT32_MAX; /* never used: misses everywhere */
    if (*slot) {
      s = &m->lines[*slot - 1];
      /* No more lines can have been used since than accesses made: within
       * L1, the depth itself does not matter. */
      depth = m->now - s->time <= m->held[0]
                  ? 0
                  : m->live - tree_prefix(m, s->time + 1);
      tree_add(m, s->time, -1);
      m->live--;
    } else {
      if (!m->num_free) {
        while (!m->num_free && m->threshold > 1)
          halve_rate(m);
        if (!m->num_free || hash_of(line) >= m->threshold)
          return;
        slot = slot_of(m, line);
      }
      uint32_t index = m->free_lines[--m->num_free];
      s = &m->lines[index];
      *s = (struct line_state){.line = line};
      *slot = index + 1;
    }
    s->time = m->now++;
    m->at_time[s->time] = (uint32_t)(s - m->lines);
    tree_add(m, s->time, 1);
    m->live++;
    m->last = (uint32_t)(s - m->lines);
    for (unsigned l = 0; l < roofrt_traffic.num_levels; l++) {
      if (depth < m->held[l])
        break;
      count(slots, l, 0, m->shift);
      if (m->live > m->held[l])
        evict(m, m->held[l], l);
    }
  }
  if (stored) {
    s->dirty |= 1;
    s->writer = slots;
  }
  m->accesses++;
}

static struct model *model(void) {
  struct model *m = current_model;
  if (m || !roofrt_traffic.enabled)
    return m;
  m = current_model = model_create();
  if (m) {
    pthread_mutex_lock(&roofrt_lock);
    m->next = models;
    if (models)
      models->prev = m;
    models = m;
    pthread_mutex_unlock(&roofrt_lock);
  }
  return m;
}

ROOFRT_EXPORT void __roof_traffic_access(uint64_t *slots, const void *address,
                                         uint64_t bytes, uint32_t stored) {
  struct model *m = model();
  if (!m || !bytes)
    return;
  uint64_t first = (uint64_t)(uintptr_t)address >> ROOF_TRAFFIC_LINE_SHIFT;
  uint64_t last =
      ((uint64_t)(uintptr_t)address + bytes - 1) >> ROOF_TRAFFIC_LINE_SHIFT;
  for (uint64_t line = first; line <= last && line >= first; line++)
    access_line(m, slots, line, stored);
}

ROOFRT_EXPORT void __roof_traffic_lanes(uint64_t *slots,
                                        const void *const *lanes,
                                        uint64_t mask, uint32_t num_lanes,
                                        uint32_t element_bytes,
                                        uint32_t stored) {
  for (uint32_t i = 0; i < num_lanes && i < 64; i++)
    if (mask >> i & 1)
      __roof_traffic_access(slots, lanes[i], element_bytes, stored);
}

void roofrt_traffic_thread_exit(void) {
  struct model *m = current_model;
  if (!m)
    return;
  current_model = NULL;
  pthread_mutex_lock(&roofrt_lock);
  exited_accesses += m->accesses;
  if (m->prev)
    m->prev->next = m->next;
  else
    models = m->next;
  if (m->next)
    m->next->prev = m->prev;
  pthread_mutex_unlock(&roofrt_lock);
  munmap(m, m->mapped);
}

void roofrt_traffic_fork_child(void) {
  struct model *m = current_model;
  exited_accesses = 0;
  models = m;
  if (m) {
    m->next = m->prev = NULL;
    m->accesses = 0;
  }
}

uint64_t roofrt_traffic_accesses(void) {
  uint64_t total = exited_accesses;
  for (const struct model *m = models; m; m = m->next)
    total += __atomic_load_n(&m->accesses, __ATOMIC_RELAXED);
  return total;
}

double roofrt_traffic_rate(void) {
  return (double)__atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED) /
         (double)FULL_THRESHOLD;
}
