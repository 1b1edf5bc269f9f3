/*===- runtime/traffic_replay.h - Repeated calls of the model, replayed ---===*\
|*
|* The traffic model's calls (traffic.c) go through here: a call that
|* repeats a sequence of calls the model has simulated three times in a row
|* is replayed (the counts it made the last time added again) instead of
|* simulated (docs/counting.md, "Repeated calls"). The paths taken at every
|* call are here, inline (traffic.c makes a call per sampled line); the
|* others are in traffic_replay.c.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOFRT_TRAFFIC_REPLAY_H
#define ROOFRT_TRAFFIC_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A call's record in the history: this header, its parameters, then the
 * counts it made. */
struct roofrt_replay_record {
  uint64_t signature; /* a hash of the parameters */
  uint32_t accesses;  /* the model accesses it made */
  uint16_t words;     /* of parameters */
  uint16_t counts;    /* entries after them */
};

/* `amount` added to `*counter`. */
struct roofrt_replay_count {
  uint64_t *counter;
  uint64_t amount;
};

/* The counts of one call are few (a level's fetches, the write-backs of a
 * scope or two); a call that makes more is not replayed. */
#define ROOFRT_REPLAY_MAX_COUNTS 32
/* Signatures remembered: for each, the last call that had it. */
#define ROOFRT_REPLAY_SEEN_BITS 12

/* One thread's history of calls of the model. */
struct roofrt_replay {
  unsigned char *arena; /* records of the calls simulated, in their order */
  size_t arena_bytes, used;
  uint32_t *offsets; /* of call i's record in the arena */
  uint32_t max_calls, calls;
  uint32_t period;   /* the calls repeat every `period`, or 0 */
  uint32_t repeated; /* consecutive calls equal to the call a period back */
  bool replaying;    /* once they have, three periods */
  bool broken;       /* the call recorded made too many counts */
  /* ROOF_TRAFFIC_REPLAY=check: every call is simulated, and those that
   * would be replayed are checked against the record they would be
   * replayed from (`checked`), their counts recorded in `scratch`. */
  bool check;
  struct roofrt_replay_record *checked, *scratch;
  uint32_t next;                     /* replaying: the call expected next */
  struct roofrt_replay_record *open; /* the call recorded, or NULL */
  uint64_t threshold;                /* the sampling the history was made at */
  uint64_t accesses_before; /* *accesses when the recorded call began */
  uint64_t *accesses;       /* the model's count of accesses */
  uint64_t *replayed;       /* of them, those of calls replayed */
  /* Where the history fills without paying for itself, it is not kept for
   * a while: `paused` calls, up to 63 histories' worth. */
  uint64_t paused;
  uint64_t epoch_recorded, epoch_replayed; /* since it last filled */
  unsigned fruitless; /* histories filled in a row that did not pay */
  size_t mapped;
  uint32_t seen[1u << ROOFRT_REPLAY_SEEN_BITS]; /* 1 + call, or 0 */
};

/* Simulates again the call of parameters words[0..n) that was replayed. */
typedef void roofrt_replay_simulate(void *model, const uint64_t *words,
                                    uint32_t n);

/* A history of up to `bytes` bytes of records (NULL when there is no memory
 * for it); `accesses` is the model's count of its accesses, which a
 * replayed call adds to too, and `replayed` the count of those a replayed
 * call added. With `check`, no call is replayed, but those that would be
 * are checked (roofrt_replay_checked()). */
struct roofrt_replay *roofrt_replay_create(size_t bytes, bool check,
                                           uint64_t *accesses,
                                           uint64_t *replayed);
void roofrt_replay_destroy(struct roofrt_replay *r);
/* Before the model's sampling changes: the model is made what the calls
 * replayed would have made it, and the history is emptied. */
void roofrt_replay_stop(struct roofrt_replay *r,
                        roofrt_replay_simulate *simulate, void *model);

/* The cold paths of the functions below (traffic_replay.c). */
void roofrt_replay_restart(struct roofrt_replay *r, uint64_t threshold);
bool roofrt_replay_full(struct roofrt_replay *r);
void roofrt_replay_look_back(struct roofrt_replay *r,
                             struct roofrt_replay_record *c, uint32_t i);
void roofrt_replay_open_check(struct roofrt_replay *r,
                              struct roofrt_replay_record *c);
void roofrt_replay_checked(struct roofrt_replay *r);

static inline struct roofrt_replay_record *
roofrt_replay_at(const struct roofrt_replay *r, uint32_t i) {
  return (struct roofrt_replay_record *)(r->arena + r->offsets[i]);
}

static inline const uint64_t *
roofrt_replay_words(const struct roofrt_replay_record *c) {
  return (const uint64_t *)(c + 1);
}

static inline struct roofrt_replay_count *
roofrt_replay_counts(struct roofrt_replay_record *c) {
  return (struct roofrt_replay_count *)((uint64_t *)(c + 1) + c->words);
}

