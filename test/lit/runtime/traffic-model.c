// The traffic model of runtime/traffic.c against a reference written here
// from the model's definition (docs/counting.md, "Traffic"), on synthetic
// address streams: an inclusive hierarchy of fully associative LRU caches,
// every cache seeing every access in program order, write-allocate,
// write-back, a store dirtying L1, a dirty line leaving a cache written back
// to the one below (dirty there). The reference keeps one recency list and
// scans it; the runtime a sample of lines in one list grouped by cache and a
// hash table.
//
// With every line sampled (ROOF_TRAFFIC_RATE=1) the two must agree to the
// byte on every level and direction, per scope (two functions: a write-back
// is counted in the scope that wrote the line).
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 %t exact > %t.out
// RUN: FileCheck %s --check-prefix=EXACT < %t.out
// EXACT: random: same as the reference
// EXACT: sweeps: same as the reference
// EXACT: blocked: same as the reference
//
// The L1's sets (runtime/traffic_sets.h): with its ways given
// (ROOF_CACHES=4K/8: 8 sets of 8 lines) and ROOF_TRAFFIC_SETS, the L1's
// fetches and write-backs are those of a set-associative LRU on a sample of
// whole sets, to the byte: every set (ROOF_TRAFFIC_SETS=8), 2 of them (each
// fetch 4 lines' bytes), 1 of 16 sets of 4 ways, and 1 of 32 sets of 2
// ways; the levels below stay those of the hierarchy above. The census
// gives the L1's ways and sets.
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_SETS=8 %t exact 8 8 | FileCheck %s --check-prefix=EXACT
// RUN: %python %S/Inputs/check_report.py %t.sets.json \
// RUN:   '[(l["name"], l["bytes"], l.get("ways"), l.get("sets"), l.get("sampled_sets")) for l in r["traffic"]["levels"]] == [("L1", 4096, 8, 8, 8), ("L2", 16384, None, None, None), ("L3", 65536, None, None, None)]'
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_SETS=2 %t exact 8 2 | FileCheck %s --check-prefix=EXACT
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K/4,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_SETS=1 %t exact 4 1 | FileCheck %s --check-prefix=EXACT
// RUN: %python %S/Inputs/check_report.py %t.sets.json 'r["traffic"]["levels"][0]["sampled_sets"] == 1'
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K/2,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_SETS=1 %t exact 2 1 > %t.sets.out
// RUN: FileCheck %s --check-prefix=EXACT < %t.sets.out
// With ROOF_TRAFFIC_SETS=0 the L1 is fully associative.
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_SETS=0 %t exact | FileCheck %s --check-prefix=EXACT
// RUN: %python %S/Inputs/check_report.py %t.sets.json '"ways" not in r["traffic"]["levels"][0]'
// By default, with the ways known, 2 of the L1's sets give its counts and the
// hashed sample, which serves the levels below, is one line in 128; with no
// ways known the L1 is fully associative at one line in 32, and no line says
// so (nothing was asked).
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K %t none
// RUN: %python %S/Inputs/check_report.py %t.sets.json \
// RUN:   'r["traffic"]["levels"][0]["sampled_sets"] == 2 and r["traffic"]["sampling_rate"] == 1 / 128'
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K %t none 2>&1 | count 0
// RUN: %python %S/Inputs/check_report.py %t.sets.json \
// RUN:   '"ways" not in r["traffic"]["levels"][0] and r["traffic"]["sampling_rate"] == 1 / 32'
// A malformed ROOF_TRAFFIC_RATE says so and leaves the default.
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=48 %t none 2>&1 | FileCheck %s --check-prefix=BADRATE128
// BADRATE128: roof: ROOF_TRAFFIC_RATE="48" is not a power of 2 up to {{[0-9]+}}; using one line in 128
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=x %t none 2>&1 | FileCheck %s --check-prefix=BADRATE32
// BADRATE32: roof: ROOF_TRAFFIC_RATE="x" is not a power of 2 up to {{[0-9]+}}; using one line in 32
// RUN: %python %S/Inputs/check_report.py %t.sets.json 'r["traffic"]["sampling_rate"] == 1 / 32'
// Ways that do not make whole sets of a power of 2, or no ways, or more sets
// than the L1 has, leave it so too, and say why in one line; so does a
// malformed ROOF_TRAFFIC_SETS.
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_CACHES=4K/3,16K,64K ROOF_TRAFFIC_SETS=1 %t none 2>&1 | FileCheck %s --check-prefix=NOSETS
// RUN: %python %S/Inputs/check_report.py %t.sets.json '"ways" not in r["traffic"]["levels"][0]'
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_SETS=1 %t none 2>&1 | FileCheck %s --check-prefix=NOSETS
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_SETS=16 %t none 2>&1 | FileCheck %s --check-prefix=NOSETS
// NOSETS: roof: ROOF_TRAFFIC_SETS={{[0-9]+}}: the L1's ways are not known (ROOF_CACHES=48K/12 gives them) or do not divide it into a power of 2 of sets, at least as many; the L1 is fully associative
// RUN: env ROOF_OUTPUT=%t.sets.json ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_SETS=3 %t none 2>&1 | FileCheck %s --check-prefix=BADSETS
// BADSETS: roof: ROOF_TRAFFIC_SETS="3" is not 0 or a power of 2; the L1 is fully associative
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'r["traffic"]["sampling_rate"] == 1' \
// RUN:   '[(l["name"], l["bytes"], l["from"]) for l in r["traffic"]["levels"]] == [("L1", 4096, "ROOF_CACHES"), ("L2", 16384, "ROOF_CACHES"), ("L3", 65536, "ROOF_CACHES")]' \
// RUN:   'r["traffic"]["memory"] == "DRAM" and r["traffic"]["line_bytes"] == 64' \
// RUN:   'sorted(r["totals"]["traffic"]) == ["DRAM", "L2", "L3"]' \
// RUN:   'r["traffic"]["sampled_accesses"] > 0'
//
// Sampled (one line in 16, the default tracking capacity): a stream over
// three arrays far larger than the last cache (a triad) moves 24 bytes per
// element from DRAM and writes 8 back: within 2% of 32.
// RUN: env ROOF_OUTPUT=%t.sampled.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=16 %t triad | FileCheck %s --check-prefix=TRIAD
// TRIAD: triad: DRAM bytes per element within 2% of 32
//
// A tracking capacity below the last cache (256 lines against 1,024)
// halves the rate until the last cache's sample fits (1/4: 256 lines): the
// numbers stay those of the stream.
// RUN: env ROOF_OUTPUT=%t.halved.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_LINES=256 %t triad | FileCheck %s --check-prefix=TRIAD
// RUN: %python %S/Inputs/check_report.py %t.halved.json 'r["traffic"]["sampling_rate"] == 1 / 4'
//
// fork(): the child's model keeps the parent's caches but counts from zero,
// as its other counts do. The parent fetches 100 new lines (6,400 bytes from
// L2) and forks; the child fetches 10 more (640).
// RUN: rm -rf %t.fork && mkdir %t.fork
// RUN: env ROOF_OUTPUT=%t.fork/%%p.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 %t fork > %t.fork/pids
// RUN: %python %S/Inputs/check_report.py %t.fork/$(cut -d' ' -f1 %t.fork/pids).json \
// RUN:   'r["traffic"]["sampled_accesses"] == 100' 'r["totals"]["traffic"]["L2"]["loaded"] == 6400'
// RUN: %python %S/Inputs/check_report.py %t.fork/$(cut -d' ' -f2 %t.fork/pids).json \
// RUN:   'r["traffic"]["sampled_accesses"] == 10' 'r["totals"]["traffic"]["L2"]["loaded"] == 640'
//
// A loop's accesses passed at once (__roof_traffic_loop, as the pass does
// for an innermost loop of affine accesses) give the bytes of the same
// accesses passed one by one in the loop's order (__roof_traffic_access),
// to the byte, for every line sampled and for one in 16, 1,024 and 16,384
// (the runtime then jumps between sampled lines): 600 random loops of 1 to 8
// accesses, steps forward, backward, zero, within a line and strided,
// widths of 1 byte to more than a line, overlapping and unaligned; one in
// four reads or writes rows with gaps under a line between them, which the
// runtime takes as one stream. Then 300 ranges of up to 64 KiB passed at
// once (a memcpy: the runtime jumps between sampled lines) or line by line.
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 %t loops | FileCheck %s --check-prefix=LOOPS
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=16 %t loops | FileCheck %s --check-prefix=LOOPS
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1024 %t loops | FileCheck %s --check-prefix=LOOPS
// At one in 64 L1 holds one sampled line, and at one in 16 with L1 of 1 KiB:
// which of an iteration's lines is touched last decides the next hit, so the
// walk must touch every line that an iteration touches, in its order, also
// where several streams' lines meet.
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=64 %t loops | FileCheck %s --check-prefix=LOOPS
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=1K,2K,64K ROOF_TRAFFIC_RATE=16 %t loops | FileCheck %s --check-prefix=LOOPS
// At one line in 16,384 no bucket of the table of first hits is known:
// the streams and the ranges look for their first sampled line one by one.
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=16384 %t loops | FileCheck %s --check-prefix=LOOPS
// The same with the L1's sets sampled: every one of 8 sets, 2 of them, and
// 1 of 8 sets of 2 ways (where an iteration's lines overflow a set).
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_SETS=8 %t loops | FileCheck %s --check-prefix=LOOPS
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=16 ROOF_TRAFFIC_SETS=2 %t loops | FileCheck %s --check-prefix=LOOPS
// RUN: env ROOF_OUTPUT=%t.loops.json ROOF_QUIET=1 ROOF_CACHES=1K/2,2K,64K ROOF_TRAFFIC_RATE=16 ROOF_TRAFFIC_SETS=1 %t loops | FileCheck %s --check-prefix=LOOPS
// LOOPS: loops: same as one access at a time
//
// Repeated calls (traffic_replay.c): a sequence of calls made again and
// again is simulated three times, then replayed (docs/counting.md,
// "Repeated calls"). Against the reference, every line sampled: sweeps of
// accesses over 40 to 3,000 lines made 7 times, reads and writes of two
// scopes (write-backs in the scope that wrote); a sweep broken off in its
// sixth repetition, at several points, and followed by another (the model
// is brought to where the calls replayed left it); loops passed whole and
// accesses in one period; a period within which a call repeats; lines
// written before the first repetition and written back in the second only
// (which is why the counts are those of the third). And the
// same with no call replayed (ROOF_TRAFFIC_REPLAY=0).
// RUN: env ROOF_OUTPUT=%t.rep.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 %t repeated | FileCheck %s --check-prefix=REPEATED
// RUN: %python %S/Inputs/check_report.py %t.rep.json \
// RUN:   'r["traffic"]["replayed_accesses"] > r["traffic"]["sampled_accesses"] // 2'
// RUN: env ROOF_OUTPUT=%t.rep0.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_REPLAY=0 %t repeated | FileCheck %s --check-prefix=REPEATED
// RUN: %python %S/Inputs/check_report.py %t.rep0.json \
// RUN:   'r["traffic"]["replayed_accesses"] == 0'
// ROOF_TRAFFIC_REPLAY=check simulates every call and checks those it would
// replay against their records: none differs.
// RUN: env ROOF_OUTPUT=%t.chk.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_REPLAY=check %t repeated 2>&1 | FileCheck %s --check-prefix=REPEATED --implicit-check-not=ROOF_TRAFFIC_REPLAY
// RUN: %python %S/Inputs/check_report.py %t.chk.json \
// RUN:   'r["traffic"]["replayed_accesses"] == 0'
// REPEATED: sweeps: same as the reference
// REPEATED: broken off: same as the reference
// REPEATED: loops and accesses: same as the reference
// REPEATED: a call twice in a period: same as the reference
// REPEATED: written back in the second repetition only: same as the reference
//
// Sampled (one line in 16), a history too small for the longer sweeps
// (64K), and another thread halving the rate while this one replays
// (ROOF_TRAFFIC_LINES=512: the last cache's sample must fit): the census
// with calls replayed is the one without, to the byte.
// RUN: env ROOF_OUTPUT=%t.s1.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=16 %t repeated > /dev/null
// RUN: env ROOF_OUTPUT=%t.s0.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=16 ROOF_TRAFFIC_REPLAY=0 %t repeated > /dev/null
// RUN: %python %S/Inputs/same_traffic.py %t.s1.json %t.s0.json
// RUN: env ROOF_OUTPUT=%t.s2.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=16 ROOF_TRAFFIC_REPLAY=check %t repeated 2>&1 > /dev/null | count 0
// RUN: %python %S/Inputs/same_traffic.py %t.s1.json %t.s2.json
// RUN: env ROOF_OUTPUT=%t.l1.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=16 ROOF_TRAFFIC_SETS=2 %t repeated > /dev/null
// RUN: env ROOF_OUTPUT=%t.l0.json ROOF_QUIET=1 ROOF_CACHES=4K/8,16K,64K ROOF_TRAFFIC_RATE=16 ROOF_TRAFFIC_SETS=2 ROOF_TRAFFIC_REPLAY=0 %t repeated > /dev/null
// RUN: %python %S/Inputs/same_traffic.py %t.l1.json %t.l0.json
// RUN: env ROOF_OUTPUT=%t.h1.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_REPLAY=64K %t repeated > /dev/null
// RUN: env ROOF_OUTPUT=%t.h0.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_REPLAY=0 %t repeated > /dev/null
// RUN: %python %S/Inputs/same_traffic.py %t.h1.json %t.h0.json
// RUN: env ROOF_OUTPUT=%t.t1.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_LINES=512 %t halving | FileCheck %s --check-prefix=HALVING
// RUN: env ROOF_OUTPUT=%t.t0.json ROOF_QUIET=1 ROOF_CACHES=4K,16K,64K ROOF_TRAFFIC_RATE=1 ROOF_TRAFFIC_LINES=512 ROOF_TRAFFIC_REPLAY=0 %t halving | FileCheck %s --check-prefix=HALVING
// RUN: %python %S/Inputs/same_traffic.py %t.t1.json %t.t0.json
// RUN: %python %S/Inputs/check_report.py %t.t1.json 'r["traffic"]["sampling_rate"] < 1' \
// RUN:   'r["traffic"]["replayed_accesses"] > 0'
// HALVING: halving: done
//
// A malformed ROOF_TRAFFIC_REPLAY is refused in one line, and 2M used.
// RUN: env ROOF_OUTPUT=%t.bad.json ROOF_TRAFFIC_REPLAY=2Q %t none 2>&1 | FileCheck %s --check-prefix=BADREPLAY
// BADREPLAY: roof: ROOF_TRAFFIC_REPLAY="2Q" is not 0, check or a size from 64K to 1G such as 2M; using 2M
//
// A malformed ROOF_CACHES is refused in one line, and the machine's caches
// are used.
// RUN: env ROOF_OUTPUT=%t.bad.json ROOF_CACHES=4K,2K %t none 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: roof: ROOF_CACHES="4K,2K" is not a list of at most 4 growing sizes such as 48K,1M,32M (the first may give the L1's ways, 1 to 32: 48K/12); the caches are taken from the machine
#include "fake_pass.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { SLOTS = 2 * ROOF_MAX_CACHE_LEVELS };

