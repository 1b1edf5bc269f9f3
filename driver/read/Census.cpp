//===- driver/read/Census.cpp - Strict reader of the census JSON ----------===//
//
// Walks the parsed JSON with the path of every value at hand (StrictJson.h),
// so that a refusal says exactly where the file is wrong, e.g.
//   functions[2].fp64.classes.div.empirical: negative count -3
// Device code (gpu, kernels) is checked against itself as well: the bytes
// per address space must add up to the kernel's bytes, and the launch
// records must agree with their kernel, because the comparisons with Nsight
// Compute and nvprof sum them.
//
//===----------------------------------------------------------------------===//
#include "Census.h"
#include "InputFile.h"

#include "RankStatsJson.h"
#include "StrictJson.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace roof {

namespace {

// The traffic of `from` for `counts`, after checking that both did the same
// work (`scope` names it in the error).
void takeScopeTraffic(Counts &counts, const Counts *from,
                      const std::vector<std::string> &levels,
                      const std::string &scope) {
  std::uint64_t loaded = from ? from->bytesLoaded : 0;
  std::uint64_t stored = from ? from->bytesStored : 0;
  if (counts.bytesLoaded != loaded || counts.bytesStored != stored)
    throw InputError(scope + " loaded and stored " + std::to_string(loaded) +
                     " and " + std::to_string(stored) + " bytes, the run " +
                     std::to_string(counts.bytesLoaded) + " and " +
                     std::to_string(counts.bytesStored) +
                     ": not a run of the same program on the same input");
  counts.traffic.clear();
  if (from) {
    counts.traffic = from->traffic;
    return;
  }
  for (const std::string &level : levels)
    counts.traffic.push_back({level, {}});
}

template <typename Record>
const Counts *countsNamed(const std::vector<Record> &records,
                          const std::string &name) {
  for (const Record &record : records)
    if (record.name == name)
      return &record.counts;
  return nullptr;
}

} // namespace

void takeTraffic(Census &census, const Census &from) {
  if (!from.traffic)
    throw InputError("has no traffic: not a run of a roof cc --roof-traffic "
                     "build");
  std::vector<std::string> levels = from.traffic->trafficLevels();
  takeScopeTraffic(census.totals, &from.totals, levels, "the program");
  for (RegionRecord &region : census.regions)
    takeScopeTraffic(region.counts, countsNamed(from.regions, region.name),
                     levels, "region " + region.name);
  for (FunctionRecord &function : census.functions)
    takeScopeTraffic(function.counts,
                     countsNamed(from.functions, function.name), levels,
                     "function " + function.name);
  for (std::size_t i = 0; i < census.threads.size(); ++i)
    if (i < from.threads.size() &&
        census.threads[i].counts.bytesLoaded ==
            from.threads[i].counts.bytesLoaded &&
        census.threads[i].counts.bytesStored ==
            from.threads[i].counts.bytesStored)
      census.threads[i].counts.traffic = from.threads[i].counts.traffic;
    else // the work of threads differs from run to run: no traffic
      census.threads[i].counts.traffic.clear();
  census.traffic = from.traffic;
  census.traffic->slowsTimes = false;
}

const std::array<const char *, ROOF_NUM_PRECISIONS> kPrecisionNames = {
    ROOF_PRECISION_NAMES};
const std::array<const char *, ROOF_NUM_CLASSES> kClassNames = {
    ROOF_CLASS_NAMES};
const std::array<const char *, ROOF_NUM_SPACES> kSpaceNames = {
    ROOF_SPACE_NAMES};

std::optional<RoofPrecision> precisionFromName(std::string_view name) {
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p)
    if (name == kPrecisionNames[p])
      return static_cast<RoofPrecision>(p);
  return std::nullopt;
}

void addKindCounts(KindCounts &sum, const KindCounts &counts) {
  sum.canonical = saturatingAdd(sum.canonical, counts.canonical);
  sum.empirical = saturatingAdd(sum.empirical, counts.empirical);
  sum.fullWidth = saturatingAdd(sum.fullWidth, counts.fullWidth);
}

