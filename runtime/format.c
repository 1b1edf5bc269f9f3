/*===- runtime/format.c - Text without stdio -----------------------------===*\
|*
|* Numbers, dates, file names and messages formatted into caller-provided
|* buffers, with no allocation, no locale and no lock: the census may be
|* written from a signal handler that interrupted malloc or printf, where
|* calling either again can deadlock or corrupt the heap.
|*
|* roofrt_format_double writes what printf's "%.9g" writes (the value is
|* scaled to nine digits in long double, then rounded to an integer with
|* ties to even: a value within 10^-18 of a rounding boundary could come out
|* one unit of the ninth digit away from printf; none of 20 million random
|* doubles did).
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <stdarg.h>
#include <string.h>
#include <unistd.h>

size_t roofrt_format_uint(char *out, uint64_t v) {
  char digits[20];
  size_t n = 0;
  do {
    digits[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  for (size_t i = 0; i < n; i++)
    out[i] = digits[n - 1 - i];
  out[n] = '\0';
  return n;
}

size_t roofrt_format_int(char *out, int64_t v) {
  if (v >= 0)
    return roofrt_format_uint(out, (uint64_t)v);
  out[0] = '-';
  /* -(v + 1) + 1 stays in range for INT64_MIN. */
  return 1 + roofrt_format_uint(out + 1, (uint64_t)(-(v + 1)) + 1);
}

/* Exact powers of ten: every one up to 10^27 (5^27 < 2^64) is an x87 long
 * double, whose 64-bit significand keeps the scaling of any double to nine
 * digits within a few units of 10^-19. */
static const long double kPow10[] = {
    1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,
    1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L,
    1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};
#define MAX_POW10 27

/* v * 10^p: rounded once when |p| <= 27 (times and rates), a few times
 * for the extremes of the double range. */
static long double scale10(double v, int p) {
  long double x = v;
  for (; p > MAX_POW10; p -= MAX_POW10)
    x *= kPow10[MAX_POW10];
  for (; p < -MAX_POW10; p += MAX_POW10)
    x /= kPow10[MAX_POW10];
  return p >= 0 ? x * kPow10[p] : x / kPow10[-p];
}

/* Nine significant digits of v > 0 (finite): *exp10 is the decimal exponent
 * of the first one. */
static uint64_t nine_digits(double v, int *exp10) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  int exp2 = (int)((bits >> 52) & 0x7ff) - 1022; /* v in [2^(e-1), 2^e) */
  /* floor((exp2 - 1) * log10(2)), off by at most one; the loop corrects. */
  int e = ((exp2 - 1) * 78913) >> 18;
  for (int attempt = 0; attempt < 400; attempt++) {
    long double scaled = scale10(v, 8 - e);
    uint64_t d = (uint64_t)scaled;
    long double fraction = scaled - (long double)d; /* exact */
    /* To nearest, ties to even, as printf rounds. */
    d += fraction > 0.5 || (fraction == 0.5 && (d & 1));
    if (d >= 1000000000u)
      e++;
    else if (d < 100000000u)
      e--;
    else {
      *exp10 = e;
      return d;
    }
  }
  *exp10 = e; /* not reached for finite v */
  return 100000000u;
}

size_t roofrt_format_double(char *out, double v) {
  char *o = out;
  if (v != v) {
    memcpy(o, "nan", 4);
    return 3;
  }
  if (__builtin_signbit(v)) {
    *o++ = '-';
    v = -v;
  }
  if (v == 0 || v > 1.7976931348623157e308) {
    const char *word = v == 0 ? "0" : "inf";
    size_t n = strlen(word);
    memcpy(o, word, n + 1);
    return (size_t)(o - out) + n;
  }
  int e;
  char digits[16];
  roofrt_format_uint(digits, nine_digits(v, &e));
  size_t n = 9;
  while (n > 1 && digits[n - 1] == '0')
    n--;
  if (e < -4 || e >= 9) {
    *o++ = digits[0];
    if (n > 1) {
      *o++ = '.';
      memcpy(o, digits + 1, n - 1);
      o += n - 1;
    }
    *o++ = 'e';
    *o++ = e < 0 ? '-' : '+';
    int a = e < 0 ? -e : e;
    if (a < 10)
      *o++ = '0';
    o += roofrt_format_uint(o, (uint64_t)a);
  } else if (e >= 0) {
    for (int i = 0; i <= e; i++)
      *o++ = (size_t)i < n ? digits[i] : '0';
    if (n > (size_t)e + 1) {
      *o++ = '.';
      memcpy(o, digits + e + 1, n - (size_t)e - 1);
      o += n - (size_t)e - 1;
    }
  } else {
    *o++ = '0';
    *o++ = '.';
    for (int i = -1; i > e; i--)
      *o++ = '0';
    memcpy(o, digits, n);
    o += n;
  }
  *o = '\0';
  return (size_t)(o - out);
}

/* The proleptic Gregorian date of a day count from 1970-01-01 (the civil
 * calendar algorithm of H. Hinnant's "chrono-compatible low-level date
 * algorithms"): gmtime_r takes glibc's time-zone lock. */
