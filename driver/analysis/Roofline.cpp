//===- driver/analysis/Roofline.cpp - Points, ceilings, efficiency --------===//
#include "Roofline.h"

#include "InputFile.h"
#include "Metrics.h"
#include "Text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace roof {

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

std::optional<InstructionMix> instructionMix(const PrecisionCounts &precision) {
  auto empirical = [&](RoofClass cls) {
    return precision.classes[cls].empirical;
  };
  if (isSaturated(precision.flops.empirical) || precision.flops.empirical == 0)
    return std::nullopt;
  for (int cls = 0; cls < ROOF_NUM_FLOP_CLASSES; ++cls)
    if (isSaturated(precision.classes[cls].empirical))
      return std::nullopt;

  InstructionMix mix;
  mix.flops = static_cast<double>(precision.flops.empirical);
  // An FMA lane is one operation counted as 2 FLOPs in its class; every
  // other FLOP class counts one FLOP per operation.
  double fmaOperations = static_cast<double>(empirical(ROOF_CLASS_FMA)) / 2;
  mix.operations = mix.flops - fmaOperations;
  mix.fmaShare = fmaOperations / mix.operations;
  mix.fmaFlopShare = static_cast<double>(empirical(ROOF_CLASS_FMA)) / mix.flops;
  mix.divideShare =
      static_cast<double>(empirical(ROOF_CLASS_DIV)) / mix.operations;
  return mix;
}

double partialFmaCeiling(double fmaPeak, double fmaShare) {
  return (fmaShare * 2 + (1 - fmaShare)) / 2 * fmaPeak;
}

double attainablePerformance(double compute, double bandwidth, double ai) {
  return std::min(compute, bandwidth * ai);
}

double architecturalEfficiency(double performance, double bound) {
  return performance / bound;
}

double performancePortability(const std::vector<std::optional<double>> &e) {
  if (e.empty())
    return 0;
  double reciprocalSum = 0;
  for (const std::optional<double> &efficiency : e) {
    if (!efficiency || *efficiency <= 0)
      return 0; // unsupported: eq. 1's "otherwise"
    reciprocalSum += 1 / *efficiency;
  }
  return static_cast<double>(e.size()) / reciprocalSum;
}

//===----------------------------------------------------------------------===//
// Choosing the compute ceiling
//===----------------------------------------------------------------------===//

namespace {

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string percentOf(double fraction) {
  return fixed(fraction * 100, 1) + "%";
}

ComputeChoice fromFile(const ComputeCeiling &ceiling, std::string reason) {
  ComputeChoice choice;
  choice.gflops = ceiling.gflops;
  choice.name = ceilingLabel(ceiling);
  choice.reason = std::move(reason);
  choice.kind = ceiling.kind;
  choice.ceiling = &ceiling;
  return choice;
}

// "\"FP64 GFLOPs\" 355.790": the entry of the file, as the file names it.
std::string entryText(const ComputeCeiling &ceiling) {
  return "\"" + ceiling.name + "\" " + decimal(ceiling.gflops);
}

} // namespace

