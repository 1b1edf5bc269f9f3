// The counting forms of the libm functions (__roof_libm_NAME, roof/abi.h)
// count with the group table of the module whose counter array they are
// given (RoofModule.libm_groups), found through the thread's registration
// of that array: calls of two modules interleaved, on two threads, each
// count in their own module's groups; a call with an array no thread
// registered, or of a module without tables, counts nothing; every call
// returns the function's value.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lm -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t | FileCheck %s
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'fn("a_work")["calls"] == 5 and fn("b_work")["calls"] == 2' \
// RUN:   'cls(fn("a_work"), "fp64", "add", "empirical") == 5' \
// RUN:   'cls(fn("a_work"), "fp64", "mul", "empirical") == 0' \
// RUN:   'cls(fn("b_work"), "fp64", "add", "empirical") == 0' \
// RUN:   'cls(fn("b_work"), "fp64", "mul", "empirical") == 2' \
// RUN:   'cls(fn("c_work"), "fp64", "add", "empirical") == 0' \
// RUN:   'cls(fn("c_work"), "fp64", "mul", "empirical") == 0'
//
// Each function's slots: 0 its calls, 1 the calls of sin taking group 0
// (worth one empirical fp64 mul each), 2 those taking group 1 (one add).
// Module a.c maps every path key onto group 1, b.c onto group 0; c.c lists
// no tables.
//   main thread: a, b, a, b, a (3 adds in a, 2 muls in b), then one call
//                of c and one with an array nobody registered (nothing)
//   a thread:    a, a (2 adds in a, its own copy of a's array)
// Calls (slot 0): a_work 3 + 2, b_work 2, c_work 1.
#include "fake_pass.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static const RoofWeight weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_MUL, ROOF_EMPIRICAL), 1},
    {2, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_EMPIRICAL), 1}};

static uint8_t all_group_0[ROOF_LIBM_MAX_PATH_KEYS];
static uint8_t all_group_1[ROOF_LIBM_MAX_PATH_KEYS];
static const uint8_t *const a_groups[ROOF_NUM_LIBM_PATH_CALLS] = {
    [ROOF_LIBM_CALL_sin] = all_group_1};
static const uint8_t *const b_groups[ROOF_NUM_LIBM_PATH_CALLS] = {
    [ROOF_LIBM_CALL_sin] = all_group_0};

#define MODULE(m, groups)                                                      \
  FAKE_COUNTERS(m, 3)                                                          \
  static const RoofFunction m##_functions[] = {                                \
      {#m "_work", #m "_work", NULL, 0, 3, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 2,   \
       weights}};                                                              \
  static const RoofModule m = {                                                \
      ROOF_ABI_VERSION, 1, 3, 0, #m ".c", "x86_64-unknown-linux-gnu", "", "",  \
      m##_functions, groups};                                                  \
  FAKE_CONSTRUCTOR(m)
MODULE(a, a_groups)
MODULE(b, b_groups)
MODULE(c, NULL)

static _Thread_local uint64_t stray[3];

// An instrumented function that calls sin(x): its calls' slot, then the
// counting form with the slot of its first group.
static double work(uint64_t *counters, double x) {
  ++counters[0];
  return __roof_libm_sin(x, counters, 1);
}

static void *thread(void *arg) {
  (void)arg;
  work(FAKE_ENTER(a), 0.25);
  work(FAKE_ENTER(a), 0.5);
  return NULL;
}

int main(void) {
  memset(all_group_1, 1, sizeof all_group_1);
  uint64_t *A = FAKE_ENTER(a), *B = FAKE_ENTER(b);
  int same = 1;
  for (int i = 0; i < 5; i++) {
    double x = 0.1 * (i + 1);
    same &= work(i % 2 ? B : A, x) == sin(x);
  }
  same &= work(FAKE_ENTER(c), 3.0) == sin(3.0);
  same &= __roof_libm_sin(2.0, stray, 1) == sin(2.0);
  pthread_t t;
  pthread_create(&t, NULL, thread, NULL);
  pthread_join(t, NULL);
  // CHECK: values 1, stray 0 0
  printf("values %d, stray %llu %llu\n", same, (unsigned long long)stray[1],
         (unsigned long long)stray[2]);
  return 0;
}
