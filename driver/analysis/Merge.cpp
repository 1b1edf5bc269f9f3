//===- driver/analysis/Merge.cpp - One census from many (MPI ranks) -------===//
//
// Every census is first seen as a merge (of one rank, when it is a single
// process's: MergedRanks and RankStats made of its own numbers), so that a
// rank's census and a merged census fold in by the same code.
//
//===----------------------------------------------------------------------===//
#include "Merge.h"

#include "InputFile.h"
#include "Metrics.h"
#include "Text.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <set>
#include <type_traits>
#include <unordered_map>

namespace roof {

namespace {

// The ended_by of a census that has none.
constexpr const char *kUnknownEnding = "unknown";

//===----------------------------------------------------------------------===//
// Rank statistics
//===----------------------------------------------------------------------===//

// A statistic being accumulated from those of the censuses folded in.
struct StatSum {
  std::uint64_t ranks = 0;
  double sum = 0;
  double min = std::numeric_limits<double>::infinity();
  double max = 0;

  void add(const std::optional<RankStat> &stat) {
    if (!stat)
      return;
    ranks = saturatingAdd(ranks, stat->ranks);
    sum += stat->mean * static_cast<double>(stat->ranks);
    min = std::min(min, stat->min);
    max = std::max(max, stat->max);
  }

  // The statistic over `allRanks` ranks, the ranks that added nothing
  // counting 0; none when nothing was added.
  std::optional<RankStat> over(std::uint64_t allRanks) const {
    if (ranks == 0)
      return std::nullopt;
    RankStat stat{allRanks, ranks < allRanks ? 0 : min, 0, max};
    // The mean of equal values can round 1 ulp outside them.
    stat.mean =
        std::clamp(sum / static_cast<double>(allRanks), stat.min, stat.max);
    return stat;
  }
};

struct ScopeSums {
  std::uint64_t ranks = 0;
  StatSum timeS;
  StatSum flops;
  StatSum gflops;

  void add(const RankStats &stats) {
    ranks = saturatingAdd(ranks, stats.ranks);
    timeS.add(stats.timeS);
    flops.add(stats.flops);
    gflops.add(stats.gflops);
  }

