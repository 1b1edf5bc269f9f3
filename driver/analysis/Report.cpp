//===- driver/analysis/Report.cpp - What roof report shows ----------------===//
#include "Report.h"

#include "Text.h"

namespace roof {

namespace {

template <typename Record> const RankStats *rankStatsOf(const Record &record) {
  return record.rankStats ? &*record.rankStats : nullptr;
}

// `scope` with what every renderer shows of it: its bytes and the metrics
// of its shown precisions.
ReportScope derived(ReportScope scope, const ReportSelection &selection) {
  const Counts &counts = *scope.counts;
  scope.bytes = totalBytes(counts);
  if (scope.bytesBySpace)
    scope.globalBytes = totalBytes((*scope.bytesBySpace)[ROOF_SPACE_GLOBAL]);
  for (RoofPrecision precision :
       selectPrecisions(counts, selection.precisions, selection.classes)) {
    const PrecisionCounts &precisionCounts = counts.precisions[precision];
    PrecisionRow row{precision, &precisionCounts,
                     deriveMetrics(precisionCounts.flops, counts, scope.timeS)};
    if (selection.classes)
      for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
        row.classMetrics[cls] =
            deriveMetrics(precisionCounts.classes[cls], counts, std::nullopt);
    scope.precisions.push_back(row);
  }
  return scope;
}

ReportScope kernelScope(const KernelRecord &kernel,
                        const ReportSelection &selection) {
  ReportScope scope{ReportScope::Kind::Kernel, kernel.name,
                    readableFunctionName(kernel.name, kernel.demangled),
                    &kernel.counts, kernel.timeS};
  scope.kernel = &kernel;
  scope.rankStats = rankStatsOf(kernel);
  scope.bytesBySpace = &kernel.bytesBySpace;
  if (selection.launches)
    for (const LaunchRecord &launch : kernel.launchRecords) {
      ReportScope launchScope{ReportScope::Kind::Launch, kernel.name,
                              scope.demangled, &launch.counts, launch.timeS};
      launchScope.kernel = &kernel;
      launchScope.launch = &launch;
      launchScope.bytesBySpace = &launch.bytesBySpace;
      scope.launches.push_back(derived(std::move(launchScope), selection));
    }
  return derived(std::move(scope), selection);
}

// A ranked list cut to `top` entries (0: all).
template <typename Record>
void keepTop(std::vector<const Record *> &ranked, std::size_t top) {
  if (top != 0 && ranked.size() > top)
    ranked.resize(top);
}

} // namespace

ReportData deriveReport(const Census &census,
                        const ReportSelection &selection) {
  ReportData data;
  data.census = &census;
  data.selection = selection;
  data.functionTotalCount = census.functions.size();
  data.kernelTotalCount = census.kernels.size();

  ReportScope totals{ReportScope::Kind::Program, census.program, "",
                     &census.totals, census.wallTimeS};
  if (census.ranks)
    totals.rankStats = &census.ranks->totals;
  data.totals = derived(std::move(totals), selection);

  for (const RegionRecord &region : census.regions) {
    ReportScope scope{ReportScope::Kind::Region, region.name, "",
                      &region.counts, region.timeS};
    scope.region = &region;
    scope.rankStats = rankStatsOf(region);
    data.regions.push_back(derived(std::move(scope), selection));
  }

  std::vector<const FunctionRecord *> functions =
      rankFunctions(census, selection.precisions);
  keepTop(functions, selection.top);
  for (const FunctionRecord *function : functions) {
    ReportScope scope{ReportScope::Kind::Function, function->name,
                      readableFunctionName(function->name, function->demangled),
                      &function->counts, function->timeS};
    scope.function = function;
    scope.rankStats = rankStatsOf(*function);
    data.functions.push_back(derived(std::move(scope), selection));
  }

  std::vector<const KernelRecord *> kernels =
      rankKernels(census, selection.precisions);
  keepTop(kernels, selection.top);
  for (const KernelRecord *kernel : kernels)
    data.kernels.push_back(kernelScope(*kernel, selection));
  return data;
}

} // namespace roof
