/*===- runtime/traffic_replay.c - Repeated calls of the model, replayed ---===*\
|*
|* Iterative codes make the same accesses again and again: a solver's
|* iterations, a time step's loops, a benchmark's repetitions. The traffic
|* model (traffic.c) settles on such a sequence: when one sequence of calls
|* (accesses, ranges, loops passed whole) is made again and again with
|* nothing in between, every repetition from the third on makes the same
|* counts as the third and leaves the model as it found it (docs/counting.md,
|* "Repeated calls", says why; test/lit/runtime/traffic-model.c has a
|* sequence whose second repetition differs). So once three repetitions
|* have been simulated, the model stops: each call that equals the call one
|* period back adds the counts that call made, and the model stays as it
|* was at the end of the third repetition. When a call differs, the model
|* is brought to where it would be: the calls of the current period that
|* were replayed are simulated again and their counts taken off (they had
|* been added, and the simulation adds the same), and the call that differs
|* is simulated.
|*
|* The history is an arena per thread (ROOF_TRAFFIC_REPLAY bytes) of records
|* of the calls simulated, each with its parameters and the counts it made
|* (which counter, how much), emptied when full. A period is looked for
|* when a call's parameters equal those of an earlier call with the same
|* signature (a hash of them), and taken when the calls repeat, one by one,
|* for two more periods. Keeping the history adds up to about a fifth to
|* the calls it records; where it fills and replays fewer calls than it
|* recorded, it is not kept for one, three, seven, ... then 63 histories'
|* worth of calls, until one replays as many as it recorded.
|*
\*===----------------------------------------------------------------------===*/
#include "traffic_replay.h"

#include "runtime.h"

#include <sys/mman.h>

/* The fewest bytes of a record: an access's header and three words. */
#define MIN_RECORD (sizeof(struct roofrt_replay_record) + 3 * sizeof(uint64_t))
/* Histories not kept after one that did not pay: 2^fruitless - 1. */
#define MAX_FRUITLESS 6

/* The most bytes of a record: a loop's, of ROOF_TRAFFIC_MAX_STREAMS
 * streams, and its counts. */
#define MAX_RECORD                                                             \
  (sizeof(struct roofrt_replay_record) +                                       \
   (2 + 3 * ROOF_TRAFFIC_MAX_STREAMS) * sizeof(uint64_t) +                     \
   ROOFRT_REPLAY_MAX_COUNTS * sizeof(struct roofrt_replay_count))

