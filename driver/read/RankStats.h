//===- driver/read/RankStats.h - Ranks of a merge ---------------*- C++ -*-===//
//
// A census merged from one census per MPI rank (roof merge, or roof report
// and roof plot given several files) sums the counts of the ranks, which
// hides how the work was spread over them. These statistics keep that: per
// scope (the program, each region, function and kernel), the per-rank
// minimum, mean and maximum of its time, its FLOPs and its GFLOP/s, and the
// load imbalance max/mean - 1 (docs/schema.md, "Merged censuses").
//
// The statistics of a merged census fold into those of a larger merge as
// exactly as the censuses of single ranks do, so merges can be stacked
// (per node, then per job).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_RANKSTATS_H
#define ROOF_DRIVER_RANKSTATS_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roof {

// One quantity over `ranks` ranks.
struct RankStat {
  std::uint64_t ranks = 0;
  double min = 0;
  double mean = 0;
  double max = 0;
};

// max / mean - 1, as Score-P, HPCToolkit and CrayPat define load imbalance:
// how much longer (or more) the slowest rank is than the average one; 0 for
// perfect balance. Absent when the mean is 0.
std::optional<double> imbalance(const RankStat &stat);

// What the ranks of a merged census did in one scope.
struct RankStats {
  // The ranks in which the scope ran (all of them for the program).
  std::uint64_t ranks = 0;
  // Over all the census's ranks, a rank in which the scope did not run
  // counting 0: that rank idled while others worked. Time is absent when
  // the scope was not timed (functions without loops).
  std::optional<RankStat> timeS;
  RankStat flops; // empirical FLOPs, all precisions together
  // Empirical GFLOP/s over the ranks in which the scope ran for a time
  // above 0, which have a rate; absent when none did.
  std::optional<RankStat> gflops;
};

// Inclusive ranges of MPI ranks, ascending and disjoint: [[0, 1023]] for
// 1,024 ranks, however many there are.
using RankRanges = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// The top-level "ranks" of a merged census.
struct MergedRanks {
  std::uint64_t count = 0; // censuses merged
  RankRanges mpiRanks;     // their distinct MPI ranks
  // How many of them ended which way ("exit", "SIGTERM", ...; "unknown"
  // for a census with ended_by null).
  std::map<std::string, std::uint64_t> endedBy;
  RankStats totals; // the whole program; its time is the wall time
};

// "0-3,5,7-9".
std::string rankRangesText(const RankRanges &ranges);

} // namespace roof

#endif // ROOF_DRIVER_RANKSTATS_H
