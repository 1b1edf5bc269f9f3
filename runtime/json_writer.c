/*===- runtime/json_writer.c - Streaming JSON emitter --------------------===*\
|*
|* Writes JSON straight to a FILE as the report is walked, so that a large
|* report needs no buffer. The emitter places commas, newlines and two-space
|* indentation; containers opened inline stay on one line, which keeps the
|* many small objects of a census readable.
|*
|* Strings: names come from object files and argv and may hold any byte.
|* Quotes, backslashes and control characters are escaped; valid UTF-8 passes
|* through; a byte that is not part of a valid UTF-8 sequence is written as
|* the code point of the same value (read as Latin-1), so the output is
|* always valid UTF-8 JSON and a Latin-1 name still reads right.
|*
|* Numbers are formatted by printf: the caller makes sure LC_NUMERIC is "C".
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

void roofrt_json_init(struct roofrt_json *j, FILE *out) {
  memset(j, 0, sizeof *j);
  j->out = out;
  j->first[0] = true;
}

static void newline(struct roofrt_json *j) {
  fputc('\n', j->out);
  for (int i = 0; i < j->depth; i++)
    fputs("  ", j->out);
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
    fputc(',', j->out);
  if (!j->inline_[j->depth])
    newline(j);
  else if (!first)
    fputc(' ', j->out);
}

static void open_container(struct roofrt_json *j, char opener, bool inline_) {
  before_value(j);
  fputc(opener, j->out);
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
  fputc(closer, j->out);
  if (j->depth == 0)
    fputc('\n', j->out);
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

static void write_string(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    unsigned char c = *p;
    size_t n;
    if (c == '"' || c == '\\') {
      fputc('\\', out);
      fputc(c, out);
      p++;
    } else if (c < 0x20 || c == 0x7F) {
      switch (c) {
      case '\b': fputs("\\b", out); break;
      case '\f': fputs("\\f", out); break;
      case '\n': fputs("\\n", out); break;
      case '\r': fputs("\\r", out); break;
      case '\t': fputs("\\t", out); break;
      default: fprintf(out, "\\u%04x", c); break;
      }
      p++;
    } else if (c < 0x80) {
      fputc(c, out);
      p++;
    } else if ((n = utf8_sequence(p))) {
      fwrite(p, 1, n, out);
      p += n;
    } else {
      fprintf(out, "\\u%04x", c);
      p++;
    }
  }
  fputc('"', out);
}

void roofrt_json_key(struct roofrt_json *j, const char *key) {
  before_value(j);
  write_string(j->out, key);
  fputs(": ", j->out);
  j->after_key = true;
}

void roofrt_json_string(struct roofrt_json *j, const char *s) {
  before_value(j);
  write_string(j->out, s);
}

void roofrt_json_uint(struct roofrt_json *j, uint64_t v) {
  before_value(j);
  fprintf(j->out, "%" PRIu64, v);
}

void roofrt_json_int(struct roofrt_json *j, int64_t v) {
  before_value(j);
  fprintf(j->out, "%" PRId64, v);
}

void roofrt_json_double(struct roofrt_json *j, double v) {
  if (!isfinite(v)) {
    roofrt_json_null(j);
    return;
  }
  before_value(j);
  /* Nine significant digits: nanoseconds on a one-second time. */
  fprintf(j->out, "%.9g", v);
}

void roofrt_json_bool(struct roofrt_json *j, bool v) {
  before_value(j);
  fputs(v ? "true" : "false", j->out);
}

void roofrt_json_null(struct roofrt_json *j) {
  before_value(j);
  fputs("null", j->out);
}
