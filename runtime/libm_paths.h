/*===- libm_paths.h - The thresholds of the libm path classifier ----------===*
 *
 * __roof_libm_path (roof/abi.h) is what instrumented code calls; the keys
 * and the thresholds it compares |x| with are also read by roof-libm-probe,
 * which probes both sides of each threshold (runtime/libm_paths.c).
 *
 *===----------------------------------------------------------------------===*/
#ifndef ROOFRT_LIBM_PATHS_H
#define ROOFRT_LIBM_PATHS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The path key of argument x of a function of `family` (roof/abi.h); a
 * float argument is passed widened to double. */
uint32_t roofrt_libm_path_key(uint32_t family, double x);

/* Adds 1 to the slot of x's group: slots[groups[key of x]] (roof/abi.h,
 * __roof_libm_path and the counting forms). */
void roofrt_libm_path_count(uint32_t family, double x, const uint8_t *groups,
                            uint64_t *slots);

/* The bit patterns of |x| at which `family`'s buckets begin, in increasing
 * order (a float family's widened to double); *count gets their number. */
const uint64_t *roofrt_libm_path_thresholds(uint32_t family, uint32_t *count);

#ifdef __cplusplus
}
#endif

#endif /* ROOFRT_LIBM_PATHS_H */