void addCounts(Counts &sum, const Counts &counts) {
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
    addKindCounts(sum.precisions[p].flops, counts.precisions[p].flops);
    for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
      addKindCounts(sum.precisions[p].classes[cls],
                    counts.precisions[p].classes[cls]);
  }
  sum.bytesLoaded = saturatingAdd(sum.bytesLoaded, counts.bytesLoaded);
  sum.bytesStored = saturatingAdd(sum.bytesStored, counts.bytesStored);
  for (const LevelTraffic &level : counts.traffic) {
    auto into = std::find_if(
        sum.traffic.begin(), sum.traffic.end(),
        [&](const LevelTraffic &held) { return held.level == level.level; });
    if (into == sum.traffic.end())
      sum.traffic.push_back(level);
    else
      addLoadStoreBytes(into->bytes, level.bytes);
  }
}

void addLoadStoreBytes(LoadStoreBytes &sum, const LoadStoreBytes &bytes) {
  sum.loaded = saturatingAdd(sum.loaded, bytes.loaded);
  sum.stored = saturatingAdd(sum.stored, bytes.stored);
}

void addBytesBySpace(BytesBySpace &sum, const BytesBySpace &bytes) {
  for (int space = 0; space < ROOF_NUM_SPACES; ++space)
    addLoadStoreBytes(sum[space], bytes[space]);
}

std::vector<std::string> TrafficModel::trafficLevels() const {
  std::vector<std::string> names;
  for (std::size_t i = 1; i < levels.size(); ++i)
    names.push_back(levels[i].name);
  names.push_back(memory);
  return names;
}

bool TrafficModel::sameHierarchy(const TrafficModel &other) const {
  auto sameLevel = [](const CacheLevel &a, const CacheLevel &b) {
    return a.name == b.name && a.bytes == b.bytes && a.ways == b.ways &&
           a.sets == b.sets && a.sampledSets == b.sampledSets;
  };
  return model == other.model && lineBytes == other.lineBytes &&
         samplingRate == other.samplingRate && memory == other.memory &&
         std::equal(levels.begin(), levels.end(), other.levels.begin(),
                    other.levels.end(), sameLevel);
}

namespace {

using namespace strict_json;

//===----------------------------------------------------------------------===//
// Values of the runtime's census
//===----------------------------------------------------------------------===//

std::optional<double> optionalSecondsValue(const json &value,
                                           const std::string &path) {
  if (value.is_null())
    return std::nullopt;
  return nonNegativeValue(value, path);
}

//===----------------------------------------------------------------------===//
// Census objects
//===----------------------------------------------------------------------===//

KindCounts kindCountsIn(const json &object, const std::string &path) {
  objectValue(object, path);
  return {countAt(object, "canonical", path),
          countAt(object, "empirical", path),
          countAt(object, "full_width", path)};
}

PrecisionCounts precisionIn(const json &object, const std::string &path) {
  PrecisionCounts precision;
  precision.flops = kindCountsIn(object, path);

  std::string classesPath = memberPath(path, "classes");
  const json &classes =
      objectValue(memberOf(object, "classes", path), classesPath);
  // Summed the way the runtime sums them, saturating at 2^64-1.
  KindCounts classSum;
  for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls) {
    const char *name = kClassNames[cls];
    KindCounts counts = kindCountsIn(memberOf(classes, name, classesPath),
                                     memberPath(classesPath, name));
    precision.classes[cls] = counts;
    if (isFlopClass(cls))
      addKindCounts(classSum, counts);
  }
  checkFlopSum(precision.flops.canonical, classSum.canonical,
               memberPath(path, "canonical"));
  checkFlopSum(precision.flops.empirical, classSum.empirical,
               memberPath(path, "empirical"));
  checkFlopSum(precision.flops.fullWidth, classSum.fullWidth,
               memberPath(path, "full_width"));
  return precision;
}