// Two functions whose traffic slots are all their slots.
#define TRAFFIC_WEIGHTS(name)                                                  \
  static const RoofWeight name[] = {                                           \
      {0, ROOF_METRIC_TRAFFIC(0, 0), 1}, {1, ROOF_METRIC_TRAFFIC(0, 1), 1},    \
      {2, ROOF_METRIC_TRAFFIC(1, 0), 1}, {3, ROOF_METRIC_TRAFFIC(1, 1), 1},    \
      {4, ROOF_METRIC_TRAFFIC(2, 0), 1}, {5, ROOF_METRIC_TRAFFIC(2, 1), 1},    \
      {6, ROOF_METRIC_TRAFFIC(3, 0), 1}, {7, ROOF_METRIC_TRAFFIC(3, 1), 1}}
TRAFFIC_WEIGHTS(reader_weights);
TRAFFIC_WEIGHTS(writer_weights);
FAKE_COUNTERS(mod, 2 * SLOTS)
static const RoofFunction functions[] = {
    {"reader", "reader", NULL, 0, SLOTS, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, SLOTS,
     reader_weights},
    {"writer", "writer", NULL, SLOTS, SLOTS, 0, ROOF_NO_SLOT, ROOF_NO_SLOT,
     SLOTS, writer_weights}};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 2, 2 * SLOTS, ROOF_MODULE_TRAFFIC, "traffic-model.c",
    "x86_64-unknown-linux-gnu", "", "", functions};
