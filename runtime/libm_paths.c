/*===- libm_paths.c - Which path a libm call takes, from its argument ------===*
 *
 * glibc's sin, cos, erf and their float forms run different instructions for
 * different arguments: a Taylor series or a table below and above 0.126, a
 * reduction to the nearest quadrant, then the sine or the cosine polynomial
 * by the quadrant's parity. The pass calls __roof_libm_path before such a
 * call, which counts the call in the group of its argument's key
 * (roof/abi.h); the cost of each key is measured by roof-libm-probe, which
 * links this file too and checks that the arguments it probed with one key
 * all ran the same FP work.
 * The thresholds are the ones glibc 2.36 branches on, as bit patterns of
 * |x| (a float threshold widened to double); a key that mixes paths on
 * another libm shows in the probe's table as inexact.
 *
 *===----------------------------------------------------------------------===*/
#include "libm_paths.h"
#include "runtime.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* |x| < 2^-26 and the like: the high word of a double threshold. */
#define HI(word) ((uint64_t)(word) << 32)

/* Each family's thresholds, in increasing order, and how many: the bucket
 * of |x| is how many of them are at or below it, found by a binary search
 * whose steps depend on the count only. Every family ends with +inf and the
 * smallest NaN, so that infinities and NaN get buckets of their own. */