//===----------------------------------------------------------------------===//
// Traffic
//===----------------------------------------------------------------------===//

std::string listText(const std::vector<std::string> &names) {
  std::string text;
  for (const std::string &name : names)
    text += (text.empty() ? "" : ", ") + name;
  return text;
}

CacheLevel cacheLevelIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  CacheLevel level{stringAt(object, "name", path),
                   countAt(object, "bytes", path),
                   stringAt(object, "from", path)};
  if (level.name.empty())
    fail(memberPath(path, "name"), "empty level name");
  if (level.bytes == 0)
    fail(memberPath(path, "bytes"), "a cache of 0 bytes");
  if (object.contains("ways")) {
    level.ways = countAt(object, "ways", path);
    level.sets = countAt(object, "sets", path);
    level.sampledSets = countAt(object, "sampled_sets", path);
    if (!level.ways || !level.sets || !level.sampledSets ||
        level.sampledSets > level.sets)
      fail(memberPath(path, "sampled_sets"),
           "expected ways, sets and sampled_sets of at least 1, no more "
           "sets sampled than there are");
  }
  return level;
}

// The "traffic" member of `parent` (at `parentPath`): none when absent or
// null.
std::optional<TrafficModel> trafficModelIn(const json &parent,
                                           const std::string &parentPath) {
  auto found = parent.find("traffic");
  if (found == parent.end() || found->is_null())
    return std::nullopt;
  const std::string path = memberPath(parentPath, "traffic");
  auto at = [&](const char *key) { return memberPath(path, key); };
  const json &object = objectValue(*found, path);
  TrafficModel model;
  model.model = stringAt(object, "model", path);
  model.lineBytes = countAt(object, "line_bytes", path);
  if (model.lineBytes == 0)
    fail(at("line_bytes"), "a line of 0 bytes");
  model.samplingRate =
      memberAs(object, "sampling_rate", path, nonNegativeValue);
  int exponent = 0;
  if (model.samplingRate <= 0 || model.samplingRate > 1 ||
      std::frexp(model.samplingRate, &exponent) != 0.5)
    fail(at("sampling_rate"), "expected a power of 2 in (0, 1], got " +
                                  object["sampling_rate"].dump());
  model.levels = arrayAt<CacheLevel>(object, "levels", path, cacheLevelIn);
  if (model.levels.empty())
    fail(at("levels"), "no cache level (expected L1 at least)");
  model.memory = stringAt(object, "memory", path);
  if (model.memory.empty())
    fail(at("memory"), "empty level name");
  std::vector<std::string> names;
  for (const CacheLevel &level : model.levels)
    names.push_back(level.name);
  names.push_back(model.memory);
  for (std::size_t i = 1; i < names.size(); ++i)
    if (std::find(names.begin(), names.begin() + i, names[i]) !=
        names.begin() + i)
      fail(i < model.levels.size()
               ? memberPath(elementPath(at("levels"), i), "name")
               : at("memory"),
           "level " + names[i] + " named twice");
  model.sampledAccesses = countAt(object, "sampled_accesses", path);
  if (object.contains("replayed_accesses"))
    model.replayedAccesses = countAt(object, "replayed_accesses", path);
  if (model.replayedAccesses > model.sampledAccesses)
    fail(at("replayed_accesses"),
         "more than the sampled_accesses they are part of");
  if (object.contains("dropped_accesses"))
    model.droppedAccesses = countAt(object, "dropped_accesses", path);
  return model;
}

// Whether a census object must have "traffic" when the census has a model:
// host code's (totals, functions, regions and threads) must have the
// top-level model's; kernels and launch records may have the GPU's.
enum class TrafficPresence { Required, Optional };

