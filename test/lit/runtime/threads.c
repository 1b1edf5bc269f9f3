// Threads: nothing is lost and every thread is reported, whether it exited
// before main started (spawned and joined by a constructor), exited during
// main, or is still running at exit; counts made by a later pthread key
// destructor of an exiting thread (after the runtime's own) are kept; a
// thread registers one array per module.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t > %t.tids
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'len(r["threads"]) == 4' \
// RUN:   '[t["tid"] for t in r["threads"]] == [r["pid"]] + [int(x) for x in open("%t.tids").read().split()]' \
// RUN:   '[flops(t, "fp64") for t in r["threads"]] == [14, 2000, 4100, 6000]' \
// RUN:   '[t["bytes_loaded"] for t in r["threads"]] == [0, 0, 80, 160]' \
// RUN:   'names(r["functions"]) == ["kernel", "helper"]' \
// RUN:   'fn("kernel")["calls"] == 5 and cls(fn("kernel"), "fp64", "fma") == 12114' \
// RUN:   'fn("helper")["calls"] == 2 and fn("helper")["bytes_loaded"] == 240' \
// RUN:   'flops(r["totals"], "fp64") == 12114 and r["totals"]["bytes_loaded"] == 240'
//
// Expected (kernel: 2 FLOPs per body unit; helper: 8 bytes per unit):
//   thread 0  main, in a constructor:  kernel(7)             14 FLOPs
//   thread 1  spawned and joined by the constructor, before main:
//             kernel(1000)                                 2000
//   thread 2  joined by main: kernel(2000), helper(10), and
//             kernel(50) from its own key destructor       4100,  80 bytes
//   thread 3  still blocked at exit: kernel(3000), helper(20)
//                                                          6000, 160 bytes
//   kernel: 5 calls, 2 x (7 + 1000 + 2000 + 50 + 3000) = 12114
//   helper: 2 calls, 8 x (10 + 20) = 240
#define _GNU_SOURCE
#include "fake_pass.h"

#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

// Module alpha.c: kernel 0..1 (entry, body).
FAKE_COUNTERS(alpha, 2)
static const RoofWeight kernel_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_FMA, ROOF_CANONICAL), 2}};
static const RoofFunction alpha_functions[] = {
    {"kernel", "kernel", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1,
     kernel_weights}};
static const RoofModule alpha = {
    ROOF_ABI_VERSION, 1, 2, 0, "alpha.c", "x86_64-unknown-linux-gnu", "",
    "", alpha_functions};
FAKE_CONSTRUCTOR(alpha)

// Module beta.c: helper 0..1 (entry, body).
FAKE_COUNTERS(beta, 2)
static const RoofWeight helper_weights[] = {{1, ROOF_METRIC_BYTES_LOADED, 8}};
static const RoofFunction beta_functions[] = {
    {"helper", "helper", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1,
     helper_weights}};
static const RoofModule beta = {
    ROOF_ABI_VERSION, 1, 2, 0, "beta.c", "x86_64-unknown-linux-gnu", "", "",
    beta_functions};
FAKE_CONSTRUCTOR(beta)

static void kernel(uint64_t n) {
  uint64_t *c = FAKE_ENTER(alpha);
  c[0] += 1;
  c[1] += n;
}

static void helper(uint64_t n) {
  uint64_t *c = FAKE_ENTER(beta);
  c[0] += 1;
  c[1] += n;
}

static long tid(void) { return syscall(SYS_gettid); }

static long tids[3];
static pthread_key_t late_key;
static sem_t counted, never;

static void late_destructor(void *value) {
  (void)value;
  kernel(50);
}

static void *before_main(void *arg) {
  (void)arg;
  tids[0] = tid();
  kernel(1000);
  return NULL;
}

static void *joined(void *arg) {
  (void)arg;
  tids[1] = tid();
  pthread_setspecific(late_key, &late_key);
  kernel(2000);
  helper(10);
  return NULL;
}

static void *running_at_exit(void *arg) {
  (void)arg;
  tids[2] = tid();
  kernel(3000);
  helper(20);
  sem_post(&counted);
  sem_wait(&never);
  return NULL;
}

__attribute__((constructor)) static void spawn_before_main(void) {
  kernel(7);
  pthread_t thread;
  if (pthread_create(&thread, NULL, before_main, NULL) != 0 ||
      pthread_join(thread, NULL) != 0)
    _exit(1);
}

int main(void) {
  pthread_t thread;
  if (pthread_key_create(&late_key, late_destructor) != 0 ||
      pthread_create(&thread, NULL, joined, NULL) != 0 ||
      pthread_join(thread, NULL) != 0)
    return 1;
  sem_init(&counted, 0, 0);
  sem_init(&never, 0, 0);
  if (pthread_create(&thread, NULL, running_at_exit, NULL) != 0)
    return 1;
  sem_wait(&counted);
  printf("%ld %ld %ld\n", tids[0], tids[1], tids[2]);
  return 0;
}
