/*===- runtime/json_writer.c - Streaming JSON emitter --------------------===*\
|*
|* Writes JSON to a file descriptor as the report is walked, through a
|* buffer of its own, so that a large report needs no memory and the write
|* uses neither malloc nor stdio (format.c formats the numbers). The emitter
|* places commas, newlines and two-space
|* indentation; containers opened inline stay on one line, which keeps the
|* many small objects of a census readable.
|*
|* Strings: names come from object files and argv and may hold any byte.
|* Quotes, backslashes and control characters are escaped; valid UTF-8 passes
|* through; a byte that is not part of a valid UTF-8 sequence is written as
|* the code point of the same value (read as Latin-1), so the output is
|* always valid UTF-8 JSON and a Latin-1 name still reads right.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

void roofrt_json_init(struct roofrt_json *j, int fd) {
  memset(j, 0, sizeof *j);
  j->fd = fd;
  j->first[0] = true;
}

int roofrt_json_flush(struct roofrt_json *j) {
  for (size_t done = 0; done < j->len && !j->error;) {
    ssize_t n = write(j->fd, j->buf + done, j->len - done);
    if (n > 0)
      done += (size_t)n;
    else if (n < 0 && errno != EINTR)
      j->error = errno;
    else if (n == 0)
      j->error = EIO;
  }
  j->len = 0;
  return j->error;
}

static void put(struct roofrt_json *j, const char *s, size_t n) {
  while (n && !j->error) {
    if (j->len == sizeof j->buf)
      roofrt_json_flush(j);
    size_t chunk = sizeof j->buf - j->len;
    if (chunk > n)
      chunk = n;
    memcpy(j->buf + j->len, s, chunk);
    j->len += chunk;
    s += chunk;
    n -= chunk;
  }
}

static void put_char(struct roofrt_json *j, char c) { put(j, &c, 1); }

static void put_str(struct roofrt_json *j, const char *s) {
  put(j, s, strlen(s));
}

static void newline(struct roofrt_json *j) {
  put_char(j, '\n');
  for (int i = 0; i < j->depth; i++)
    put(j, "  ", 2);
}

/* Separates a value (or a key) from what precedes it at the current level. */
static void before_value(struct roofrt_json *j) {
  if (j->after_key) {
    j->after_key = false;
    return;
  }
  if (j->depth == 0)
    return;
  bool first = j->first[j->depth];
  j->first[j->depth] = false;
  if (!first)
    put_char(j, ',');
  if (!j->inline_[j->depth])
    newline(j);
  else if (!first)
    put_char(j, ' ');
}

static void open_container(struct roofrt_json *j, char opener, bool inline_) {
  before_value(j);
  put_char(j, opener);
  /* The report's nesting is fixed and far below the limit. */
  if (j->depth + 1 >= ROOFRT_JSON_MAX_DEPTH) {
    j->failed = true;
    return;
  }
  j->depth++;
  j->first[j->depth] = true;
  j->inline_[j->depth] = inline_ || j->inline_[j->depth - 1];
  j->closer[j->depth] = opener == '{' ? '}' : ']';
}

void roofrt_json_object(struct roofrt_json *j, bool inline_) {
  open_container(j, '{', inline_);
}

void roofrt_json_array(struct roofrt_json *j, bool inline_) {
  open_container(j, '[', inline_);
}

void roofrt_json_close(struct roofrt_json *j) {
  if (j->depth == 0) {
    j->failed = true;
    return;
  }
  char closer = j->closer[j->depth];
  bool empty = j->first[j->depth], inline_ = j->inline_[j->depth];
  j->depth--;
  if (!empty && !inline_)
    newline(j);
  put_char(j, closer);
  if (j->depth == 0)
    put_char(j, '\n');
}

/* Length of the valid UTF-8 sequence of two to four bytes at `p`, or 0.
 * Rejects overlong forms, surrogates and code points above U+10FFFF
 * (RFC 3629). Stops at a NUL, which is never a continuation byte. */
static size_t utf8_sequence(const unsigned char *p) {
  unsigned char lo = 0x80, hi = 0xBF;
  size_t n;
  if (p[0] >= 0xC2 && p[0] <= 0xDF) {
    n = 2;
  } else if (p[0] >= 0xE0 && p[0] <= 0xEF) {
    n = 3;
    if (p[0] == 0xE0)
      lo = 0xA0;
    else if (p[0] == 0xED)
      hi = 0x9F;
  } else if (p[0] >= 0xF0 && p[0] <= 0xF4) {
    n = 4;
    if (p[0] == 0xF0)
      lo = 0x90;
    else if (p[0] == 0xF4)
      hi = 0x8F;
  } else {
    return 0;
  }
  if (p[1] < lo || p[1] > hi)
    return 0;
  for (size_t i = 2; i < n; i++)
    if (p[i] < 0x80 || p[i] > 0xBF)
      return 0;
  return n;
}

/* \u00XX for a byte that cannot appear as itself. */
static void put_escaped_byte(struct roofrt_json *j, unsigned char c) {
  static const char hex[] = "0123456789abcdef";
  char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
  put(j, u, sizeof u);
}

static void write_string(struct roofrt_json *j, const char *s) {
  put_char(j, '"');
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    unsigned char c = *p;
    size_t n;
    if (c == '"' || c == '\\') {
      char escaped[2] = {'\\', (char)c};
      put(j, escaped, 2);
      p++;
    } else if (c < 0x20 || c == 0x7F) {
      switch (c) {
      case '\b':
        put(j, "\\b", 2);
        break;
      case '\f':
        put(j, "\\f", 2);
        break;
      case '\n':
        put(j, "\\n", 2);
        break;
      case '\r':
        put(j, "\\r", 2);
        break;
      case '\t':
        put(j, "\\t", 2);
        break;
      default:
        put_escaped_byte(j, c);
        break;
      }
      p++;
    } else if (c < 0x80) {
      put_char(j, (char)c);
      p++;
    } else if ((n = utf8_sequence(p))) {
      put(j, (const char *)p, n);
      p += n;
    } else {
      put_escaped_byte(j, c);
      p++;
    }
  }
  put_char(j, '"');
}

void roofrt_json_key(struct roofrt_json *j, const char *key) {
  before_value(j);
  write_string(j, key);
  put(j, ": ", 2);
  j->after_key = true;
}

void roofrt_json_string(struct roofrt_json *j, const char *s) {
  before_value(j);
  write_string(j, s);
}

void roofrt_json_uint(struct roofrt_json *j, uint64_t v) {
  before_value(j);
  char digits[24];
  put(j, digits, roofrt_format_uint(digits, v));
}

void roofrt_json_int(struct roofrt_json *j, int64_t v) {
  before_value(j);
  char digits[24];
  put(j, digits, roofrt_format_int(digits, v));
}

void roofrt_json_double(struct roofrt_json *j, double v) {
  if (!__builtin_isfinite(v)) {
    roofrt_json_null(j);
    return;
  }
  before_value(j);
  /* Nine significant digits: nanoseconds on a one-second time. */
  char digits[32];
  put(j, digits, roofrt_format_double(digits, v));
}

void roofrt_json_bool(struct roofrt_json *j, bool v) {
  before_value(j);
  put_str(j, v ? "true" : "false");
}

void roofrt_json_null(struct roofrt_json *j) {
  before_value(j);
  put_str(j, "null");
}
