/*===- Inputs/fake_pass.h - What the roof pass emits, written by hand -----===*\
|*
|* The runtime tests build their modules the way passes/ does, so that they
|* exercise libroofrt alone: per module a thread_local counter array, a getter
|* for it, a constant RoofModule descriptor and a constructor registering it;
|* at each instrumented function entry, a per-module thread_local flag that
|* guards the one call to __roof_register_thread. Counting is then a plain
|* `counters[slot] += k` on the thread's own array.
|*
|* Tests write the descriptors themselves (their weights are what they
|* check) and use these macros for the rest.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_TEST_FAKE_PASS_H
#define ROOF_TEST_FAKE_PASS_H

#include "roof/abi.h"

#include <stddef.h>

/* The counter array of module `mod` (N slots), its getter and the flag. */
#define FAKE_COUNTERS(mod, n)                                                  \
  static _Thread_local uint64_t mod##_counters[n];                             \
  static _Thread_local int mod##_registered;                                   \
  static uint64_t *mod##_thread_counters(void) { return mod##_counters; }

/* The module constructor. */
#define FAKE_CONSTRUCTOR(mod)                                                  \
  __attribute__((constructor)) static void mod##_register(void) {              \
    __roof_register_module(&mod);                                              \
  }

/* What an instrumented function does on entry; yields the thread's array. */
#define FAKE_ENTER(mod)                                                        \
  (mod##_registered ? (void)0                                                  \
                    : (__roof_register_thread(&mod, mod##_counters),           \
                       (void)(mod##_registered = 1)),                          \
   mod##_counters)

#endif /* ROOF_TEST_FAKE_PASS_H */