// The "traffic" of a census object, in the order of the model's levels.
std::vector<LevelTraffic> trafficIn(const json &object, const std::string &path,
                                    const std::optional<TrafficModel> &model,
                                    TrafficPresence presence) {
  std::vector<LevelTraffic> traffic;
  std::string trafficPath = memberPath(path, "traffic");
  auto found = object.find("traffic");
  bool present = found != object.end() && !found->is_null();
  if (!model) {
    if (present)
      fail(trafficPath,
           std::string("modelled bytes, but the census has no traffic model "
                       "(") +
               (presence == TrafficPresence::Required ? "top-level traffic"
                                                      : "gpu.traffic") +
               " is null or absent)");
    return traffic;
  }
  if (!present) {
    if (presence == TrafficPresence::Required)
      fail(path, "missing key \"traffic\" (the census has a traffic model)");
    return traffic;
  }
  const json &levels = objectValue(*found, trafficPath);
  std::vector<std::string> names = model->trafficLevels();
  for (const auto &entry : levels.items())
    if (std::find(names.begin(), names.end(), entry.key()) == names.end())
      fail(memberPath(trafficPath, entry.key()),
           entry.key() == model->levels.front().name
               ? "the first level's bytes are bytes_loaded and bytes_stored"
               : "not a level below " + model->levels.front().name +
                     " in the traffic model (" + listText(names) + ")");
  for (const std::string &name : names) {
    std::string levelPath = memberPath(trafficPath, name);
    const json &bytes =
        objectValue(memberOf(levels, name.c_str(), trafficPath), levelPath);
    traffic.push_back({name,
                       {countAt(bytes, "loaded", levelPath),
                        countAt(bytes, "stored", levelPath)}});
  }
  return traffic;
}

//===----------------------------------------------------------------------===//
// Census objects, continued
//===----------------------------------------------------------------------===//

// The census keys of `object` (totals, a function, a region, a thread, a
// kernel or a launch record), its traffic as `model` and `presence` say.
Counts countsIn(const json &object, const std::string &path,
                const std::optional<TrafficModel> &model,
                TrafficPresence presence) {
  Counts counts;
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
    const char *name = kPrecisionNames[p];
    counts.precisions[p] =
        precisionIn(memberOf(object, name, path), memberPath(path, name));
  }
  counts.bytesLoaded = countAt(object, "bytes_loaded", path);
  counts.bytesStored = countAt(object, "bytes_stored", path);
  counts.traffic = trafficIn(object, path, model, presence);
  return counts;
}

TargetInfo targetIn(const json &object, const std::string &path) {
  return {stringAt(object, "triple", path), stringAt(object, "cpu", path),
          stringAt(object, "features", path)};
}

ModuleRecord moduleIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  ModuleRecord module;
  module.source = stringAt(object, "source", path);
  module.target = targetIn(object, path);
  module.functions = countAt(object, "functions", path);
  return module;
}

// `line` is in censuses from version 3 on.
FunctionRecord functionIn(const json &value, const std::string &path,
                          const std::optional<TrafficModel> &model,
                          std::uint64_t version) {
  const json &object = objectValue(value, path);
  FunctionRecord function;
  function.name = stringAt(object, "name", path);
  function.demangled = stringAt(object, "demangled", path);
  function.module = stringAt(object, "module", path);
  if (version >= 3)
    function.line = countAt(object, "line", path);
  function.calls = countAt(object, "calls", path);
  function.timeS = memberAs(object, "time_s", path, optionalSecondsValue);
  function.threadTimeS =
      memberAs(object, "thread_time_s", path, optionalSecondsValue);
  function.counts = countsIn(object, path, model, TrafficPresence::Required);
  function.rankStats = rankStatsIn(object, path);
  return function;
}

RegionRecord regionIn(const json &value, const std::string &path,
                      const std::optional<TrafficModel> &model) {
  const json &object = objectValue(value, path);
  RegionRecord region;
  region.name = stringAt(object, "name", path);
  region.entries = countAt(object, "entries", path);
  region.timeS = memberAs(object, "time_s", path, nonNegativeValue);
  region.counts = countsIn(object, path, model, TrafficPresence::Required);
  region.rankStats = rankStatsIn(object, path);
  return region;
}

