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
|* lines per thread; one more in the last cache halves the sampling rate
|* for every thread (each drops its lines above the new threshold when it
|* next runs).
|*
|* The sampled lines are kept in one list in LRU order, grouped by the
|* first (smallest) cache that holds them: cache l holds the held[l] most
|* recent. An access moves its line to the front; the least recent line of
|* each group that overflows moves to the next group (it leaves that cache),
|* and a line that leaves the last cache is forgotten. So an access costs a
|* hash-table probe and a step per cache level, whatever the depth. Memory
|* comes from mmap, a fixed amount per thread, touched as the working set
|* grows; only a thread's first and last access to the model take the
|* runtime's lock.
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

/* Read by instrumented code; lowered (never raised) by the runtime. */
ROOFRT_EXPORT uint64_t __roof_traffic_threshold = FULL_THRESHOLD >> 5;

struct roofrt_traffic_config roofrt_traffic;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static uint32_t max_lines = 1u << 15;
/* Accesses simulated by the threads that have exited, and the models of
 * the others (guarded by roofrt_lock). */
static uint64_t exited_accesses;
static struct model *models;

/* Whether a line whose hash (line * ROOF_TRAFFIC_HASH) is `hash` is sampled
 * at `threshold` (include/roof/abi.h). */
static bool sampled_hash(uint64_t hash, uint64_t threshold) {
  return hash >> ROOF_TRAFFIC_HASH_SHIFT < threshold;
}

