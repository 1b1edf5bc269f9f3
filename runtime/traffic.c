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
|* With ROOF_TRAFFIC_SETS, the L1's fetches and write-backs come from a
|* simulation of a few of its sets instead (traffic_sets.c), which sees the
|* conflicts of a set-associative L1.
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
#include "traffic_replay.h"
#include "traffic_sets.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define LINE_BYTES (UINT64_C(1) << ROOF_TRAFFIC_LINE_SHIFT)
#define FULL_THRESHOLD (UINT64_C(1) << (64 - ROOF_TRAFFIC_HASH_SHIFT))

/* One line in DEFAULT_RATE sampled by hash at the start, or one in
 * DEFAULT_RATE_WITH_SETS when the L1's sets give its counts (configure()). */
#define DEFAULT_RATE 32
#define DEFAULT_RATE_WITH_SETS 128

/* Read by instrumented code; lowered (never raised) by the runtime. */
ROOFRT_EXPORT uint64_t __roof_traffic_threshold = FULL_THRESHOLD / DEFAULT_RATE;
/* The L1's sampled sets (traffic_sets.h), set once by configure(): none
 * until then. */
ROOFRT_EXPORT uint64_t __roof_traffic_set_mask = 0;
ROOFRT_EXPORT uint64_t __roof_traffic_set_value = 1;

struct roofrt_traffic_config roofrt_traffic;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static uint32_t max_lines = 1u << 15;
/* The bytes of each thread's history of calls (traffic_replay.c), or 0;
 * whether the calls that repeat are checked rather than replayed. */
static size_t replay_bytes = 2u << 20;
static bool replay_check;
/* Accesses simulated by the threads that have exited, and the models of
 * the others (guarded by roofrt_lock). */
static uint64_t exited_accesses, exited_replayed;
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
  case 'K':
  case 'k':
    value <<= 10;
    p++;
    break;
  case 'M':
  case 'm':
    value <<= 20;
    p++;
    break;
  case 'G':
  case 'g':
    value <<= 30;
    p++;
    break;
  default:
    break;
  }
  *end = p;
  return value;
}

/* ROOF_CACHES="48K/12,1M,32M": the capacities from L1 down, and maybe the
 * L1's ways. */