ThreadRecord threadIn(const json &value, const std::string &path,
                      const std::optional<TrafficModel> &model) {
  const json &object = objectValue(value, path);
  ThreadRecord thread;
  thread.index = countAt(object, "index", path);
  thread.tid = countAt(object, "tid", path);
  thread.counts = countsIn(object, path, model, TrafficPresence::Required);
  return thread;
}

//===----------------------------------------------------------------------===//
// Device code
//===----------------------------------------------------------------------===//

std::array<std::uint64_t, 3> dim3Value(const json &value,
                                       const std::string &path) {
  if (!value.is_array())
    fail(path, "expected 3 integers, got " + describe(value));
  if (value.size() != 3)
    fail(path, "expected 3 integers, got " + std::to_string(value.size()) +
                   " values");
  return {countValue(value[0], elementPath(path, 0)),
          countValue(value[1], elementPath(path, 1)),
          countValue(value[2], elementPath(path, 2))};
}

// The bytes_by_space of `object`, which must add up to `counts`' bytes.
BytesBySpace bytesBySpaceIn(const json &object, const std::string &path,
                            const Counts &counts) {
  std::string spacesPath = memberPath(path, "bytes_by_space");
  const json &spaces =
      objectValue(memberOf(object, "bytes_by_space", path), spacesPath);
  BytesBySpace bytes;
  LoadStoreBytes sum;
  for (int space = 0; space < ROOF_NUM_SPACES; ++space) {
    const char *name = kSpaceNames[space];
    std::string spacePath = memberPath(spacesPath, name);
    const json &entry =
        objectValue(memberOf(spaces, name, spacesPath), spacePath);
    bytes[space] = {countAt(entry, "loaded", spacePath),
                    countAt(entry, "stored", spacePath)};
    addLoadStoreBytes(sum, bytes[space]);
  }
  auto check = [&](std::uint64_t spaceSum, std::uint64_t total,
                   const char *direction, const char *key) {
    if (spaceSum != total)
      fail(spacesPath, std::string("the ") + direction +
                           " bytes of the five spaces sum to " +
                           std::to_string(spaceSum) + ", not " + key + " (" +
                           std::to_string(total) + ")");
  };
  check(sum.loaded, counts.bytesLoaded, "loaded", "bytes_loaded");
  check(sum.stored, counts.bytesStored, "stored", "bytes_stored");
  return bytes;
}

LaunchRecord launchIn(const json &value, const std::string &path,
                      const std::optional<TrafficModel> &model) {
  const json &object = objectValue(value, path);
  LaunchRecord launch;
  launch.sequence = countAt(object, "sequence", path);
  launch.grid = memberAs(object, "grid", path, dim3Value);
  launch.block = memberAs(object, "block", path, dim3Value);
  launch.sharedMemoryBytes = countAt(object, "shared_memory_bytes", path);
  launch.stream = countAt(object, "stream", path);
  launch.timeS = memberAs(object, "time_s", path, nonNegativeValue);
  launch.counts = countsIn(object, path, model, TrafficPresence::Optional);
  launch.bytesBySpace = bytesBySpaceIn(object, path, launch.counts);
  return launch;
}

// The first key at which two sets of counts differ, e.g.
// "fp64.classes.fma.empirical", or nothing when they agree.
std::optional<std::string> firstDifference(const Counts &a, const Counts &b) {
  static const char *const kKindNames[] = {"canonical", "empirical",
                                           "full_width"};
  auto differ = [&](const KindCounts &x, const KindCounts &y,
                    const std::string &prefix) -> std::optional<std::string> {
    const std::uint64_t left[] = {x.canonical, x.empirical, x.fullWidth};
    const std::uint64_t right[] = {y.canonical, y.empirical, y.fullWidth};
    for (int kind = 0; kind < 3; ++kind)
      if (left[kind] != right[kind])
        return prefix + kKindNames[kind];
    return std::nullopt;
  };
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
    std::string precision = std::string(kPrecisionNames[p]) + ".";
    for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
      if (auto key =
              differ(a.precisions[p].classes[cls], b.precisions[p].classes[cls],
                     precision + "classes." + kClassNames[cls] + "."))
        return key;
  }
  if (a.bytesLoaded != b.bytesLoaded)
    return std::string("bytes_loaded");
  if (a.bytesStored != b.bytesStored)
    return std::string("bytes_stored");
  return std::nullopt;
}

