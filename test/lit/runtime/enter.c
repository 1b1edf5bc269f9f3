// The runtime's entry points for instrumented code and the registration word
// after a module's counters (roof/abi.h): __roof_enter, a timed function's
// entry, registers the thread's copy of the array on its first call, adds 1
// to the calls slot it is given and returns the cycle counter, which the
// function's return reads again; a loop-free function tests the word and
// calls __roof_register_thread only while it is 0, and a function with loops
// calls it on every entry, where it returns at once once the word is set.
// Each thread's copy is registered once, whichever entry point comes first.
// A module of another ABI version is refused with one line, however often
// its code enters, and the word after its counters is never written.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t 2> %t.err
// RUN: FileCheck %s --match-full-lines < %t.err
// CHECK:      roof: old.c: instrumented with ABI version 6, runtime expects 11; module ignored
// CHECK-NOT:  roof:
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'len(r["threads"]) == 2 and [m["source"] for m in r["modules"]] == ["enter.c"]' \
// RUN:   'fn("timed")["calls"] == 5 and flops(fn("timed"), "fp64") == 10' \
// RUN:   'fn("timed")["time_s"] * r["timer_hz"] >= 2000' \
// RUN:   'fn("leaf")["calls"] == 4 and fn("body")["calls"] == 3' \
// RUN:   '[flops(t, "fp64") for t in r["threads"]] == [6, 4]'
//
// Expected: timed() runs 3 times on the main thread and twice on the
// other, 2 fp64 adds each: 10 FLOPs, 6 and 4 per thread; it spins for at
// least 1000 cycles a call and is never nested, so its time on the longest
// thread (main) is at least 3000 cycles. leaf() runs twice on each thread,
// body() three times on main (neither has FLOPs).
#include "fake_pass.h"

#include <pthread.h>
#include <stdio.h>
#include <x86intrin.h>

// Module enter.c: timed 0..2 (entry, body, time), leaf 3 (entry), body 4
// (entry).
FAKE_COUNTERS(mod, 5)
static const RoofWeight timed_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_CANONICAL), 2}};
static const RoofFunction functions[] = {
    {"timed", "timed", NULL, 0, 3, 0, 2, ROOF_NO_SLOT, 1, timed_weights},
    {"leaf", "leaf", NULL, 3, 1, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 0, NULL},
    {"body", "body", NULL, 4, 1, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 0, NULL}};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 3, 5, 0, "enter.c", "x86_64-unknown-linux-gnu", "", "",
    functions};
FAKE_CONSTRUCTOR(mod)

// Module old.c, of ABI version 6 (before the word): its array has its one
// slot and nothing after it but what follows it here, a guard.
static _Thread_local struct {
  uint64_t counters[1];
  uint64_t guard;
} old_array;
static const RoofFunction old_functions[] = {
    {"old", "old", NULL, 0, 1, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 0, NULL}};
static const RoofModule old = {
    6, 1, 1, 0, "old.c", "x86_64-unknown-linux-gnu", "", "", old_functions};
FAKE_CONSTRUCTOR(old)

static void timed(void) {
  uint64_t t0 = __roof_enter(&mod, mod_counters, 0);
  mod_counters[1] += 1;
  while (__rdtsc() - t0 < 1000)
    ;
  mod_counters[2] += __rdtsc() - t0;
}

// Loop-free: the word's test inline.
static void leaf(void) { FAKE_ENTER(mod)[3] += 1; }

// With loops: the call on every entry.
static void body(void) {
  __roof_register_thread(&mod, mod_counters);
  mod_counters[4] += 1;
}

static int failures;

static void check(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "FAILED: %s\n", what);
    failures++;
  }
}

static void *other_thread(void *arg) {
  (void)arg;
  check(!mod_counters[5], "a new thread's word is 0");
  leaf();
  check(mod_counters[5] != 0, "the word is set once registered");
  timed();
  timed();
  leaf();
  return NULL;
}

int main(void) {
  timed();
  check(mod_counters[5] != 0, "__roof_enter registers the thread");
  timed();
  body();
  body();
  leaf();
  leaf();
  timed();
  body();
  for (int i = 0; i < 3; i++)
    __roof_register_thread(&old, old_array.counters);
  check(old_array.guard == 0, "an old module's word is not written");
  pthread_t thread;
  if (pthread_create(&thread, NULL, other_thread, NULL) != 0 ||
      pthread_join(thread, NULL) != 0)
    return 1;
  return failures != 0;
}