namespace {

std::optional<ComputeChoice> choiceFor(const Ceilings &ceilings,
                                       RoofPrecision precision,
                                       const InstructionMix &mix) {
  const ComputeCeiling *fma = ceilings.computeOf(ComputeKind::Fma, precision);
  const ComputeCeiling *noFma =
      ceilings.computeOf(ComputeKind::NoFma, precision);
  const ComputeCeiling *divideFma =
      ceilings.computeOf(ComputeKind::DivideFma, precision);
  const ComputeCeiling *divideNoFma =
      ceilings.computeOf(ComputeKind::DivideNoFma, precision);
  double alpha = mix.fmaShare;
  std::string divides = percentOf(mix.divideShare) + " divides";
  // The facts every reason starts with.
  std::string alphaText = "alpha = " + fixed(alpha, 2) + ", " + divides;

  bool divideHeavy = mix.divideShare >= kDivideHeavyShare;
  if (divideHeavy && (divideFma || divideNoFma)) {
    bool withoutFma = alpha <= kNoFmaShare;
    const ComputeCeiling *chosen = withoutFma ? divideNoFma : divideFma;
    if (!chosen)
      chosen = withoutFma ? divideFma : divideNoFma;
    return fromFile(*chosen, alphaText + ": divide-heavy (>= " +
                                 percentOf(kDivideHeavyShare) +
                                 " of the FP operations)");
  }
  std::string noDivideCeiling =
      divideHeavy ? "; divide-heavy, but the file has no divide ceiling" : "";

  if (fma && alpha >= kFmaOnlyShare)
    return fromFile(*fma, alphaText +
                              ": (almost) every FP operation is an "
                              "FMA" +
                              noDivideCeiling);
  if (noFma && alpha <= kNoFmaShare)
    return fromFile(*noFma, alphaText + ": (almost) no FMA" + noDivideCeiling);
  if (fma) {
    ComputeChoice choice = fromFile(*fma, "");
    choice.gflops = partialFmaCeiling(fma->gflops, alpha);
    choice.partial = true;
    choice.name = ceilingLabel(*fma);
    choice.name.replace(choice.name.rfind("FMA"), 3, "partial-FMA");
    choice.reason = alphaText + ": FMAs mixed with other operations, (" +
                    fixed(alpha, 2) + " x 2 + " + fixed(1 - alpha, 2) +
                    ") / 2 x " + entryText(*fma) + " (seed 001)" +
                    (noFma ? "" : "; the file has no no-FMA ceiling") +
                    noDivideCeiling;
    return choice;
  }
  if (noFma)
    return fromFile(*noFma, alphaText +
                                ", but the file has no FMA ceiling "
                                "for this precision" +
                                noDivideCeiling);
  if (divideFma || divideNoFma)
    return fromFile(divideFma ? *divideFma : *divideNoFma,
                    "the file has only divide ceilings for this precision");
  return std::nullopt;
}

} // namespace

std::optional<ComputeChoice> chooseComputeCeiling(const Ceilings &ceilings,
                                                  RoofPrecision precision,
                                                  const InstructionMix &mix) {
  std::optional<ComputeChoice> choice = choiceFor(ceilings, precision, mix);
  if (choice && !choice->ceiling->precision)
    choice->reason += std::string("; the file's \"") + choice->ceiling->name +
                      "\" states no precision, taken as " +
                      kPrecisionNames[precision];
  return choice;
}

//===----------------------------------------------------------------------===//
// Points
//===----------------------------------------------------------------------===//

