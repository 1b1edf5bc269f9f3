/*===- libm_path_calls.c - A libm call that counts its own path -----------===*
 *
 * __roof_libm_NAME(x, counters, first) of roof/abi.h (ROOF_LIBM_PATH_CALLS):
 * the count of __roof_libm_path, of x itself rather than of its bits, with
 * the group table of the module that registered `counters`, then NAME(x). A
 * file of its own, so that a program that calls none of them does not need
 * libm for them.
 *
 *===----------------------------------------------------------------------===*/
#include "libm_paths.h"
#include "runtime.h"

#include <math.h>
#include <stdint.h>

/* The group tables (RoofModule.libm_groups) of the counter array the thread
 * passed last, kept per thread: the calls of one module follow each other,
 * and finding the module takes the lock. Initial-exec: the runtime is
 * position-independent, and the default model for that would call
 * __tls_get_addr at each libm call (16 bytes of static TLS, which a
 * dlopen'ed object gets from glibc's reserve). */
#define LAST_CALLED                                                            \
  static _Thread_local __attribute__((tls_model("initial-exec")))
LAST_CALLED const uint64_t *last_counters;
LAST_CALLED const uint8_t *const *last_groups;
#undef LAST_CALLED

/* The groups of an array the runtime did not take, or of a module that
 * counts no call so: none. */
static const uint8_t *const no_groups[ROOF_NUM_LIBM_PATH_CALLS];

/* Finds the tables of `counters` (a call from another module, or the
 * thread's first), out of the counting forms' way: their common path is a
 * test of last_counters, with nothing to keep across a call. */
static __attribute__((noinline, cold)) void
find_groups(const uint64_t *counters) {
  const RoofModule *module = roofrt_registered_module(counters);
  last_groups = module && module->libm_groups ? module->libm_groups : no_groups;
  last_counters = counters;
}

/* Each form, and its first call with an array: find the tables, then count
 * as the form does (the array is now the last one). */
#define ROOF_LIBM_PATH_CALL_DEFINE(Name, Type, Family)                         \
  static __attribute__((noinline, cold)) Type Name##_with_new_array(           \
      Type x, uint64_t *counters, uint32_t first);                             \
  ROOFRT_EXPORT Type __roof_libm_##Name(Type x, uint64_t *counters,            \
                                        uint32_t first) {                      \
    if (counters != last_counters)                                             \
      return Name##_with_new_array(x, counters, first);                        \
    const uint8_t *groups = last_groups[ROOF_LIBM_CALL_##Name];                \
    if (groups)                                                                \
      roofrt_libm_path_count(Family, x, groups, counters + first);             \
    return Name(x);                                                            \
  }                                                                            \
  static Type Name##_with_new_array(Type x, uint64_t *counters,                \
                                    uint32_t first) {                          \
    find_groups(counters);                                                     \
    return __roof_libm_##Name(x, counters, first);                             \
  }
ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_DEFINE)
