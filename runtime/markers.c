/*===- runtime/markers.c - Regions from LIKWID, NVTX and Caliper markers -===*\
|*
|* The pass calls __roof_marker next to every call of another tool's region
|* marker (passes/ToolMarkers.cpp has the table): LIKWID's start and stop,
|* NVTX's push, pop, start and end, Caliper's begin and end. Each becomes a
|* boundary of a roof region of the same name (regions.c). Names come as the
|* tool's API has them: a C string, a wide string (NVTX's W functions), or
|* NVTX event attributes whose message is one of those.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"
#include "roof/roof.h"

#include <wchar.h>

/* The leading fields of NVTX's nvtxEventAttributes_t, version 2 (NVTX 2
 * and 3 share it), up to the message that names the event. */
struct nvtx_event_attributes {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t color_type;
  uint32_t color;
  int32_t payload_type;
  int32_t reserved0;
  uint64_t payload;
  int32_t message_type;
  const void *message;
};
enum { NVTX_MESSAGE_ASCII = 1, NVTX_MESSAGE_UNICODE = 2 };

/* Longest region name taken from a wide string, in UTF-8 bytes. */
enum { WIDE_NAME_CAP = 256 };

/* `wide` in UTF-8 (code points that are not Unicode scalar values as
 * U+FFFD), cut at a character boundary to fit `cap` bytes. */
static const char *utf8_of(const wchar_t *wide, char *buf, size_t cap) {
  size_t n = 0;
  for (; *wide; wide++) {
    uint32_t c = (uint32_t)*wide;
    if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
      c = 0xFFFD;
    size_t len = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (n + len >= cap)
      break;
    if (len == 1) {
      buf[n++] = (char)c;
      continue;
    }
    static const unsigned char lead[] = {0, 0, 0xC0, 0xE0, 0xF0};
    for (size_t i = len; i-- > 1;) {
      buf[n + i] = (char)(0x80 | (c & 0x3F));
      c >>= 6;
    }
    buf[n] = (char)(lead[len] | c);
    n += len;
  }
  buf[n] = '\0';
  return buf;
}

/* The region name a marker gives; `buf` holds a converted one. */
static const char *marker_name(uint32_t kind, const void *name, char *buf,
                               size_t cap) {
  if (!name)
    return NULL;
  switch (kind) {
  case ROOF_MARKER_CHARS:
    return name;
  case ROOF_MARKER_WIDE:
    return utf8_of(name, buf, cap);
  case ROOF_MARKER_NVTX_ATTRIBUTES: {
    const struct nvtx_event_attributes *a = name;
    if (a->message_type == NVTX_MESSAGE_ASCII)
      return a->message;
    if (a->message_type == NVTX_MESSAGE_UNICODE && a->message)
      return utf8_of(a->message, buf, cap);
    /* A registered string handle, or no message: a name NVTX keeps. */
    return "(nvtx)";
  }
  default:
    return NULL;
  }
}

ROOFRT_EXPORT uint64_t __roof_marker(uint32_t action, uint32_t name_kind,
                                     const void *name, uint64_t range) {
  char buf[WIDE_NAME_CAP];
  const char *text = marker_name(name_kind, name, buf, sizeof buf);
  switch (action) {
  case ROOF_MARKER_BEGIN:
    roof_region_begin(text);
    break;
  case ROOF_MARKER_END:
    roof_region_end();
    break;
  case ROOF_MARKER_END_NAMED:
    roofrt_region_end_named(text);
    break;
  case ROOF_MARKER_RANGE_START:
    return roofrt_range_start(text, range);
  case ROOF_MARKER_RANGE_END:
    roofrt_range_end(range);
    break;
  }
  return range;
}