static bool sampled(uint64_t line, uint64_t threshold) {
  return sampled_hash(line * ROOF_TRAFFIC_HASH, threshold);
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

/* The sampled lines of a range without hashing every line. The hashes of
 * consecutive lines step by ROOF_TRAFFIC_HASH (mod 2^64), a rotation, and
 * a line is sampled when its hash falls in [0, threshold << 40). By the
 * three-gap theorem (Slater, 1967) the next sampled line, either way, is a,
 * b or a + b lines further, where a is the first n >= 1 whose n * HASH falls
 * in the interval and b the first whose -n * HASH does: the first of the
 * three that lands in it. */
struct gaps {
  uint64_t threshold;
  uint64_t lines[3];  /* ascending */
  uint64_t hashes[3]; /* lines[k] * ROOF_TRAFFIC_HASH */
};

#define NIL UINT32_MAX
/* The hash table starts this small and doubles while it is half full, so
 * that a small working set keeps a small table. */
#define MIN_TABLE 1024u

struct line_state {
  uint64_t line;
  uint64_t *writer;    /* the traffic slots of the scope that last wrote it */
  uint32_t prev, next; /* towards the most and the least recently used */
  uint8_t level;       /* the first cache that holds it */
  uint8_t dirty;       /* bit l: dirty in cache level l */
};

struct model {
  struct model *next, *prev; /* in `models` */
  size_t mapped;
  uint64_t threshold; /* this model's: at most the global one */
  unsigned shift;     /* log2 of the lines a sampled line stands for */
  uint32_t held[ROOF_MAX_CACHE_LEVELS];  /* sampled lines each cache holds */
  uint32_t room[ROOF_MAX_CACHE_LEVELS];  /* held[l] - held[l - 1] */
  uint32_t count[ROOF_MAX_CACHE_LEVELS]; /* lines whose first cache is l */
  uint32_t tail[ROOF_MAX_CACHE_LEVELS];  /* the least recent of them, or NIL */
  uint32_t head;      /* the line used last, or NIL */
  uint32_t cap;       /* lines tracked at most */
  uint32_t live;      /* lines tracked */
  uint64_t accesses;  /* simulated */
  struct gaps gaps;   /* between the sampled lines, for the threshold in it */
  struct line_state *lines;
  uint32_t *free_lines; /* indices of unused entries, a stack */
  uint32_t num_free;
  uint32_t *table;    /* open addressing by line: index + 1, 0 empty */
  uint32_t table_mask;
  uint32_t max_table; /* the table's allocated entries */
};

static _Thread_local struct model *current_model;

static uint32_t home_of(const struct model *m, uint64_t line) {
  return (uint32_t)(line * ROOF_TRAFFIC_HASH >> 32) & m->table_mask;
}

static uint32_t *slot_of(struct model *m, uint64_t line) {
  uint32_t i = home_of(m, line);
  while (m->table[i] && m->lines[m->table[i] - 1].line != line)
    i = (i + 1) & m->table_mask;
  return &m->table[i];
}

/* Empties a slot and moves up the entries probed past it (linear probing
 * without tombstones). */
static void table_erase(struct model *m, uint32_t *slot) {
  uint32_t hole = (uint32_t)(slot - m->table), mask = m->table_mask;
  for (uint32_t j = (hole + 1) & mask; m->table[j]; j = (j + 1) & mask) {
    uint32_t home = home_of(m, m->lines[m->table[j] - 1].line);
    if (((j - home) & mask) >= ((j - hole) & mask)) {
      m->table[hole] = m->table[j];
      hole = j;
    }
  }
  m->table[hole] = 0;
}

/* Keeps the table at most half full. */
static void table_reserve(struct model *m) {
  if (2 * (m->live + 1) <= m->table_mask + 1 || m->table_mask + 1 >= m->max_table)
    return;
  m->table_mask = 2 * (m->table_mask + 1) - 1;
  memset(m->table, 0, (m->table_mask + 1) * sizeof(uint32_t));
  for (uint32_t i = m->head; i != NIL; i = m->lines[i].next)
    *slot_of(m, m->lines[i].line) = i + 1;
}

static void unlink_line(struct model *m, uint32_t i) {
  struct line_state *s = &m->lines[i];
  if (s->prev != NIL)
    m->lines[s->prev].next = s->next;
  else
    m->head = s->next;
  if (s->next != NIL)
    m->lines[s->next].prev = s->prev;
}

static void count(uint64_t *slots, unsigned level, unsigned stored,
                  unsigned shift) {
  slots[2 * level + stored] += LINE_BYTES << shift;
}

/* Line `s` leaves cache `level`: written back when it is dirty there. */
static void leave(struct model *m, struct line_state *s, unsigned level) {
  uint8_t bit = (uint8_t)(1u << level);
  if (!(s->dirty & bit))
    return;
  count(s->writer, level, 1, m->shift);
  s->dirty &= (uint8_t)~bit;
  if (level + 1 < roofrt_traffic.num_levels)
    s->dirty |= (uint8_t)(bit << 1);
}

/* Forgets line `i`, which is in no cache. */
static void drop(struct model *m, uint32_t i) {
  unlink_line(m, i);
  table_erase(m, slot_of(m, m->lines[i].line));
  m->free_lines[m->num_free++] = i;
  m->live--;
}

/* The least recent line whose first cache is `level` leaves it: its first
 * cache is now the next one, or it is in none. The lines are in LRU order
 * and grouped by first cache, so the order does not change. */
static void demote(struct model *m, unsigned level) {
  uint32_t i = m->tail[level];
  struct line_state *s = &m->lines[i];
  leave(m, s, level);
  m->tail[level] = --m->count[level] ? s->prev : NIL;
  if (level + 1 == roofrt_traffic.num_levels) {
    drop(m, i);
    return;
  }
  s->level = (uint8_t)(level + 1);
  if (!m->count[level + 1]++)
    m->tail[level + 1] = i;
}

/* Samples the lines whose hash is below `threshold`: each stands for
 * 2^shift lines, and a cache holds its capacity / 2^shift of them. Drops
 * the lines above the threshold, and gives the others the first cache
 * their depth now falls in (leaving the caches they no longer fit). */
static void set_threshold(struct model *m, uint64_t threshold) {
  m->threshold = threshold;
  while ((FULL_THRESHOLD >> m->shift) > threshold)
    m->shift++;
  unsigned levels = roofrt_traffic.num_levels;
  for (unsigned l = 0; l < levels; l++) {
    uint64_t lines = roofrt_traffic.level_bytes[l] / LINE_BYTES;
    uint64_t held = (lines + (UINT64_C(1) << m->shift) - 1) >> m->shift;
    m->held[l] = held > UINT32_MAX ? UINT32_MAX : (uint32_t)held;
    m->room[l] = m->held[l] - (l ? m->held[l - 1] : 0);
    m->count[l] = 0;
    m->tail[l] = NIL;
  }
  uint32_t depth = 0;
  for (uint32_t i = m->head, next; i != NIL; i = next) {
    struct line_state *s = &m->lines[i];
    next = s->next;
    if (!sampled(s->line, threshold)) {
      drop(m, i);
      continue;
    }
    unsigned level = 0;
    while (level < levels && depth >= m->held[level])
      level++;
    for (unsigned l = s->level; l < level; l++)
      leave(m, s, l);
    if (level == levels) {
      drop(m, i);
      continue;
    }
    s->level = (uint8_t)level;
    m->count[level]++;
    m->tail[level] = i;
    depth++;
  }
}

static void *map(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

/* Entries for `max_lines` lines and the one an access adds before the
 * least recent leaves the last cache. */
static struct model *model_create(void) {
  uint32_t cap = max_lines, entries = cap + 1;
  uint32_t table = 1;
  while (table < 2 * entries)
    table <<= 1;
  size_t bytes = sizeof(struct model) + entries * sizeof(struct line_state) +
                 entries * sizeof(uint32_t) + table * sizeof(uint32_t);
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
  p += entries * sizeof(struct line_state);
  m->free_lines = (uint32_t *)p;
  p += entries * sizeof(uint32_t);
  m->table = (uint32_t *)p;
  m->cap = cap;
  m->max_table = table;
  m->table_mask = (table < MIN_TABLE ? table : MIN_TABLE) - 1;
  m->head = NIL;
  for (uint32_t i = 0; i < entries; i++)
    m->free_lines[i] = entries - 1 - i;
  m->num_free = entries;
  set_threshold(m,
                __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED));
  return m;
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
  set_threshold(m, global < lowered ? global : lowered);
}

/* Follows the global threshold down (another thread halved the rate). */
static void follow_threshold(struct model *m) {
  uint64_t global = __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED);
  if (global < m->threshold)
    set_threshold(m, global);
}

