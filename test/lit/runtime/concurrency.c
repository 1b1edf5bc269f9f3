// Many threads registering, counting inside a shared region and exiting
// while the main thread writes reports: every write is a valid report, and
// the final one has every count, every thread and the whole region.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t %t.mid.json
// RUN: %python %S/Inputs/check_report.py %t.mid.json \
// RUN:   'flops(r["totals"], "fp64") <= 320000 and r["totals"]["bytes_loaded"] == 0'
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'len(r["threads"]) == 32' \
// RUN:   'all(flops(t, "fp64") == 10000 for t in r["threads"])' \
// RUN:   'fn("work")["calls"] == 320 and flops(r["totals"], "fp64") == 320000' \
// RUN:   'names(r["regions"]) == ["phase"] and region("phase")["entries"] == 32' \
// RUN:   'flops(region("phase"), "fp64") == 320000'
//
// Expected: 4 waves of 8 threads; each thread enters "phase" and calls
// work(1000) 10 times there: 10000 fp64 adds per thread, 320000 in all, all
// of them inside "phase" (entered 32 times). main counts nothing, so it is
// not among the threads; its roof_write()s see some part of the total.
#include "fake_pass.h"

#include <pthread.h>
#include <roof/roof.h>

FAKE_WORK_MODULE("concurrency.c")

static void work(uint64_t n) {
  uint64_t *c = FAKE_ENTER(mod);
  c[0] += 1;
  for (uint64_t i = 0; i < n; i++)
    c[1] += 1;
}

static void *body(void *arg) {
  (void)arg;
  roof_region_begin("phase");
  for (int i = 0; i < 10; i++)
    work(1000);
  roof_region_end();
  return NULL;
}

int main(int argc, char **argv) {
  enum { WAVES = 4, THREADS = 8 };
  for (int wave = 0; wave < WAVES; wave++) {
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++)
      if (pthread_create(&threads[i], NULL, body, NULL) != 0)
        return 1;
    if (argc > 1 && roof_write(argv[1]) != 0)
      return 1;
    for (int i = 0; i < THREADS; i++)
      if (pthread_join(threads[i], NULL) != 0)
        return 1;
  }
  return 0;
}
