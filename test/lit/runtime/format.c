// The write formats numbers and dates without stdio (format.c, safe in a
// signal handler); they must read exactly as printf's "%.9g" and gmtime's
// would. Two million doubles: random bit patterns over the whole range
// (subnormals and the largest included) and random values of the
// magnitudes of times and rates, plus ties and boundaries; and dates from
// 1970 to 9999 against gmtime_r.
//
// RUN: %clang -O1 -I%srcroot/include %s %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: %t | FileCheck %s
// CHECK: doubles: 0 of {{[0-9]+}} differ
// CHECK: dates: 0 of {{[0-9]+}} differ
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "Inputs/xorshift.h"

/* Internal to libroofrt (runtime/runtime.h); hidden, but a static link
 * reaches them. */
size_t roofrt_format_double(char *out, double v);
size_t roofrt_format_utc(char *out, int64_t seconds, bool compact);

static long double_differs(double v) {
  char ours[64], theirs[64];
  size_t n = roofrt_format_double(ours, v);
  snprintf(theirs, sizeof theirs, "%.9g", v);
  if (!strcmp(ours, theirs) && n == strlen(ours))
    return 0;
  printf("%a: %s, printf %s\n", v, ours, theirs);
  return 1;
}

int main(void) {
  static const double special[] = {
      0.0,  -0.0, 1.0, 0.5, 2.5, 1e-5, 1e-4, 123456789.0, 1234567885.0,
      1234567895.0, 999999999.5, 9999999995.0, 1e9, 1e21, 1e22, 1e23,
      5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 3e9, 1e-9};
  long bad = 0, total = 0;
  for (size_t i = 0; i < sizeof special / sizeof *special; i++, total++)
    bad += double_differs(special[i]);
  for (long i = 0; i < 2000000; i++) {
    uint64_t x = next();
    double v;
    if (i % 2) {
      memcpy(&v, &x, sizeof v);
      if (!isfinite(v))
        continue;
    } else {
      v = ldexp((double)(x >> 11), (int)(x % 90) - 53 - 40);
    }
    bad += double_differs(v);
    total++;
  }
  printf("doubles: %ld of %ld differ\n", bad, total);

  long bad_dates = 0, dates = 0;
  for (long i = 0; i < 200000; i++, dates++) {
    int64_t seconds = i < 4 ? (int64_t[]){0, 951782400, 1709251199,
                                         253402300799}[i]
                            : (int64_t)(next() % 253402300800ull);
    time_t t = (time_t)seconds;
    struct tm utc;
    char ours[32], theirs[32], compact[32], theirs_compact[32];
    gmtime_r(&t, &utc);
    strftime(theirs, sizeof theirs, "%Y-%m-%dT%H:%M:%SZ", &utc);
    strftime(theirs_compact, sizeof theirs_compact, "%Y%m%dT%H%M%S", &utc);
    roofrt_format_utc(ours, seconds, false);
    roofrt_format_utc(compact, seconds, true);
    if (strcmp(ours, theirs) || strcmp(compact, theirs_compact)) {
      printf("%lld: %s %s, gmtime %s %s\n", (long long)seconds, ours, compact,
             theirs, theirs_compact);
      bad_dates++;
    }
  }
  printf("dates: %ld of %ld differ\n", bad_dates, dates);
  return 0;
}
