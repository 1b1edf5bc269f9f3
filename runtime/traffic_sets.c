/*===- runtime/traffic_sets.c - The L1's sets, sampled whole --------------===*\
|*
|* traffic_sets.h says what and why. A loop passed whole (__roof_traffic_loop)
|* is walked from one iteration that touches a line of a sampled set to the
|* next: the byte offsets of a stream's accesses in a period of the sets
|* (sets * 64 bytes) step by its step modulo the period, and the sampled
|* sets are a window of that period.
|*
\*===----------------------------------------------------------------------===*/
#include "traffic_sets.h"

#include <string.h>

#define LINE_SHIFT ROOF_TRAFFIC_LINE_SHIFT

uint64_t roofrt_l1_sets_bytes(uint32_t sampled) {
  return sizeof(struct roofrt_l1_sets) +
         sampled * (uint64_t)sizeof(struct roofrt_l1_set);
}

void roofrt_l1_sets_init(struct roofrt_l1_sets *s, uint64_t num_sets,
                         unsigned ways, uint32_t sampled, uint64_t value,
                         roofrt_l1_add_fn *add, void *context) {
  s->mask = (num_sets - 1) & ~(uint64_t)(sampled - 1);
  s->value = value;
  s->ways = ways;
  s->sampled = sampled;
  s->num_sets = num_sets;
  s->weight = (num_sets / sampled) << LINE_SHIFT;
  s->add = add;
  s->context = context;
}

void roofrt_l1_touch(struct roofrt_l1_sets *s, uint64_t *slots, uint64_t line,
                     bool stored) {
  struct roofrt_l1_set *set = &s->sets[line & (s->sampled - 1)];
  uint32_t w = 0, used = set->used;
  while (w < used && set->lines[w] != line)
    w++;
  bool dirty = false;
  uint64_t *writer = NULL;
  if (w < used) {
    if (!w) {
      if (stored) {
        set->dirty |= 1;
        set->writers[0] = slots;
      }
      return;
    }
    dirty = set->dirty >> w & 1;
    writer = set->writers[w];
  } else {
    /* A miss: the L2 loads the line (slot 0, include/roof/abi.h), and the
     * least recent line of a full set leaves, written back (slot 1) by
     * whoever wrote it when it is dirty. */
    s->add(s->context, &slots[0], s->weight);
    if (used == s->ways) {
      w = used - 1;
      if (set->dirty >> w & 1)
        s->add(s->context, &set->writers[w][1], s->weight);
    } else {
      set->used = used + 1;
    }
  }
  /* Line w moves to the front; the lines before it move down one. */
  memmove(&set->lines[1], &set->lines[0], w * sizeof set->lines[0]);
  memmove(&set->writers[1], &set->writers[0], w * sizeof set->writers[0]);
  uint32_t before = set->dirty & ((UINT32_C(1) << w) - 1);
  uint32_t after = set->dirty & ~(uint32_t)((UINT64_C(2) << w) - 1);
  set->dirty = after | before << 1 | (uint32_t)(dirty || stored);
  set->lines[0] = line;
  set->writers[0] = stored ? slots : writer;
}

void roofrt_l1_range(struct roofrt_l1_sets *s, uint64_t *slots, uint64_t first,
                     uint64_t last, bool stored) {
  for (uint64_t line = first; line <= last && line >= first;) {
    uint64_t into = (line - s->value) & (s->num_sets - 1);
    if (into < s->sampled)
      roofrt_l1_touch(s, slots, line++, stored);
    else
      line += s->num_sets - into; /* the next period's first sampled set */
  }
}

/*===------------------------------------------------------------------------===
 * Loops
 *===------------------------------------------------------------------------===*/

struct l1_walk {
  uint64_t period; /* bytes: sets * 64 */
  uint64_t iterations;
};

struct l1_stream {
  uint64_t start, bytes;
  int64_t step;
  bool stored;
  /* The offset in the period of the last byte of iteration 0's access,
   * from the first sampled set's first byte; the step modulo the period;
   * the offsets at which an access reaches a sampled set: below `window`. */
  uint64_t end, turn, window;
  uint64_t next; /* the next iteration that touches a sampled set */
  uint64_t same; /* the last iteration that touches the lines of `next` */
};

/* The first iteration from `from` whose access touches a line of a sampled
 * set, or the iterations when none does. The offsets of the accesses' last
 * bytes step by `turn` around the period, and only those congruent to the
 * first modulo the largest power of 2 that divides `turn` are reached; from
 * one turn of the period to the next, the window is reached if at all
 * right after the turn. */
