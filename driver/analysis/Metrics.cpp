//===- driver/analysis/Metrics.cpp - Quantities derived from a census -----===//
#include "Metrics.h"

#include <algorithm>
#include <tuple>

namespace roof {

const std::array<RoofPrecision, ROOF_NUM_PRECISIONS> kDisplayOrder = {
    ROOF_FP64, ROOF_FP32, ROOF_FP16, ROOF_BF16};

namespace {

std::optional<std::uint64_t> exactSum(std::uint64_t a, std::uint64_t b) {
  if (isSaturated(a) || isSaturated(b))
    return std::nullopt;
  std::uint64_t sum = saturatingAdd(a, b);
  if (isSaturated(sum))
    return std::nullopt;
  return sum;
}

} // namespace

std::optional<std::uint64_t> totalBytes(const Counts &counts) {
  return exactSum(counts.bytesLoaded, counts.bytesStored);
}

std::optional<std::uint64_t> totalBytes(const LoadStoreBytes &bytes) {
  return exactSum(bytes.loaded, bytes.stored);
}

KindCounts flopsOfAllPrecisions(const Counts &counts) {
  KindCounts sum;
  for (const PrecisionCounts &precision : counts.precisions)
    addKindCounts(sum, precision.flops);
  return sum;
}

namespace {

// numerator / denominator, absent for a zero denominator or a saturated
// operand. Both are converted to double separately, so a sum of bytes that
// does not fit in 64 bits still gives a correct ratio.
std::optional<double> quotient(std::uint64_t numerator, double denominator) {
  if (denominator <= 0 || isSaturated(numerator))
    return std::nullopt;
  return static_cast<double>(numerator) / denominator;
}

} // namespace

DerivedMetrics deriveMetrics(const KindCounts &flops, const Counts &counts,
                             std::optional<double> timeS) {
  DerivedMetrics metrics;
  if (!isSaturated(flops.canonical))
    metrics.empiricalPerCanonical =
        quotient(flops.empirical, static_cast<double>(flops.canonical));

  if (!isSaturated(counts.bytesLoaded) && !isSaturated(counts.bytesStored)) {
    double bytes = static_cast<double>(counts.bytesLoaded) +
                   static_cast<double>(counts.bytesStored);
    metrics.aiCanonical = quotient(flops.canonical, bytes);
    metrics.aiEmpirical = quotient(flops.empirical, bytes);
  }

  if (timeS) {
    double gigaSeconds = *timeS * 1e9;
    metrics.gflopsCanonical = quotient(flops.canonical, gigaSeconds);
    metrics.gflopsEmpirical = quotient(flops.empirical, gigaSeconds);
  }
  return metrics;
}

bool anyCount(const KindCounts &counts) {
  return counts.canonical != 0 || counts.empirical != 0 ||
         counts.fullWidth != 0;
}

bool hasFlops(const PrecisionCounts &precision) {
  return anyCount(precision.flops);
}

bool hasOperations(const PrecisionCounts &precision) {
  return std::any_of(precision.classes.begin(), precision.classes.end(),
                     anyCount);
}

std::vector<RoofPrecision> selectPrecisions(const Counts &counts,
                                            const PrecisionSelection &selection,
                                            bool includeOperations) {
  using Mode = PrecisionSelection::Mode;
  if (selection.mode == Mode::One)
    return {selection.only};
  std::vector<RoofPrecision> selected;
  for (RoofPrecision precision : kDisplayOrder) {
    const PrecisionCounts &shown = counts.precisions[precision];
    if (selection.mode == Mode::All || hasFlops(shown) ||
        (includeOperations && hasOperations(shown)))
      selected.push_back(precision);
  }
  return selected;
}

namespace {

// Functions or kernels, both with a name and counts.
template <typename Record>
std::vector<const Record *> rankByFlops(const std::vector<Record> &records,
                                        const PrecisionSelection &selection) {
  using Mode = PrecisionSelection::Mode;
  // (empirical FLOPs, canonical FLOPs, bytes): compared as a tuple.
  using SortKey = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;
  auto sortKey = [&](const Record &record) {
    std::uint64_t empirical = 0, canonical = 0;
    for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
      if (selection.mode == Mode::One && p != selection.only)
        continue;
      const KindCounts &flops = record.counts.precisions[p].flops;
      empirical = saturatingAdd(empirical, flops.empirical);
      canonical = saturatingAdd(canonical, flops.canonical);
    }
    const Counts &counts = record.counts;
    return SortKey(empirical, canonical,
                   saturatingAdd(counts.bytesLoaded, counts.bytesStored));
  };

  std::vector<std::pair<SortKey, const Record *>> keyed;
  keyed.reserve(records.size());
  for (const Record &record : records)
    keyed.emplace_back(sortKey(record), &record);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto &a, const auto &b) {
                     if (a.first != b.first)
                       return a.first > b.first;
                     return a.second->name < b.second->name;
                   });

  std::vector<const Record *> ranked;
  ranked.reserve(keyed.size());
  for (const auto &entry : keyed)
    ranked.push_back(entry.second);
  return ranked;
}

} // namespace

std::vector<const FunctionRecord *>
rankFunctions(const Census &census, const PrecisionSelection &selection) {
  return rankByFlops(census.functions, selection);
}

std::vector<const KernelRecord *>
rankKernels(const Census &census, const PrecisionSelection &selection) {
  return rankByFlops(census.kernels, selection);
}

} // namespace roof