// What the schema says of a kernel's launch records: at most one per
// counted launch, none without times (total mode), in launch order, and,
// when every counted launch has its record, summing to the kernel.
void checkLaunchRecords(const KernelRecord &kernel, const std::string &path) {
  const std::vector<LaunchRecord> &records = kernel.launchRecords;
  std::string recordsPath = memberPath(path, "launch_records");
  if (records.size() > kernel.countedLaunches)
    fail(recordsPath, std::to_string(records.size()) + " records for " +
                          std::to_string(kernel.countedLaunches) +
                          " counted launches");
  if (!kernel.timeS && !records.empty())
    fail(recordsPath, "records for a kernel without a time_s (total mode "
                      "writes none)");
  for (std::size_t i = 1; i < records.size(); ++i)
    if (records[i].sequence <= records[i - 1].sequence)
      fail(memberPath(elementPath(recordsPath, i), "sequence"),
           std::to_string(records[i].sequence) + " does not follow " +
               std::to_string(records[i - 1].sequence) +
               " (records are in launch order)");
  if (records.empty() || records.size() != kernel.countedLaunches)
    return;
  Counts counts;
  BytesBySpace bytes{};
  for (const LaunchRecord &record : records) {
    addCounts(counts, record.counts);
    addBytesBySpace(bytes, record.bytesBySpace);
  }
  std::optional<std::string> differs = firstDifference(counts, kernel.counts);
  for (int space = 0; space < ROOF_NUM_SPACES && !differs; ++space)
    if (bytes[space].loaded != kernel.bytesBySpace[space].loaded ||
        bytes[space].stored != kernel.bytesBySpace[space].stored)
      differs = std::string("bytes_by_space.") + kSpaceNames[space];
  if (differs)
    fail(recordsPath, "the records of all " + std::to_string(records.size()) +
                          " counted launches do not add up to the kernel's " +
                          *differs);
}

KernelRecord kernelIn(const json &value, const std::string &path,
                      const std::optional<TrafficModel> &model) {
  const json &object = objectValue(value, path);
  KernelRecord kernel;
  kernel.name = stringAt(object, "name", path);
  kernel.demangled = stringAt(object, "demangled", path);
  kernel.module = stringAt(object, "module", path);
  kernel.launches = countAt(object, "launches", path);
  kernel.countedLaunches = countAt(object, "counted_launches", path);
  if (kernel.countedLaunches > kernel.launches)
    fail(memberPath(path, "counted_launches"),
         std::to_string(kernel.countedLaunches) + " is more than launches (" +
             std::to_string(kernel.launches) + ")");
  kernel.timeS = memberAs(object, "time_s", path, optionalSecondsValue);
  kernel.counts = countsIn(object, path, model, TrafficPresence::Optional);
  kernel.bytesBySpace = bytesBySpaceIn(object, path, kernel.counts);
  kernel.launchRecords = arrayAt<LaunchRecord>(
      object, "launch_records", path,
      [&](const json &launch, const std::string &launchPath) {
        return launchIn(launch, launchPath, model);
      });
  checkLaunchRecords(kernel, path);
  kernel.rankStats = rankStatsIn(object, path);
  return kernel;
}

std::optional<GpuInfo> gpuIn(const json &value, const std::string &path) {
  if (value.is_null())
    return std::nullopt;
  const json &object = objectValue(value, path);
  return GpuInfo{stringAt(object, "name", path),
                 stringAt(object, "compute_capability", path),
                 trafficModelIn(object, path)};
}

