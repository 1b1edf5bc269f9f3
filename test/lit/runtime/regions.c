// Regions: nested regions are inclusive; entering a name already open on the
// thread only counts the entry; work done by another thread while the region
// is open is in it; two threads inside the same region at once are counted
// once, while their times add up; a region left open by an exiting thread is
// closed at its exit, one left open at program exit at the write; ending
// with no open region warns and is ignored; roof_region_begin(NULL) is the
// region "(null)". Also: <roof.h> is usable from build/include.
//
// RUN: %clang -O1 -I%srcroot/include -I%roofrt/../include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --match-full-lines < %t.err
// ERR:     roof: roof_region_end() without an open region; ignored
// ERR-NOT: roof:
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'names(r["regions"]) == ["outer", "inner", "shared", "sleepy", "(null)", "left_open_by_thread", "open_at_exit"]' \
// RUN:   '[g["entries"] for g in r["regions"]] == [2, 2, 2, 1, 1, 1, 1]' \
// RUN:   '[flops(g, "fp64") for g in r["regions"]] == [135, 28, 100, 0, 0, 9, 7]' \
// RUN:   '[g["bytes_loaded"] for g in r["regions"]] == [1080, 224, 800, 0, 0, 72, 56]' \
// RUN:   '[flops(g, "fp64", "empirical") for g in r["regions"]] == [0] * 7' \
// RUN:   'region("shared")["time_s"] >= 0.04' \
// RUN:   '0.03 <= region("sleepy")["time_s"] < 5' \
// RUN:   'region("outer")["time_s"] >= region("inner")["time_s"]' \
// RUN:   'flops(r["totals"], "fp64") == 1258 and fn("work")["calls"] == 11'
//
// Expected (work(n): n units of 1 fp64 add and 8 bytes loaded), in main's
// order:
//   outer   work(10) [inner: work(20) [outer again: work(5)]], then a
//           thread's work(100) while outer is open: 10+20+5+100 = 135;
//           entered twice (the re-entry adds no counts).
//   inner   20 + 5, later work(3) in a second entry: 28, 2 entries.
//   work(1000) between them is in no region.
//   shared  two threads each enter, then each does work(50) and sleeps
//           20 ms, then each leaves: 100 (not 200), time >= 2 x 20 ms.
//   sleepy  30 ms, no counts.       (null)  no counts.
//   left_open_by_thread  a thread's work(9), closed when it exits; main's
//           work(4) after that is in no region.
//   open_at_exit  work(7), still open at exit.
//   bytes = 8 x FLOPs. Totals: 10+20+5+100+1000+3+2x50+9+4+7 = 1258 in 11
//   calls of work.
#include "fake_pass.h"

#include <pthread.h>
#include <roof.h>
#include <time.h>

// Module regions.c: work 0..1 (entry, body).
FAKE_COUNTERS(mod, 2)
static const RoofWeight work_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_CANONICAL), 1},
    {1, ROOF_METRIC_BYTES_LOADED, 8}};
static const RoofFunction functions[] = {
    {"work", "work", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 2,
     work_weights}};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 1, 2, 0, "regions.c", "x86_64-unknown-linux-gnu", "",
    "", functions};
FAKE_CONSTRUCTOR(mod)

static void work(uint64_t n) {
  uint64_t *c = FAKE_ENTER(mod);
  c[0] += 1;
  c[1] += n;
}

static void sleep_ms(long ms) {
  struct timespec ts = {0, ms * 1000000L};
  nanosleep(&ts, NULL);
}

static pthread_barrier_t barrier;

static void *outer_worker(void *arg) {
  (void)arg;
  work(100);
  return NULL;
}

static void *shared_worker(void *arg) {
  (void)arg;
  roof_region_begin("shared");
  pthread_barrier_wait(&barrier);
  work(50);
  sleep_ms(20);
  pthread_barrier_wait(&barrier);
  roof_region_end();
  return NULL;
}

static void *leaves_open(void *arg) {
  (void)arg;
  roof_region_begin("left_open_by_thread");
  work(9);
  return NULL;
}

static int run(void *(*body)(void *), int threads) {
  pthread_t t[2];
  for (int i = 0; i < threads; i++)
    if (pthread_create(&t[i], NULL, body, NULL) != 0)
      return -1;
  for (int i = 0; i < threads; i++)
    if (pthread_join(t[i], NULL) != 0)
      return -1;
  return 0;
}

int main(void) {
  roof_region_end();

  roof_region_begin("outer");
  work(10);
  roof_region_begin("inner");
  work(20);
  roof_region_begin("outer");
  work(5);
  roof_region_end();
  roof_region_end();
  if (run(outer_worker, 1))
    return 1;
  roof_region_end();

  work(1000);

  roof_region_begin("inner");
  work(3);
  roof_region_end();

  pthread_barrier_init(&barrier, NULL, 2);
  if (run(shared_worker, 2))
    return 1;

  roof_region_begin("sleepy");
  sleep_ms(30);
  roof_region_end();

  roof_region_begin(NULL);
  roof_region_end();

  if (run(leaves_open, 1))
    return 1;
  work(4);

  roof_region_begin("open_at_exit");
  work(7);
  return 0;
}
