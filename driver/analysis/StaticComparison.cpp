//===- driver/analysis/StaticComparison.cpp - Source beside the run -------===//
//
// The three formats show the same functions and precisions with the same
// numbers, chosen and derived once by compareWithSource().
//
//===----------------------------------------------------------------------===//
#include "StaticComparison.h"

#include "InputFile.h"
#include "Text.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace roof {

namespace {

//===----------------------------------------------------------------------===//
// Pairing and counts
//===----------------------------------------------------------------------===//

// True when roof-static's `file` and the run's `module` (the source the
// module was compiled from) name the same file: roof static writes the path
// it was given or found in compile_commands.json, the compiler the one on its
// command line, so one may be absolute and the other relative.
bool sameFile(const std::string &file, const std::string &module) {
  namespace fs = std::filesystem;
  fs::path a = fs::path(file).lexically_normal();
  fs::path b = fs::path(module).lexically_normal();
  if (a == b)
    return true;
  if (a.is_absolute() == b.is_absolute() || a.empty() || b.empty())
    return false;
  const fs::path &absolute = a.is_absolute() ? a : b;
  const fs::path &relative = a.is_absolute() ? b : a;
  return endsWith(absolute.string(), "/" + relative.string());
}

constexpr std::uint64_t saturatingMultiply(std::uint64_t a, std::uint64_t b) {
  return b != 0 && a > kSaturated / b ? kSaturated : a * b;
}

// numerator / denominator, absent when either is, when the denominator is
// 0 or when either saturated.
std::optional<double> ratio(std::optional<std::uint64_t> numerator,
                            std::optional<std::uint64_t> denominator) {
  if (!numerator || !denominator || *denominator == 0 ||
      isSaturated(*numerator) || isSaturated(*denominator))
    return std::nullopt;
  return static_cast<double>(*numerator) / static_cast<double>(*denominator);
}

} // namespace

FunctionPairing pairFunctions(const Census &run, const StaticCounts &source,
                              const PrecisionSelection &ranking) {
  std::map<std::string, std::vector<const FunctionRecord *>> runByName;
  for (const FunctionRecord &function : run.functions)
    runByName[function.name].push_back(&function);
  std::map<std::string, std::vector<const SourceFunction *>> sourceByName;
  for (const SourceFunction &function : source.functions)
    sourceByName[function.name].push_back(&function);

  std::map<const FunctionRecord *, const SourceFunction *> partners;
  for (const auto &[name, runs] : runByName) {
    auto found = sourceByName.find(name);
    if (found == sourceByName.end())
      continue;
    std::vector<const SourceFunction *> sources = found->second;
    if (runs.size() == 1 && sources.size() == 1) {
      partners[runs.front()] = sources.front();
      continue;
    }
    // Static functions of one name in several files: by file, then the one
    // left on each side, if that is all.
    std::vector<const FunctionRecord *> unpaired;
    for (const FunctionRecord *function : runs) {
      auto same = std::find_if(
          sources.begin(), sources.end(), [&](const SourceFunction *candidate) {
            return sameFile(candidate->file, function->module);
          });
      if (same == sources.end()) {
        unpaired.push_back(function);
        continue;
      }
      partners[function] = *same;
      sources.erase(same);
    }
    if (unpaired.size() == 1 && sources.size() == 1)
      partners[unpaired.front()] = sources.front();
  }

  FunctionPairing pairing;
  std::set<const SourceFunction *> paired;
  for (const FunctionRecord *function : rankFunctions(run, ranking)) {
    auto partner = partners.find(function);
    if (partner == partners.end()) {
      pairing.runOnly.push_back({function, nullptr});
      continue;
    }
    pairing.both.push_back({function, partner->second});
    paired.insert(partner->second);
  }
  for (const SourceFunction &function : source.functions) {
    if (paired.count(&function))
      continue;
    if (function.hasWork())
      pairing.staticOnly.push_back({nullptr, &function});
    else
      ++pairing.staticOnlyWithoutWork;
  }
  return pairing;
}

ComparedCounts compareCounts(const ComparedFunction &function,
                             RoofPrecision precision, int cls) {
  ComparedCounts counts;
  if (function.source) {
    const SourcePrecision &source =
        function.source->totals.precisions[precision];
    counts.perCall = cls < 0 ? &source.canonical : &source.classes[cls];
  }
  if (function.run) {
    const PrecisionCounts &run = function.run->counts.precisions[precision];
    const KindCounts &kinds = cls < 0 ? run.flops : run.classes[cls];
    counts.executed = kinds.canonical;
    counts.empirical = kinds.empirical;
    if (counts.perCall && counts.perCall->value)
      counts.source =
          saturatingMultiply(*counts.perCall->value, function.run->calls);
  }
  counts.executedPerSource = ratio(counts.executed, counts.source);
  counts.empiricalPerExecuted = ratio(counts.empirical, counts.executed);
  return counts;
}

namespace {

bool sourceHasCounts(const SourcePrecision &precision, bool includeOperations) {
  if (!precision.canonical.isZero())
    return true;
  return includeOperations &&
         std::any_of(
             precision.classes.begin(), precision.classes.end(),
             [](const SourceQuantity &count) { return !count.isZero(); });
}

// The precisions to show for `function`: by default those in which either
// file has FLOPs (or, with --classes, operations), in display order.
std::vector<RoofPrecision> shownPrecisions(const ComparedFunction &function,
                                           const ReportSelection &selection) {
  const PrecisionSelection &precisions = selection.precisions;
  if (precisions.mode == PrecisionSelection::Mode::One)
    return {precisions.only};
  if (precisions.mode == PrecisionSelection::Mode::All)
    return {kDisplayOrder.begin(), kDisplayOrder.end()};
  std::vector<RoofPrecision> inRun;
  if (function.run)
    inRun =
        selectPrecisions(function.run->counts, precisions, selection.classes);
  std::vector<RoofPrecision> shown;
  for (RoofPrecision precision : kDisplayOrder)
    if (std::count(inRun.begin(), inRun.end(), precision) ||
        (function.source &&
         sourceHasCounts(function.source->totals.precisions[precision],
                         selection.classes)))
      shown.push_back(precision);
  return shown;
}

// The listed functions of one section, at most `top` (0: all).
std::vector<ListedFunction> listed(const std::vector<ComparedFunction> &section,
                                   const ReportSelection &selection) {
  std::vector<ListedFunction> functions;
  for (const ComparedFunction &function : section) {
    if (selection.top != 0 && functions.size() == selection.top)
      break;
    ListedFunction entry{function, {}, {}};
    entry.demangled =
        function.run
            ? readableFunctionName(function.run->name, function.run->demangled)
            : readableFunctionName(function.source->name,
                                   function.source->demangled);
    for (RoofPrecision precision : shownPrecisions(function, selection)) {
      ComparedRow row{precision, compareCounts(function, precision), {}};
      if (selection.classes)
        for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
          row.classes[cls] = compareCounts(function, precision, cls);
      entry.rows.push_back(row);
    }
    functions.push_back(std::move(entry));
  }
  return functions;
}

} // namespace

ComparisonData compareWithSource(const Census &run, const StaticCounts &source,
                                 const ReportSelection &selection) {
  FunctionPairing all = pairFunctions(run, source, selection.precisions);
  ComparisonData data{&run,
                      &source,
                      selection,
                      listed(all.both, selection),
                      listed(all.runOnly, selection),
                      listed(all.staticOnly, selection),
                      all.both.size(),
                      all.runOnly.size(),
                      all.staticOnly.size(),
                      all.staticOnlyWithoutWork};
  return data;
}

} // namespace roof
