/*===- runtime/timer.c - Clocks and the cycle-counter rate ---------------===*\
|*
|* Instrumented functions accumulate llvm.readcyclecounter ticks, which on
|* x86 is the TSC. Its rate is not published by the kernel in a portable
|* way, so it is measured: TSC ticks over CLOCK_MONOTONIC nanoseconds between
|* the start of the runtime and the write. On an invariant TSC (every x86 CPU
|* of the last decade) the longer the interval, the better the estimate; a
|* very short program gets a brief extra spin.
|*
|* Elsewhere the runtime has no portable way to read the counter the pass
|* used, and reports the rate of CLOCK_MONOTONIC (1e9) instead.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <time.h>

/* Written once by roofrt_timer_start (under pthread_once), read after. */
static uint64_t start_ns, start_cycles;
static int64_t start_realtime_s;

/* Below this interval the read latencies weigh too much in the estimate. */
#define CALIBRATION_MIN_NS UINT64_C(100000000)
#define CALIBRATION_SPIN_NS UINT64_C(20000000)

uint64_t roofrt_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
}

/* Reads both clocks at (nearly) the same instant: the counter is read on
 * either side of clock_gettime and the midpoint kept. */
static void sample(uint64_t *c, uint64_t *ns) {
  uint64_t before = roofrt_cycles();
  *ns = roofrt_now_ns();
  uint64_t after = roofrt_cycles();
  *c = before + (after - before) / 2;
}

void roofrt_timer_start(void) {
  sample(&start_cycles, &start_ns);
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  start_realtime_s = (int64_t)ts.tv_sec;
}

uint64_t roofrt_start_ns(void) { return start_ns; }

int64_t roofrt_start_realtime_s(void) { return start_realtime_s; }

double roofrt_timer_hz(void) {
#ifdef ROOFRT_HAVE_TSC
  uint64_t c, ns;
  sample(&c, &ns);
  if (ns - start_ns < CALIBRATION_MIN_NS) {
    uint64_t until = ns + CALIBRATION_SPIN_NS;
    do
      sample(&c, &ns);
    while (ns < until);
  }
  return (double)(c - start_cycles) * 1e9 / (double)(ns - start_ns);
#else
  return 1e9;
#endif
}
