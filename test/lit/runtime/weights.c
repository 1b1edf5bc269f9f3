// Counts x weights, per function, per thread and in the totals; classes that
// are not FLOPs (minmax, compare, convert) stay out of the precision-level
// FLOPs; a function whose counters are all zero is left out; time_s comes
// from the time slot; a module whose first thread registers before its
// constructor ran (here: it has none) is counted, and registering it again
// changes nothing.
//
// RUN: %clang -O1 -I%srcroot/include -I%S/Inputs %s %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t arg1 'two words' 2>%t.err
// RUN: count 0 < %t.err
// RUN: %python %S/Inputs/check_report.py %t.json \
// RUN:   'r["overflow"] is False' 'r["mpi_rank"] is None' \
// RUN:   'r["program"].endswith("/weights.c.tmp")' \
// RUN:   'r["command_line"] == ["%t", "arg1", "two words"]' \
// RUN:   'r["target"] == {"triple": "x86_64-unknown-linux-gnu", "cpu": "skylake-avx512", "features": "+avx512f"}' \
// RUN:   '[m["source"] for m in r["modules"]] == ["weights.c", "second.c"]' \
// RUN:   '[m["functions"] for m in r["modules"]] == [3, 1]' \
// RUN:   'r["modules"][1]["cpu"] == "neoverse-v1"' \
// RUN:   'names(r["functions"]) == ["axpy", "scale", "norm"]' \
// RUN:   'r["regions"] == []' \
// RUN:   'len(r["threads"]) == 1 and r["threads"][0]["tid"] == r["pid"]' \
// RUN:   'fn("axpy")["calls"] == 3 and fn("axpy")["module"] == "weights.c"' \
// RUN:   '[cls(fn("axpy"), "fp64", "fma", k) for k in ("canonical", "empirical", "full_width")] == [600, 600, 2400]' \
// RUN:   '[flops(fn("axpy"), "fp64", k) for k in ("canonical", "empirical", "full_width")] == [600, 600, 2400]' \
// RUN:   'cls(fn("axpy"), "fp64", "compare") == 3' \
// RUN:   'fn("axpy")["bytes_loaded"] == 4800 and fn("axpy")["bytes_stored"] == 2400' \
// RUN:   '0.019 <= fn("axpy")["time_s"] < 2 and fn("axpy")["thread_time_s"] == fn("axpy")["time_s"]' \
// RUN:   'fn("scale")["calls"] == 5 and fn("scale")["time_s"] is None and fn("scale")["thread_time_s"] is None' \
// RUN:   '[cls(fn("scale"), "fp32", "mul", k) for k in ("canonical", "empirical", "full_width")] == [400, 400, 800]' \
// RUN:   'cls(fn("scale"), "fp32", "add") == 200' \
// RUN:   '[flops(fn("scale"), "fp32", k) for k in ("canonical", "empirical", "full_width")] == [600, 400, 800]' \
// RUN:   'cls(fn("scale"), "fp32", "convert") == 5' \
// RUN:   'cls(fn("scale"), "fp16", "minmax", "empirical") == 15 and flops(fn("scale"), "fp16", "empirical") == 0' \
// RUN:   'fn("norm")["calls"] == 2 and fn("norm")["module"] == "second.c"' \
// RUN:   'cls(fn("norm"), "fp64", "sqrt") == 2 and cls(fn("norm"), "fp64", "sqrt", "full_width") == 8' \
// RUN:   '[flops(r["totals"], "fp64", k) for k in ("canonical", "empirical", "full_width")] == [602, 600, 2408]' \
// RUN:   'flops(r["totals"], "fp32") == 600 and r["totals"]["bytes_loaded"] == 4800' \
// RUN:   'r["threads"][0]["fp64"] == r["totals"]["fp64"]'
//
// Expected, from the calls in main:
//   axpy(100) x3: entry 3, body 300.
//     fma  = 300 x {2, 2, 8} = {600, 600, 2400}; FLOPs of fp64 likewise.
//     compare = entry 3 x 1 = 3, not in the FLOPs.
//     bytes = 300 x 16 = 4800 loaded, 300 x 8 = 2400 stored.
//     time: the first call sleeps 20 ms inside its timed activation (the
//     bound leaves room for the error of the TSC calibration).
//   scale(10) x5: entry 5, body 50, tail 5.
//     mul = 50 x {8, 8, 16} = {400, 400, 800}; add = 50 x 4 = 200 canonical.
//     fp32 FLOPs = {400 + 200, 400, 800}.
//     convert = tail 5 x 1 = 5; fp16 minmax empirical = 5 x 3 = 15, which is
//     not a FLOP: fp16 empirical FLOPs 0.
//   idle: never called, omitted.
//   norm x2 (module second.c): sqrt = 2 x {1, -, 4} = 2 canonical, 8 full.
//   totals fp64 = {600 + 2, 600, 2400 + 8}.
#include "fake_pass.h"