static inline uint64_t roofrt_replay_signature(const uint64_t *words,
                                               uint32_t n) {
  uint64_t h = n;
  for (uint32_t i = 0; i < n; i++)
    h = (h ^ words[i]) * UINT64_C(0x9E3779B97F4A7C15);
  return h ^ h >> 29;
}

static inline bool roofrt_replay_same(const struct roofrt_replay_record *c,
                                      uint64_t signature, const uint64_t *words,
                                      uint32_t n) {
  if (c->signature != signature || c->words != n)
    return false;
  const uint64_t *w = roofrt_replay_words(c);
  for (uint32_t i = 0; i < n; i++)
    if (w[i] != words[i])
      return false;
  return true;
}

/* The call replayed (or checked) was the expected one: the next one is
 * expected now. */
static inline void roofrt_replay_advance(struct roofrt_replay *r) {
  r->next = r->next + 1 == r->calls ? r->calls - r->period : r->next + 1;
  r->epoch_replayed++;
}

/* Before a call of the model with parameters words[0..n), made at the
 * sampling `threshold`: true when the call was replayed (its counts added);
 * false when the model must simulate it, then call roofrt_replay_end(). A
 * call that breaks off a replay first makes the model (by `simulate`) what
 * the calls replayed would have made it. */
static inline bool roofrt_replay_begin(struct roofrt_replay *r,
                                       uint64_t threshold,
                                       const uint64_t *words, uint32_t n,
                                       roofrt_replay_simulate *simulate,
                                       void *model) {
  if (__builtin_expect(threshold != r->threshold, 0))
    roofrt_replay_restart(r, threshold);
  if (r->paused) {
    r->paused--;
    return false;
  }
  uint64_t signature = roofrt_replay_signature(words, n);
  if (r->replaying) {
    struct roofrt_replay_record *c = roofrt_replay_at(r, r->next);
    if (roofrt_replay_same(c, signature, words, n)) {
      if (r->check) {
        roofrt_replay_open_check(r, c);
        return false;
      }
      struct roofrt_replay_count *k = roofrt_replay_counts(c);
      for (uint32_t j = 0; j < c->counts; j++)
        *k[j].counter += k[j].amount;
      *r->accesses += c->accesses;
      *r->replayed += c->accesses;
      roofrt_replay_advance(r);
      return true;
    }
    roofrt_replay_stop(r, simulate, model);
  }
  size_t bytes = sizeof(struct roofrt_replay_record) + n * sizeof *words +
                 ROOFRT_REPLAY_MAX_COUNTS * sizeof(struct roofrt_replay_count);
  if (__builtin_expect(
          r->calls == r->max_calls || r->used + bytes > r->arena_bytes, 0) &&
      !roofrt_replay_full(r))
    return false;
  r->offsets[r->calls] = (uint32_t)r->used;
  struct roofrt_replay_record *c = roofrt_replay_at(r, r->calls);
  c->signature = signature;
  c->words = (uint16_t)n;
  c->counts = 0;
  uint64_t *w = (uint64_t *)(c + 1);
  for (uint32_t i = 0; i < n; i++)
    w[i] = words[i];
  r->open = c;
  r->accesses_before = *r->accesses;
  return false;
}

/* While a call is recorded (r->open): the model added `amount` to
 * `*counter`. Not inline: the model's inner steps call it where it counts,
 * and keep their registers when they do not. */
void roofrt_replay_note(struct roofrt_replay *r, uint64_t *counter,
                        uint64_t amount);

/* After the model simulated the call, at the sampling `threshold`. */
static inline void roofrt_replay_end(struct roofrt_replay *r,
                                     uint64_t threshold) {
  if (r->checked) {
    roofrt_replay_checked(r);
    return;
  }
  struct roofrt_replay_record *c = r->open;
  uint64_t accesses = *r->accesses - r->accesses_before;
  if (!c || threshold != r->threshold || accesses > UINT32_MAX) {
    if (c || r->broken || threshold != r->threshold)
      roofrt_replay_restart(r, threshold); /* the history starts again */
    return;
  }
  r->open = NULL;
  c->accesses = (uint32_t)accesses;
  uint32_t i = r->calls++;
  r->used += sizeof *c + c->words * sizeof(uint64_t) +
             c->counts * sizeof(struct roofrt_replay_count);
  r->epoch_recorded++;
  struct roofrt_replay_record *back;
  if (r->period && (back = roofrt_replay_at(r, i - r->period),
                    roofrt_replay_same(back, c->signature,
                                       roofrt_replay_words(c), c->words))) {
    if (++r->repeated == 2 * r->period) {
      r->replaying = true;
      r->next = r->calls - r->period;
    }
  } else {
    roofrt_replay_look_back(r, c, i);
  }
  r->seen[c->signature >> (64 - ROOFRT_REPLAY_SEEN_BITS)] = i + 1;
}

#endif // ROOFRT_TRAFFIC_REPLAY_H
