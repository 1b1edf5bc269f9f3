//===- driver/render/Json.cpp - The census and reports as JSON ------------===//
#include "Json.h"

#include "Text.h"

namespace roof {

using OrderedJson = nlohmann::ordered_json;

namespace {

OrderedJson rankStatJson(const std::optional<RankStat> &stat) {
  if (!stat)
    return nullptr;
  return {{"ranks", stat->ranks},
          {"min", stat->min},
          {"mean", stat->mean},
          {"max", stat->max},
          {"imbalance", optionalJson(imbalance(*stat))}};
}

OrderedJson loadStoreJson(const LoadStoreBytes &bytes) {
  return {{"loaded", bytes.loaded}, {"stored", bytes.stored}};
}

// The census keys, fp16 ... bytes_stored, added to `object`.
void addCounts(OrderedJson &object, const Counts &counts) {
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
    const PrecisionCounts &precision = counts.precisions[p];
    OrderedJson json = kindCountsJson(precision.flops);
    OrderedJson &classes = json["classes"] = OrderedJson::object();
    for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
      classes[kClassNames[cls]] = kindCountsJson(precision.classes[cls]);
    object[kPrecisionNames[p]] = std::move(json);
  }
  object["bytes_loaded"] = counts.bytesLoaded;
  object["bytes_stored"] = counts.bytesStored;
  if (counts.traffic.empty())
    return;
  OrderedJson &traffic = object["traffic"] = OrderedJson::object();
  for (const LevelTraffic &level : counts.traffic)
    traffic[level.level] = loadStoreJson(level.bytes);
}

OrderedJson trafficModelJson(const std::optional<TrafficModel> &model) {
  if (!model)
    return nullptr;
  OrderedJson levels = OrderedJson::array();
  for (const CacheLevel &level : model->levels) {
    OrderedJson object = {
        {"name", level.name}, {"bytes", level.bytes}, {"from", level.from}};
    if (level.ways) {
      object["ways"] = level.ways;
      object["sets"] = level.sets;
      object["sampled_sets"] = level.sampledSets;
    }
    levels.push_back(object);
  }
  OrderedJson json = {{"model", model->model},
                      {"line_bytes", model->lineBytes},
                      {"sampling_rate", model->samplingRate},
                      {"levels", levels},
                      {"memory", model->memory},
                      {"sampled_accesses", model->sampledAccesses}};
  if (model->droppedAccesses)
    json["dropped_accesses"] = *model->droppedAccesses;
  else
    json["replayed_accesses"] = model->replayedAccesses;
  return json;
}

OrderedJson gpuJson(const std::optional<GpuInfo> &gpu) {
  if (!gpu)
    return nullptr;
  return {{"name", gpu->name},
          {"compute_capability", gpu->computeCapability},
          {"traffic", trafficModelJson(gpu->traffic)}};
}

// The counts of a scope, then its rank statistics if it has some.
void addScope(OrderedJson &object, const Counts &counts,
              const std::optional<RankStats> &rankStats) {
  addCounts(object, counts);
  if (rankStats)
    object["rank_stats"] = rankStatsJson(*rankStats);
}

OrderedJson moduleJson(const ModuleRecord &module) {
  OrderedJson json = {{"source", module.source},
                      {"functions", module.functions}};
  json.update(targetJson(module.target));
  return json;
}

OrderedJson functionJson(const FunctionRecord &function) {
  OrderedJson json = {{"name", function.name},
                      {"demangled", function.demangled},
                      {"module", function.module},
                      {"line", function.line},
                      {"calls", function.calls},
                      {"time_s", optionalJson(function.timeS)},
                      {"thread_time_s", optionalJson(function.threadTimeS)}};
  addScope(json, function.counts, function.rankStats);
  return json;
}

OrderedJson regionJson(const RegionRecord &region) {
  OrderedJson json = {{"name", region.name},
                      {"entries", region.entries},
                      {"time_s", region.timeS}};
  addScope(json, region.counts, region.rankStats);
  return json;
}

OrderedJson threadJson(const ThreadRecord &thread) {
  OrderedJson json = {{"index", thread.index}, {"tid", thread.tid}};
  addCounts(json, thread.counts);
  return json;
}

OrderedJson launchJson(const LaunchRecord &launch) {
  OrderedJson json = {{"sequence", launch.sequence},
                      {"grid", launch.grid},
                      {"block", launch.block},
                      {"shared_memory_bytes", launch.sharedMemoryBytes},
                      {"stream", launch.stream},
                      {"time_s", launch.timeS}};
  addCounts(json, launch.counts);
  json["bytes_by_space"] = bytesBySpaceJson(launch.bytesBySpace);
  return json;
}

OrderedJson kernelJson(const KernelRecord &kernel) {
  OrderedJson json = {{"name", kernel.name},
                      {"demangled", kernel.demangled},
                      {"module", kernel.module},
                      {"launches", kernel.launches},
                      {"counted_launches", kernel.countedLaunches},
                      {"time_s", optionalJson(kernel.timeS)}};
  addCounts(json, kernel.counts);
  json["bytes_by_space"] = bytesBySpaceJson(kernel.bytesBySpace);
  OrderedJson &launches = json["launch_records"] = OrderedJson::array();
  for (const LaunchRecord &launch : kernel.launchRecords)
    launches.push_back(launchJson(launch));
  if (kernel.rankStats)
    json["rank_stats"] = rankStatsJson(*kernel.rankStats);
  return json;
}

template <typename Record>
OrderedJson arrayJson(const std::vector<Record> &records,
                      OrderedJson (*json)(const Record &)) {
  OrderedJson array = OrderedJson::array();
  for (const Record &record : records)
    array.push_back(json(record));
  return array;
}

} // namespace

