/*===- Inputs/fake_pass.h - What the roof pass emits, written by hand -----===*\
|*
|* The runtime tests build their modules the way passes/ does, so that they
|* exercise libroofrt alone: per module a thread_local counter array with its
|* registration word after the counters, a constant RoofModule descriptor
|* and a constructor registering it; at each instrumented function entry, a
|* test of the word that guards the one call to __roof_register_thread.
|* Counting is then a plain `counters[slot] += k` on the thread's own array.
|*
|* Tests write the descriptors themselves (their weights are what they
|* check) and use these macros for the rest.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_TEST_FAKE_PASS_H
#define ROOF_TEST_FAKE_PASS_H

#include "roof/abi.h"

#include <stddef.h>

/* The counter array of module `mod`: n slots, then the registration word. */
#define FAKE_COUNTERS(mod, n)                                                  \
  static _Thread_local uint64_t mod##_counters[(n) + 1];

/* The module constructor. */
#define FAKE_CONSTRUCTOR(mod)                                                  \
  __attribute__((constructor)) static void mod##_register(void) {              \
    __roof_register_module(&mod);                                              \
  }

/* What an instrumented function does on entry; yields the thread's array. */
#define FAKE_ENTER(mod)                                                        \
  (mod##_counters[mod.num_slots]                                               \
       ? (void)0                                                               \
       : __roof_register_thread(&mod, mod##_counters),                         \
   mod##_counters)

/* The fixture several tests share: module `mod` from `source` with one
 * function "work" whose slot 0 counts calls and whose slot 1 is worth one
 * canonical fp64 add per unit. */
#define FAKE_WORK_MODULE(source)                                               \
  FAKE_COUNTERS(mod, 2)                                                        \
  static const RoofWeight work_weights[] = {                                   \
      {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_CANONICAL), 1}};    \
  static const RoofFunction functions[] = {                                    \
      {"work", "work", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1,           \
       work_weights}};                                                         \
  static const RoofModule mod = {                                              \
      ROOF_ABI_VERSION, 1, 2, 0, source, "x86_64-unknown-linux-gnu",           \
      "", "", functions};                                                      \
  FAKE_CONSTRUCTOR(mod)

#endif /* ROOF_TEST_FAKE_PASS_H */