namespace {

RooflinePoint pointOf(std::uint64_t flopCount, std::optional<double> timeS,
                      const std::vector<LevelBytes> &levels,
                      const Ceilings &ceilings,
                      const std::optional<ComputeChoice> &compute) {
  RooflinePoint point;
  if (isSaturated(flopCount))
    return point;
  point.flops = static_cast<double>(flopCount);
  if (timeS && *timeS > 0)
    point.gflops = point.flops / *timeS / 1e9;

  for (const LevelBytes &bytes : levels) {
    LevelPoint level;
    level.bytes = bytes;
    if (bytes.bytes > 0 && point.flops > 0)
      level.ai = point.flops / bytes.bytes;
    if (const BandwidthCeiling *bandwidth = ceilings.bandwidthOf(bytes.level))
      level.bandwidth = bandwidth->gbytes;
    // A level below L1 is placed against its own bandwidth only: without
    // one it shows its AI, and binds nothing.
    bool placed = level.bandwidth || bytes.level == kCountedLevel;
    if (level.ai && compute && placed) {
      double roof = level.bandwidth
                        ? attainablePerformance(compute->gflops,
                                                *level.bandwidth, *level.ai)
                        : compute->gflops;
      level.bound = roof;
      level.computeBound = roof >= compute->gflops;
      if (point.gflops)
        level.efficiency = architecturalEfficiency(*point.gflops, roof);
    }
    point.levels.push_back(level);
  }

  // On a tie (compute-bound at several levels) the outermost level binds:
  // its AI is the one seed 000 reports (HBM).
  for (std::size_t i = 0; i < point.levels.size(); ++i) {
    const LevelPoint &level = point.levels[i];
    if (level.bound &&
        (!point.binding || *level.bound <= *point.levels[*point.binding].bound))
      point.binding = i;
  }
  if (point.binding)
    point.efficiency = point.levels[*point.binding].efficiency;
  return point;
}

// L1 first (roof's count unless the user measured it), then the other
// levels with bytes in the order of the ceilings file, then any the file
// lacks. A level's bytes are the measured ones when the user gave them,
// else the traffic model's.
std::vector<LevelBytes> levelsOf(const Counts &counts,
                                 const std::vector<LevelBytes> &measured,
                                 const Ceilings &ceilings) {
  std::vector<LevelBytes> given = measured;
  auto givenLevel = [&](const std::string &name) {
    return std::find_if(given.begin(), given.end(),
                        [&](const LevelBytes &b) { return b.level == name; });
  };
  for (const LevelTraffic &traffic : counts.traffic)
    if (givenLevel(traffic.level) == given.end())
      if (std::optional<std::uint64_t> bytes = totalBytes(traffic.bytes))
        given.push_back({traffic.level, static_cast<double>(*bytes),
                         BytesSource::Modelled});

  std::vector<LevelBytes> levels;
  if (auto l1 = givenLevel(kCountedLevel); l1 != given.end())
    levels.push_back(*l1);
  else if (std::optional<std::uint64_t> bytes = totalBytes(counts))
    levels.push_back(
        {kCountedLevel, static_cast<double>(*bytes), BytesSource::Counted});

  for (const BandwidthCeiling &bandwidth : ceilings.bandwidth)
    if (bandwidth.level != kCountedLevel)
      if (auto found = givenLevel(bandwidth.level); found != given.end())
        levels.push_back(*found);
  for (const LevelBytes &bytes : given)
    if (bytes.level != kCountedLevel && !ceilings.bandwidthOf(bytes.level))
      levels.push_back(bytes);
  return levels;
}

} // namespace

std::optional<ScopeRoofline>
analyseScope(const Counts &counts, std::optional<double> timeS,
             RoofPrecision precision, const Ceilings &ceilings,
             const std::vector<LevelBytes> &measured) {
  const PrecisionCounts &flops = counts.precisions[precision];
  std::optional<InstructionMix> mix = instructionMix(flops);
  if (!mix)
    return std::nullopt;
  ScopeRoofline roofline;
  roofline.precision = precision;
  roofline.mix = *mix;
  roofline.compute = chooseComputeCeiling(ceilings, precision, *mix);
  std::vector<LevelBytes> levels = levelsOf(counts, measured, ceilings);
  roofline.empirical =
      pointOf(flops.flops.empirical, timeS, levels, ceilings, roofline.compute);
  roofline.canonical =
      pointOf(flops.flops.canonical, timeS, levels, ceilings, roofline.compute);
  return roofline;
}

void checkMeasuredLevels(const std::vector<std::string> &levels,
                         const Ceilings &ceilings,
                         const std::string &ceilingsPath) {
  for (const std::string &level : levels) {
    if (level == kCountedLevel || ceilings.bandwidthOf(level))
      continue;
    std::string known;
    for (const BandwidthCeiling &bandwidth : ceilings.bandwidth)
      known += (known.empty() ? "" : ", ") + bandwidth.level;
    throw UsageError("bytes given for level " + level + ", which " +
                     ceilingsPath + " has no bandwidth for (it has " + known +
                     ")");
  }
}