struct roofrt_replay *roofrt_replay_create(size_t bytes, bool check,
                                           uint64_t *accesses,
                                           uint64_t *replayed) {
  uint32_t max_calls = (uint32_t)(bytes / MIN_RECORD);
  size_t mapped = sizeof(struct roofrt_replay) +
                  (size_t)max_calls * sizeof(uint32_t) + bytes + MAX_RECORD;
  void *p = mmap(NULL, mapped, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  struct roofrt_replay *r = p;
  r->offsets = (uint32_t *)(r + 1);
  r->max_calls = max_calls;
  r->arena = (unsigned char *)(r->offsets + max_calls);
  r->arena_bytes = bytes;
  /* The scratch record is there with or without `check`, so that the
   * program's memory is laid out the same either way: the lines sampled
   * are those of its addresses (test/traffic/replay.py compares the two). */
  r->check = check;
  r->scratch = (struct roofrt_replay_record *)(r->arena + bytes);
  r->accesses = accesses;
  r->replayed = replayed;
  r->mapped = mapped;
  return r;
}

void roofrt_replay_destroy(struct roofrt_replay *r) {
  if (r)
    munmap(r, r->mapped);
}

/* Empties the history. `seen` keeps what it has: a call it names is taken
 * only when it is in the history and equal (roofrt_replay_look_back()). */
static void forget(struct roofrt_replay *r) {
  r->used = 0;
  r->calls = 0;
  r->period = 0;
  r->repeated = 0;
  r->replaying = false;
  r->broken = false;
  r->open = NULL;
}

void roofrt_replay_restart(struct roofrt_replay *r, uint64_t threshold) {
  forget(r);
  r->threshold = threshold;
}

/* The model at the end of the third repetition is where every repetition
 * leaves it; the calls replayed since the last one began are simulated
 * again, and the counts they make taken off (they were added when they
 * were replayed, and the simulation makes the same). They stay replayed
 * ones in *replayed. */
void roofrt_replay_stop(struct roofrt_replay *r,
                        roofrt_replay_simulate *simulate, void *model) {
  for (uint32_t i = r->calls - r->period;
       r->replaying && !r->check && i != r->next; i++) {
    struct roofrt_replay_record *c = roofrt_replay_at(r, i);
    simulate(model, roofrt_replay_words(c), c->words);
    struct roofrt_replay_count *k = roofrt_replay_counts(c);
    for (uint32_t j = 0; j < c->counts; j++)
      *k[j].counter -= k[j].amount;
    *r->accesses -= c->accesses;
  }
  forget(r);
}

bool roofrt_replay_full(struct roofrt_replay *r) {
  if (r->epoch_replayed >= r->epoch_recorded)
    r->fruitless = 0;
  else if (r->fruitless < MAX_FRUITLESS)
    r->fruitless++;
  r->paused = ((UINT64_C(1) << r->fruitless) - 1) * r->epoch_recorded;
  r->epoch_recorded = r->epoch_replayed = 0;
  forget(r);
  if (!r->paused)
    return true;
  r->paused--; /* this call */
  return false;
}

/* The index of `counter` among record c's counts, or c->counts. */
static uint32_t count_of(struct roofrt_replay_record *c,
                         const uint64_t *counter) {
  struct roofrt_replay_count *k = roofrt_replay_counts(c);
  uint32_t j = 0;
  while (j < c->counts && k[j].counter != counter)
    j++;
  return j;
}

void roofrt_replay_note(struct roofrt_replay *r, uint64_t *counter,
                        uint64_t amount) {
  struct roofrt_replay_record *c = r->open;
  if (!c)
    return;
  struct roofrt_replay_count *k = roofrt_replay_counts(c);
  uint32_t j = count_of(c, counter);
  if (j < c->counts) {
    k[j].amount += amount;
  } else if (j < ROOFRT_REPLAY_MAX_COUNTS) {
    k[j] = (struct roofrt_replay_count){counter, amount};
    c->counts++;
  } else {
    r->open = NULL; /* the call is not replayed */
    r->broken = true;
  }
}

/* Call i (record c) is not the call a period back: does an earlier call
 * equal to it begin one? */
void roofrt_replay_look_back(struct roofrt_replay *r,
                             struct roofrt_replay_record *c, uint32_t i) {
  uint32_t seen = r->seen[c->signature >> (64 - ROOFRT_REPLAY_SEEN_BITS)];
  r->period = 0;
  r->repeated = 0;
  if (seen && seen - 1 < i &&
      roofrt_replay_same(roofrt_replay_at(r, seen - 1), c->signature,
                         roofrt_replay_words(c), c->words)) {
    r->period = i - (seen - 1);
    r->repeated = 1;
  }
}

/* ROOF_TRAFFIC_REPLAY=check: call c would be replayed; it is simulated,
 * its counts recorded in the scratch record. */
void roofrt_replay_open_check(struct roofrt_replay *r,
                              struct roofrt_replay_record *c) {
  r->checked = c;
  r->scratch->words = 0; /* its parameters are c's */
  r->scratch->counts = 0;
  r->open = r->scratch;
  r->accesses_before = *r->accesses;
}

/* The call checked made the counts of its record, or a warning says which
 * did not (once per thread). The replay goes on as if it had replayed. */
void roofrt_replay_checked(struct roofrt_replay *r) {
  struct roofrt_replay_record *c = r->checked, *made = r->scratch;
  struct roofrt_replay_count *expected = roofrt_replay_counts(c),
                             *counts = roofrt_replay_counts(made);
  bool same = r->open == made && made->counts == c->counts &&
              *r->accesses - r->accesses_before == c->accesses;
  for (uint32_t j = 0; same && j < made->counts; j++) {
    uint32_t i = count_of(c, counts[j].counter);
    same = i < c->counts && expected[i].amount == counts[j].amount;
  }
  static _Thread_local bool warned;
  if (!same && !warned) {
    warned = true;
    roofrt_warn("ROOF_TRAFFIC_REPLAY=check: call %u of a period of %u calls "
                "made %llu accesses and %u counts, its record %u and %u",
                r->next - (r->calls - r->period), r->period,
                (unsigned long long)(*r->accesses - r->accesses_before),
                made->counts, c->accesses, c->counts);
  }
  r->checked = NULL;
  r->open = NULL;
  r->broken = false;
  roofrt_replay_advance(r);
}