FAKE_CONSTRUCTOR(mod)

//===----------------------------------------------------------------------===//
// The reference
//===----------------------------------------------------------------------===//
enum { LEVELS = 3, LINE = 64, MAX_LINES = 1 << 16 };
static const unsigned capacity[LEVELS] = {4096 / LINE, 16384 / LINE,
                                          65536 / LINE};

struct line {
  unsigned long address;
  unsigned dirty;  // bit l: dirty in level l
  int writer;      // the scope that last wrote it
};
static struct line recency[MAX_LINES]; // [0]: the last used
static unsigned used;
static unsigned long long expected[2][SLOTS]; // per scope

// The L1 of L1_WAYS ways, when the mode gives them ("exact WAYS SAMPLED"):
// SAMPLED consecutive sets of it from the middle, as runtime/traffic_sets.h
// samples them, each an LRU of WAYS lines, the fetches and write-backs of
// the L1 counted on them, each for sets / SAMPLED lines; the L1 of the
// hierarchy above then counts none (its dirty lines still go down).
static unsigned l1_ways, l1_sampled;
struct way {
  unsigned long line;
  int dirty, writer;
};
static struct way l1_sets[64][32];
static unsigned l1_used[64];

static void reference_l1(unsigned long line, int scope, int stored) {
  unsigned sets = capacity[0] / l1_ways, set = (unsigned)(line % sets);
  unsigned first = (sets / 2) & ~(l1_sampled - 1);
  if (set < first || set >= first + l1_sampled)
    return;
  unsigned long long weight = (unsigned long long)LINE * sets / l1_sampled;
  struct way *ways = l1_sets[set], moved = {line, 0, -1};
  unsigned n = l1_used[set], i = 0;
  while (i < n && ways[i].line != line)
    i++;
  if (i < n) {
    moved = ways[i];
  } else {
    expected[scope][0] += weight;
    if (n == l1_ways) {
      i = n - 1;
      if (ways[i].dirty)
        expected[ways[i].writer][1] += weight;
    } else {
      l1_used[set] = n + 1;
    }
  }
  memmove(&ways[1], &ways[0], i * sizeof ways[0]);
  ways[0] = moved;
  if (stored) {
    ways[0].dirty = 1;
    ways[0].writer = scope;
  }
}

