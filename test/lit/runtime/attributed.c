// OpenMP outlined bodies (attributed_to set) are reported under the function
// they were outlined from: their counts add up, their entries are not calls
// of the parent, chains (a body outlined from a body) go to the end. A body
// whose parent is not in the module, and a cycle, are reported under their
// own names. Time on a thread is the larger of the parent's own time and its
// bodies' time there; time_s is the maximum over threads, thread_time_s the
// sum.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'names(r["functions"]) == ["_Z5solvev", "orphan.omp_outlined", "ping", "pong"]' \
// RUN:   'fn("_Z5solvev")["demangled"] == "solve()" and fn("_Z5solvev")["calls"] == 1' \
// RUN:   '[cls(fn("_Z5solvev"), "fp64", c) for c in ("add", "mul", "div")] == [60, 50, 5]' \
// RUN:   '[flops(fn("_Z5solvev"), "fp64", k) for k in ("canonical", "empirical", "full_width")] == [115, 60, 60]' \
// RUN:   'near(fn("_Z5solvev")["time_s"] * r["timer_hz"], 10e6)' \
// RUN:   'near(fn("_Z5solvev")["thread_time_s"] * r["timer_hz"], 17e6)' \
// RUN:   'fn("orphan.omp_outlined")["calls"] == 2 and cls(fn("orphan.omp_outlined"), "fp32", "add") == 4' \
// RUN:   'fn("orphan.omp_outlined")["time_s"] is None' \
// RUN:   'fn("ping")["calls"] == 1 and cls(fn("ping"), "fp16", "add") == 1' \
// RUN:   'fn("pong")["calls"] == 1 and cls(fn("pong"), "fp16", "add") == 2' \
// RUN:   'len(r["threads"]) == 2' \
// RUN:   '[flops(t, "fp64") for t in r["threads"]] == [50, 65]'
//
// Expected, from main and worker below:
//   _Z5solvev: own body 10 (add 1) on main;
//     .omp_outlined: body 20 on main, 30 on the worker (add 1, mul 1);
//     .omp_outlined.1: body 5 on the worker (div 1).
//     add = 10 + 20 + 30 = 60, mul = 20 + 30 = 50, div = 5;
//     canonical FLOPs 115; empirical and full_width only from add: 60.
//     calls: the parent's entry only, 1 (bodies entered 3 times).
//     time: main max(own 10e6, bodies 6e6) = 10e6, worker max(0, 7e6);
//     time_s = 10e6 cycles, thread_time_s = 17e6 cycles.
//   orphan.omp_outlined: parent "orphan" absent: own name, 2 entries, add 4.
//   ping <-> pong: a cycle, each on its own: add 1 and 2.
//   threads: main 10 + 20 + 20 = 50, worker 30 + 30 + 5 = 65 (fp64).
#include "fake_pass.h"

#include <pthread.h>

// Slots: solve 0..3 (entry, body, time, depth), outlined 4..6 (entry, body,
// time), outlined.1 7..8, orphan 9..10, ping 11..12, pong 13..14.
enum { SOLVE = 0, OUTLINED = 4, OUTLINED1 = 7, ORPHAN = 9, PING = 11,
       PONG = 13, NUM_SLOTS = 15 };
FAKE_COUNTERS(mod, NUM_SLOTS)

#define ALL_KINDS(slot, p, c, n)                                               \
  {slot, ROOF_FLOP_METRIC(p, c, ROOF_CANONICAL), n},                           \
      {slot, ROOF_FLOP_METRIC(p, c, ROOF_EMPIRICAL), n},                       \
      {slot, ROOF_FLOP_METRIC(p, c, ROOF_FULL_WIDTH), n}

static const RoofWeight solve_weights[] = {
    ALL_KINDS(1, ROOF_FP64, ROOF_CLASS_ADD, 1)};
static const RoofWeight outlined_weights[] = {
    ALL_KINDS(1, ROOF_FP64, ROOF_CLASS_ADD, 1),
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_MUL, ROOF_CANONICAL), 1}};
static const RoofWeight outlined1_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_DIV, ROOF_CANONICAL), 1}};
static const RoofWeight fp32_add[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP32, ROOF_CLASS_ADD, ROOF_CANONICAL), 1}};
static const RoofWeight fp16_add[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP16, ROOF_CLASS_ADD, ROOF_CANONICAL), 1}};

static const RoofFunction functions[] = {
    {"_Z5solvev", "solve()", NULL, SOLVE, 4, 0, 2, 3, 3, solve_weights},
    {"_Z5solvev.omp_outlined", "solve() [omp body]", "_Z5solvev", OUTLINED,
     3, 0, 2, ROOF_NO_SLOT, 4, outlined_weights},
    {"_Z5solvev.omp_outlined.1", "solve() [omp body 1]",
     "_Z5solvev.omp_outlined", OUTLINED1, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1,
     outlined1_weights},
    {"orphan.omp_outlined", "orphan.omp_outlined", "orphan", ORPHAN, 2, 0,
     ROOF_NO_SLOT, ROOF_NO_SLOT, 1, fp32_add},
    {"ping", "ping", "pong", PING, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1,
     fp16_add},
    {"pong", "pong", "ping", PONG, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1,
     fp16_add},
};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 6, NUM_SLOTS, 0, "omp.c", "x86_64-unknown-linux-gnu",
    "znver4", "", functions};
FAKE_CONSTRUCTOR(mod)

// Cycle counts are set directly: the runtime only divides them.
static void outlined(uint64_t body, uint64_t cycles) {
  uint64_t *c = FAKE_ENTER(mod);
  c[OUTLINED + 0] += 1;
  c[OUTLINED + 1] += body;
  c[OUTLINED + 2] += cycles;
}

static void *worker(void *arg) {
  (void)arg;
  outlined(30, 7000000);
  uint64_t *c = FAKE_ENTER(mod);
  c[OUTLINED1 + 0] += 1;
  c[OUTLINED1 + 1] += 5;
  c[ORPHAN + 0] += 2;
  c[ORPHAN + 1] += 4;
  return NULL;
}

int main(void) {
  uint64_t *c = FAKE_ENTER(mod);
  c[SOLVE + 0] += 1;
  c[SOLVE + 1] += 10;
  outlined(20, 6000000);
  c[SOLVE + 2] += 10000000;

  pthread_t thread;
  if (pthread_create(&thread, NULL, worker, NULL) != 0 ||
      pthread_join(thread, NULL) != 0)
    return 1;

  c[PING + 0] += 1;
  c[PING + 1] += 1;
  c[PONG + 0] += 1;
  c[PONG + 1] += 2;
  return 0;
}
