//===- driver/CensusJson.cpp - The census as JSON -------------------------===//
#include "CensusJson.h"

#include "RankStatsJson.h"

namespace roof {

using OrderedJson = nlohmann::ordered_json;

namespace {

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
  for (const CacheLevel &level : model->levels)
    levels.push_back(
        {{"name", level.name}, {"bytes", level.bytes}, {"from", level.from}});
  return {{"model", model->model},
          {"line_bytes", model->lineBytes},
          {"sampling_rate", model->samplingRate},
          {"levels", levels},
          {"memory", model->memory},
          {"sampled_accesses", model->sampledAccesses}};
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
  json["gpu"] =
      census.gpu
          ? OrderedJson{{"name", census.gpu->name},
                        {"compute_capability", census.gpu->computeCapability}}
          : OrderedJson(nullptr);
  json["kernels"] = arrayJson(census.kernels, kernelJson);
  json["traffic"] = trafficModelJson(census.traffic);
  return json;
}

} // namespace roof