  // Time and FLOPs over every rank of the merge, a rate over the ranks that
  // have one.
  RankStats over(std::uint64_t allRanks) const {
    return {ranks, timeS.over(allRanks), *flops.over(allRanks),
            gflops.over(gflops.ranks)};
  }
};

// The statistics of a scope of one process, which ran for `timeS`.
RankStats oneRankStats(std::optional<double> timeS, const Counts &counts) {
  auto one = [](double value) { return RankStat{1, value, value, value}; };
  KindCounts flops = flopsOfAllPrecisions(counts);
  RankStats stats{1, std::nullopt, one(static_cast<double>(flops.empirical)),
                  std::nullopt};
  if (timeS) {
    stats.timeS = one(*timeS);
    if (std::optional<double> rate =
            deriveMetrics(flops, counts, timeS).gflopsEmpirical)
      stats.gflops = one(*rate);
  }
  return stats;
}

std::optional<double> timeOf(const FunctionRecord &function) {
  return function.timeS;
}
std::optional<double> timeOf(const RegionRecord &region) {
  return region.timeS;
}
std::optional<double> timeOf(const KernelRecord &kernel) {
  return kernel.timeS;
}

template <typename Record> RankStats statsOf(const Record &record) {
  return record.rankStats ? *record.rankStats
                          : oneRankStats(timeOf(record), record.counts);
}

// The "ranks" of `census`, also when it is one process's.
MergedRanks ranksOf(const Census &census) {
  if (census.ranks)
    return *census.ranks;
  MergedRanks ranks;
  ranks.count = 1;
  if (census.mpiRank)
    ranks.mpiRanks = {{*census.mpiRank, *census.mpiRank}};
  ranks.endedBy[census.endedBy.value_or(kUnknownEnding)] = 1;
  ranks.totals = oneRankStats(census.wallTimeS, census.totals);
  return ranks;
}

//===----------------------------------------------------------------------===//
// Scopes matched by identity
//===----------------------------------------------------------------------===//

// What matches a scope over the ranks: a function's or kernel's name and
// module, a region's name, a thread's index.
template <typename Record> std::string keyOf(const Record &record) {
  if constexpr (std::is_same_v<Record, ThreadRecord>)
    return std::to_string(record.index);
  else if constexpr (std::is_same_v<Record, RegionRecord>)
    return record.name;
  else
    return record.name + '\0' + record.module;
}

// A record with the identity of `record` and nothing counted yet. A thread's
// tid, a kernel's launch records, are one process's and not kept.
template <typename Record> Record identityOf(const Record &record) {
  Record identity;
  if constexpr (std::is_same_v<Record, ThreadRecord>) {
    identity.index = record.index;
  } else {
    identity.name = record.name;
    if constexpr (!std::is_same_v<Record, RegionRecord>) {
      identity.demangled = record.demangled;
      identity.module = record.module;
    }
  }
  return identity;
}

std::optional<double> maxOf(std::optional<double> a, std::optional<double> b) {
  if (!a || !b)
    return a ? a : b;
  return std::max(*a, *b);
}

std::optional<double> sumOf(std::optional<double> a, std::optional<double> b) {
  if (!a || !b)
    return a ? a : b;
  return *a + *b;
}

void mergeInto(FunctionRecord &into, const FunctionRecord &from) {
  // A census of schema version 2 has no lines (0).
  if (into.line == 0)
    into.line = from.line;
  into.calls = saturatingAdd(into.calls, from.calls);
  into.timeS = maxOf(into.timeS, from.timeS);
  into.threadTimeS = sumOf(into.threadTimeS, from.threadTimeS);
  addCounts(into.counts, from.counts);
}
void mergeInto(RegionRecord &into, const RegionRecord &from) {
  into.entries = saturatingAdd(into.entries, from.entries);
  into.timeS = std::max(into.timeS, from.timeS);
  addCounts(into.counts, from.counts);
}
void mergeInto(KernelRecord &into, const KernelRecord &from) {
  into.launches = saturatingAdd(into.launches, from.launches);
  into.countedLaunches =
      saturatingAdd(into.countedLaunches, from.countedLaunches);
  into.timeS = maxOf(into.timeS, from.timeS);
  addCounts(into.counts, from.counts);
  addBytesBySpace(into.bytesBySpace, from.bytesBySpace);
}
void mergeInto(ThreadRecord &into, const ThreadRecord &from) {
  addCounts(into.counts, from.counts);
}

// True when any count of `counts` is 2^64-1: a sum saturated.
bool anySaturated(const Counts &counts) {
  auto saturated = [](const KindCounts &kinds) {
    return isSaturated(kinds.canonical) || isSaturated(kinds.empirical) ||
           isSaturated(kinds.fullWidth);
  };
  for (const PrecisionCounts &precision : counts.precisions)
    if (saturated(precision.flops) ||
        std::any_of(precision.classes.begin(), precision.classes.end(),
                    saturated))
      return true;
  return isSaturated(counts.bytesLoaded) || isSaturated(counts.bytesStored);
}

// The merged functions, regions, kernels or threads, in order of first
// appearance, each with the statistics of its ranks (threads have none).
template <typename Record> struct MergedScopes {
  static constexpr bool kHasRankStats = !std::is_same_v<Record, ThreadRecord>;

  std::vector<Record> records;
  std::vector<ScopeSums> sums;
  std::unordered_map<std::string, std::size_t> positions;

  // Folds `from` in; returns true when a sum saturated.
  bool add(const std::vector<Record> &from) {
    bool saturated = false;
    for (const Record &record : from) {
      auto [found, isNew] =
          positions.try_emplace(keyOf(record), records.size());
      if (isNew) {
        records.push_back(identityOf(record));
        sums.emplace_back();
      }
      Record &merged = records[found->second];
      mergeInto(merged, record);
      if constexpr (kHasRankStats)
        sums[found->second].add(statsOf(record));
      saturated |= anySaturated(merged.counts);
    }
    return saturated;
  }

  std::vector<Record> over(std::uint64_t allRanks) const {
    std::vector<Record> result = records;
    if constexpr (kHasRankStats)
      for (std::size_t i = 0; i < result.size(); ++i)
        result[i].rankStats = sums[i].over(allRanks);
    return result;
  }
};

//===----------------------------------------------------------------------===//
// MPI ranks
//===----------------------------------------------------------------------===//

// Inclusive ranges of ranks, by first rank; touching ranges are joined.
using RankSet = std::map<std::uint64_t, std::uint64_t>;

// The first rank of [first, last] that `set` holds, if any.
std::optional<std::uint64_t> firstHeld(const RankSet &set, std::uint64_t first,
                                       std::uint64_t last) {
  auto after = set.upper_bound(first);
  if (after != set.begin() && std::prev(after)->second >= first)
    return first;
  if (after != set.end() && after->first <= last)
    return after->first;
  return std::nullopt;
}

// Adds [first, last] to `set`, joining the ranges it overlaps or touches.
void addRanks(RankSet &set, std::uint64_t first, std::uint64_t last) {
  auto touches = [](std::uint64_t end, std::uint64_t start) {
    return end == std::numeric_limits<std::uint64_t>::max() || end + 1 >= start;
  };
  auto at = set.upper_bound(first);
  if (at != set.begin() && touches(std::prev(at)->second, first))
    --at;
  while (at != set.end() && touches(last, at->first)) {
    first = std::min(first, at->first);
    last = std::max(last, at->second);
    at = set.erase(at);
  }
  set.emplace(first, last);
}

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

// The .json files directly in `folder`, in name order, but `output`.
std::vector<std::string> jsonFilesIn(const std::string &folder,
                                     const std::optional<std::string> &output) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  try {
    for (const fs::directory_entry &entry : fs::directory_iterator(folder)) {
      std::error_code ignored;
      if (entry.path().extension() != ".json" || entry.is_directory(ignored) ||
          (output && fs::equivalent(entry.path(), *output, ignored)))
        continue;
      files.push_back(entry.path().string());
    }
  } catch (const fs::filesystem_error &error) {
    throw InputError(folder +
                     ": cannot list the folder: " + error.code().message());
  }
  if (files.empty())
    throw InputError(folder + ": no .json file in the folder");
  std::sort(files.begin(), files.end());
  return files;
}

//===----------------------------------------------------------------------===//
// Traffic
//===----------------------------------------------------------------------===//

// "L1 49152 B (12 ways, 4 of 64 sets sampled), L2 1048576 B, DRAM
// (sampled-lru, 64 B lines, sampling rate 0.0078125)", or "none".
std::string hierarchyText(const std::optional<TrafficModel> &model) {
  if (!model)
    return "none";
  std::string text;
  for (const CacheLevel &level : model->levels)
    text += level.name + " " + std::to_string(level.bytes) + " B" +
            (level.ways ? " (" + std::to_string(level.ways) + " ways, " +
                              std::to_string(level.sampledSets) + " of " +
                              std::to_string(level.sets) + " sets sampled)"
                        : "") +
            ", ";
  return text + model->memory + " (" + model->model + ", " +
         std::to_string(model->lineBytes) + " B lines, sampling rate " +
         exactDecimal(model->samplingRate) + ")";
}

bool sameHierarchy(const std::optional<TrafficModel> &a,
                   const std::optional<TrafficModel> &b) {
  return a && b ? a->sameHierarchy(*b) : !a && !b;
}

// Drops the modelled traffic of every host scope of `census`.
void forgetHostTraffic(Census &census) {
  census.traffic.reset();
  census.totals.traffic.clear();
  for (FunctionRecord &function : census.functions)
    function.counts.traffic.clear();
  for (RegionRecord &region : census.regions)
    region.counts.traffic.clear();
  for (ThreadRecord &thread : census.threads)
    thread.counts.traffic.clear();
}

// Drops the modelled traffic of every kernel and launch of `census`.
void forgetKernelTraffic(Census &census) {
  if (census.gpu)
    census.gpu->traffic.reset();
  for (KernelRecord &kernel : census.kernels) {
    kernel.counts.traffic.clear();
    for (LaunchRecord &launch : kernel.launchRecords)
      launch.counts.traffic.clear();
  }
}

// A traffic model merged over censuses: the host's or the GPU's.
struct MergedModel {
  explicit MergedModel(const char *what) : what(what) {}

