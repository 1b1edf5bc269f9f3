//===- driver/analysis/ToolComparison.cpp - Other tools beside roof -------===//
#include "ToolComparison.h"

#include "Errors.h"
#include "Metrics.h"
#include "Roofline.h"

namespace roof {

std::optional<double> difference(double roof, double tool) {
  if (tool == 0)
    return roof == 0 ? std::optional(0.0) : std::nullopt;
  return (roof - tool) / tool;
}

namespace {

ToolRow toolRow(std::string quantity, double roof, double tool) {
  return {std::move(quantity), roof, tool, difference(roof, tool)};
}

// Which roof count a tool's definition matches.
enum class RoofKind { Empirical, FullWidth };

double roofCount(const KindCounts &counts, RoofKind kind) {
  return static_cast<double>(kind == RoofKind::Empirical ? counts.empirical
                                                         : counts.fullWidth);
}

// FLOPs of `precision`, and the same plus the operation classes the tool
// counts as FLOPs too.
double roofFlops(const Counts &counts, RoofPrecision precision, RoofKind kind,
                 std::initializer_list<RoofClass> extra = {}) {
  const PrecisionCounts &p = counts.precisions[precision];
  double flops = roofCount(p.flops, kind);
  for (RoofClass cls : extra)
    flops += roofCount(p.classes[cls], kind);
  return flops;
}

} // namespace

RoofScope roofScopeOf(const Census &census,
                      const std::optional<std::string> &region) {
  if (!region)
    return {"the whole program", &census.totals};
  ScopeSelection selection;
  selection.region = region;
  std::vector<RooflineScope> scopes = rooflineScopes(census, selection);
  return {"region \"" + *region + "\"", scopes.front().counts};
}

//===----------------------------------------------------------------------===//
// Intel SDE
//===----------------------------------------------------------------------===//

SdeComparison compareWithSde(const Census &census, const SdeCounts &sde,
                             const std::optional<std::string> &region) {
  SdeComparison comparison{
      roofScopeOf(census, region), sde.maskAware, sde.maskedInstructions, {}};
  const Counts &counts = *comparison.scope.counts;
  RoofKind kind = sde.maskAware ? RoofKind::Empirical : RoofKind::FullWidth;
  std::vector<ToolRow> &rows = comparison.rows;
  for (RoofPrecision precision : {ROOF_FP64, ROOF_FP32}) {
    double tool = static_cast<double>(sde.flops(precision));
    double roof = roofFlops(counts, precision, kind);
    if (tool == 0 && roof == 0)
      continue;
    std::string name = kPrecisionNames[precision];
    rows.push_back(toolRow(name + " FLOPs", roof, tool));
    rows.push_back(toolRow(name + " FLOPs + compare, minmax",
                           roofFlops(counts, precision, kind,
                                     {ROOF_CLASS_COMPARE, ROOF_CLASS_MINMAX}),
                           tool));
  }
  rows.push_back(toolRow("bytes read", static_cast<double>(counts.bytesLoaded),
                         static_cast<double>(sde.bytesRead)));
  rows.push_back(toolRow("bytes written",
                         static_cast<double>(counts.bytesStored),
                         static_cast<double>(sde.bytesWritten)));
  return comparison;
}

//===----------------------------------------------------------------------===//
// LIKWID
//===----------------------------------------------------------------------===//

namespace {

std::vector<ToolRow> likwidRows(const LikwidFlops &flops,
                                const Counts &counts) {
  std::vector<ToolRow> rows;
  auto addRows = [&](const std::string &name, double tool,
                     const std::vector<RoofPrecision> &precisions) {
    double roof = 0, withMinmax = 0;
    for (RoofPrecision precision : precisions) {
      roof += roofFlops(counts, precision, RoofKind::FullWidth);
      withMinmax += roofFlops(counts, precision, RoofKind::FullWidth,
                              {ROOF_CLASS_MINMAX});
    }
    rows.push_back(toolRow(name + " FLOPs", roof, tool));
    rows.push_back(toolRow(name + " FLOPs + minmax", withMinmax, tool));
  };
  for (const auto &[precision, tool] : flops.byPrecision)
    addRows(kPrecisionNames[precision], tool, {precision});
  if (flops.all)
    addRows("all", *flops.all, {ROOF_FP64, ROOF_FP32, ROOF_FP16, ROOF_BF16});
  return rows;
}

LikwidMemory likwidMemory(double dramBytes, const Counts &counts) {
  LikwidMemory memory;
  memory.dramBytes = dramBytes;
  memory.l1Bytes = totalBytes(counts);
  if (memory.l1Bytes)
    memory.l1PerDram = static_cast<double>(*memory.l1Bytes) / dramBytes;
  memory.precision = dominantPrecision(counts);
  memory.flops =
      static_cast<double>(counts.precisions[memory.precision].flops.empirical);
  memory.dramIntensity = memory.flops / dramBytes;
  return memory;
}

} // namespace

std::vector<LikwidComparison>
compareWithLikwid(const Census &census, const std::vector<LikwidGroup> &groups,
                  const std::optional<std::string> &region,
                  const std::string &path) {
  std::vector<LikwidComparison> comparisons;
  for (const LikwidGroup &group : groups) {
    // A marker region is compared with the roof region of its name; whole
    // runs with --region or the program.
    if (region && !group.region.empty() && group.region != *region)
      continue;
    std::optional<LikwidFlops> flops = likwidFlops(group);
    std::optional<double> dram = likwidMemoryBytes(group);
    if (!flops && !dram)
      continue;
    LikwidComparison comparison{
        &group,
        group.region.empty() ? region : std::optional(group.region),
        std::nullopt,
        flops,
        {},
        std::nullopt};
    try {
      comparison.scope = roofScopeOf(census, comparison.region);
    } catch (const UsageError &) {
      comparisons.push_back(std::move(comparison)); // skipped, and said so
      continue;
    }
    const Counts &counts = *comparison.scope->counts;
    if (flops)
      comparison.rows = likwidRows(*flops, counts);
    if (dram)
      comparison.memory = likwidMemory(*dram, counts);
    comparisons.push_back(std::move(comparison));
  }
  if (comparisons.empty())
    throw InputError(path +
                     ": no FLOPS_DP/FLOPS_SP counters or MEM volume to "
                     "compare" +
                     (region ? " for region " + *region : ""));
  return comparisons;
}

//===----------------------------------------------------------------------===//
// GPU profilers
//===----------------------------------------------------------------------===//

const char *profilerName(GpuProfiler profiler) {
  return profiler == GpuProfiler::Ncu ? "ncu" : "nvprof";
}

namespace {

// `sum` + `value` for a quantity every part must have.
void addMeasured(std::optional<double> &sum,
                 const std::optional<double> &value) {
  if (sum && value)
    *sum += *value;
  else
    sum.reset();
}

ProfiledKernel profiledKernelOf(const KernelMatch &match,
                                const GpuProfile &profile) {
  ProfiledKernel sum = profile.kernels[match.profiled.front()];
  for (std::size_t i = 1; i < match.profiled.size(); ++i) {
    const ProfiledKernel &part = profile.kernels[match.profiled[i]];
    sum.name += ", " + part.name;
    sum.launches += part.launches;
    for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
      addMeasured(sum.flops[p], part.flops[p]);
      sum.approximateFlops[p] =
          sum.approximateFlops[p] || part.approximateFlops[p];
    }
    for (std::size_t level = 0; level < kNumProfiledLevels; ++level)
      addMeasured(sum.bytes[level], part.bytes[level]);
    addMeasured(sum.timeS, part.timeS);
  }
  return sum;
}

GpuKernelComparison kernelComparison(const KernelMatch &match,
                                     const GpuProfile &profile,
                                     std::optional<std::uint64_t> window) {
  GpuKernelComparison k{match,
                        comparedLaunches(match, profile, window),
                        profiledKernelOf(match, profile),
                        {},
                        std::nullopt,
                        std::nullopt};
  std::vector<RoofPrecision> precisions = {ROOF_FP64, ROOF_FP32};
  const std::optional<double> &fp16 = k.profiled.flops[ROOF_FP16];
  if ((fp16 && *fp16 != 0) || hasFlops(k.launches.counts.precisions[ROOF_FP16]))
    precisions.push_back(ROOF_FP16);
  for (RoofPrecision precision : precisions) {
    const KindCounts &roof = k.launches.counts.precisions[precision].flops;
    const std::optional<double> &tool = k.profiled.flops[precision];
    k.flops.push_back(
        {precision, roof, tool, k.profiled.approximateFlops[precision],
         tool ? difference(static_cast<double>(roof.empirical), *tool)
              : std::nullopt});
  }
  k.bytes = totalBytes(k.launches.counts);
  k.globalBytes = totalBytes(k.launches.bytesBySpace[ROOF_SPACE_GLOBAL]);
  for (const LevelTraffic &level : k.launches.counts.traffic) {
    std::optional<ProfiledLevel> profiled =
        level.level == "L2"     ? std::optional(ProfiledLevel::L2)
        : level.level == "DRAM" ? std::optional(ProfiledLevel::Dram)
                                : std::nullopt;
    std::optional<std::uint64_t> roof = totalBytes(level.bytes);
    if (!profiled || !roof)
      continue;
    const std::optional<double> &tool =
        k.profiled.bytes[static_cast<std::size_t>(*profiled)];
    k.traffic.push_back(
        {*profiled, *roof, tool,
         tool ? difference(static_cast<double>(*roof), *tool) : std::nullopt});
  }
  return k;
}

} // namespace

GpuComparison compareWithProfile(const Census &census, GpuProfiler profiler,
                                 std::string path, GpuProfile profile) {
  GpuComparison comparison{profiler, std::move(path), std::move(profile),
                           {},       std::nullopt,    {}};
  comparison.matching = matchKernels(comparison.profile, census.kernels);
  comparison.window = profiledWindow(comparison.profile, comparison.matching);
  for (const KernelMatch &match : comparison.matching.matched)
    comparison.kernels.push_back(
        kernelComparison(match, comparison.profile, comparison.window));
  return comparison;
}

} // namespace roof