static void reference(unsigned long address, int scope, int stored) {
  unsigned long line = address / LINE;
  unsigned depth = 0;
  while (depth < used && recency[depth].address != line)
    depth++;
  struct line moved = {line, 0, -1};
  int cold = depth == used; // never used: a miss everywhere
  if (cold)
    used++;
  else
    moved = recency[depth];
  memmove(&recency[1], &recency[0], depth * sizeof recency[0]);
  recency[0] = moved;
  for (int l = 0; l < LEVELS; l++) {
    if (!cold && depth < capacity[l])
      break;
    int counted = l || !l1_ways;
    expected[scope][2 * l] += counted ? LINE : 0; // a miss: the line is fetched
    // The line that was last in the cache has left it.
    if (used > capacity[l] && recency[capacity[l]].dirty & 1u << l) {
      struct line *evicted = &recency[capacity[l]];
      expected[evicted->writer][2 * l + 1] += counted ? LINE : 0;
      evicted->dirty &= ~(1u << l);
      if (l + 1 < LEVELS)
        evicted->dirty |= 1u << (l + 1);
    }
  }
  if (stored) {
    recency[0].dirty |= 1;
    recency[0].writer = scope;
  }
}

//===----------------------------------------------------------------------===//
// The streams
//===----------------------------------------------------------------------===//
static uint64_t *counters;
static unsigned long base = 1ul << 32;