#define MAX_THRESHOLDS 16
#define END HI(0x7ff00000), HI(0x7ff00000) + 1
#define FAMILY(...)                                                            \
  {{__VA_ARGS__}, sizeof((uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)}

/* sin, cos, sincos: underflow, the tiny cases of cos (2^-27) and sin
 * (2^-26), the Taylor series of do_sin (0.126), the table (0.855469), one
 * step from pi/2 (2.426265), the two-part reduction (105414350), and 2^30,
 * beyond which the double product x * 2/pi no longer tells the quadrant. */
enum { TrigOneStep = 5, TrigReduced = 6, TrigBranred = 7 };
/* sinf, cosf, sincosf compare the top 12 bits of the float: 2^-126, 2^-12,
 * 0.75 (pi/4 truncated), 120 (fast reduction), and 2^30 as above. */
enum { TrigfFast = 3, TrigfLarge = 4 };

static const struct {
  uint64_t at[MAX_THRESHOLDS];
  uint32_t count;
} Thresholds[ROOF_NUM_LIBM_PATH_FAMILIES] = {
    [ROOF_LIBM_PATHS_TRIG] = FAMILY(
        HI(0x00100000), HI(0x3e400000), HI(0x3e500000), 0x3fc020c49ba5e354,
        HI(0x3feb6000), HI(0x400368fd), HI(0x419921fb), HI(0x41d00000), END),
    [ROOF_LIBM_PATHS_TRIGF] =
        FAMILY(0x3810000000000000, 0x3f30000000000000, 0x3fe8000000000000,
               0x405e000000000000, 0x41d0000000000000, END),
    /* erf, erfc: a subnormal erf (one more multiply), 2^-1015, 2^-56,
     * 2^-28, 0.25, 0.84375, 1.25, 1/0.35 (compared against two neighbouring
     * words), 6, exp's special case in erfc (22.61) and its subnormal
     * result (26.61), 28. */
    [ROOF_LIBM_PATHS_ERF] =
        FAMILY(0x000e2dfc48da77b5, HI(0x00800000), HI(0x3c700000),
               HI(0x3e300000), HI(0x3fd00000), HI(0x3feb0000), HI(0x3ff40000),
               HI(0x4006db6d), HI(0x4006db6e), HI(0x40180000), HI(0x40369d70),
               HI(0x403a9aec), HI(0x403c0000), END),
    /* erff, erfcf: a subnormal erff, then the points of erf as floats, with
     * 2^-26 (erfcf's 1 - x) and expf's underflow in erfcf (10.171875). */
    [ROOF_LIBM_PATHS_ERFF] =
        FAMILY(0x380c5bf880000000, 0x3880000000000000, 0x3c70000000000000,
               0x3e30000000000000, 0x3e50000000000000, 0x3fd0000000000000,
               0x3feb000000000000, 0x3ff4000000000000, 0x4006db6da0000000,
               0x4006db6dc0000000, 0x4018000000000000, 0x4024580000000000,
               0x403c000000000000, END),
};

/* 2/pi, and pi/2 in three parts of 22, 22 and 53 bits, so that n times
 * either of the first two is exact for the n below 2^30 met here. Adding
 * and subtracting 1.5 * 2^52 rounds to the nearest integer, as glibc does
 * (without libm: the runtime does not link it). Each product is its own
 * statement, so that no compiler fuses it into an FMA. */
static const double TwoOverPi = 0x1.45f306dc9c883p-1;
static const double HalfPi1 = 0x1.921fb0p+0;
static const double HalfPi2 = 0x1.5110b0p-22;
static const double HalfPi3 = 0x1.18469898cc517p-44;
static const double ToInt = 0x1.8p52;
/* The Taylor series of do_sin runs below this |reduced argument|. */
static const double SmallReduced = 0.126;

static double nearestQuadrant(double ax) {
  double scaled = ax * TwoOverPi;
  double shifted = scaled + ToInt;
  return shifted - ToInt;
}

/* Quadrant parity and small reduced argument of a double argument, both
 * computed and the bucket's kept, without a branch. */
static uint32_t trigBits(uint32_t bucket, double ax) {
  double a1 = ((HalfPi1 - ax) + HalfPi2) + HalfPi3;
  double n = nearestQuadrant(ax);
  double p1 = n * HalfPi1, p2 = n * HalfPi2, p3 = n * HalfPi3;
  double a = ((ax - p1) - p2) - p3;
  uint32_t reduced =
      (uint32_t)(((int64_t)n & 1) << 1) | (fabs(a) < SmallReduced);
  uint32_t oneStep = fabs(a1) < SmallReduced;
  return bucket == TrigOneStep                            ? oneStep
         : bucket == TrigReduced || bucket == TrigBranred ? reduced
                                                          : 0;
}

/* Quadrant parity of a float argument (widened): reduce_fast's rounding
 * of the signed argument below 120, the nearest quadrant above. */
static uint32_t trigfBits(uint32_t bucket, double x) {
  double scaled = x * 0x1.45f306dc9c883p+23; /* 2^24 * 2/pi */
  int32_t r = (int32_t)scaled;
  uint32_t fast = (uint32_t)(((r + 0x800000) >> 24) & 1) << 1;
  uint32_t large = (uint32_t)(((int64_t)nearestQuadrant(fabs(x)) & 1) << 1);
  return bucket == TrigfFast ? fast : bucket == TrigfLarge ? large : 0;
}

const uint64_t *roofrt_libm_path_thresholds(uint32_t family, uint32_t *count) {
  if (family >= ROOF_NUM_LIBM_PATH_FAMILIES) {
    *count = 0;
    return NULL;
  }
  *count = Thresholds[family].count;
  return Thresholds[family].at;
}

/* The key of x in a family that exists; inlined into both entry points. */
static inline uint32_t pathKey(uint32_t family, double x) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof(bits));
  uint64_t abs = bits & ~(1ull << 63);
  const uint64_t *at = Thresholds[family].at, *base = at;
  uint32_t len = Thresholds[family].count;
  while (len > 1) {
    uint32_t half = len / 2;
    base += base[half - 1] <= abs ? half : 0;
    len -= half;
  }
  uint32_t bucket = (uint32_t)(base - at) + (*base <= abs);
  double ax = fabs(x);
  uint32_t low = family == ROOF_LIBM_PATHS_TRIG    ? trigBits(bucket, ax)
                 : family == ROOF_LIBM_PATHS_TRIGF ? trigfBits(bucket, x)
                                                   : 0;
  return bucket * 8 + (uint32_t)(bits >> 63) * 4 + low;
}

uint32_t roofrt_libm_path_key(uint32_t family, double x) {
  return family < ROOF_NUM_LIBM_PATH_FAMILIES ? pathKey(family, x) : 0;
}

void roofrt_libm_path_count(uint32_t family, double x, const uint8_t *groups,
                            uint64_t *slots) {
  ++slots[groups[roofrt_libm_path_key(family, x) % ROOF_LIBM_MAX_PATH_KEYS]];
}

ROOFRT_EXPORT void __roof_libm_path(uint32_t family, uint64_t bits,
                                    const uint8_t *groups, uint64_t *counters,
                                    uint32_t first) {
  double x;
  if (family == ROOF_LIBM_PATHS_TRIGF || family == ROOF_LIBM_PATHS_ERFF) {
    float f;
    uint32_t low = (uint32_t)bits;
    memcpy(&f, &low, sizeof(f));
    x = f;
  } else {
    memcpy(&x, &bits, sizeof(x));
  }
  roofrt_libm_path_count(family, x, groups, counters + first);
}
