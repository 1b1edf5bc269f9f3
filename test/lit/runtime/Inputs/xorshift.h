/* A fixed pseudo-random sequence for the runtime's tests (Marsaglia's
 * xorshift64, from a fixed seed): the same numbers on every run, so that a
 * test's expectations can be derived once. `xorshift_state` may be saved
 * and restored to replay a sequence. */
#ifndef ROOF_TEST_XORSHIFT_H
#define ROOF_TEST_XORSHIFT_H

#include <stdint.h>

static uint64_t xorshift_state = 88172645463325252ull;

static inline uint64_t next(void) {
  xorshift_state ^= xorshift_state << 13;
  xorshift_state ^= xorshift_state >> 7;
  xorshift_state ^= xorshift_state << 17;
  return xorshift_state;
}

#endif /* ROOF_TEST_XORSHIFT_H */
