// Descriptors the runtime cannot trust are refused with one line each and
// ignored, however often they are registered, along with the counts of
// their threads: another ABI version, and (same version) slot or metric
// numbers outside the counter array or the metric table. A good module next
// to them is counted as usual.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t 2> %t.err
// RUN: FileCheck %s --match-full-lines < %t.err
// CHECK:      roof: future.c: instrumented with ABI version 99, runtime expects 11; module ignored
// CHECK-NEXT: roof: slots.c: malformed descriptor (f: slots outside the counter array); module ignored
// CHECK-NEXT: roof: metric.c: malformed descriptor (g: unknown metric); module ignored
// CHECK-NEXT: roof: weight.c: malformed descriptor (h: weight slot outside the function); module ignored
// CHECK-NOT:  roof:
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   '[m["source"] for m in r["modules"]] == ["good.c"]' \
// RUN:   'r["target"]["triple"] == "x86_64-unknown-linux-gnu"' \
// RUN:   'names(r["functions"]) == ["ok"] and fn("ok")["calls"] == 1' \
// RUN:   'flops(r["totals"], "fp64") == 3 and len(r["threads"]) == 1'
//
// Expected: only good.c counts: ok() once, body 3 x 1 fp64 add = 3.
#include "fake_pass.h"

FAKE_COUNTERS(good, 2)
FAKE_COUNTERS(future, 2)
FAKE_COUNTERS(slots, 2)
FAKE_COUNTERS(metric, 2)
FAKE_COUNTERS(weight, 2)

static const RoofWeight add1[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_CANONICAL), 1}};
static const RoofWeight bad_metric[] = {{1, ROOF_NUM_METRICS, 1}};
static const RoofWeight bad_slot[] = {
    {2, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_CANONICAL), 1}};

static const RoofFunction ok_function[] = {
    {"ok", "ok", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1, add1}};
// f claims slots 1..2 of a 2-slot array.
static const RoofFunction f_function[] = {
    {"f", "f", NULL, 1, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1, add1}};
static const RoofFunction g_function[] = {
    {"g", "g", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1, bad_metric}};
static const RoofFunction h_function[] = {
    {"h", "h", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 1, bad_slot}};

static const RoofModule good = {
    ROOF_ABI_VERSION, 1, 2, 0, "good.c", "x86_64-unknown-linux-gnu", "", "",
    ok_function};
static const RoofModule future = {
    99, 1, 2, 0, "future.c", "x86_64-unknown-linux-gnu", "", "",
    ok_function};
static const RoofModule slots = {
    ROOF_ABI_VERSION, 1, 2, 0, "slots.c", "", "", "", f_function};
static const RoofModule metric = {
    ROOF_ABI_VERSION, 1, 2, 0, "metric.c", "", "", "", g_function};
static const RoofModule weight = {
    ROOF_ABI_VERSION, 1, 2, 0, "weight.c", "", "", "", h_function};

FAKE_CONSTRUCTOR(future)
FAKE_CONSTRUCTOR(slots)
FAKE_CONSTRUCTOR(metric)
FAKE_CONSTRUCTOR(weight)
FAKE_CONSTRUCTOR(good)

// Each refused module's code still runs and counts, as instrumented code
// would; the runtime must not report it.
#define RUN_IN(mod)                                                            \
  do {                                                                         \
    uint64_t *c = FAKE_ENTER(mod);                                             \
    c[0] += 1;                                                                 \
    c[1] += 3;                                                                 \
  } while (0)

int main(void) {
  RUN_IN(good);
  RUN_IN(future);
  RUN_IN(slots);
  RUN_IN(metric);
  RUN_IN(weight);
  __roof_register_module(&future);
  __roof_register_module(&slots);
  return 0;
}
