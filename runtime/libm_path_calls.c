/*===- libm_path_calls.c - A libm call that counts its own path -----------===*
 *
 * __roof_libm_NAME(x, groups, counters, first) of roof/abi.h
 * (ROOF_LIBM_PATH_CALLS): the count of __roof_libm_path, of x itself rather
 * than of its bits, then NAME(x). A file of its own, so that a program that
 * calls none of them does not need libm for them.
 *
 *===----------------------------------------------------------------------===*/
#include "libm_paths.h"
#include "runtime.h"

#include <math.h>
#include <stdint.h>

#define ROOF_LIBM_PATH_CALL_DEFINE(Name, Type, Family)                         \
  ROOFRT_EXPORT Type __roof_libm_##Name(Type x, const uint8_t *groups,         \
                                        uint64_t *counters, uint32_t first) {  \
    roofrt_libm_path_count(Family, x, groups, counters + first);               \
    return Name(x);                                                            \
  }
ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_DEFINE)