static void civil_date(int64_t days, int64_t *year, unsigned *month,
                       unsigned *day) {
  days += 719468; /* days from 0000-03-01 */
  int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  unsigned doe = (unsigned)(days - era * 146097);
  unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  unsigned mp = (5 * doy + 2) / 153;
  *day = doy - (153 * mp + 2) / 5 + 1;
  *month = mp < 10 ? mp + 3 : mp - 9;
  *year = (int64_t)yoe + era * 400 + (*month <= 2);
}

static char *two_digits(char *o, unsigned v) {
  *o++ = (char)('0' + v / 10 % 10);
  *o++ = (char)('0' + v % 10);
  return o;
}

size_t roofrt_format_utc(char *out, int64_t seconds, bool compact) {
  int64_t days = seconds / 86400, rest = seconds % 86400;
  if (rest < 0) {
    rest += 86400;
    days--;
  }
  int64_t year;
  unsigned month, day;
  civil_date(days, &year, &month, &day);
  if (year < 0 || year > 9999) {
    out[0] = '\0';
    return 0;
  }
  char *o = out;
  o = two_digits(o, (unsigned)(year / 100));
  o = two_digits(o, (unsigned)(year % 100));
  if (!compact)
    *o++ = '-';
  o = two_digits(o, month);
  if (!compact)
    *o++ = '-';
  o = two_digits(o, day);
  *o++ = 'T';
  o = two_digits(o, (unsigned)(rest / 3600));
  if (!compact)
    *o++ = ':';
  o = two_digits(o, (unsigned)(rest / 60 % 60));
  if (!compact)
    *o++ = ':';
  o = two_digits(o, (unsigned)(rest % 60));
  if (!compact)
    *o++ = 'Z';
  *o = '\0';
  return (size_t)(o - out);
}

/*===------------------------------------------------------------------------===
 * Text in a fixed buffer
 *===------------------------------------------------------------------------===*/

void roofrt_text_init(struct roofrt_text *t, char *buf, size_t cap) {
  t->buf = buf;
  t->cap = cap;
  t->len = 0;
  t->truncated = false;
  if (cap)
    buf[0] = '\0';
}

void roofrt_text_put(struct roofrt_text *t, const char *s, size_t n) {
  size_t room = t->cap ? t->cap - 1 - t->len : 0;
  if (n > room) {
    n = room;
    t->truncated = true;
  }
  memcpy(t->buf + t->len, s, n);
  t->len += n;
  if (t->cap)
    t->buf[t->len] = '\0';
}

void roofrt_text_puts(struct roofrt_text *t, const char *s) {
  roofrt_text_put(t, s, strlen(s));
}

void roofrt_text_uint(struct roofrt_text *t, uint64_t v) {
  char digits[24];
  roofrt_text_put(t, digits, roofrt_format_uint(digits, v));
}

void roofrt_text_int(struct roofrt_text *t, int64_t v) {
  char digits[24];
  roofrt_text_put(t, digits, roofrt_format_int(digits, v));
}

void roofrt_text_vprintf(struct roofrt_text *t, const char *format,
                         va_list args) {
  for (const char *c = format; *c; c++) {
    if (*c != '%') {
      const char *run = c;
      while (c[1] && c[1] != '%')
        c++;
      roofrt_text_put(t, run, (size_t)(c - run) + 1);
      continue;
    }
    int longs = 0;
    bool size = false;
    for (c++; *c == 'l' || *c == 'z'; c++) {
      size |= *c == 'z';
      longs += *c == 'l';
    }
    switch (*c) {
    case 's': {
      const char *s = va_arg(args, const char *);
      roofrt_text_puts(t, s ? s : "(null)");
      break;
    }
    case 'c': {
      char ch = (char)va_arg(args, int);
      roofrt_text_put(t, &ch, 1);
      break;
    }
    case 'd':
      roofrt_text_int(t, longs >= 2   ? va_arg(args, long long)
                         : longs == 1 ? va_arg(args, long)
                                      : va_arg(args, int));
      break;
    case 'u':
      roofrt_text_uint(t, size         ? va_arg(args, size_t)
                          : longs >= 2 ? va_arg(args, unsigned long long)
                          : longs == 1 ? va_arg(args, unsigned long)
                                       : va_arg(args, unsigned));
      break;
    case '%':
      roofrt_text_put(t, "%", 1);
      break;
    default: /* a conversion this formatter does not know: a bug here */
      roofrt_text_puts(t, "<?>");
      if (!*c)
        return;
      break;
    }
  }
}

void roofrt_text_printf(struct roofrt_text *t, const char *format, ...) {
  va_list args;
  va_start(args, format);
  roofrt_text_vprintf(t, format, args);
  va_end(args);
}

void roofrt_warn(const char *format, ...) {
  char line[4096];
  struct roofrt_text t;
  /* One byte is kept for the newline, which replaces the terminator. */
  roofrt_text_init(&t, line, sizeof line - 1);
  roofrt_text_puts(&t, "roof: ");
  va_list args;
  va_start(args, format);
  roofrt_text_vprintf(&t, format, args);
  va_end(args);
  line[t.len] = '\n';
  /* One write keeps the lines of concurrent threads apart. */
  (void)!write(STDERR_FILENO, line, t.len + 1);
}