static void touch(unsigned long address, unsigned bytes, int scope,
                   int stored) {
  __roof_traffic_access(counters + scope * SLOTS, (const void *)address, bytes,
                        stored);
  for (unsigned long line = address / LINE; line <= (address + bytes - 1) / LINE;
       line++) {
    reference(line * LINE, scope, stored);
    if (l1_ways)
      reference_l1(line, scope, stored);
  }
}

static int compare(const char *stream) {
  int same = 1;
  for (int scope = 0; scope < 2; scope++)
    for (int s = 0; s < 2 * LEVELS; s++)
      if (counters[scope * SLOTS + s] != expected[scope][s]) {
        printf("%s: scope %d slot %d: model %llu, reference %llu\n", stream,
               scope, s, (unsigned long long)counters[scope * SLOTS + s],
               expected[scope][s]);
        same = 0;
      }
  if (same)
    printf("%s: same as the reference\n", stream);
  return same;
}

static unsigned long long next = 12345;
static unsigned random_below(unsigned n) {
  next = next * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)(next >> 33) % n;
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//
static uint64_t loop_slots[2][SLOTS];

// The same 600 loops on a thread of its own (a model of its own), passed
// whole or one access at a time.
static void *run_loops(void *whole) {
  static const int64_t steps[] = {0,  8,   -8,  16,   24,    -24, 64,   -64,
                                  72, 200, 256, -256, 4096, -4096, 1,   -3};
  static const uint32_t widths[] = {1, 4, 8, 16, 32, 64, 100, 256, 512, 1000};
  uint64_t *slots = FAKE_ENTER(mod);
  unsigned long long state = 777;
  for (int loop = 0; loop < 600; loop++) {
    RoofTrafficStream streams[8];
    uint32_t count = 1 + (uint32_t)((state = state * 6364136223846793005ull +
                                             1442695040888963407ull) >>
                                    33) % 8;
    uint64_t iterations = 1 + (state >> 20) % 3000;
    for (uint32_t k = 0; k < count; k++) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      int64_t step = steps[(state >> 33) % 16];
      if (step == 1 || step == -3)
        step *= (int64_t)((state >> 40) % 130);
      uint64_t reach = (uint64_t)(step < 0 ? -step : step) * iterations;
      if (reach > (1u << 21))
        step = 0;
      streams[k].start = (const void *)(base + (3ul << 21) +
                                        (state >> 8) % (1u << 20));
      streams[k].step = step;
      streams[k].bytes = widths[(state >> 50) % 10];
      streams[k].stored = (state >> 60) & 1;
    }
    // One loop in four reads or writes rows with gaps under a line between
    // them (a strided read unrolled): the runtime takes them as one stream.
    for (uint32_t k = 1; k < count && loop % 4 == 0; k++) {
      streams[k].step = streams[0].step;
      streams[k].stored = streams[0].stored;
      streams[k].start = (const char *)streams[k - 1].start +
                         streams[k - 1].bytes + (state >> (4 * k)) % LINE;
    }
    if (whole) {
      __roof_traffic_loop(slots, streams, count, iterations);
      continue;
    }
    for (uint64_t i = 0; i < iterations; i++)
      for (uint32_t k = 0; k < count; k++)
        __roof_traffic_access(
            slots, (const char *)streams[k].start + (int64_t)i * streams[k].step,
            streams[k].bytes, streams[k].stored);
  }
  // Then 300 ranges of up to 64 KiB (a memcpy), at once or line by line:
  // at once, the runtime goes from one sampled line to the next.
  for (int range = 0; range < 300; range++) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t start = base + (3ul << 21) + (state >> 8) % (1u << 20);
    uint64_t bytes = 1 + (state >> 30) % (64u << 10);
    // One in four begins at a sampled line or up to two lines before one,
    // where an error of one line in finding the first shows.
    for (uint64_t line = start / LINE; range % 4 == 0; line++)
      if ((line * ROOF_TRAFFIC_HASH) >> ROOF_TRAFFIC_HASH_SHIFT <
          __roof_traffic_threshold) {
        start = (line - (state >> 61) % 3) * LINE + (state >> 40) % LINE;
        break;
      }
    uint32_t stored = (state >> 60) & 1;
    if (whole) {
      __roof_traffic_access(slots, (const void *)start, bytes, stored);
      continue;
    }
    for (uint64_t at = start; at < start + bytes; at = (at | (LINE - 1)) + 1) {
      uint64_t end = (at | (LINE - 1)) + 1;
      __roof_traffic_access(slots, (const void *)at,
                            (end < start + bytes ? end : start + bytes) - at,
                            stored);
    }
  }
  memcpy(loop_slots[whole != NULL], slots, sizeof loop_slots[0]);
  return NULL;
}