static void access_line(struct model *m, uint64_t *slots, uint64_t line,
                        bool stored) {
  follow_threshold(m);
  if (!sampled(line, m->threshold))
    return;
  struct line_state *s;
  if (m->head != NIL && m->lines[m->head].line == line) {
    /* Depth 0: a hit everywhere, and the order does not change. */
    s = &m->lines[m->head];
  } else {
    unsigned levels = roofrt_traffic.num_levels;
    uint32_t *slot = slot_of(m, line);
    uint32_t i;
    unsigned first = levels; /* the first cache that holds it */
    if (*slot) {
      i = *slot - 1;
      s = &m->lines[i];
      first = s->level;
      if (m->tail[first] == i)
        m->tail[first] = s->prev; /* in the same cache, if any is left */
      if (!--m->count[first])
        m->tail[first] = NIL;
      unlink_line(m, i);
    } else {
      /* The last cache's sample may not fit: then its lines are too many. */
      while (m->live == m->cap && m->held[levels - 1] > m->cap &&
             m->threshold > 1)
        halve_rate(m);
      if (!m->num_free || !sampled(line, m->threshold))
        return;
      table_reserve(m);
      i = m->free_lines[--m->num_free];
      s = &m->lines[i];
      *s = (struct line_state){.line = line};
      *slot_of(m, line) = i + 1;
      m->live++;
    }
    for (unsigned l = 0; l < first; l++)
      count(slots, l, 0, m->shift);
    s->level = 0;
    s->prev = NIL;
    s->next = m->head;
    if (m->head != NIL)
      m->lines[m->head].prev = i;
    m->head = i;
    if (!m->count[0]++)
      m->tail[0] = i;
    for (unsigned l = 0; l < levels && m->count[l] > m->room[l]; l++)
      demote(m, l);
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

/*===------------------------------------------------------------------------===
 * Loops
 *===------------------------------------------------------------------------===*/

static void gaps_for(struct gaps *g, uint64_t threshold) {
  uint64_t a = 0, b = 0;
  for (uint64_t n = 1; !a || !b; n++) {
    uint64_t hash = n * ROOF_TRAFFIC_HASH;
    if (!a && sampled_hash(hash, threshold))
      a = n;
    if (!b && sampled_hash(0 - hash, threshold))
      b = n;
  }
  g->threshold = threshold;
  g->lines[0] = a < b ? a : b;
  g->lines[1] = a < b ? b : a;
  g->lines[2] = a + b;
  for (unsigned k = 0; k < 3; k++)
    g->hashes[k] = g->lines[k] * ROOF_TRAFFIC_HASH;
}

/* One access of a loop: the sampled lines it touches, iteration by
 * iteration, each iteration's in ascending order. `line` at iteration `i`
 * is the next one, until `done`. */
#define RING 16
/* Wider accesses are followed line by line. */
#define RING_BYTES ((RING - 2) * LINE_BYTES)

struct cursor {
  uint64_t start, bytes, n;
  int64_t step;
  bool strided; /* lines between iterations are skipped, or wide accesses */
  bool started, done;
  uint64_t i, line;
  /* Not strided: the sampled lines iteration i touches, in the order of the
   * step; `emitted` of them given; then the next sampled line of the range
   * that no iteration so far touched, up to `limit`. */
  uint64_t ring[RING];
  unsigned head, count, emitted;
  bool has_next;
  uint64_t next, next_hash, limit;
};

static uint64_t address_at(const struct cursor *c, uint64_t i) {
  return c->start + i * (uint64_t)c->step;
}

static uint64_t first_line(const struct cursor *c, uint64_t i) {
  return address_at(c, i) >> ROOF_TRAFFIC_LINE_SHIFT;
}

static uint64_t last_line(const struct cursor *c, uint64_t i) {
  return (address_at(c, i) + c->bytes - 1) >> ROOF_TRAFFIC_LINE_SHIFT;
}

/* The next sampled line after c->next in the direction of the step. */
static void advance_next(struct cursor *c, const struct gaps *g) {
  bool up = c->step >= 0;
  for (unsigned k = 0; k < 3; k++) {
    uint64_t hash = up ? c->next_hash + g->hashes[k] : c->next_hash - g->hashes[k];
    if (!sampled_hash(hash, g->threshold))
      continue;
    uint64_t line = up ? c->next + g->lines[k] : c->next - g->lines[k];
    c->has_next = up ? line > c->next && line <= c->limit
                     : line < c->next && line >= c->limit;
    c->next = line;
    c->next_hash = hash;
    return;
  }
  c->has_next = false; /* not reached: one of the three lands */
}

/* The first sampled line from `line` on, in the direction of the step. */
static void find_next(struct cursor *c, uint64_t line, const struct gaps *g) {
  bool up = c->step >= 0;
  for (;; line = up ? line + 1 : line - 1) {
    if (up ? line > c->limit : line < c->limit)
      break;
    uint64_t hash = line * ROOF_TRAFFIC_HASH;
    if (sampled_hash(hash, g->threshold)) {
      c->has_next = true;
      c->next = line;
      c->next_hash = hash;
      return;
    }
    if (line == (up ? UINT64_MAX : 0))
      break;
  }
  c->has_next = false;
}

/* The first iteration that touches line c->next. */
static uint64_t reaching(const struct cursor *c) {
  uint64_t at = c->next << ROOF_TRAFFIC_LINE_SHIFT;
  if (c->step > 0) {
    uint64_t end = c->start + c->bytes - 1, step = (uint64_t)c->step;
    return at <= end ? 0 : (at - end + step - 1) / step;
  }
  uint64_t top = at + LINE_BYTES - 1, step = (uint64_t)-c->step;
  return c->start <= top ? 0 : (c->start - top + step - 1) / step;
}

static void strided_next(struct cursor *c, const struct gaps *g) {
  uint64_t line = c->started ? c->line + 1 : first_line(c, 0);
  c->started = true;
  for (;;) {
    for (uint64_t last = last_line(c, c->i); line <= last; line++)
      if (sampled(line, g->threshold)) {
        c->line = line;
        return;
      }
    if (++c->i >= c->n) {
      c->done = true;
      return;
    }
    line = first_line(c, c->i);
  }
}

static void ring_next(struct cursor *c, const struct gaps *g) {
  bool up = c->step >= 0;
  while (c->emitted == c->count) {
    uint64_t i = c->started ? c->i + 1 : 0;
    c->started = true;
    if (i >= c->n) {
      c->done = true;
      return;
    }
    uint64_t first = first_line(c, i), last = last_line(c, i);
    while (c->count && (up ? c->ring[c->head] < first : c->ring[c->head] > last)) {
      c->head = (c->head + 1) % RING;
      c->count--;
    }
    if (!c->count && c->step) {
      if (!c->has_next) {
        c->done = true;
        return;
      }
      uint64_t reach = reaching(c);
      if (reach > i) {
        i = reach;
        if (i >= c->n) {
          c->done = true;
          return;
        }
        first = first_line(c, i);
        last = last_line(c, i);
      }
    }
    while (c->has_next && c->count < RING &&
           (up ? c->next <= last : c->next >= first)) {
      c->ring[(c->head + c->count++) % RING] = c->next;
      advance_next(c, g);
    }
    if (!c->count && !c->step) {
      c->done = true; /* the address never moves, and is not sampled */
      return;
    }
    c->i = i;
    c->emitted = 0;
  }
  unsigned k = up ? c->emitted : c->count - 1 - c->emitted;
  c->line = c->ring[(c->head + k) % RING];
  c->emitted++;
}

static void cursor_next(struct cursor *c, const struct gaps *g) {
  if (c->strided)
    strided_next(c, g);
  else
    ring_next(c, g);
}

static void cursor_start(struct cursor *c, const RoofTrafficStream *s,
                         uint64_t iterations, const struct gaps *g) {
  uint64_t distance = s->step < 0 ? (uint64_t)-s->step : (uint64_t)s->step;
  *c = (struct cursor){.start = (uint64_t)(uintptr_t)s->start,
                       .bytes = s->bytes,
                       .n = iterations,
                       .step = s->step,
                       .done = !s->bytes};
  /* Every line between the first and the last is touched when an
   * iteration's lines meet or overlap the next one's. */
  c->strided = s->bytes > RING_BYTES ||
               (distance > LINE_BYTES && distance > s->bytes);
  if (c->done)
    return;
  if (!c->strided) {
    if (s->step >= 0) {
      c->limit = last_line(c, s->step ? iterations - 1 : 0);
      find_next(c, first_line(c, 0), g);
    } else {
      c->limit = first_line(c, iterations - 1);
      find_next(c, last_line(c, 0), g);
    }
  }
  cursor_next(c, g);
}

static bool before(const struct cursor *c, uint8_t a, uint8_t b) {
  return c[a].i < c[b].i || (c[a].i == c[b].i && a < b);
}

static void heap_down(uint8_t *heap, uint32_t size, const struct cursor *c) {
  for (uint32_t at = 0;;) {
    uint32_t first = at, left = 2 * at + 1, right = left + 1;
    if (left < size && before(c, heap[left], heap[first]))
      first = left;
    if (right < size && before(c, heap[right], heap[first]))
      first = right;
    if (first == at)
      return;
    uint8_t k = heap[at];
    heap[at] = heap[first];
    heap[first] = k;
    at = first;
  }
}

static void heap_push(uint8_t *heap, uint32_t *size, const struct cursor *c,
                      uint8_t k) {
  uint32_t at = (*size)++;
  heap[at] = k;
  while (at && before(c, heap[at], heap[(at - 1) / 2])) {
    uint8_t parent = heap[(at - 1) / 2];
    heap[(at - 1) / 2] = heap[at];
    heap[at] = parent;
    at = (at - 1) / 2;
  }
}

ROOFRT_EXPORT void __roof_traffic_loop(uint64_t *slots,
                                       const RoofTrafficStream *streams,
                                       uint32_t num_streams,
                                       uint64_t iterations) {
  struct model *m = model();
  if (!m || !iterations || !num_streams ||
      num_streams > ROOF_TRAFFIC_MAX_STREAMS)
    return;
  follow_threshold(m);
  if (m->gaps.threshold != m->threshold)
    gaps_for(&m->gaps, m->threshold);
  /* The lines sampled now: fewer may be when the rate halves on the way,
   * and access_line() checks each again. */
  struct gaps g = m->gaps;
  struct cursor c[ROOF_TRAFFIC_MAX_STREAMS];
  for (uint32_t k = 0; k < num_streams; k++)
    cursor_start(&c[k], &streams[k], iterations, &g);
  /* The streams with lines left, in a heap by (iteration, stream): the
   * order the loop makes its accesses in. */
  uint8_t heap[ROOF_TRAFFIC_MAX_STREAMS];
  uint32_t size = 0;
  for (uint32_t k = 0; k < num_streams; k++)
    if (!c[k].done)
      heap_push(heap, &size, c, (uint8_t)k);
  while (size) {
    uint8_t k = heap[0];
    access_line(m, slots, c[k].line, streams[k].stored != 0);
    cursor_next(&c[k], &g);
    if (c[k].done)
      heap[0] = heap[--size];
    heap_down(heap, size, c);
  }
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
