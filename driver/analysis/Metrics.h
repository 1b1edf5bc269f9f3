//===- driver/analysis/Metrics.h - Derived quantities -----------*- C++ -*-===//
//
// What the report computes from the counts: the empirical/canonical ratio
// (how many FLOPs the target executes per source-level FLOP, seed paper 000,
// Table I), the L1 arithmetic intensity (FLOPs per byte loaded or stored by
// the instrumented code) and the attained GFLOP/s. A metric is absent, never
// a made-up number, when it is undefined (no bytes, no time, no canonical
// FLOPs) or when one of its inputs saturated at 2^64-1.
//
// Also which precisions a report shows and in which order functions and
// kernels appear.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_METRICS_H
#define ROOF_DRIVER_METRICS_H

#include "Census.h"

#include <optional>
#include <vector>

namespace roof {

// True for a count the runtime saturated (docs/schema.md, "overflow").
constexpr bool isSaturated(std::uint64_t count) { return count == kSaturated; }

// bytes_loaded + bytes_stored, absent when either saturated or the sum does
// not fit in 64 bits.
std::optional<std::uint64_t> totalBytes(const Counts &counts);

// Loaded + stored bytes of one GPU address space or memory level, absent the
// same way.
std::optional<std::uint64_t> totalBytes(const LoadStoreBytes &bytes);

// The FLOPs of the four precisions together, each kind summed saturating.
KindCounts flopsOfAllPrecisions(const Counts &counts);

struct DerivedMetrics {
  std::optional<double> empiricalPerCanonical;
  std::optional<double> aiCanonical; // FLOP per byte
  std::optional<double> aiEmpirical;
  std::optional<double> gflopsCanonical; // 1e9 FLOP per second
  std::optional<double> gflopsEmpirical;
};

// The metrics of one precision's FLOPs in a scope whose byte counts are
// `counts` and which ran for `timeS` seconds (absent when not timed).
DerivedMetrics deriveMetrics(const KindCounts &flops, const Counts &counts,
                             std::optional<double> timeS);

// Which precisions to show.
struct PrecisionSelection {
  enum class Mode {
    WithCounts, // those with any FLOP (or, with classes, any operation)
    All,
    One,
  };
  Mode mode = Mode::WithCounts;
  RoofPrecision only = ROOF_FP64; // for Mode::One
};

// The order in which precisions are listed: the most common in HPC first.
extern const std::array<RoofPrecision, ROOF_NUM_PRECISIONS> kDisplayOrder;

// True unless all three kinds are zero.
bool anyCount(const KindCounts &counts);
bool hasFlops(const PrecisionCounts &precision);
bool hasOperations(const PrecisionCounts &precision); // any class, FLOP or not

// The precisions of `counts` that `selection` shows, in display order.
// `includeOperations` makes Mode::WithCounts also keep precisions that only
// have min/max, compare or convert operations.
std::vector<RoofPrecision> selectPrecisions(const Counts &counts,
                                            const PrecisionSelection &selection,
                                            bool includeOperations);

// The functions of `census` by empirical FLOPs (summed over the precisions
// `selection` can show, saturating), descending; ties by canonical FLOPs,
// then bytes, then name, then the order of the file, so that the order is
// reproducible.
std::vector<const FunctionRecord *>
rankFunctions(const Census &census, const PrecisionSelection &selection);

// The kernels of `census` in the same order.
std::vector<const KernelRecord *>
rankKernels(const Census &census, const PrecisionSelection &selection);

} // namespace roof

#endif // ROOF_DRIVER_METRICS_H