//===----------------------------------------------------------------------===//
// Repeated calls
//===----------------------------------------------------------------------===//

// Lines [from, to) of a sweep over lines from `at`: an access of 8 bytes
// each, every fifth a store, every third in the writer's scope.
static void sweep(unsigned long at, unsigned from, unsigned to) {
  for (unsigned i = from; i < to; i++)
    touch(at + i * LINE + 8 * (i % 8), 8, i % 3 == 0, i % 5 == 0);
}

// A loop passed whole, and its accesses one by one to the reference.
static void loop(const RoofTrafficStream *streams, uint32_t count,
                 uint64_t iterations, int scope) {
  __roof_traffic_loop(counters + scope * SLOTS, streams, count, iterations);
  for (uint64_t i = 0; i < iterations; i++)
    for (uint32_t k = 0; k < count; k++) {
      unsigned long a = (unsigned long)streams[k].start +
                        (unsigned long)((int64_t)i * streams[k].step);
      for (unsigned long line = a / LINE;
           line <= (a + streams[k].bytes - 1) / LINE; line++)
        reference(line * LINE, scope, (int)streams[k].stored);
    }
}

static void repeated(void) {
  // Sweeps that fit in L1, L2, L3 and none, 7 times each.
  static const unsigned sizes[] = {40, 200, 800, 3000};
  for (int s = 0; s < 4; s++)
    for (int repeat = 0; repeat < 7; repeat++)
      sweep(base + (2ul << 20), 0, sizes[s]);
  compare("sweeps");
  // Broken off in the sixth repetition, at its start, within, at its end.
  static const unsigned breaks[] = {0, 1, 77, 199};
  for (int b = 0; b < 4; b++) {
    for (int repeat = 0; repeat < 5; repeat++)
      sweep(base + (4ul << 20), 0, 200);
    sweep(base + (4ul << 20), 0, breaks[b]);
    sweep(base + (6ul << 20) + breaks[b] * LINE, 0, 100);
  }
  compare("broken off");
  // A period of a triad passed whole, an access and a strided loop that
  // writes, 6 times, then the triad alone 5 times.
  unsigned long a = base + (8ul << 20), b = a + 32768, c = b + 32768;
  RoofTrafficStream triad[] = {{(const void *)b, 8, 8, 0},
                               {(const void *)c, 8, 8, 0},
                               {(const void *)a, 8, 8, 1}};
  RoofTrafficStream strided[] = {{(const void *)(c + 8), 16, 8, 1}};
  for (int repeat = 0; repeat < 6; repeat++) {
    loop(triad, 3, 4096, 0);
    touch(a + 100, 8, 1, 0);
    loop(strided, 1, 1000, 1);
  }
  for (int repeat = 0; repeat < 5; repeat++)
    loop(triad, 3, 4096, 0);
  compare("loops and accesses");
  // A, A, B: the first call of a period repeats within it.
  for (int repeat = 0; repeat < 8; repeat++) {
    sweep(base + (10ul << 20), 0, 30);
    sweep(base + (10ul << 20), 0, 30);
    sweep(base + (11ul << 20), 0, 50);
  }
  compare("a call twice in a period");
  // Why three repetitions: 10 lines X written, then 300 others read, so X
  // is dirty in L3 (1,024 lines) at depth 300; then 6 times 600 lines A, X
  // and 500 lines B, all read. In the first repetition A leaves X in L3
  // (300 + 600 < 1,024); in every later one A pushes X out (B, then A: 1,100
  // lines), but only in the second is X dirty there (from before), and
  // written back to DRAM: the third and later ones write nothing back.
  unsigned long x = base + (12ul << 20), other = x + (1ul << 20);
  for (unsigned i = 0; i < 10; i++)
    touch(x + i * LINE, 8, 0, 1);
  for (unsigned i = 0; i < 300; i++)
    touch(other + i * LINE, 8, 0, 0);
  for (int repeat = 0; repeat < 6; repeat++) {
    for (unsigned i = 0; i < 600; i++)
      touch(other + (1000 + i) * LINE, 8, 0, 0);
    for (unsigned i = 0; i < 10; i++)
      touch(x + i * LINE, 8, 0, 0);
    for (unsigned i = 0; i < 500; i++)
      touch(other + (2000 + i) * LINE, 8, 0, 0);
  }
  compare("written back in the second repetition only");
}