#include <time.h>

// Module weights.c, slots:
//   axpy  0..3: entry, time, depth, loop body
//   scale 4..6: entry, loop body, tail
//   idle  7..8: entry, depth
enum { AXPY = 0, SCALE = 4, IDLE = 7, NUM_SLOTS = 9 };
FAKE_COUNTERS(mod, NUM_SLOTS)

static const RoofWeight axpy_weights[] = {
    {3, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_FMA, ROOF_CANONICAL), 2},
    {3, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_FMA, ROOF_EMPIRICAL), 2},
    {3, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_FMA, ROOF_FULL_WIDTH), 8},
    {3, ROOF_METRIC_BYTES_LOADED, 16},
    {3, ROOF_METRIC_BYTES_STORED, 8},
    {0, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_COMPARE, ROOF_CANONICAL), 1},
};
static const RoofWeight scale_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP32, ROOF_CLASS_MUL, ROOF_CANONICAL), 8},
    {1, ROOF_FLOP_METRIC(ROOF_FP32, ROOF_CLASS_MUL, ROOF_EMPIRICAL), 8},
    {1, ROOF_FLOP_METRIC(ROOF_FP32, ROOF_CLASS_MUL, ROOF_FULL_WIDTH), 16},
    {1, ROOF_FLOP_METRIC(ROOF_FP32, ROOF_CLASS_ADD, ROOF_CANONICAL), 4},
    {2, ROOF_FLOP_METRIC(ROOF_FP32, ROOF_CLASS_CONVERT, ROOF_CANONICAL), 1},
    {2, ROOF_FLOP_METRIC(ROOF_FP16, ROOF_CLASS_MINMAX, ROOF_EMPIRICAL), 3},
};
static const RoofWeight idle_weights[] = {
    {0, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_CANONICAL), 1},
};
static const RoofFunction functions[] = {
    {"axpy", "axpy", NULL, AXPY, 4, 0, 1, 2, 6, axpy_weights},
    {"scale", "scale", NULL, SCALE, 3, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 6,
     scale_weights},
    {"idle", "idle", NULL, IDLE, 2, 0, ROOF_NO_SLOT, 1, 1, idle_weights},
};
static const RoofModule mod = {
    ROOF_ABI_VERSION, 3, NUM_SLOTS, 0, "weights.c",
    "x86_64-unknown-linux-gnu", "skylake-avx512", "+avx512f",
    functions};
FAKE_CONSTRUCTOR(mod)

// Module second.c: norm 0..1: entry, body. No constructor.
FAKE_COUNTERS(second, 2)
static const RoofWeight norm_weights[] = {
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_SQRT, ROOF_CANONICAL), 1},
    {1, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_SQRT, ROOF_FULL_WIDTH), 4},
};
static const RoofFunction second_functions[] = {
    {"norm", "norm", NULL, 0, 2, 0, ROOF_NO_SLOT, ROOF_NO_SLOT, 2,
     norm_weights},
};
static const RoofModule second = {
    ROOF_ABI_VERSION, 1, 2, 0, "second.c",
    "aarch64-unknown-linux-gnu", "neoverse-v1", "+sve",
    second_functions};

// As the pass times an outermost activation: depth up, cycles on entry and
// exit, depth down.
static void axpy(int n, int sleep_ms) {
  uint64_t *c = FAKE_ENTER(mod);
  c[AXPY + 0] += 1;
  c[AXPY + 2] += 1;
  uint64_t start = __builtin_readcyclecounter();
  for (int i = 0; i < n; i++)
    c[AXPY + 3] += 1;
  struct timespec ts = {0, sleep_ms * 1000000L};
  nanosleep(&ts, NULL);
  c[AXPY + 1] += __builtin_readcyclecounter() - start;
  c[AXPY + 2] -= 1;
}

static void scale(int n) {
  uint64_t *c = FAKE_ENTER(mod);
  c[SCALE + 0] += 1;
  for (int i = 0; i < n; i++)
    c[SCALE + 1] += 1;
  c[SCALE + 2] += 1;
}

static void norm(void) {
  uint64_t *c = FAKE_ENTER(second);
  c[0] += 1;
  c[1] += 1;
}

int main(void) {
  axpy(100, 20);
  axpy(100, 0);
  axpy(100, 0);
  for (int i = 0; i < 5; i++)
    scale(10);
  norm();
  __roof_register_module(&second);
  norm();
  return 0;
}