static bool caches_from_environment(struct roofrt_traffic_config *to) {
  const char *spec = getenv("ROOF_CACHES");
  if (!spec || !*spec)
    return false;
  struct roofrt_traffic_config c = {0};
  const char *p = spec;
  while (*p) {
    const char *end = p;
    uint64_t bytes = parse_size(p, &end);
    if (bytes && !c.num_levels && *end == '/') {
      char *after;
      unsigned long ways = strtoul(end + 1, &after, 10);
      c.l1_ways = ways >= 1 && ways <= ROOF_L1_MAX_WAYS && after != end + 1
                      ? (unsigned)ways
                      : 0;
      end = c.l1_ways ? after : end + 1;
    }
    if (!bytes || c.num_levels == ROOF_MAX_CACHE_LEVELS ||
        (*end && *end != ',') ||
        (c.num_levels && bytes <= c.level_bytes[c.num_levels - 1])) {
      roofrt_warn("ROOF_CACHES=\"%s\" is not a list of at most %d growing "
                  "sizes such as 48K,1M,32M (the first may give the L1's "
                  "ways, 1 to %d: 48K/12); the caches are taken from the "
                  "machine",
                  spec, ROOF_MAX_CACHE_LEVELS, ROOF_L1_MAX_WAYS);
      return false;
    }
    c.level_bytes[c.num_levels++] = bytes;
    p = *end ? end + 1 : end;
  }
  c.from = "ROOF_CACHES";
  *to = c;
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
static bool caches_from_sysfs(struct roofrt_traffic_config *to) {
  struct roofrt_traffic_config c = {0};
  for (int index = 0; index < 16; index++) {
    char level[16], type[32], size[32], ways[16];
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
    if (l == 1) {
      read_sysfs(index, "ways_of_associativity", ways, sizeof ways);
      c.l1_ways = (unsigned)atoi(ways);
    }
    if ((unsigned)l > c.num_levels)
      c.num_levels = (unsigned)l;
  }
  for (unsigned l = 0; l < c.num_levels; l++)
    if (!c.level_bytes[l] || (l && c.level_bytes[l] <= c.level_bytes[l - 1]))
      return false;
  if (!c.num_levels)
    return false;
  c.from = "sysfs";
  *to = c;
  return true;
}

/* The data caches the C library reads from cpuid (sysconf, glibc). */
static bool caches_from_cpuid(struct roofrt_traffic_config *to) {
  static const int names[ROOF_MAX_CACHE_LEVELS] = {
      _SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE,
      _SC_LEVEL4_CACHE_SIZE};
  struct roofrt_traffic_config c = {0};
  for (unsigned l = 0; l < ROOF_MAX_CACHE_LEVELS; l++) {
    long bytes = sysconf(names[l]);
    if (bytes <= 0 || (l && (uint64_t)bytes <= c.level_bytes[c.num_levels - 1]))
      break;
    c.level_bytes[c.num_levels++] = (uint64_t)bytes;
  }
  if (!c.num_levels)
    return false;
  long ways = sysconf(_SC_LEVEL1_DCACHE_ASSOC);
  c.l1_ways = ways > 0 ? (unsigned)ways : 0;
  c.from = "cpuid";
  *to = c;
  return true;
}

/* ROOF_TRAFFIC_SETS=N: the L1 simulated on N of its sets (a power of 2; 0:
 * fully associative), from its size and ways, when they make whole sets of
 * 64-byte lines, a power of 2 of them; ways not given with ROOF_CACHES are
 * the machine's when its L1 is of the size given. Unset, DEFAULT_SETS when
 * the ways are known, else (silently) fully associative. */
#define DEFAULT_SETS 2
static void configure_l1_sets(struct roofrt_traffic_config *c) {
  const char *spec = getenv("ROOF_TRAFFIC_SETS");
  bool asked = spec && *spec;
  uint64_t sampled = asked ? 0 : DEFAULT_SETS;
  if (asked) {
    char *end;
    unsigned long n = strtoul(spec, &end, 10);
    if (*end || end == spec || (n & (n - 1)))
      roofrt_warn("ROOF_TRAFFIC_SETS=\"%s\" is not 0 or a power of 2; the "
                  "L1 is fully associative",
                  spec);
    else
      sampled = n;
  }
  struct roofrt_traffic_config machine;
  if (sampled && !c->l1_ways && c->from &&
      strcmp(c->from, "ROOF_CACHES") == 0 &&
      (caches_from_sysfs(&machine) || caches_from_cpuid(&machine)) &&
      machine.level_bytes[0] == c->level_bytes[0])
    c->l1_ways = machine.l1_ways;
  uint64_t sets = c->l1_ways ? c->level_bytes[0] / LINE_BYTES / c->l1_ways : 0;
  if (sampled &&
      (c->l1_ways > ROOF_L1_MAX_WAYS || !sets || (sets & (sets - 1)) ||
       sets * c->l1_ways * LINE_BYTES != c->level_bytes[0] || sampled > sets)) {
    if (asked)
      roofrt_warn(
          "ROOF_TRAFFIC_SETS=%s: the L1's ways are not known (ROOF_CACHES="
          "48K/12 gives them) or do not divide it into a power of 2 of sets, "
          "at least as many; the L1 is fully associative",
          spec);
    sampled = 0;
  }
  if (!sampled) {
    c->l1_ways = 0;
    return;
  }
  c->l1_sets = sets;
  c->l1_sampled = (uint32_t)sampled;
  /* Sets from the middle: an allocation of a page or more starts in the
   * first set, so every array's first line is there. */
  __roof_traffic_set_value = (sets / 2) & ~(sampled - 1);
  __roof_traffic_set_mask = (sets - 1) & ~(sampled - 1);
}

/* ROOF_TRAFFIC_REPLAY=2M: the bytes of each thread's history of calls
 * (from 64K to 1G); 0: no call replayed; check: every call simulated, and
 * those that would be replayed checked against their record. */
static void configure_replay(void) {
  const char *spec = getenv("ROOF_TRAFFIC_REPLAY");
  if (!spec || !*spec)
    return;
  const char *end = spec;
  uint64_t bytes = parse_size(spec, &end);
  if (strcmp(spec, "0") == 0)
    replay_bytes = 0;
  else if (strcmp(spec, "check") == 0)
    replay_check = true;
  else if (*end || bytes < (64u << 10) || bytes > (1u << 30))
    roofrt_warn("ROOF_TRAFFIC_REPLAY=\"%s\" is not 0, check or a size from "
                "64K to 1G such as 2M; using 2M",
                spec);
  else
    replay_bytes = bytes;
}

uint64_t roofrt_traffic_one_in(uint64_t default_one_in, const char *unit) {
  const char *rate = getenv("ROOF_TRAFFIC_RATE");
  if (!rate || !*rate)
    return default_one_in;
  char *end;
  unsigned long long n = strtoull(rate, &end, 10);
  if (*end || !n || (n & (n - 1)) || n > FULL_THRESHOLD) {
    roofrt_warn("ROOF_TRAFFIC_RATE=\"%s\" is not a power of 2 up to %llu; "
                "using one %s in %llu",
                rate, (unsigned long long)FULL_THRESHOLD, unit,
                (unsigned long long)default_one_in);
    return default_one_in;
  }
  return n;
}

uint64_t roofrt_traffic_threshold_of(uint64_t one_in) {
  return FULL_THRESHOLD / one_in;
}

/* ROOF_TRAFFIC_RATE=N: at most one line in N sampled at the start (a power
 * of 2). By default one in 32, which a fully associative L1 needs (it holds
 * 16 sampled lines of 32 KiB); when the L1's sets give its counts, the
 * hashed sample serves the levels below only, whose thousands of lines
 * one in 128 samples as well (docs/counting.md, "The L1's sets").
 * ROOF_TRAFFIC_LINES=N: lines tracked per thread. */
static void configure(void) {
  struct roofrt_traffic_config c = {
      .num_levels = 3,
      .level_bytes = {32 << 10, 1 << 20, 32 << 20},
      .from = "default"};
  if (!caches_from_environment(&c) && !caches_from_sysfs(&c))
    caches_from_cpuid(&c);
  configure_l1_sets(&c);
  roofrt_traffic = c;
  uint64_t one_in = roofrt_traffic_one_in(
      c.l1_sampled ? DEFAULT_RATE_WITH_SETS : DEFAULT_RATE, "line");
  __atomic_store_n(&__roof_traffic_threshold, FULL_THRESHOLD / one_in,
                   __ATOMIC_RELAXED);
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
  configure_replay();
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

/* The lines whose hashes share their top FIRST_HIT_BITS bits (a bucket)
 * have the same distance to the first sampled line from them up, but for
 * the few buckets that a sampled interval's end falls in. */
#define FIRST_HIT_BITS 12
#define FIRST_HIT_UNKNOWN UINT16_MAX
#define FIRST_HIT_UNSET (UINT16_MAX - 1)

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
  uint64_t weight;    /* LINE_BYTES << shift: the bytes it stands for */
  unsigned levels;    /* roofrt_traffic.num_levels */
  uint32_t held[ROOF_MAX_CACHE_LEVELS];  /* sampled lines each cache holds */
  uint32_t room[ROOF_MAX_CACHE_LEVELS];  /* held[l] - held[l - 1] */
  uint32_t count[ROOF_MAX_CACHE_LEVELS]; /* lines whose first cache is l */
  uint32_t tail[ROOF_MAX_CACHE_LEVELS];  /* the least recent of them, or NIL */
  uint32_t head;                         /* the line used last, or NIL */
  uint32_t cap;                          /* lines tracked at most */
  uint32_t live;                         /* lines tracked */
  uint64_t accesses;                     /* simulated or replayed */
  uint64_t replayed;                     /* replayed (traffic_replay.c) */
  struct gaps gaps; /* between the sampled lines, for the threshold in it */
  /* For that threshold, by bucket: the first-hit distance, or
   * FIRST_HIT_UNKNOWN (first_hits_for()). */
  uint16_t first_hits[1u << FIRST_HIT_BITS];
  struct line_state *lines;
  uint32_t *free_lines; /* indices of unused entries, a stack */
  uint32_t num_free;
  uint32_t *table; /* open addressing by line: index + 1, 0 empty */
  uint32_t table_mask;
  unsigned table_shift; /* 64 - log2(the table's entries) */
  uint32_t max_table;   /* the table's allocated entries */
  /* The calls of this thread (traffic_replay.c), or NULL; `recording`
   * while a call's counts are noted there. */
  struct roofrt_replay *replay;
  bool recording;
  bool hold_threshold; /* the sampling does not change (a call again) */
  /* The L1's sampled sets, which count its fetches and write-backs, or
   * NULL: then the L1 of the hierarchy above counts them. */
  struct roofrt_l1_sets *l1;
};

static _Thread_local struct model *current_model;

/* The top bits of another multiplicative hash than the sampling's: the
 * sampled lines' hashes by ROOF_TRAFFIC_HASH are a lattice (they step by
 * the three gaps' products), which the table's slots would inherit. */
static uint32_t home_of(const struct model *m, uint64_t line) {
  return (uint32_t)(line * UINT64_C(0xD1B54A32D192ED03) >> m->table_shift);
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

/* Keeps the table at most half full; returns whether it grew (its slots
 * moved). */
static bool table_reserve(struct model *m) {
  if (2 * (m->live + 1) <= m->table_mask + 1 ||
      m->table_mask + 1 >= m->max_table)
    return false;
  m->table_mask = 2 * (m->table_mask + 1) - 1;
  m->table_shift--;
  memset(m->table, 0, (m->table_mask + 1) * sizeof(uint32_t));
  for (uint32_t i = m->head; i != NIL; i = m->lines[i].next)
    *slot_of(m, m->lines[i].line) = i + 1;
  return true;
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

static void add(void *model, uint64_t *counter, uint64_t bytes) {
  const struct model *m = model;
  *counter += bytes;
  if (__builtin_expect(m->recording, 0))
    roofrt_replay_note(m->replay, counter, bytes);
}

/* A sampled line fetched into cache `level`, or written back from it. */
static void count(struct model *m, uint64_t *slots, unsigned level,
                  unsigned stored) {
  if (!level && m->l1)
    return;
  add(m, &slots[2 * level + stored], m->weight);
}

/* Line `s` leaves cache `level`: written back when it is dirty there. */
static void leave(struct model *m, struct line_state *s, unsigned level) {
  uint8_t bit = (uint8_t)(1u << level);
  if (!(s->dirty & bit))
    return;
  count(m, s->writer, level, 1);
  s->dirty &= (uint8_t)~bit;
  if (level + 1 < m->levels)
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
  if (level + 1 == m->levels) {
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
  m->weight = LINE_BYTES << m->shift;
  unsigned levels = m->levels;
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
  uint32_t sampled_sets = roofrt_traffic.l1_sampled;
  size_t l1_bytes = sampled_sets ? 8 + roofrt_l1_sets_bytes(sampled_sets) : 0;
  size_t bytes = sizeof(struct model) + entries * sizeof(struct line_state) +
                 entries * sizeof(uint32_t) + table * sizeof(uint32_t) +
                 l1_bytes;
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
  p += table * sizeof(uint32_t);
  if (sampled_sets) {
    m->l1 = (struct roofrt_l1_sets *)(((uintptr_t)p + 7) & ~(uintptr_t)7);
    roofrt_l1_sets_init(m->l1, roofrt_traffic.l1_sets, roofrt_traffic.l1_ways,
                        sampled_sets, __roof_traffic_set_value, add, m);
  }
  m->cap = cap;
  m->max_table = table;
  m->table_mask = (table < MIN_TABLE ? table : MIN_TABLE) - 1;
  m->table_shift = 64 - (unsigned)__builtin_popcount(m->table_mask);
  m->head = NIL;
  m->levels = roofrt_traffic.num_levels;
  for (uint32_t i = 0; i < entries; i++)
    m->free_lines[i] = entries - 1 - i;
  m->num_free = entries;
  set_threshold(m,
                __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED));
  if (replay_bytes &&
      !(m->replay = roofrt_replay_create(replay_bytes, replay_check,
                                         &m->accesses, &m->replayed)))
    roofrt_warn("out of memory for the history of traffic calls; this "
                "thread's calls are all simulated");
  return m;
}

/* Makes room for one more line: halves the sampling rate, for all threads. */
static void halve_rate(struct model *m) {
  uint64_t lowered = m->threshold / 2;
  uint64_t global =
      __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED);
  while (global > lowered && !__atomic_compare_exchange_n(
                                 &__roof_traffic_threshold, &global, lowered,
                                 false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  set_threshold(m, global < lowered ? global : lowered);
}

/* Follows the global threshold down (another thread halved the rate),
 * but while a replayed call is simulated again at the sampling it was
 * made at. */
static void follow_threshold(struct model *m) {
  uint64_t global =
      __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED);
  if (global < m->threshold && !m->hold_threshold)
    set_threshold(m, global);
}

/* Tracks `line`, which is not, and whose slot in the table is `slot`;
 * returns its entry, or NIL when it is not sampled any more or no entry is
 * free. The last cache's sample may not fit: then its lines are too many,
 * and the rate halves. */
static __attribute__((noinline)) uint32_t add_line(struct model *m,
                                                   uint32_t *slot,
                                                   uint64_t line) {
  bool halved = false;
  for (;
       m->live == m->cap && m->held[m->levels - 1] > m->cap && m->threshold > 1;
       halved = true)
    halve_rate(m);
  if (!m->num_free || (halved && !sampled(line, m->threshold)))
    return NIL;
  if (table_reserve(m) || halved) /* dropped lines moved slots too */
    slot = slot_of(m, line);
  uint32_t i = m->free_lines[--m->num_free];
  m->lines[i] = (struct line_state){.line = line};
  *slot = i + 1;
  m->live++;
  return i;
}

/* The access to line `s` is made: it is the line used last. */
static inline void record_access(struct model *m, struct line_state *s,
                                 uint64_t *slots, bool stored) {
  if (stored) {
    s->dirty |= 1;
    s->writer = slots;
  }
  m->accesses++;
}

/* An access to `line`, which is sampled at the model's threshold and is
 * not the line used last. */
static __attribute__((noinline)) void
touch_deeper(struct model *m, uint64_t *slots, uint64_t line, bool stored) {
  unsigned levels = m->levels;
  uint32_t *slot = slot_of(m, line);
  uint32_t i;
  struct line_state *s;
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
    i = add_line(m, slot, line);
    if (i == NIL)
      return;
    s = &m->lines[i];
  }
  for (unsigned l = 0; l < first; l++)
    count(m, slots, l, 0);
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
  record_access(m, s, slots, stored);
}

/* An access to `line`, which is sampled at the model's threshold. */
static inline void touch_line(struct model *m, uint64_t *slots, uint64_t line,
                              bool stored) {
  if (m->head != NIL && m->lines[m->head].line == line)
    /* Depth 0: a hit everywhere, and the order does not change. */
    record_access(m, &m->lines[m->head], slots, stored);
  else
    touch_deeper(m, slots, line, stored);
}

/* An access of more bytes than this (memcpy, memset), which spans more than
 * 8 lines, goes from one sampled line to the next (touch_range()) instead
 * of hashing each. */
#define RANGE_BYTES (8 * LINE_BYTES)
static void touch_range(struct model *m, uint64_t *slots, uint64_t first,
                        uint64_t last, bool stored);

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

/* The lines of `bytes` bytes (at least 1) from `address`. Inline: most
 * calls of the model are of a line or two. */
static inline __attribute__((always_inline)) void
access_lines(struct model *m, uint64_t *slots, uint64_t address, uint64_t bytes,
             bool stored) {
  uint64_t first = address >> ROOF_TRAFFIC_LINE_SHIFT;
  uint64_t last = (address + bytes - 1) >> ROOF_TRAFFIC_LINE_SHIFT;
  follow_threshold(m);
  if (m->l1)
    roofrt_l1_range(m->l1, slots, first, last, stored);
  if (bytes > RANGE_BYTES) {
    touch_range(m, slots, first, last, stored);
    return;
  }
  /* The lines that are not sampled are passed over here, their hashes one
   * step apart, the threshold followed once. */
  uint64_t hash = first * ROOF_TRAFFIC_HASH;
  for (uint64_t line = first; line <= last && line >= first;
       line++, hash += ROOF_TRAFFIC_HASH)
    if (sampled_hash(hash, m->threshold))
      touch_line(m, slots, line, stored);
}

/*===------------------------------------------------------------------------===
 * Loops
 *===------------------------------------------------------------------------===*/

/* The gaps between the sampled terms of a sequence of hashes that step by
 * `multiplier` (consecutive lines: ROOF_TRAFFIC_HASH; the lines of a
 * stride of k lines: k times it), when both a and b are at most `most`. */
static bool gaps_for_step(struct gaps *g, uint64_t threshold,
                          uint64_t multiplier, uint64_t most) {
  uint64_t a = 0, b = 0;
  for (uint64_t n = 1; (!a || !b) && n <= most; n++) {
    uint64_t hash = n * multiplier;
    if (!a && sampled_hash(hash, threshold))
      a = n;
    if (!b && sampled_hash(0 - hash, threshold))
      b = n;
  }
  if (!a || !b)
    return false;
  g->threshold = threshold;
  g->lines[0] = a < b ? a : b;
  g->lines[1] = a < b ? b : a;
  g->lines[2] = a + b;
  for (unsigned k = 0; k < 3; k++)
    g->hashes[k] = g->lines[k] * multiplier;
  return true;
}

static void gaps_for(struct gaps *g, uint64_t threshold) {
  gaps_for_step(g, threshold, ROOF_TRAFFIC_HASH, UINT64_MAX);
}

/* From a sampled term whose hash is `hash`, which of the three gaps of `g`
 * (up the sequence, or down) the next sampled term is; 3 when none lands,
 * which the theorem rules out. */
static inline unsigned next_gap(const struct gaps *g, uint64_t hash, bool up) {
  unsigned k = 0;
  while (k < 3 && !sampled_hash(up ? hash + g->hashes[k] : hash - g->hashes[k],
                                g->threshold))
    k++;
  return k;
}

/* One access of a loop, iteration by iteration: the sampled lines it
 * touches at the iteration the loop is at (its active lines), and the next
 * iteration at which they change.
 *
 * An access whose iterations meet, overlap or leave between them a gap
 * shorter than a line, in which no line fits (a step under its width plus a
 * line: the loads of `a[2*i]` unrolled 8 times, which the pass merges into
 * 120 bytes at a step of 128), touches every line of its range, each over
 * consecutive iterations: from the first iteration that reaches it to the
 * last. Its active lines are kept in a ring, in the order of the step,
 * with the next sampled line of the range found from the last by the gaps.
 * Another (strided) access is followed from one iteration that touches a
 * sampled line to the next, its lines one by one. */
#define RING 16
/* Wider accesses are strided ones: a ring holds the lines of one. */
#define RING_BYTES ((RING - 2) * LINE_BYTES)

struct cursor {
  uint64_t start, bytes, n;
  int64_t step;
  uint64_t distance; /* |step| */
  int shift;         /* log2 of the distance when a power of 2, else -1 */
  bool strided;
  bool stored;
  /* Strided: the first iteration from the one the cursor is at that
   * touches a sampled line (n when none), and when it is at that one, the
   * next (`after`), found up to that iteration. When each iteration
   * touches one line and the step is a whole number of lines (a column of
   * a row-major matrix, `a[16*i]`), the iterations' hashes step by the
   * step's lines times ROOF_TRAFFIC_HASH, and from one hit the next is one
   * of three distances away (`jumps`), as between the sampled lines of a
   * range. */
  uint64_t hit, after;
  bool jumps;
  struct gaps iteration_gaps;
  /* Not strided: the active lines and the last iteration that touches
   * each (`count` from `head` in the ring, whose entries are not set
   * before they are used); the next sampled line of the range not yet
   * active, up to `limit`, and the first iteration that reaches it. */
  unsigned head, count;
  bool has_next;
  uint64_t next, next_hash, limit, next_first;
  uint64_t ring[RING], ring_last[RING];
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

/* bytes / |step|: the steps of vectorized loops are powers of 2. */
static inline uint64_t steps_in(const struct cursor *c, uint64_t bytes) {
  return c->shift >= 0 ? bytes >> c->shift : bytes / c->distance;
}

/* The first iteration that touches line `line` of a cursor that is not
 * strided. */
static inline uint64_t first_touch(const struct cursor *c, uint64_t line) {
  uint64_t at = line << ROOF_TRAFFIC_LINE_SHIFT;
  if (c->step > 0) {
    uint64_t end = c->start + c->bytes - 1;
    return at <= end ? 0 : steps_in(c, at - end + c->distance - 1);
  }
  if (!c->step)
    return 0;
  uint64_t top = at + LINE_BYTES - 1;
  return c->start <= top ? 0 : steps_in(c, c->start - top + c->distance - 1);
}

/* The last iteration that touches line `line`, which the range reaches. */
static inline uint64_t last_touch(const struct cursor *c, uint64_t line) {
  uint64_t at = line << ROOF_TRAFFIC_LINE_SHIFT, i = c->n - 1;
  if (c->step > 0)
    i = steps_in(c, at + LINE_BYTES - 1 - c->start);
  else if (c->step < 0)
    i = steps_in(c, c->start + c->bytes - 1 - at);
  return i < c->n - 1 ? i : c->n - 1;
}

/* The next sampled line after c->next in the direction of the step. */
static inline __attribute__((always_inline)) void
advance_next(struct cursor *c, const struct gaps *g) {
  bool up = c->step >= 0;
  unsigned k = next_gap(g, c->next_hash, up);
  if (k == 3) {
    c->has_next = false;
    return;
  }
  uint64_t line = up ? c->next + g->lines[k] : c->next - g->lines[k];
  c->has_next = up ? line > c->next && line <= c->limit
                   : line < c->next && line >= c->limit;
  c->next = line;
  c->next_hash = up ? c->next_hash + g->hashes[k] : c->next_hash - g->hashes[k];
  c->next_first = first_touch(c, line);
}

/* The distance from each bucket of hashes to the first sampled line up,
 * at the threshold of `g`. The hashes h whose line is d lines before a
 * sampled one are the interval [-d * HASH, -d * HASH + (threshold << 40)),
 * and every hash is in one for some d under the largest gap: the first d
 * whose interval meets a bucket is its distance if the interval holds the
 * whole bucket; else it is unknown. */
static void first_hits_for(uint16_t *table, const struct gaps *g) {
  const unsigned shift = 64 - FIRST_HIT_BITS;
  const uint64_t mask = (UINT64_C(1) << FIRST_HIT_BITS) - 1,
                 bucket = UINT64_C(1) << shift;
  if (g->threshold >= FULL_THRESHOLD) {
    memset(table, 0, sizeof(uint16_t) << FIRST_HIT_BITS);
    return;
  }
  uint64_t width = g->threshold << ROOF_TRAFFIC_HASH_SHIFT;
  for (uint64_t b = 0; b <= mask; b++)
    table[b] = FIRST_HIT_UNSET;
  uint64_t unset = mask + 1, from = 0;
  for (uint64_t d = 0; unset && d < FIRST_HIT_UNSET;
       d++, from -= ROOF_TRAFFIC_HASH) {
    for (uint64_t b = from >> shift, last = (from + width - 1) >> shift;;
         b = (b + 1) & mask) {
      if (table[b] == FIRST_HIT_UNSET) {
        bool whole = width >= bucket && (b << shift) - from <= width - bucket;
        table[b] = whole ? (uint16_t)d : FIRST_HIT_UNKNOWN;
        unset--;
      }
      if (b == last)
        break;
    }
  }
  for (uint64_t b = 0; b <= mask; b++)
    if (table[b] == FIRST_HIT_UNSET)
      table[b] = FIRST_HIT_UNKNOWN;
}

/* The gaps and the first-hit table for the model's threshold. */
static void use_threshold(struct model *m) {
  if (m->gaps.threshold == m->threshold)
    return;
  gaps_for(&m->gaps, m->threshold);
  first_hits_for(m->first_hits, &m->gaps);
}

/* The first line from `line` up sampled at the threshold of `g`, from the
 * bucket of its hash when the bucket's distance is known, else looked for
 * line by line up to `last`; its hash in *hash. Beyond `last` when none is
 * sampled up to it. */
static uint64_t first_sampled_up(const uint16_t *first_hits,
                                 const struct gaps *g, uint64_t line,
                                 uint64_t last, uint64_t *hash) {
  uint64_t h = line * ROOF_TRAFFIC_HASH;
  uint16_t d = first_hits[h >> (64 - FIRST_HIT_BITS)];
  if (d != FIRST_HIT_UNKNOWN) {
    *hash = h + d * ROOF_TRAFFIC_HASH;
    return line + d;
  }
  for (; line <= last && !sampled_hash(h, g->threshold); line++)
    h += ROOF_TRAFFIC_HASH;
  *hash = h;
  return line;
}

/* The sampled lines from `first` to `last`, each next one of the three gaps
 * away. The rate may halve on the way: the lines sampled then are some of
 * these, checked again. */
static void touch_range(struct model *m, uint64_t *slots, uint64_t first,
                        uint64_t last, bool stored) {
  use_threshold(m);
  const struct gaps *g = &m->gaps;
  uint64_t hash;
  uint64_t line = first_sampled_up(m->first_hits, g, first, last, &hash);
  while (line <= last) {
    if (sampled_hash(hash, m->threshold))
      touch_line(m, slots, line, stored);
    unsigned k = next_gap(g, hash, true);
    if (k == 3)
      break;
    line += g->lines[k];
    hash += g->hashes[k];
  }
}

/* The first sampled line from `line` on, in the direction of the step,
 * up to c->limit. */
static void find_next(struct cursor *c, uint64_t line, const struct gaps *g,
                      const uint16_t *first_hits) {
  if (c->step >= 0) {
    c->next = first_sampled_up(first_hits, g, line, c->limit, &c->next_hash);
    c->has_next = c->next >= line && c->next <= c->limit;
  } else {
    c->has_next = false;
    for (; line >= c->limit; line--) {
      if (sampled(line, g->threshold)) {
        c->has_next = true;
        c->next = line;
        c->next_hash = line * ROOF_TRAFFIC_HASH;
        break;
      }
      if (!line)
        break;
    }
  }
  if (c->has_next)
    c->next_first = first_touch(c, c->next);
}

/* Whether iteration i of a strided cursor touches a sampled line. */
static bool touches_sampled(const struct cursor *c, uint64_t i,
                            const struct gaps *g) {
  for (uint64_t line = first_line(c, i), last = last_line(c, i); line <= last;
       line++)
    if (sampled(line, g->threshold))
      return true;
  return false;
}

/* The first iteration from `from` on that touches a sampled line (n when
 * none). */
static uint64_t first_hit(const struct cursor *c, uint64_t from,
                          const struct gaps *g) {
  while (from < c->n && !touches_sampled(c, from, g))
    from++;
  return from;
}

/* The first iteration after c->hit (< n) that touches a sampled line. */
static uint64_t next_hit(const struct cursor *c, const struct gaps *g) {
  if (c->jumps) {
    const struct gaps *j = &c->iteration_gaps;
    unsigned k = next_gap(j, first_line(c, c->hit) * ROOF_TRAFFIC_HASH, true);
    if (k < 3) {
      uint64_t hit = c->hit + j->lines[k];
      return hit < c->n && hit > c->hit ? hit : c->n;
    }
  }
  return first_hit(c, c->hit + 1, g);
}

static void cursor_start(struct cursor *c, const RoofTrafficStream *s,
                         uint64_t iterations, const struct gaps *g,
                         const uint16_t *first_hits) {
  uint64_t distance = s->step < 0 ? (uint64_t)-s->step : (uint64_t)s->step;
  /* The fields that are read before they are set; the others are set
   * first by what follows or by cursor_at() (`after`). */
  c->head = c->count = 0;
  c->has_next = false;
  c->start = (uint64_t)(uintptr_t)s->start;
  c->bytes = s->bytes;
  c->n = s->bytes ? iterations : 0;
  c->step = s->step;
  c->distance = distance;
  c->shift = -1;
  c->stored = s->stored != 0;
  if (distance && !(distance & (distance - 1)))
    c->shift = __builtin_ctzll(distance);
  c->strided = s->bytes > RING_BYTES || distance >= s->bytes + LINE_BYTES;
  if (!c->n)
    return;
  if (c->strided) {
    /* Searched for at most as far as the loop goes, beyond which walking
     * its iterations costs less. */
    c->jumps = !(distance % LINE_BYTES) &&
               first_line(c, 0) == last_line(c, 0) &&
               gaps_for_step(&c->iteration_gaps, g->threshold,
                             (uint64_t)(s->step / (int64_t)LINE_BYTES) *
                                 ROOF_TRAFFIC_HASH,
                             c->n);
    c->hit = first_hit(c, 0, g);
  } else if (s->step >= 0) {
    c->limit = last_line(c, s->step ? iterations - 1 : 0);
    find_next(c, first_line(c, 0), g, first_hits);
  } else {
    c->limit = first_line(c, iterations - 1);
    find_next(c, last_line(c, 0), g, first_hits);
  }
}

/* Drops the lines of cursor c that no iteration from i on touches (it is
 * at an earlier one, and has no line to take up before i); returns whether
 * it has lines at i. */
static bool cursor_drop(struct cursor *c, uint64_t i) {
  if (c->strided)
    return c->hit == i;
  while (c->count && c->ring_last[c->head] < i) {
    c->head = (c->head + 1) % RING;
    c->count--;
  }
  return c->count != 0;
}

/* Brings cursor c to iteration i (no earlier than where it is, and no later
 * than the iteration it returned from there): its active lines are those of
 * iteration i. Returns the first iteration after i at which it may touch
 * another line. */
__attribute__((noinline)) static uint64_t
cursor_at(struct cursor *c, uint64_t i, const struct gaps *g) {
  if (c->strided) {
    if (c->hit < i)
      c->hit = c->after; /* no iteration between touches a sampled line */
    if (c->hit == i)
      c->after = next_hit(c, g);
    return c->hit > i ? c->hit : c->after;
  }
  cursor_drop(c, i);
  while (c->has_next && c->next_first <= i && c->count < RING) {
    unsigned at = (c->head + c->count++) % RING;
    c->ring[at] = c->next;
    c->ring_last[at] = last_touch(c, c->next);
    advance_next(c, g);
  }
  if (!c->has_next)
    return c->n;
  return c->count < RING ? c->next_first : i + 1; /* a full ring */
}

/* The last iterations that touch the first and the last of the active
 * lines of cursor c to leave (it has some). */
struct ends {
  uint64_t first, last;
};

static struct ends cursor_ends(const struct cursor *c) {
  if (c->strided)
    return (struct ends){c->hit, c->hit};
  return (struct ends){c->ring_last[c->head],
                       c->ring_last[(c->head + c->count - 1) % RING]};
}

/* Passes the active lines of cursor c at iteration i to the model, in
 * ascending order, as the access makes them, if they are sampled at the
 * model's threshold (followed by the caller); returns how many it has. */
static unsigned cursor_touch(const struct cursor *c, uint64_t i,
                             struct model *m, uint64_t *slots) {
  if (c->strided) {
    unsigned touched = 0;
    for (uint64_t line = first_line(c, i), last = last_line(c, i); line <= last;
         line++)
      if (sampled(line, m->threshold)) {
        touch_line(m, slots, line, c->stored);
        touched++;
      }
    return touched;
  }
  unsigned count = c->count, at = c->head, last = at + count - 1;
  for (unsigned k = 0; k < count; k++) {
    uint64_t line = c->ring[(c->step >= 0 ? at + k : last - k) % RING];
    if (sampled(line, m->threshold))
      touch_line(m, slots, line, c->stored);
  }
  return count;
}

/* Extends stream `s` by the next one, `t`, when `t` is of the same kind
 * and step and begins after `s`'s bytes with a gap shorter than a line (the
 * loads of `a[k*i]`, `a[k*i+k]`, ... of an unrolled loop whose stride k the
 * compiler did not know, 8 bytes every 64 at k = 8). No line fits in the
 * gap, so the lines of an iteration are the same, in the same order, and a
 * line of both (`s`'s last, `t`'s first) is touched again right after
 * itself, which changes nothing: the result is the one of the two. */
static bool extend(RoofTrafficStream *s, const RoofTrafficStream *t) {
  uint64_t first = (uint64_t)(uintptr_t)s->start, end = first + s->bytes,
           start = (uint64_t)(uintptr_t)t->start;
  if (t->step != s->step || t->stored != s->stored || start < end ||
      start - end >= LINE_BYTES || start + t->bytes - first > RING_BYTES)
    return false;
  s->bytes = (uint32_t)(start + t->bytes - first);
  return true;
}

/* The loop's accesses, iteration by iteration, in its order (stream by
 * stream, each stream's lines ascending), over the iterations at which the
 * lines the loop touches change only: in between, every iteration touches
 * the same lines in the same order as the one before, all of them hits in
 * L1 when they fit there, and the model's state does not change; and once
 * the last of them is left, the loop touches no sampled line until a
 * stream reaches its next one. A stream's cursor moves only at the
 * iterations at which it reaches a line (a call, not inlined: it keeps the
 * loop over the cursors short); its lines that have left are dropped where
 * the active lines are touched. */
static void walk_lines(struct model *m, uint64_t *slots, struct cursor *c,
                       uint32_t used, uint64_t iterations,
                       const struct gaps *g) {
  /* The first iteration at which each cursor may touch another line. */
  uint64_t starts[ROOF_TRAFFIC_MAX_STREAMS];
  for (uint32_t k = 0; k < used; k++)
    starts[k] = 0;
  uint64_t active = 0; /* bit k: cursor k may have lines at iteration i */
  for (uint64_t i = 0; i < iterations;) {
    uint64_t start = iterations;
    for (uint32_t k = 0; k < used; k++) {
      if (starts[k] <= i) {
        starts[k] = cursor_at(&c[k], i, g);
        active |= UINT64_C(1) << k;
      }
      start = starts[k] < start ? starts[k] : start;
    }
    /* The last iterations that touch the first and the last active line to
     * leave. */
    uint64_t first_end = UINT64_MAX, last_end = 0, touched = 0;
    follow_threshold(m);
    for (uint64_t rest = active; rest; rest &= rest - 1) {
      unsigned k = (unsigned)__builtin_ctzll(rest);
      if (!cursor_drop(&c[k], i)) {
        active &= ~(UINT64_C(1) << k);
        continue;
      }
      struct ends e = cursor_ends(&c[k]);
      first_end = e.first < first_end ? e.first : first_end;
      last_end = e.last > last_end ? e.last : last_end;
      touched += cursor_touch(&c[k], i, m, slots);
    }
    uint64_t next = start;
    if (first_end < last_end && first_end + 1 < next)
      next = first_end + 1;
    i = touched <= m->held[0] && next > i ? next : i + 1;
  }
}

/* Whether every stream of a loop touches at most one sampled line an
 * iteration, and is not strided: one iteration's bytes span at most
 * (bytes + LINE_BYTES - 2) / LINE_BYTES + 1 lines, and two sampled lines
 * are at least the smallest gap apart (21 lines at one in 32). Then a
 * stream's lines follow one another: the next is reached after the
 * iteration that touches the last for the last time. */
static bool one_line_each(const struct cursor *c, uint32_t used,
                          const struct gaps *g) {
  for (uint32_t k = 0; k < used; k++)
    if (c[k].strided ||
        (c[k].bytes + LINE_BYTES - 2) / LINE_BYTES + 1 > g->lines[0])
      return false;
  return true;
}

/* Stream c reaches its next line: it is the stream's line, touched up to
 * iteration *last; *first is the iteration that reaches the one after it
 * (iterations when none). */
static inline void reach_next(struct cursor *c, uint64_t *line, uint64_t *last,
                              uint64_t *first, uint64_t iterations,
                              const struct gaps *g) {
  *line = c->next;
  *last = last_touch(c, c->next);
  advance_next(c, g);
  *first = c->has_next ? c->next_first : iterations;
}

/* Moves order[0], whose first[] grew, to its place in `order`, sorted by
 * first[] from order[1] on. */
static inline void reorder_first(uint8_t *order, const uint64_t *first,
                                 uint32_t used) {
  uint8_t k = order[0];
  uint32_t at = 0;
  for (; at + 1 < used && first[order[at + 1]] < first[k]; at++)
    order[at] = order[at + 1];
  order[at] = k;
}

/* walk_lines() for streams of one_line_each(): each stream's active line
 * (its ring of one) is the one it reached last, until the iteration after
 * its last touch. The same visits, touches and order as walk_lines(). Most
 * visits are of one stream reaching its next line while no other stream
 * has a line or reaches one: that line is then the only one touched, and
 * the next visit is at the first of the streams' next lines, by which
 * `order` keeps the streams sorted. The other visits go through all the
 * streams, as walk_lines() does. */
static void walk_one_line_each(struct model *m, uint64_t *slots,
                               struct cursor *c, uint32_t used,
                               uint64_t iterations, const struct gaps *g) {
  /* Stream k's line, the last iteration that touches it, and the first
   * iteration that reaches its next line (iterations when none). */
  uint64_t line[ROOF_TRAFFIC_MAX_STREAMS], last[ROOF_TRAFFIC_MAX_STREAMS],
      first[ROOF_TRAFFIC_MAX_STREAMS];
  uint8_t order[ROOF_TRAFFIC_MAX_STREAMS];
  for (uint32_t k = 0; k < used; k++) {
    first[k] = c[k].has_next ? c[k].next_first : iterations;
    uint32_t at = k;
    for (; at && first[order[at - 1]] > first[k]; at--)
      order[at] = order[at - 1];
    order[at] = (uint8_t)k;
  }
  uint64_t active = 0; /* bit k: stream k has a line */
  /* One after the last iteration that touches a line a stream has. */
  uint64_t until = 0;
  for (uint64_t i = 0; i < iterations;) {
    follow_threshold(m);
    uint32_t k = order[0];
    if (first[k] <= i && until <= i && (used == 1 || first[order[1]] > i)) {
      reach_next(&c[k], &line[k], &last[k], &first[k], iterations, g);
      active = UINT64_C(1) << k;
      until = last[k] + 1;
      if (sampled(line[k], m->threshold))
        touch_line(m, slots, line[k], c[k].stored);
      reorder_first(order, first, used);
      i = first[order[0]] > i ? first[order[0]] : i + 1;
      continue;
    }
    /* The streams that reach a line here are the first ones in `order`;
     * then each moves to its place among those after it. */
    uint32_t reaching = 0;
    for (; reaching < used && first[order[reaching]] <= i; reaching++) {
      k = order[reaching];
      reach_next(&c[k], &line[k], &last[k], &first[k], iterations, g);
      active |= UINT64_C(1) << k;
      until = last[k] >= until ? last[k] + 1 : until;
    }
    for (uint32_t r = reaching; r--;)
      reorder_first(order + r, first, used - r);
    uint64_t first_end = UINT64_MAX, last_end = 0;
    unsigned touched = 0;
    for (uint64_t rest = active; rest; rest &= rest - 1) {
      k = (uint32_t)__builtin_ctzll(rest);
      if (last[k] < i) {
        active &= ~(rest & -rest);
        continue;
      }
      first_end = last[k] < first_end ? last[k] : first_end;
      last_end = last[k] > last_end ? last[k] : last_end;
      if (sampled(line[k], m->threshold))
        touch_line(m, slots, line[k], c[k].stored);
      touched++;
    }
    uint64_t next = first[order[0]];
    if (first_end < last_end && first_end + 1 < next)
      next = first_end + 1;
    i = touched <= m->held[0] && next > i ? next : i + 1;
  }
}

/* A loop of `iterations` (at least 1) over streams[0..num_streams), at
 * most ROOF_TRAFFIC_MAX_STREAMS. */
static void loop_lines(struct model *m, uint64_t *slots,
                       const RoofTrafficStream *streams, uint32_t num_streams,
                       uint64_t iterations) {
  if (m->l1)
    roofrt_l1_loop(m->l1, slots, streams, num_streams, iterations);
  follow_threshold(m);
  use_threshold(m);
  /* The lines sampled now: fewer may be when the rate halves on the way,
   * and the walks check each again. */
  struct gaps g = m->gaps;
  struct cursor c[ROOF_TRAFFIC_MAX_STREAMS];
  uint32_t used = 0;
  for (uint32_t k = 0; k < num_streams; k++) {
    RoofTrafficStream s = streams[k];
    while (k + 1 < num_streams && extend(&s, &streams[k + 1]))
      k++;
    cursor_start(&c[used], &s, iterations, &g, m->first_hits);
    used += c[used].n != 0;
  }
  if (!used)
    return;
  if (one_line_each(c, used, &g))
    walk_one_line_each(m, slots, c, used, iterations, &g);
  else
    walk_lines(m, slots, c, used, iterations, &g);
}

/*===------------------------------------------------------------------------===
 * Calls: simulated, or replayed where they repeat (traffic_replay.c)
 *===------------------------------------------------------------------------===*/

/* A call's parameters, in the history: an access's three words {slots,
 * address, bytes << 1 | stored}, a loop's more: {slots, iterations, the
 * streams}. */
_Static_assert(sizeof(RoofTrafficStream) == 3 * sizeof(uint64_t),
               "a stream is three words of a call's parameters");

/* Simulates again, at the sampling it was made at, a call replayed. */
static void simulate_again(void *model, const uint64_t *words, uint32_t n) {
  struct model *m = model;
  uint64_t *slots = (uint64_t *)(uintptr_t)words[0];
  m->hold_threshold = true;
  if (n == 3)
    access_lines(m, slots, words[1], words[2] >> 1, words[2] & 1);
  else
    loop_lines(m, slots, (const RoofTrafficStream *)(words + 2), (n - 2) / 3,
               words[1]);
  m->hold_threshold = false;
}

/* Whether the call of parameters words[0..n) was replayed; if not, the
 * model simulates it, and calls recorded() after. Inline, so that an
 * access's three words are handled as three. */
static inline __attribute__((always_inline)) bool
replayed(struct model *m, const uint64_t *words, uint32_t n) {
  if (!m->replay)
    return false;
  uint64_t global =
      __atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED);
  if (global < m->threshold) {
    roofrt_replay_stop(m->replay, simulate_again, m);
    set_threshold(m, global);
  }
  if (roofrt_replay_begin(m->replay, m->threshold, words, n, simulate_again, m))
    return true;
  m->recording = m->replay->open != NULL;
  return false;
}

static inline void recorded(struct model *m) {
  if (!m->replay)
    return;
  m->recording = false;
  roofrt_replay_end(m->replay, m->threshold);
}

ROOFRT_EXPORT void __roof_traffic_access(uint64_t *slots, const void *address,
                                         uint64_t bytes, uint32_t stored) {
  struct model *m = model();
  if (!m || !bytes)
    return;
  const uint64_t call[] = {(uint64_t)(uintptr_t)slots,
                           (uint64_t)(uintptr_t)address,
                           bytes << 1 | (stored != 0)};
  if (replayed(m, call, 3))
    return;
  access_lines(m, slots, call[1], bytes, stored != 0);
  recorded(m);
}

ROOFRT_EXPORT void __roof_traffic_lanes(uint64_t *slots,
                                        const void *const *lanes, uint64_t mask,
                                        uint32_t num_lanes,
                                        uint32_t element_bytes,
                                        uint32_t stored) {
  for (uint32_t i = 0; i < num_lanes && i < 64; i++)
    if (mask >> i & 1)
      __roof_traffic_access(slots, lanes[i], element_bytes, stored);
}

ROOFRT_EXPORT void __roof_traffic_loop(uint64_t *slots,
                                       const RoofTrafficStream *streams,
                                       uint32_t num_streams,
                                       uint64_t iterations) {
  struct model *m = model();
  if (!m || !iterations || !num_streams ||
      num_streams > ROOF_TRAFFIC_MAX_STREAMS)
    return;
  uint64_t call[2 + 3 * ROOF_TRAFFIC_MAX_STREAMS];
  call[0] = (uint64_t)(uintptr_t)slots;
  call[1] = iterations;
  memcpy(call + 2, streams, num_streams * sizeof *streams);
  if (replayed(m, call, 2 + 3 * num_streams))
    return;
  loop_lines(m, slots, streams, num_streams, iterations);
  recorded(m);
}

void roofrt_traffic_thread_exit(void) {
  struct model *m = current_model;
  if (!m)
    return;
  current_model = NULL;
  pthread_mutex_lock(&roofrt_lock);
  exited_accesses += m->accesses;
  exited_replayed += m->replayed;
  if (m->prev)
    m->prev->next = m->next;
  else
    models = m->next;
  if (m->next)
    m->next->prev = m->prev;
  pthread_mutex_unlock(&roofrt_lock);
  roofrt_replay_destroy(m->replay);
  munmap(m, m->mapped);
}

void roofrt_traffic_fork_child(void) {
  struct model *m = current_model;
  exited_accesses = exited_replayed = 0;
  models = m;
  if (m) {
    m->next = m->prev = NULL;
    m->accesses = m->replayed = 0;
  }
}

uint64_t roofrt_traffic_accesses(uint64_t *replayed) {
  uint64_t total = exited_accesses;
  *replayed = exited_replayed;
  for (const struct model *m = models; m; m = m->next) {
    total += __atomic_load_n(&m->accesses, __ATOMIC_RELAXED);
    *replayed += __atomic_load_n(&m->replayed, __ATOMIC_RELAXED);
  }
  return total;
}

double roofrt_traffic_rate(void) {
  return (double)__atomic_load_n(&__roof_traffic_threshold, __ATOMIC_RELAXED) /
         (double)FULL_THRESHOLD;
}