static uint64_t l1_next_hit(const struct l1_stream *c, const struct l1_walk *w,
                            uint64_t from) {
  if (from >= w->iterations)
    return w->iterations;
  uint64_t x = (c->end + from * c->turn) & (w->period - 1);
  if (x < c->window)
    return from;
  uint64_t d = c->turn;
  if (!d || (x & ((d & -d) - 1)) >= c->window)
    return w->iterations;
  for (uint64_t t = 0, most = w->iterations - 1 - from;;) {
    uint64_t up = (w->period - x + d - 1) / d;
    t += up;
    if (t > most)
      return w->iterations;
    x = x + up * d - w->period;
    if (x < c->window)
      return from + t;
  }
}

/* The last iteration from `i` whose access spans the same lines as
 * iteration i's. */
static uint64_t l1_same_lines(const struct l1_stream *c,
                              const struct l1_walk *w, uint64_t i) {
  uint64_t a = c->start + i * (uint64_t)c->step, end = a + c->bytes - 1;
  uint64_t first = a >> LINE_SHIFT, last = end >> LINE_SHIFT, k;
  if (c->step > 0) {
    uint64_t to_first =
        (((first + 1) << LINE_SHIFT) - 1 - a) / (uint64_t)c->step;
    uint64_t to_last =
        (((last + 1) << LINE_SHIFT) - 1 - end) / (uint64_t)c->step;
    k = to_first < to_last ? to_first : to_last;
  } else if (c->step < 0) {
    uint64_t distance = -(uint64_t)c->step;
    uint64_t to_first = (a - (first << LINE_SHIFT)) / distance;
    uint64_t to_last = (end - (last << LINE_SHIFT)) / distance;
    k = to_first < to_last ? to_first : to_last;
  } else {
    k = w->iterations;
  }
  return k < w->iterations - 1 - i ? i + k : w->iterations - 1;
}

/* Touches the lines of sampled sets that iteration i's access spans, in
 * ascending order; returns how many. */
static unsigned l1_touch_at(struct roofrt_l1_sets *s, uint64_t *slots,
                            const struct l1_stream *c, uint64_t i) {
  uint64_t a = c->start + i * (uint64_t)c->step;
  unsigned touched = 0;
  for (uint64_t line = a >> LINE_SHIFT, last = (a + c->bytes - 1) >> LINE_SHIFT;
       line <= last; line++)
    if (roofrt_l1_sampled(s, line)) {
      roofrt_l1_touch(s, slots, line, c->stored);
      touched++;
    }
  return touched;
}

/* Iteration by iteration, over those at which a stream reaches a line of a
 * sampled set or leaves one: in between, every iteration makes the touches
 * of the one before, and when those are of no more lines than a set holds,
 * all are hits and nothing changes (the lines an iteration touches are the
 * most recent of their sets after it, in the same order). */
void roofrt_l1_loop(struct roofrt_l1_sets *s, uint64_t *slots,
                    const RoofTrafficStream *streams, uint32_t num_streams,
                    uint64_t iterations) {
  struct l1_walk w = {.period = s->num_sets << LINE_SHIFT,
                      .iterations = iterations};
  struct l1_stream c[ROOF_TRAFFIC_MAX_STREAMS];
  uint64_t i = iterations;
  for (uint32_t k = 0; k < num_streams; k++) {
    const RoofTrafficStream *t = &streams[k];
    uint64_t bytes = t->bytes ? t->bytes : 1;
    c[k] = (struct l1_stream){.start = (uint64_t)(uintptr_t)t->start,
                              .bytes = bytes,
                              .step = t->step,
                              .stored = t->stored != 0};
    c[k].end =
        (c[k].start + bytes - 1 - (s->value << LINE_SHIFT)) & (w.period - 1);
    c[k].turn = (uint64_t)t->step & (w.period - 1);
    /* An access of more than the period less the window reaches it
     * always: the window counts every offset then. */
    c[k].window = ((uint64_t)s->sampled << LINE_SHIFT) + bytes - 1;
    c[k].window = c[k].window < w.period ? c[k].window : w.period;
    c[k].next = l1_next_hit(&c[k], &w, 0);
    i = c[k].next < i ? c[k].next : i;
  }
  while (i < iterations) {
    unsigned touched = 0;
    uint64_t change = iterations; /* the next iteration that may differ */
    for (uint32_t k = 0; k < num_streams; k++) {
      uint64_t at = c[k].next;
      if (at == i) {
        touched += l1_touch_at(s, slots, &c[k], i);
        c[k].same = l1_same_lines(&c[k], &w, i);
        at = c[k].same + 1;
      }
      change = at < change ? at : change;
    }
    uint64_t to = touched <= s->ways ? change : i + 1, next = iterations;
    for (uint32_t k = 0; k < num_streams; k++) {
      if (c[k].next == i)
        c[k].next =
            to <= c[k].same ? to : l1_next_hit(&c[k], &w, c[k].same + 1);
      next = c[k].next < next ? c[k].next : next;
    }
    i = next;
  }
}