OrderedJson optionalJson(const std::optional<double> &value) {
  return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

OrderedJson kindCountsJson(const KindCounts &counts) {
  return {{"canonical", counts.canonical},
          {"empirical", counts.empirical},
          {"full_width", counts.fullWidth}};
}

OrderedJson bytesBySpaceJson(const BytesBySpace &spaces) {
  OrderedJson json = OrderedJson::object();
  for (int space = 0; space < ROOF_NUM_SPACES; ++space)
    json[kSpaceNames[space]] = loadStoreJson(spaces[space]);
  return json;
}

OrderedJson targetJson(const TargetInfo &target) {
  return {{"triple", target.triple},
          {"cpu", target.cpu},
          {"features", target.features}};
}

void addProcessJson(OrderedJson &json, const Census &census) {
  json["program"] = census.program;
  json["command_line"] = census.commandLine;
  json["pid"] = census.pid;
  json["mpi_rank"] =
      census.mpiRank ? OrderedJson(*census.mpiRank) : OrderedJson(nullptr);
  if (census.ranks)
    json["ranks"] = mergedRanksJson(*census.ranks);
  json["start_time"] = census.startTime;
  json["wall_time_s"] = census.wallTimeS;
  json["ended_by"] =
      census.endedBy ? OrderedJson(*census.endedBy) : OrderedJson(nullptr);
}

OrderedJson censusJson(const Census &census) {
  OrderedJson json = {{"schema", kCensusSchema},
                      {"schema_version", kCensusSchemaVersion}};
  addProcessJson(json, census);
  json["timer_hz"] = census.timerHz;
  json["target"] = targetJson(census.target);
  json["modules"] = arrayJson(census.modules, moduleJson);
  json["overflow"] = census.overflow;
  OrderedJson &totals = json["totals"] = OrderedJson::object();
  addScope(totals, census.totals,
           census.ranks ? std::optional(census.ranks->totals) : std::nullopt);
  json["functions"] = arrayJson(census.functions, functionJson);
  json["regions"] = arrayJson(census.regions, regionJson);
  json["threads"] = arrayJson(census.threads, threadJson);
  json["gpu"] = gpuJson(census.gpu);
  json["kernels"] = arrayJson(census.kernels, kernelJson);
  json["traffic"] = trafficModelJson(census.traffic);
  return json;
}

OrderedJson rankStatsJson(const RankStats &stats) {
  return {{"ranks", stats.ranks},
          {"time_s", rankStatJson(stats.timeS)},
          {"flops", rankStatJson(stats.flops)},
          {"gflops", rankStatJson(stats.gflops)}};
}

OrderedJson mergedRanksJson(const MergedRanks &ranks) {
  OrderedJson mpiRanks = OrderedJson::array();
  for (const auto &[first, last] : ranks.mpiRanks)
    mpiRanks.push_back({first, last});
  return {{"count", ranks.count},
          {"mpi_ranks", std::move(mpiRanks)},
          {"ended_by", ranks.endedBy}};
}

//===----------------------------------------------------------------------===//
// roof report --json
//===----------------------------------------------------------------------===//

namespace {

// What names a scope: its name, or for a launch its place and geometry.
void addIdentity(OrderedJson &json, const ReportScope &scope) {
  if (const LaunchRecord *launch = scope.launch) {
    json["sequence"] = launch->sequence;
    json["grid"] = launch->grid;
    json["block"] = launch->block;
    json["shared_memory_bytes"] = launch->sharedMemoryBytes;
    json["stream"] = launch->stream;
    return;
  }
  json["name"] = scope.name;
  if (const FunctionRecord *function = scope.function) {
    json["demangled"] = scope.demangled;
    json["module"] = function->module;
    json["line"] = function->line;
    json["calls"] = function->calls;
    json["thread_time_s"] = optionalJson(function->threadTimeS);
  }
  if (const KernelRecord *kernel = scope.kernel) {
    json["demangled"] = scope.demangled;
    json["module"] = kernel->module;
    json["launches"] = kernel->launches;
    json["counted_launches"] = kernel->countedLaunches;
  }
  if (scope.region)
    json["entries"] = scope.region->entries;
}

OrderedJson scopeJson(const ReportScope &scope,
                      const ReportSelection &selection) {
  OrderedJson json;
  addIdentity(json, scope);
  json["time_s"] = optionalJson(scope.timeS);

  const Counts &counts = *scope.counts;
  json["bytes_loaded"] = counts.bytesLoaded;
  json["bytes_stored"] = counts.bytesStored;
  json["bytes"] =
      scope.bytes ? OrderedJson(*scope.bytes) : OrderedJson(nullptr);
  if (scope.bytesBySpace)
    json["bytes_by_space"] = bytesBySpaceJson(*scope.bytesBySpace);

  OrderedJson precisions = OrderedJson::object();
  for (const PrecisionRow &row : scope.precisions) {
    const PrecisionCounts &precisionCounts = *row.counts;
    const DerivedMetrics &metrics = row.metrics;
    OrderedJson entry = kindCountsJson(precisionCounts.flops);
    entry["empirical_per_canonical"] =
        optionalJson(metrics.empiricalPerCanonical);
    entry["ai_canonical"] = optionalJson(metrics.aiCanonical);
    entry["ai_empirical"] = optionalJson(metrics.aiEmpirical);
    entry["gflops_canonical"] = optionalJson(metrics.gflopsCanonical);
    entry["gflops_empirical"] = optionalJson(metrics.gflopsEmpirical);
    if (selection.classes) {
      OrderedJson classes = OrderedJson::object();
      for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
        classes[kClassNames[cls]] =
            kindCountsJson(precisionCounts.classes[cls]);
      entry["classes"] = std::move(classes);
    }
    precisions[kPrecisionNames[row.precision]] = std::move(entry);
  }
  json["precisions"] = std::move(precisions);
  if (scope.rankStats)
    json["rank_stats"] = rankStatsJson(*scope.rankStats);
  if (scope.kind == ReportScope::Kind::Kernel && selection.launches) {
    OrderedJson launches = OrderedJson::array();
    for (const ReportScope &launch : scope.launches)
      launches.push_back(scopeJson(launch, selection));
    json["launch_records"] = std::move(launches);
  }
  return json;
}

} // namespace

void printReportJson(std::ostream &out, const ReportData &data,
                     const std::string &censusPath) {
  const Census &census = *data.census;
  OrderedJson report;
  report["schema"] = "roof-report";
  report["schema_version"] = 1;
  report["census"] = censusPath;
  addProcessJson(report, census);
  report["target"] = targetJson(census.target);
  report["threads"] = census.threads.size();
  report["modules"] = census.modules.size();
  report["overflow"] = census.overflow;

  report["totals"] = scopeJson(data.totals, data.selection);
  auto scopesJson = [&](const std::vector<ReportScope> &scopes) {
    OrderedJson array = OrderedJson::array();
    for (const ReportScope &scope : scopes)
      array.push_back(scopeJson(scope, data.selection));
    return array;
  };
  report["regions"] = scopesJson(data.regions);
  report["functions"] = scopesJson(data.functions);
  report["functions_total"] = data.functionTotalCount;
  if (data.kernelTotalCount != 0) {
    report["gpu"] = gpuJson(census.gpu);
    report["kernels"] = scopesJson(data.kernels);
    report["kernels_total"] = data.kernelTotalCount;
  }
  out << report.dump(2) << "\n";
}

//===----------------------------------------------------------------------===//
// roof report --static --json
//===----------------------------------------------------------------------===//

namespace {

template <typename Value>
OrderedJson orNull(const std::optional<Value> &value) {
  return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

OrderedJson functionJson(const char *in, const ListedFunction &listed,
                         bool classes) {
  const FunctionRecord *run = listed.function.run;
  const SourceFunction *source = listed.function.source;
  OrderedJson json;
  json["in"] = in;
  json["name"] = run ? run->name : source->name;
  json["demangled"] = listed.demangled;
  json["module"] = run ? OrderedJson(run->module) : OrderedJson(nullptr);
  json["file"] = source ? OrderedJson(source->file) : OrderedJson(nullptr);
  json["line"] = source ? OrderedJson(source->line) : OrderedJson(nullptr);
  json["calls"] = run ? OrderedJson(run->calls) : OrderedJson(nullptr);
  json["exact"] = source ? OrderedJson(source->exact) : OrderedJson(nullptr);
  json["caveats"] = source ? source->caveats : std::vector<std::string>();

  auto countsJson = [](const ComparedCounts &counts, bool withPolynomial) {
    OrderedJson entry;
    if (withPolynomial)
      entry["source_polynomial"] = counts.perCall
                                       ? OrderedJson(counts.perCall->polynomial)
                                       : OrderedJson(nullptr);
    entry["source_per_call"] =
        counts.perCall ? orNull(counts.perCall->value) : OrderedJson(nullptr);
    entry["source_canonical"] = orNull(counts.source);
    entry["executed_canonical"] = orNull(counts.executed);
    entry["empirical"] = orNull(counts.empirical);
    return entry;
  };
  OrderedJson precisions = OrderedJson::object();
  for (const ComparedRow &row : listed.rows) {
    const ComparedCounts &counts = row.counts;
    OrderedJson entry = countsJson(counts, true);
    entry["executed_per_source"] = orNull(counts.executedPerSource);
    entry["empirical_per_executed"] = orNull(counts.empiricalPerExecuted);
    if (classes) {
      OrderedJson classesJson = OrderedJson::object();
      for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
        classesJson[kClassNames[cls]] = countsJson(row.classes[cls], false);
      entry["classes"] = std::move(classesJson);
    }
    precisions[kPrecisionNames[row.precision]] = std::move(entry);
  }
  json["precisions"] = std::move(precisions);
  return json;
}

} // namespace

std::vector<OrderedJson> comparedFunctionsJson(const ComparisonData &data) {
  std::vector<OrderedJson> functions;
  bool classes = data.selection.classes;
  for (const ListedFunction &listed : data.both)
    functions.push_back(functionJson("both", listed, classes));
  for (const ListedFunction &listed : data.runOnly)
    functions.push_back(functionJson("run", listed, classes));
  for (const ListedFunction &listed : data.staticOnly)
    functions.push_back(functionJson("static", listed, classes));
  return functions;
}

void printStaticComparisonJson(std::ostream &out, const ComparisonData &data,
                               const std::string &runPath,
                               const std::string &sourcePath) {
  const Census &run = *data.run;
  const StaticCounts &source = *data.source;
  OrderedJson report;
  report["schema"] = "roof-static-comparison";
  report["schema_version"] = 1;
  report["census"] = runPath;
  report["static"] = sourcePath;
  report["program"] = run.program;
  report["command_line"] = run.commandLine;
  report["overflow"] = run.overflow;
  OrderedJson parameters = OrderedJson::object();
  for (const auto &[name, value] : source.parameters)
    parameters[name] = OrderedJson::parse(value);
  report["parameters"] = std::move(parameters);
  report["failed"] = source.failed;

  report["functions"] = comparedFunctionsJson(data);
  report["functions_total"] = {{"both", data.bothTotal},
                               {"run", data.runOnlyTotal},
                               {"static", data.staticOnlyTotal}};
  report["static_without_work"] = data.staticOnlyWithoutWork;
  out << report.dump(2) << "\n";
}

//===----------------------------------------------------------------------===//
// roof report --ceilings --json
//===----------------------------------------------------------------------===//

namespace {

OrderedJson ceilingsJson(const CeilingsFile &file) {
  const Ceilings &ceilings = file.ceilings;
  OrderedJson compute = OrderedJson::array();
  for (const ComputeCeiling &ceiling : ceilings.compute)
    compute.push_back(
        {{"name", ceiling.name},
         {"label", ceilingLabel(ceiling)},
         {"precision", ceiling.precision
                           ? OrderedJson(kPrecisionNames[*ceiling.precision])
                           : OrderedJson(nullptr)},
         {"kind", computeKindName(ceiling.kind)},
         {"gflops", ceiling.gflops}});
  OrderedJson bandwidth = OrderedJson::array();
  for (const BandwidthCeiling &ceiling : ceilings.bandwidth)
    bandwidth.push_back({{"level", ceiling.level}, {"gbytes", ceiling.gbytes}});
  return {{"file", file.path},
          {"origin", ceilings.origin},
          {"compute", compute},
          {"bandwidth", bandwidth}};
}

OrderedJson pointJson(const RooflinePoint &point) {
  OrderedJson levels = OrderedJson::array();
  for (const LevelPoint &level : point.levels)
    levels.push_back({{"level", level.bytes.level},
                      {"bytes", level.bytes.bytes},
                      {"source", bytesSourceName(level.bytes.source)},
                      {"ai", optionalJson(level.ai)},
                      {"bandwidth_gbytes", optionalJson(level.bandwidth)},
                      {"bound_gflops", optionalJson(level.bound)},
                      {"compute_bound", level.computeBound},
                      {"efficiency", optionalJson(level.efficiency)}});
  return {{"flops", point.flops},
          {"gflops", optionalJson(point.gflops)},
          {"efficiency", optionalJson(point.efficiency)},
          {"binding_level",
           point.binding ? OrderedJson(point.levels[*point.binding].bytes.level)
                         : OrderedJson(nullptr)},
          {"levels", levels}};
}

OrderedJson precisionJson(const ScopeRoofline &roofline) {
  const InstructionMix &mix = roofline.mix;
  OrderedJson compute = nullptr;
  if (const auto &choice = roofline.compute)
    compute = {{"label", choice->name},
               {"gflops", choice->gflops},
               {"kind", computeKindName(choice->kind)},
               {"partial", choice->partial},
               {"file_entry", choice->ceiling->name},
               {"reason", choice->reason}};
  return {{"mix",
           {{"flops", mix.flops},
            {"operations", mix.operations},
            {"alpha", mix.fmaShare},
            {"fma_flop_share", mix.fmaFlopShare},
            {"divide_share", mix.divideShare}}},
          {"compute_ceiling", compute},
          {"empirical", pointJson(roofline.empirical)},
          {"canonical", pointJson(roofline.canonical)}};
}

} // namespace

void printRooflineJson(std::ostream &out, const RooflineData &data) {
  const RooflineReportInput &input = *data.input;
  OrderedJson scopes = OrderedJson::array();
  for (const PlacedScope &placed : data.scopes) {
    const RooflineScope &scope = placed.scope;
    OrderedJson precisions = OrderedJson::object();
    for (const ScopeRoofline &roofline : placed.rooflines)
      precisions[kPrecisionNames[roofline.precision]] = precisionJson(roofline);
    scopes.push_back({{"kind", rooflineScopeKindName(scope.kind)},
                      {"name", scope.name},
                      {"label", scope.label},
                      {"time_s", optionalJson(scope.timeS)},
                      {"precisions", precisions}});
  }
  OrderedJson report = {{"schema", "roof-roofline"},
                        {"schema_version", kRooflineSchemaVersion},
                        {"census", input.censusPath}};
  report["ceilings"] =
      input.host ? ceilingsJson(*input.host) : OrderedJson(nullptr);
  if (input.device)
    report["gpu_ceilings"] = ceilingsJson(*input.device);
  report["scopes"] = std::move(scopes);
  out << report.dump(2) << "\n";
}

//===----------------------------------------------------------------------===//
// roof compare --json (--ncu, --nvprof)
//===----------------------------------------------------------------------===//

namespace {

const char *basisName(ComparedLaunches::Basis basis) {
  using Basis = ComparedLaunches::Basis;
  switch (basis) {
  case Basis::KernelTotals:
    return "kernel_totals";
  case Basis::MoreThanCounted:
    return "kernel_totals_fewer_counted";
  case Basis::ProcessWindow:
    return "launch_records_process_window";
  case Basis::MatchingGeometry:
    return "launch_records_matching_geometry";
  case Basis::FirstRecords:
    return "launch_records_first";
  case Basis::NoRecords:
    return "not_compared_no_records";
  case Basis::NoMatchingRecords:
    return "not_compared_no_matching_records";
  }
  return "";
}

OrderedJson gpuKernelJson(const GpuKernelComparison &k) {
  const KernelRecord &kernel = *k.match.kernel;
  const ComparedLaunches &launches = k.launches;
  OrderedJson sequences = OrderedJson::array();
  for (const LaunchRecord *record : launches.records)
    sequences.push_back(record->sequence);
  OrderedJson json = {
      {"name", kernel.name},
      {"demangled", readableFunctionName(kernel.name, kernel.demangled)},
      {"profiled_name", k.profiled.name},
      {"matched_by", matchedByText(k.match.by)},
      {"profiled_launches", launches.profiledLaunches},
      {"counted_launches", kernel.countedLaunches},
      {"compared_with", basisName(launches.basis)},
      {"launch_sequences", sequences}};

  bool compared = launches.compared();
  OrderedJson flops = OrderedJson::object();
  for (const GpuFlops &f : k.flops)
    flops[kPrecisionNames[f.precision]] = {
        {"roof_empirical", compared ? OrderedJson(f.roof.empirical) : nullptr},
        {"roof_canonical", compared ? OrderedJson(f.roof.canonical) : nullptr},
        {"profiler", optionalJson(f.profiler)},
        {"profiler_approximate", f.approximate},
        {"difference", compared ? optionalJson(f.difference) : nullptr}};
  json["flops"] = flops;

  json["bytes"] = {
      {"roof", compared && k.bytes ? OrderedJson(*k.bytes) : nullptr},
      {"roof_global",
       compared && k.globalBytes ? OrderedJson(*k.globalBytes) : nullptr},
      {"profiler_l1", optionalJson(k.profiled.bytes[0])},
      {"profiler_l2", optionalJson(k.profiled.bytes[1])},
      {"profiler_dram", optionalJson(k.profiled.bytes[2])}};
  // roof's modelled bytes below L1 (a traffic-mode build), per level.
  static const char *const kTrafficKeys[kNumProfiledLevels] = {"l1", "l2",
                                                               "dram"};
  for (const GpuTraffic &traffic : k.traffic) {
    const char *level = kTrafficKeys[static_cast<std::size_t>(traffic.level)];
    json["bytes"][std::string("roof_modelled_") + level] =
        compared ? OrderedJson(traffic.roof) : nullptr;
    json["bytes"][std::string("modelled_difference_") + level] =
        compared ? optionalJson(traffic.difference) : nullptr;
  }
  json["time_s"] = {{"roof", compared ? optionalJson(launches.timeS) : nullptr},
                    {"profiler", optionalJson(k.profiled.timeS)}};
  return json;
}

OrderedJson gpuComparisonJson(const Census &census,
                              const GpuComparison &comparison) {
  const GpuProfile &profile = comparison.profile;
  OrderedJson kernels = OrderedJson::array();
  for (const GpuKernelComparison &k : comparison.kernels)
    kernels.push_back(gpuKernelJson(k));
  OrderedJson unknown = OrderedJson::array();
  for (std::size_t p : comparison.matching.unknownToRoof)
    unknown.push_back({{"name", profile.kernels[p].name},
                       {"launches", profile.kernels[p].launches}});
  OrderedJson notProfiled = OrderedJson::array();
  for (const KernelRecord *kernel : comparison.matching.notProfiled)
    notProfiled.push_back(
        {{"name", kernel->name},
         {"demangled", readableFunctionName(kernel->name, kernel->demangled)},
         {"counted_launches", kernel->countedLaunches}});
  return {{"tool", profilerName(comparison.profiler)},
          {"file", comparison.path},
          {"roof_count", "empirical"},
          {"device", profile.device},
          {"roof_device", census.gpu
                              ? OrderedJson{{"name", census.gpu->name},
                                            {"compute_capability",
                                             census.gpu->computeCapability}}
                              : OrderedJson(nullptr)},
          {"process_window_start", comparison.window
                                       ? OrderedJson(*comparison.window)
                                       : OrderedJson(nullptr)},
          {"kernels", kernels},
          {"not_in_census", unknown},
          {"not_profiled", notProfiled}};
}

} // namespace

void printGpuComparisonsJson(std::ostream &out, const Census &census,
                             const std::string &censusPath,
                             const std::vector<GpuComparison> &comparisons) {
  OrderedJson array = OrderedJson::array();
  for (const GpuComparison &comparison : comparisons)
    array.push_back(gpuComparisonJson(census, comparison));
  OrderedJson report = {{"schema", "roof-compare-gpu"},
                        {"schema_version", 1},
                        {"census", censusPath},
                        {"comparisons", array}};
  out << report.dump(2) << "\n";
}

} // namespace roof
