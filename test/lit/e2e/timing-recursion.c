// A function's time is the inclusive time of each thread's outermost
// activations (docs/counting.md): a timed function raises its depth slot at
// its start and restores it before each return, and adds the cycles since
// its start only when the depth was 0. A recursive call adds nothing of its
// own.
//
// rec(d) busy-waits 10 ms (wall time, so load does not change it), then
// calls rec(d - 1) down to 0: rec(4) is 5 activations, 50 ms in all, inside
// the outermost one. main calls rec(4) twice: the depth is back at 0 after
// the first, so the second is outermost too. By hand:
//   rec: calls 10, time 100 ms. Had the inner activations been added as
//   well, it would be 2 x (50 + 40 + 30 + 20 + 10) = 300 ms; had the depth
//   not come back to 0, 50 ms. The bounds, 85 and 200 ms, leave room for
//   the cycle counter's calibration and a loaded machine's scheduling;
//   main: calls 1 (it has no loop, so it is not timed).
//
// RUN: %clang -O2 -fpass-plugin=%roofpass %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %python %S/../runtime/Inputs/check_report.py %t.json \
// RUN:   'fn("rec")["calls"] == 10' 'fn("main")["calls"] == 1' \
// RUN:   'fn("rec")["time_s"] > 0.085' 'fn("rec")["time_s"] < 0.200'
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

__attribute__((noinline)) int rec(int d) {
  double until = now() + 0.010;
  int spins = 0;
  while (now() < until)
    ++spins;
  return d > 0 ? spins + rec(d - 1) : spins;
}

int main(void) {
  int spins = rec(4);
  spins += rec(4);
  return spins > 0 ? 0 : 1;
}