// Another thread touches 3,000 lines, which halves the rate for both.
static void *halve(void *unused) {
  (void)unused;
  uint64_t *slots = FAKE_ENTER(mod);
  for (unsigned long line = 0; line < 3000; line++)
    __roof_traffic_access(
        slots, (const void *)(base + (20ul << 20) + line * LINE), 8, line % 2);
  return NULL;
}

// This thread sweeps 200 lines 10 times; in the sixth, while it replays,
// the other thread halves the rate.
static void halving(void) {
  for (int repeat = 0; repeat < 10; repeat++) {
    sweep(base + (2ul << 20), 0, 77);
    if (repeat == 5) {
      pthread_t thread;
      pthread_create(&thread, NULL, halve, NULL);
      pthread_join(thread, NULL);
    }
    sweep(base + (2ul << 20), 77, 200);
  }
  printf("halving: done\n");
}

int main(int argc, char **argv) {
  counters = FAKE_ENTER(mod);
  const char *what = argc > 1 ? argv[1] : "";
  if (strcmp(what, "exact") == 0) {
    if (argc > 3) {
      l1_ways = (unsigned)atoi(argv[2]);
      l1_sampled = (unsigned)atoi(argv[3]);
    }
    // Random reads and writes over 3,000 lines, unaligned ones included.
    for (int i = 0; i < 200000; i++) {
      unsigned long address = base + random_below(3000 * LINE);
      int stored = random_below(4) == 0;
      touch(address, 1 + random_below(16), stored, stored);
    }
    int same = compare("random");
    // Sweeps of growing size, each twice: reuse at every level.
    for (unsigned size = 32; size <= 4096; size *= 2)
      for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < size; i++)
          touch(base + 8ul * LINE * 1000 + i * 16ul, 8, pass, pass);
    same &= compare("sweeps");
    // A blocked update of a 128 x 128 matrix of doubles, 32 x 32 blocks.
    for (int bi = 0; bi < 128; bi += 32)
      for (int bj = 0; bj < 128; bj += 32)
        for (int i = bi; i < bi + 32; i++)
          for (int j = bj; j < bj + 32; j++) {
            unsigned long a = base + (1ul << 24) + (i * 128ul + j) * 8;
            touch(a, 8, 0, 0);
            touch(a, 8, 1, 1);
          }
    same &= compare("blocked");
    return same ? 0 : 1;
  }
  if (strcmp(what, "loops") == 0) {
    for (int whole = 0; whole < 2; whole++) {
      pthread_t thread;
      pthread_create(&thread, NULL, run_loops, whole ? &thread : NULL);
      pthread_join(thread, NULL);
    }
    int same = 1;
    for (int s = 0; s < SLOTS; s++)
      if (loop_slots[0][s] != loop_slots[1][s]) {
        printf("loops: slot %d: %llu one at a time, %llu whole\n", s,
               (unsigned long long)loop_slots[0][s],
               (unsigned long long)loop_slots[1][s]);
        same = 0;
      }
    if (same)
      printf("loops: same as one access at a time (%llu bytes)\n",
             (unsigned long long)(loop_slots[0][0] + loop_slots[0][1]));
    return same ? 0 : 1;
  }
  if (strcmp(what, "repeated") == 0) {
    repeated();
    return 0;
  }
  if (strcmp(what, "halving") == 0) {
    halving();
    return 0;
  }
  if (strcmp(what, "fork") == 0) {
    for (unsigned long line = 0; line < 100; line++)
      __roof_traffic_access(counters, (const void *)(base + line * LINE), 8, 0);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      for (unsigned long line = 100; line < 110; line++)
        __roof_traffic_access(counters, (const void *)(base + line * LINE), 8,
                              0);
      return 0;
    }
    waitpid(child, NULL, 0);
    printf("%d %d\n", (int)getpid(), (int)child);
    return 0;
  }
  if (strcmp(what, "triad") == 0) {
    // a[i] = b[i] + s * c[i], 3 times over 3 arrays of 2^17 doubles (3 MiB
    // in all, 48 times the last cache): per element 8 bytes loaded from
    // each of b and c, a's line fetched on its write (write-allocate) and
    // written back: 32 bytes from or to DRAM.
    const unsigned long n = 1ul << 17;
    unsigned long a = base, b = base + 8 * n, c = base + 16 * n;
    for (int repeat = 0; repeat < 3; repeat++)
      for (unsigned long i = 0; i < n; i++) {
        touch(b + 8 * i, 8, 0, 0);
        touch(c + 8 * i, 8, 0, 0);
        touch(a + 8 * i, 8, 0, 1);
      }
    // (The lines of a still in the last cache at the end, at most 64 KiB,
    // are never written back: 0.2% of the 12 MiB.)
    double dram = (double)(counters[4] + counters[5]);
    double per_element = dram / (3.0 * n);
    if (per_element > 32 * 0.98 && per_element < 32 * 1.02)
      printf("triad: DRAM bytes per element within 2%% of 32\n");
    else
      printf("triad: DRAM bytes per element %.3f\n", per_element);
  }
  return 0;
}