// `gpu` names the device of the counted launches: null exactly when no
// launch was counted.
void checkGpuAgainstKernels(const Census &census) {
  auto counted = std::find_if(
      census.kernels.begin(), census.kernels.end(),
      [](const KernelRecord &kernel) { return kernel.countedLaunches != 0; });
  bool anyCounted = counted != census.kernels.end();
  if (!census.gpu && anyCounted)
    fail("gpu", "null, but kernels[" +
                    std::to_string(counted - census.kernels.begin()) +
                    "] has " + std::to_string(counted->countedLaunches) +
                    " counted launches");
  if (census.gpu && !anyCounted)
    fail("gpu", "a device, but no kernel launch was counted (expected null)");
}

Census censusIn(const json &root) {
  std::uint64_t version =
      checkDocumentHeader(root, kCensusSchema, kOldestCensusSchemaVersion,
                          kCensusSchemaVersion, "a roof census");

  const std::string top;
  Census census;
  census.program = stringAt(root, "program", top);
  census.commandLine =
      arrayAt<std::string>(root, "command_line", top, stringValue);
  census.pid = countAt(root, "pid", top);
  const json &rank = memberOf(root, "mpi_rank", top);
  if (!rank.is_null())
    census.mpiRank = countValue(rank, "mpi_rank");
  census.startTime = stringAt(root, "start_time", top);
  census.wallTimeS = memberAs(root, "wall_time_s", top, nonNegativeValue);
  if (root.contains("ended_by") && !root["ended_by"].is_null())
    census.endedBy = stringAt(root, "ended_by", top);
  census.timerHz = memberAs(root, "timer_hz", top, nonNegativeValue);
  census.target =
      targetIn(objectValue(memberOf(root, "target", top), "target"), "target");
  census.modules = arrayAt<ModuleRecord>(root, "modules", top, moduleIn);

  census.overflow = memberAs(root, "overflow", top, boolValue);

  census.traffic = trafficModelIn(root, top);
  // Every scope's traffic is read against the model.
  auto withModel = [&](auto readScope) {
    return [&census, readScope](const json &value, const std::string &path) {
      return readScope(value, path, census.traffic);
    };
  };
  census.totals = countsIn(objectValue(memberOf(root, "totals", top), "totals"),
                           "totals", census.traffic, TrafficPresence::Required);
  census.functions = arrayAt<FunctionRecord>(
      root, "functions", top, [&](const json &value, const std::string &path) {
        return functionIn(value, path, census.traffic, version);
      });
  census.regions =
      arrayAt<RegionRecord>(root, "regions", top, withModel(regionIn));
  census.threads =
      arrayAt<ThreadRecord>(root, "threads", top, withModel(threadIn));
  census.gpu = memberAs(root, "gpu", top, gpuIn);
  // Kernels' traffic is read against the GPU's model.
  census.kernels = arrayAt<KernelRecord>(
      root, "kernels", top, [&](const json &value, const std::string &path) {
        return kernelIn(value, path,
                        census.gpu ? census.gpu->traffic : std::nullopt);
      });
  checkGpuAgainstKernels(census);
  census.ranks = mergedRanksIn(root);
  checkRankStats(census);
  return census;
}

} // namespace

Census parseCensus(std::string_view text) {
  return censusIn(parseDocument(text, "a roof census in JSON"));
}

Census readCensusFile(const std::string &path) {
  try {
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored))
      fail("", "is a directory, not a census file");
    std::ifstream file(path, std::ios::binary);
    if (!file)
      fail("", std::string("cannot open: ") + std::strerror(errno));
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad())
      fail("", std::string("cannot read: ") + std::strerror(errno));
    return parseCensus(text.str());
  } catch (const InputError &error) {
    throw InputError(path + ": " + error.what());
  }
}

} // namespace roof
