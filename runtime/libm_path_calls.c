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
 * and finding the module takes the lock. */
static _Thread_local const uint64_t *last_counters;
static _Thread_local const uint8_t *const *last_groups;

static const uint8_t *groups_of(const uint64_t *counters,
                                enum RoofLibmPathCall call) {
  if (counters != last_counters) {
    const RoofModule *module = roofrt_registered_module(counters);
    last_groups = module ? module->libm_groups : NULL;
    last_counters = counters;
  }
  return last_groups ? last_groups[call] : NULL;
}

#define ROOF_LIBM_PATH_CALL_DEFINE(Name, Type, Family)                         \
  ROOFRT_EXPORT Type __roof_libm_##Name(Type x, uint64_t *counters,            \
                                        uint32_t first) {                      \
    const uint8_t *groups = groups_of(counters, ROOF_LIBM_CALL_##Name);        \
    if (groups)                                                                \
      roofrt_libm_path_count(Family, x, groups, counters + first);             \
    return Name(x);                                                            \
  }
ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_DEFINE)
