// Strings with any byte come out as valid UTF-8 JSON: quotes, backslashes
// and control characters (DEL included) are escaped; valid UTF-8 passes
// through; a byte that does not start a valid UTF-8 sequence (stray,
// overlong, surrogate, beyond U+10FFFF, cut short) is read as Latin-1, i.e.
// becomes the code point of the same value. Function names, demangled names,
// module sources, region names and arguments all go through the same path.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t 'x"y\z'
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'r["functions"][0]["name"] == "we\"ird\\na\nme\t\x01\x1f\x7f \u00e9 \u2713 \U0001f600 \u00ff \u00c3( \u00c0\u00af \u00ed\u00a0\u0080 \u00f4\u0090\u0080\u0080 \u00e2\u009c"' \
// RUN:   'r["functions"][0]["demangled"] == "\b\f\r\u001b\u00e9"' \
// RUN:   'r["functions"][0]["module"] == "dir/w\u00e9ird \"src\".c"' \
// RUN:   'r["modules"][0]["source"] == r["functions"][0]["module"]' \
// RUN:   'names(r["regions"]) == ["reg\\ion\t\"1\""]' \
// RUN:   'r["command_line"][1:] == ["x\"y\\z"]' \
// RUN:   'open("%t.json", "rb").read().count(b"\x7f") == 0'
//
// Expected: the C literals below, decoded as described above; the JSON
// parser of the check is strict (raw control characters or invalid UTF-8
// would fail it).
#include "fake_pass.h"

#include <roof/roof.h>

FAKE_COUNTERS(mod, 1)
static const RoofFunction functions[] = {
    {"we\"ird\\na\nme\t\x01\x1f\x7f \xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80 "
     "\xff \xc3( \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x9c",
     "\b\f\r\x1b\xc3\xa9", NULL, 0, 1, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 0,
     NULL}};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 1, 1, 0, "dir/w\xc3\xa9ird \"src\".c",
    "x86_64-unknown-linux-gnu", "", "", functions};
FAKE_CONSTRUCTOR(mod)

int main(void) {
  roof_region_begin("reg\\ion\t\"1\"");
  FAKE_ENTER(mod)[0] += 1;
  roof_region_end();
  return 0;
}
