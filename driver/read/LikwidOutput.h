//===- driver/read/LikwidOutput.h - Counts from likwid-perfctr --*- C++ -*-===//
//
// likwid-perfctr -g GROUP prints, per group (and per marker region,
// "Region NAME, Group 1: FLOPS_DP"), boxed tables:
//   | Event | Counter | HWThread 0 | ... |   raw counts per hardware thread
//   | Metric | HWThread 0 | ... |            derived metrics per thread
// and, with several threads, the same as "... STAT" rows (Sum, Min, Max,
// Avg), which roof skips: it sums the per-thread columns itself.
//
// FLOPs, from the raw counters where they are printed (exact):
//   Intel  FP_ARITH_INST_RETIRED_{SCALAR,128B_PACKED,256B_PACKED,
//          512B_PACKED}_{DOUBLE,SINGLE} x {1,2,4,8} or {1,4,8,16}; the
//          hardware counts an FMA twice (FMA = 2), at full vector width;
//   AMD    RETIRED_SSE_AVX_FLOPS_ALL, already FLOPs, both precisions;
// else from the metric table, "DP [MFLOP/s]" / "SP [MFLOP/s]" x "Runtime
// (RDTSC) [s]" per thread (rounded as printed).
// DRAM traffic (group MEM): "Memory data volume [GBytes]" summed over
// threads.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_LIKWIDOUTPUT_H
#define ROOF_DRIVER_LIKWIDOUTPUT_H

#include "roof/abi.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// One group's tables, for the whole run or one marker region.
struct LikwidGroup {
  std::string group;  // "FLOPS_DP", "MEM", ...
  std::string region; // empty unless measured with the marker API
  std::map<std::string, double> events;               // summed over threads
  std::map<std::string, std::vector<double>> metrics; // per thread
};

// Throws InputError (without a path) when no group table is found.
std::vector<LikwidGroup> parseLikwid(std::string_view text);

struct LikwidFlops {
  // Per RoofPrecision; `all` when the counter does not split precisions.
  std::map<RoofPrecision, double> byPrecision;
  std::optional<double> all;
  std::string source; // how they were obtained, for the report
  bool exact = false; // from raw counters, not from rounded metrics
};

// Absent when the group has neither FLOP counters nor FLOP metrics.
std::optional<LikwidFlops> likwidFlops(const LikwidGroup &group);

// Bytes to and from memory (group MEM), when measured.
std::optional<double> likwidMemoryBytes(const LikwidGroup &group);

} // namespace roof

#endif // ROOF_DRIVER_LIKWIDOUTPUT_H
