/*===- libm_path_calls.c - A libm call that counts its own path -----------===*
 *
 * __roof_libm_NAME(x, groups, slots) of roof/abi.h (ROOF_LIBM_PATH_CALLS):
 * the count of __roof_libm_path, then NAME(x). A file of its own, so that a
 * program that calls none of them does not need libm for them.
 *
 *===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The argument's bits as __roof_libm_path takes them: a float's in the low
 * 32. */
static inline uint64_t bitsOf_double(double x) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof(bits));
  return bits;
}
static inline uint64_t bitsOf_float(float x) {
  uint32_t bits;
  memcpy(&bits, &x, sizeof(bits));
  return bits;
}

#define ROOF_LIBM_PATH_CALL_DEFINE(Name, Type, Family)                         \
  ROOFRT_EXPORT Type __roof_libm_##Name(Type x, const uint8_t *groups,         \
                                        uint64_t *slots) {                     \
    __roof_libm_path(Family, bitsOf_##Type(x), groups, slots);                 \
    return Name(x);                                                            \
  }
ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_DEFINE)