  const char *what; // "traffic model", "GPU traffic model"
  bool seen = false;
  std::string firstPath; // of the first census with this side
  std::optional<TrafficModel> model;
  // Set when --force merged censuses of different models: the result has
  // no traffic on this side.
  bool dropped = false;

  // Folds in `other`, the model of the census at `path`.
  void add(const std::optional<TrafficModel> &other, const std::string &path,
           bool force) {
    if (!seen) {
      seen = true;
      firstPath = path;
      model = other;
      return;
    }
    if (dropped)
      return;
    if (!sameHierarchy(model, other)) {
      std::string difference = std::string(what) + " " + hierarchyText(other) +
                               " is not " + hierarchyText(model) +
                               ", that of " + firstPath;
      if (!force)
        throw InputError(difference + " (--force merges them without "
                                      "traffic)");
      std::cerr << "roof: warning: " << path << ": " << difference
                << "; merged without traffic (--force)\n";
      dropped = true;
      return;
    }
    if (!model)
      return;
    model->sampledAccesses =
        saturatingAdd(model->sampledAccesses, other->sampledAccesses);
    model->replayedAccesses =
        saturatingAdd(model->replayedAccesses, other->replayedAccesses);
    if (model->droppedAccesses && other->droppedAccesses)
      model->droppedAccesses =
          saturatingAdd(*model->droppedAccesses, *other->droppedAccesses);
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// CensusMerger
//===----------------------------------------------------------------------===//

struct CensusMerger::State {
  MergeOptions options;
  std::string firstPath; // for "not the program of FIRST"
  Census merged;         // the census-wide fields; scopes are below
  // Program, command line, target and timer rate come from the census
  // with the lowest rank (the first of those without a rank when none has
  // one): kNoRank sorts after every rank.
  static constexpr std::uint64_t kNoRank =
      std::numeric_limits<std::uint64_t>::max();
  std::optional<std::uint64_t> representative;
  std::optional<std::uint64_t> gpuRank; // whose gpu `merged.gpu` is
  std::unordered_map<std::string, std::size_t> modulePositions;

  std::uint64_t count = 0;
  RankSet mpiRanks;
  // The censuses without a rank, by pid and start time: the same census
  // given twice is refused like a rank given twice.
  std::set<std::pair<std::uint64_t, std::string>> processes;
  std::map<std::string, std::uint64_t> endedBy;
  ScopeSums totals;
  MergedScopes<FunctionRecord> functions;
  MergedScopes<RegionRecord> regions;
  MergedScopes<KernelRecord> kernels;
  MergedScopes<ThreadRecord> threads;
  MergedModel hostTraffic{"traffic model"};
  MergedModel gpuTraffic{"GPU traffic model"};
};

CensusMerger::CensusMerger(MergeOptions options)
    : state_(std::make_unique<State>()) {
  state_->options = options;
}

CensusMerger::~CensusMerger() = default;

void CensusMerger::add(const Census &census, const std::string &path) {
  State &state = *state_;
  Census &merged = state.merged;
  MergedRanks ranks = ranksOf(census);
  bool first = state.count == 0;
  if (!first && census.program != merged.program && !state.options.force)
    throw InputError("program " + census.program + " is not " + merged.program +
                     ", the program of " + state.firstPath +
                     " (--force merges censuses of different programs)");
  // A refused census ends the merge: what it changed does not matter.
  for (const auto &[firstRank, lastRank] : ranks.mpiRanks) {
    std::optional<std::uint64_t> repeated =
        firstHeld(state.mpiRanks, firstRank, lastRank);
    if (repeated && !state.options.force)
      throw InputError("rank " + std::to_string(*repeated) +
                       " is merged already (two runs in one folder, or a "
                       "merged census with its ranks? --force merges it "
                       "again)");
    addRanks(state.mpiRanks, firstRank, lastRank);
  }
  if (!census.ranks && !census.mpiRank &&
      !state.processes.emplace(census.pid, census.startTime).second &&
      !state.options.force)
    throw InputError("process " + std::to_string(census.pid) + " started " +
                     census.startTime +
                     " is merged already (the same census twice? --force "
                     "merges it again)");
  state.hostTraffic.add(census.traffic, path, state.options.force);
  if (census.gpu)
    state.gpuTraffic.add(census.gpu->traffic, path, state.options.force);
  std::uint64_t rank =
      ranks.mpiRanks.empty() ? State::kNoRank : ranks.mpiRanks.front().first;
  if (!state.representative || rank < *state.representative) {
    state.representative = rank;
    merged.program = census.program;
    merged.commandLine = census.commandLine;
    merged.timerHz = census.timerHz;
    merged.target = census.target;
  }
  if (census.gpu && (!state.gpuRank || rank < *state.gpuRank)) {
    state.gpuRank = rank;
    merged.gpu = census.gpu;
  }
  if (first)
    state.firstPath = path;
  // ISO 8601 UTC times to the second sort as text.
  if (first || census.startTime < merged.startTime)
    merged.startTime = census.startTime;
  merged.wallTimeS = std::max(merged.wallTimeS, census.wallTimeS);
  for (const ModuleRecord &module : census.modules)
    if (state.modulePositions.try_emplace(module.source, merged.modules.size())
            .second)
      merged.modules.push_back(module);

  state.count = saturatingAdd(state.count, ranks.count);
  for (const auto &[ending, count] : ranks.endedBy)
    state.endedBy[ending] = saturatingAdd(state.endedBy[ending], count);
  state.totals.add(ranks.totals);
  addCounts(merged.totals, census.totals);
  bool saturated = anySaturated(merged.totals);
  saturated |= state.functions.add(census.functions);
  saturated |= state.regions.add(census.regions);
  saturated |= state.kernels.add(census.kernels);
  saturated |= state.threads.add(census.threads);
  merged.overflow = merged.overflow || census.overflow || saturated;
}

Census CensusMerger::result() const {
  const State &state = *state_;
  Census census = state.merged;
  // One ending for all, or none.
  if (state.endedBy.size() == 1 &&
      state.endedBy.begin()->first != kUnknownEnding)
    census.endedBy = state.endedBy.begin()->first;
  census.functions = state.functions.over(state.count);
  census.regions = state.regions.over(state.count);
  census.kernels = state.kernels.over(state.count);
  census.threads = state.threads.over(state.count);
  MergedRanks ranks;
  ranks.count = state.count;
  ranks.mpiRanks.assign(state.mpiRanks.begin(), state.mpiRanks.end());
  ranks.endedBy = state.endedBy;
  ranks.totals = state.totals.over(state.count);
  census.ranks = std::move(ranks);
  census.traffic = state.hostTraffic.model;
  if (state.hostTraffic.dropped)
    forgetHostTraffic(census);
  if (census.gpu)
    census.gpu->traffic = state.gpuTraffic.model;
  if (state.gpuTraffic.dropped)
    forgetKernelTraffic(census);
  return census;
}

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

std::vector<std::string>
censusFilesOf(const std::vector<std::string> &arguments,
              const std::optional<std::string> &output) {
  std::vector<std::string> files;
  for (const std::string &argument : arguments) {
    std::error_code ignored;
    if (!std::filesystem::is_directory(argument, ignored)) {
      files.push_back(argument);
      continue;
    }
    std::vector<std::string> inFolder = jsonFilesIn(argument, output);
    files.insert(files.end(), inFolder.begin(), inFolder.end());
  }
  return files;
}

void mergeCensusFile(CensusMerger &merger, const std::string &path) {
  // Read, folded in and dropped: one census in memory at a time.
  Census census = readCensusFile(path);
  try {
    merger.add(census, path);
  } catch (const InputError &error) {
    throw InputError(path + ": " + error.what());
  }
}

Census readCensusInputs(const std::vector<std::string> &arguments,
                        const MergeOptions &options) {
  std::vector<std::string> files = censusFilesOf(arguments);
  if (arguments.size() == 1 && files == arguments)
    return readCensusFile(files.front());
  CensusMerger merger(options);
  for (const std::string &path : files)
    mergeCensusFile(merger, path);
  return merger.result();
}

std::string censusInputsName(const std::vector<std::string> &arguments) {
  if (arguments.size() == 1)
    return arguments.front();
  return arguments.front() + " and " + std::to_string(arguments.size() - 1) +
         " more";
}

} // namespace roof