RoofPrecision dominantPrecision(const Counts &counts) {
  RoofPrecision best = ROOF_FP64;
  std::uint64_t most = 0;
  for (RoofPrecision precision : kDisplayOrder) {
    std::uint64_t flops = counts.precisions[precision].flops.empirical;
    if (flops > most) {
      most = flops;
      best = precision;
    }
  }
  return best;
}

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

const char *rooflineScopeKindName(RooflineScope::Kind kind) {
  switch (kind) {
  case RooflineScope::Kind::Program:
    return "program";
  case RooflineScope::Kind::Region:
    return "region";
  case RooflineScope::Kind::Function:
    return "function";
  case RooflineScope::Kind::Kernel:
    return "kernel";
  }
  return "";
}

std::vector<RooflineScope> rooflineScopes(const Census &census,
                                          const ScopeSelection &selection) {
  using Kind = RooflineScope::Kind;
  std::vector<RooflineScope> scopes;
  if (selection.region) {
    for (const RegionRecord &region : census.regions)
      if (region.name == *selection.region)
        scopes.push_back({Kind::Region, region.name, region.name,
                          &region.counts, region.timeS});
    if (scopes.empty()) {
      std::string known;
      for (const RegionRecord &region : census.regions)
        known += (known.empty() ? "" : ", ") + ("\"" + region.name + "\"");
      throw UsageError(
          "no region \"" + *selection.region + "\" in " + census.program +
          " (" +
          (known.empty() ? "it has no regions" : "its regions: " + known) +
          ")");
    }
    return scopes;
  }

  if (selection.program)
    scopes.push_back({Kind::Program, census.program, "program", &census.totals,
                      census.wallTimeS});
  for (const RegionRecord &region : census.regions)
    scopes.push_back(
        {Kind::Region, region.name, region.name, &region.counts, region.timeS});
  std::vector<const FunctionRecord *> ranked =
      rankFunctions(census, PrecisionSelection{});
  for (std::size_t i = 0; i < ranked.size() && i < selection.topFunctions; ++i)
    scopes.push_back(
        {Kind::Function, ranked[i]->name,
         readableFunctionName(ranked[i]->name, ranked[i]->demangled),
         &ranked[i]->counts, ranked[i]->timeS});
  return scopes;
}

std::vector<RooflineScope> rooflineKernelScopes(const Census &census,
                                                std::size_t top) {
  std::vector<RooflineScope> scopes;
  for (const KernelRecord *kernel : rankKernels(census, PrecisionSelection{})) {
    if (scopes.size() == top)
      break;
    scopes.push_back({RooflineScope::Kind::Kernel, kernel->name,
                      readableFunctionName(kernel->name, kernel->demangled),
                      &kernel->counts, kernel->timeS});
  }
  return scopes;
}

const std::vector<LevelBytes> &measuredBytesOf(const MeasuredBytes &measured,
                                               const RooflineScope &scope) {
  static const std::vector<LevelBytes> kNone;
  auto lookup =
      [&](const std::map<std::string, std::vector<LevelBytes>> &map,
          const std::string &name) -> const std::vector<LevelBytes> * {
    auto found = map.find(name);
    return found == map.end() ? nullptr : &found->second;
  };
  switch (scope.kind) {
  case RooflineScope::Kind::Program:
    return measured.program;
  case RooflineScope::Kind::Region:
    if (auto *bytes = lookup(measured.regions, scope.name))
      return *bytes;
    return kNone;
  case RooflineScope::Kind::Function:
  case RooflineScope::Kind::Kernel: {
    const auto &named = scope.kind == RooflineScope::Kind::Function
                            ? measured.functions
                            : measured.kernels;
    if (auto *bytes = lookup(named, scope.name))
      return *bytes;
    if (auto *bytes = lookup(named, scope.label))
      return *bytes;
    return kNone;
  }
  }
  return kNone;
}

} // namespace roof
