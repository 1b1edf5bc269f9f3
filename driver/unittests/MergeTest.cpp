//===- driver/unittests/MergeTest.cpp - roof merge's folding --------------===//
//
// Censuses of ranks whose numbers are chosen to be exact in binary (FLOPs in
// thousands, times in whole or half seconds), so that sums, means and the
// statistics of stacked merges compare exactly.
//
//===----------------------------------------------------------------------===//
#include "Merge.h"

#include "Commands.h"
#include "Json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace roof {
namespace {

// `flops` fp64 FMA FLOPs (every kind), 16 bytes loaded and 8 stored per
// FLOP pair.
Counts fmaCounts(std::uint64_t flops) {
  Counts counts;
  PrecisionCounts &fp64 = counts.precisions[ROOF_FP64];
  fp64.classes[ROOF_CLASS_FMA] = {flops, flops, flops};
  fp64.flops = {flops, flops, flops};
  counts.bytesLoaded = 8 * flops;
  counts.bytesStored = 4 * flops;
  return counts;
}

FunctionRecord function(const std::string &name, const std::string &module,
                        std::uint64_t flops, std::optional<double> timeS) {
  FunctionRecord record;
  record.name = name;
  record.demangled = name;
  record.module = module;
  record.calls = 1;
  record.timeS = timeS;
  record.threadTimeS = timeS;
  record.counts = fmaCounts(flops);
  return record;
}

// Rank `rank` does (rank + 1) * 1000 FLOPs in daxpy and its region, on one
// thread, in rank + 1 seconds.
Census rankCensus(std::uint64_t rank) {
  std::uint64_t flops = (rank + 1) * 1000;
  double seconds = static_cast<double>(rank + 1);
  Census census;
  census.program = "/bin/app";
  census.commandLine = {"app", "rank" + std::to_string(rank)};
  census.pid = 100 + rank;
  census.mpiRank = rank;
  census.startTime = "2026-11-25T10:00:0" + std::to_string(9 - rank % 10) + "Z";
  census.wallTimeS = seconds;
  census.endedBy = "exit";
  census.timerHz = 1e9;
  census.totals = fmaCounts(flops);
  census.functions.push_back(function("daxpy", "a.c", flops, seconds / 2));
  RegionRecord region;
  region.name = "solve";
  region.entries = 2;
  region.timeS = seconds;
  region.counts = fmaCounts(flops);
  census.regions.push_back(region);
  ThreadRecord thread;
  thread.tid = 100 + rank;
  thread.counts = fmaCounts(flops);
  census.threads.push_back(thread);
  return census;
}

Census merge(const std::vector<Census> &censuses, MergeOptions options = {}) {
  CensusMerger merger(options);
  for (const Census &census : censuses)
    merger.add(census, "rank.json");
  return merger.result();
}

// Why merging `censuses` is refused, or "merged".
std::string mergeRefusal(const std::vector<Census> &censuses) {
  try {
    merge(censuses);
  } catch (const InputError &error) {
    return error.what();
  }
  return "merged";
}

std::vector<Census> ranks(std::uint64_t count) {
  std::vector<Census> censuses;
  for (std::uint64_t rank = 0; rank < count; ++rank)
    censuses.push_back(rankCensus(rank));
  return censuses;
}

TEST(MergeTest, SumsCountsAndKeepsTheSlowestRanksTimes) {
  Census merged = merge(ranks(4));
  EXPECT_EQ(merged.totals.precisions[ROOF_FP64].flops.empirical, 10000u);
  EXPECT_EQ(merged.totals.bytesLoaded, 80000u);
  EXPECT_EQ(merged.wallTimeS, 4.0);
  ASSERT_EQ(merged.functions.size(), 1u);
  EXPECT_EQ(merged.functions[0].calls, 4u);
  EXPECT_EQ(merged.functions[0].timeS, 2.0);       // the slowest rank's
  EXPECT_EQ(merged.functions[0].threadTimeS, 5.0); // summed
  ASSERT_EQ(merged.regions.size(), 1u);
  EXPECT_EQ(merged.regions[0].entries, 8u);
  EXPECT_EQ(merged.regions[0].timeS, 4.0);
  // Threads by index; a tid is one process's.
  ASSERT_EQ(merged.threads.size(), 1u);
  EXPECT_EQ(merged.threads[0].tid, 0u);
  EXPECT_EQ(merged.threads[0].counts.bytesStored, 40000u);
}

TEST(MergeTest, TakesTheLowestRanksIdentityAndTheEarliestStart) {
  std::vector<Census> censuses = ranks(3);
  std::swap(censuses[0], censuses[2]);
  Census merged = merge(censuses);
  EXPECT_EQ(merged.commandLine.back(), "rank0");
  EXPECT_EQ(merged.startTime, "2026-11-25T10:00:07Z"); // rank 2's
  EXPECT_EQ(merged.pid, 0u);
  EXPECT_FALSE(merged.mpiRank);
  EXPECT_EQ(merged.endedBy, "exit");
}

TEST(MergeTest, RankStatisticsOfTheProgram) {
  Census merged = merge(ranks(4));
  ASSERT_TRUE(merged.ranks);
  EXPECT_EQ(merged.ranks->count, 4u);
  EXPECT_EQ(merged.ranks->mpiRanks, (RankRanges{{0, 3}}));
  EXPECT_EQ(merged.ranks->endedBy.at("exit"), 4u);
  const RankStats &totals = merged.ranks->totals;
  EXPECT_EQ(totals.ranks, 4u);
  // FLOPs 1000, 2000, 3000, 4000: mean 2500, imbalance 4000/2500 - 1.
  EXPECT_EQ(totals.flops.min, 1000.0);
  EXPECT_EQ(totals.flops.mean, 2500.0);
  EXPECT_EQ(totals.flops.max, 4000.0);
  EXPECT_DOUBLE_EQ(*imbalance(totals.flops), 0.6);
  ASSERT_TRUE(totals.timeS);
  EXPECT_EQ(totals.timeS->mean, 2.5);
  // Every rank runs at 1000 FLOPs per second: balanced.
  ASSERT_TRUE(totals.gflops);
  EXPECT_EQ(totals.gflops->max, 1e-6);
  EXPECT_EQ(*imbalance(*totals.gflops), 0.0);
}

TEST(MergeTest, AScopeMissingFromARankCountsZeroThere) {
  std::vector<Census> censuses = ranks(4);
  censuses[1].functions.push_back(function("setup", "a.c", 4000, 2.0));
  Census merged = merge(censuses);
  ASSERT_EQ(merged.functions.size(), 2u);
  const RankStats &setup = *merged.functions[1].rankStats;
  EXPECT_EQ(setup.ranks, 1u);
  EXPECT_EQ(setup.flops.ranks, 4u);
  EXPECT_EQ(setup.flops.min, 0.0);
  EXPECT_EQ(setup.flops.mean, 1000.0);
  EXPECT_EQ(setup.flops.max, 4000.0);
  EXPECT_EQ(*imbalance(setup.flops), 3.0);
  EXPECT_EQ(setup.timeS->min, 0.0);
  EXPECT_EQ(setup.timeS->mean, 0.5);
  // A rate only where it ran.
  EXPECT_EQ(setup.gflops->ranks, 1u);
  EXPECT_EQ(setup.gflops->mean, 2e-6);
}

TEST(MergeTest, UntimedScopesHaveNoTimeStatistics) {
  std::vector<Census> censuses = ranks(2);
  for (Census &census : censuses)
    census.functions[0].timeS = std::nullopt;
  Census merged = merge(censuses);
  const RankStats &daxpy = *merged.functions[0].rankStats;
  EXPECT_FALSE(merged.functions[0].timeS);
  EXPECT_FALSE(daxpy.timeS);
  EXPECT_FALSE(daxpy.gflops);
  EXPECT_EQ(daxpy.flops.max, 2000.0);
}

TEST(MergeTest, MatchesFunctionsByNameAndModule) {
  std::vector<Census> censuses = ranks(2);
  censuses[1].functions[0].module = "b.c";
  Census merged = merge(censuses);
  ASSERT_EQ(merged.functions.size(), 2u);
  EXPECT_EQ(merged.functions[0].module, "a.c");
  EXPECT_EQ(merged.functions[1].module, "b.c");
  EXPECT_EQ(merged.functions[1].rankStats->ranks, 1u);
}

TEST(MergeTest, ListsRanksAsRanges) {
  std::vector<Census> censuses;
  for (std::uint64_t rank : {8, 1, 5, 0, 7, 2})
    censuses.push_back(rankCensus(rank));
  Census withoutRank = rankCensus(3);
  withoutRank.mpiRank = std::nullopt;
  censuses.push_back(withoutRank);
  Census merged = merge(censuses);
  EXPECT_EQ(merged.ranks->count, 7u);
  EXPECT_EQ(merged.ranks->mpiRanks, (RankRanges{{0, 2}, {5, 5}, {7, 8}}));
  EXPECT_EQ(rankRangesText(merged.ranks->mpiRanks), "0-2,5,7-8");
  EXPECT_EQ(merged.commandLine.back(), "rank0");
}

TEST(MergeTest, RefusesARankTwiceUnlessForced) {
  std::vector<Census> censuses = ranks(3);
  censuses.push_back(rankCensus(1));
  std::string refusal = mergeRefusal(censuses);
  EXPECT_EQ(refusal.rfind("rank 1 is merged already", 0), 0u) << refusal;
  Census forced = merge(censuses, {true});
  EXPECT_EQ(forced.ranks->count, 4u);
  EXPECT_EQ(forced.ranks->mpiRanks, (RankRanges{{0, 2}}));
}

TEST(MergeTest, RefusesAnotherProgramUnlessForced) {
  std::vector<Census> censuses = ranks(2);
  censuses[1].program = "/bin/other";
  EXPECT_EQ(mergeRefusal(censuses),
            "program /bin/other is not /bin/app, the program of "
            "rank.json (--force merges censuses of different programs)");
  EXPECT_EQ(merge(censuses, {true}).program, "/bin/app");
}

TEST(MergeTest, SaysWhenSumsSaturate) {
  std::vector<Census> censuses = ranks(2);
  for (Census &census : censuses)
    census.totals.bytesLoaded = kSaturated / 2 + 1;
  Census merged = merge(censuses);
  EXPECT_TRUE(merged.overflow);
  EXPECT_EQ(merged.totals.bytesLoaded, kSaturated);
}

TEST(MergeTest, MixedEndingsAreCountedNotNamed) {
  std::vector<Census> censuses = ranks(3);
  censuses[1].endedBy = "SIGTERM";
  censuses[2].endedBy = std::nullopt;
  Census merged = merge(censuses);
  EXPECT_FALSE(merged.endedBy);
  EXPECT_EQ(merged.ranks->endedBy,
            (std::map<std::string, std::uint64_t>{
                {"SIGTERM", 1}, {"exit", 1}, {"unknown", 1}}));
}

TEST(MergeTest, KernelsLoseTheirLaunchRecords) {
  std::vector<Census> censuses = ranks(2);
  for (Census &census : censuses) {
    KernelRecord kernel;
    kernel.name = "k";
    kernel.module = "k.cu";
    kernel.launches = 3;
    kernel.countedLaunches = 1;
    kernel.timeS = 0.25;
    kernel.counts = fmaCounts(64);
    kernel.bytesBySpace[ROOF_SPACE_GLOBAL] = {512, 256};
    LaunchRecord launch;
    launch.timeS = 0.25;
    launch.counts = kernel.counts;
    launch.bytesBySpace = kernel.bytesBySpace;
    kernel.launchRecords.push_back(launch);
    census.kernels.push_back(kernel);
    census.gpu = GpuInfo{"GPU of " + std::to_string(*census.mpiRank), "9.0"};
  }
  std::swap(censuses[0], censuses[1]);
  Census merged = merge(censuses);
  ASSERT_EQ(merged.kernels.size(), 1u);
  const KernelRecord &kernel = merged.kernels[0];
  EXPECT_EQ(kernel.launches, 6u);
  EXPECT_EQ(kernel.countedLaunches, 2u);
  EXPECT_EQ(kernel.timeS, 0.25);
  EXPECT_EQ(kernel.bytesBySpace[ROOF_SPACE_GLOBAL].loaded, 1024u);
  EXPECT_TRUE(kernel.launchRecords.empty());
  EXPECT_EQ(merged.gpu->name, "GPU of 0");
  // Still a valid census.
  EXPECT_NO_THROW(parseCensus(censusJson(merged).dump()));
}

// Merging merged censuses (per node, then per job) gives what one merge of
// all the ranks gives.
// A traffic model of L1, L2 and DRAM, and every scope of `census` with
// `l2` bytes loaded from L2 and half as many from DRAM, a quarter of them
// written back to each.
// A model of an L1 and an L2 (capacities `l1` and `l2` from `from`) above
// DRAM that sampled `sampled` accesses.
TrafficModel cachesModel(std::uint64_t lineBytes, double samplingRate,
                         std::uint64_t l1, std::uint64_t l2, const char *from,
                         std::uint64_t sampled) {
  TrafficModel model;
  model.model = "sampled-lru";
  model.lineBytes = lineBytes;
  model.samplingRate = samplingRate;
  model.levels = {{"L1", l1, from}, {"L2", l2, from}};
  model.memory = "DRAM";
  model.sampledAccesses = sampled;
  return model;
}

Census withTraffic(Census census, std::uint64_t l2) {
  census.traffic = cachesModel(64, 0.5, 49152, 1048576, "sysfs", l2);
  census.traffic->replayedAccesses = l2 / 2;
  std::vector<LevelTraffic> traffic = {{"L2", {l2, l2 / 4}},
                                       {"DRAM", {l2 / 2, l2 / 4}}};
  census.totals.traffic = traffic;
  census.functions[0].counts.traffic = traffic;
  census.regions[0].counts.traffic = traffic;
  census.threads[0].counts.traffic = traffic;
  return census;
}

TEST(MergeTest, SumsTraffic) {
  Census merged = merge(
      {withTraffic(rankCensus(0), 1000), withTraffic(rankCensus(1), 3000)});
  ASSERT_TRUE(merged.traffic);
  EXPECT_EQ(merged.traffic->sampledAccesses, 4000u);
  EXPECT_EQ(merged.traffic->replayedAccesses, 2000u);
  EXPECT_EQ(merged.traffic->levels.size(), 2u);
  for (const Counts *counts :
       {&merged.totals, &merged.functions[0].counts, &merged.regions[0].counts,
        &merged.threads[0].counts}) {
    ASSERT_EQ(counts->traffic.size(), 2u);
    EXPECT_EQ(counts->traffic[0].level, "L2");
    EXPECT_EQ(counts->traffic[0].bytes.loaded, 4000u);
    EXPECT_EQ(counts->traffic[0].bytes.stored, 1000u);
    EXPECT_EQ(counts->traffic[1].level, "DRAM");
    EXPECT_EQ(counts->traffic[1].bytes.loaded, 2000u);
    EXPECT_EQ(counts->traffic[1].bytes.stored, 1000u);
  }
  nlohmann::ordered_json written = censusJson(merged);
  EXPECT_EQ(written["traffic"]["sampled_accesses"], 4000u);
  EXPECT_EQ(written["traffic"]["replayed_accesses"], 2000u);
  EXPECT_EQ(written["totals"]["traffic"]["DRAM"]["loaded"], 2000u);
  EXPECT_EQ(censusJson(parseCensus(written.dump())), written);
}

TEST(MergeTest, RefusesAnotherHierarchyUnlessForced) {
  Census other = withTraffic(rankCensus(1), 3000);
  other.traffic->levels[1].bytes = 2097152;
  std::vector<Census> censuses = {withTraffic(rankCensus(0), 1000), other};
  EXPECT_EQ(mergeRefusal(censuses),
            "traffic model L1 49152 B, L2 2097152 B, DRAM (sampled-lru, "
            "64 B lines, sampling rate 0.5) is not L1 49152 B, L2 1048576 "
            "B, DRAM (sampled-lru, 64 B lines, sampling rate 0.5), that "
            "of rank.json (--force merges them without traffic)");
  // A census without a model is another hierarchy too.
  censuses[1] = rankCensus(1);
  EXPECT_THROW(merge(censuses), InputError);

  Census forced = merge(censuses, {true});
  EXPECT_FALSE(forced.traffic);
  EXPECT_TRUE(forced.totals.traffic.empty());
  EXPECT_TRUE(forced.functions[0].counts.traffic.empty());
  EXPECT_EQ(forced.totals.bytesLoaded, 8u * 3000);
}

// A kernel of `census` whose one launch was modelled on a GPU of a 50 MiB
// L2: `l2` bytes at L2, half as many at DRAM, a quarter written back.
Census withGpuTraffic(Census census, std::uint64_t l2) {
  TrafficModel model =
      cachesModel(32, 0.03125, 262144, 52428800, "CUDA", l2 / 32);
  model.droppedAccesses = 1;
  census.gpu = GpuInfo{"NVIDIA H100", "9.0", model};
  KernelRecord kernel;
  kernel.name = "k";
  kernel.module = "k.cu";
  kernel.launches = kernel.countedLaunches = 1;
  kernel.counts = fmaCounts(64);
  kernel.bytesBySpace[ROOF_SPACE_GLOBAL] = {kernel.counts.bytesLoaded,
                                            kernel.counts.bytesStored};
  kernel.counts.traffic = {{"L2", {l2, l2 / 4}}, {"DRAM", {l2 / 2, l2 / 4}}};
  census.kernels.push_back(kernel);
  return census;
}

TEST(MergeTest, SumsTheKernelsTraffic) {
  Census merged = merge({withGpuTraffic(rankCensus(0), 1024),
                         withGpuTraffic(rankCensus(1), 3072)});
  ASSERT_TRUE(merged.gpu && merged.gpu->traffic);
  EXPECT_EQ(merged.gpu->traffic->sampledAccesses, 128u);
  EXPECT_EQ(merged.gpu->traffic->droppedAccesses, 2u);
  EXPECT_FALSE(merged.traffic);
  const std::vector<LevelTraffic> &traffic = merged.kernels[0].counts.traffic;
  ASSERT_EQ(traffic.size(), 2u);
  EXPECT_EQ(traffic[0].bytes.loaded, 4096u);
  EXPECT_EQ(traffic[1].bytes.stored, 1024u);
  nlohmann::ordered_json written = censusJson(merged);
  EXPECT_EQ(written["gpu"]["traffic"]["dropped_accesses"], 2u);
  EXPECT_FALSE(written["gpu"]["traffic"].contains("replayed_accesses"));
  EXPECT_EQ(censusJson(parseCensus(written.dump())), written);
}

// Another GPU model is refused, or with --force leaves the kernels without
// traffic and the host's model as it is.
TEST(MergeTest, RefusesAnotherGpuModelUnlessForced) {
  Census other = withGpuTraffic(withTraffic(rankCensus(1), 3000), 3072);
  other.gpu->traffic->levels[1].bytes = 41943040;
  std::vector<Census> censuses = {
      withGpuTraffic(withTraffic(rankCensus(0), 1000), 1024), other};
  EXPECT_EQ(mergeRefusal(censuses),
            "GPU traffic model L1 262144 B, L2 41943040 B, DRAM "
            "(sampled-lru, 32 B lines, sampling rate 0.03125) is not L1 "
            "262144 B, L2 52428800 B, DRAM (sampled-lru, 32 B lines, "
            "sampling rate 0.03125), that of rank.json (--force merges "
            "them without traffic)");
  Census forced = merge(censuses, {true});
  EXPECT_FALSE(forced.gpu->traffic);
  EXPECT_TRUE(forced.kernels[0].counts.traffic.empty());
  ASSERT_TRUE(forced.traffic);
  EXPECT_EQ(forced.totals.traffic.size(), 2u);
}

TEST(MergeTest, MergesStack) {
  std::vector<Census> all = ranks(4);
  all[2].functions.push_back(function("setup", "a.c", 4000, 2.0));
  Census flat = merge(all);
  Census stacked = merge({merge({all[0], all[1]}), merge({all[2], all[3]})});
  EXPECT_EQ(censusJson(stacked), censusJson(flat));
}

TEST(MergeTest, TheWrittenCensusReadsBackTheSame) {
  std::vector<Census> censuses = ranks(3);
  censuses[0].functions.push_back(function("setup", "a.c", 4000, std::nullopt));
  nlohmann::ordered_json written = censusJson(merge(censuses));
  Census read = parseCensus(written.dump());
  EXPECT_EQ(censusJson(read), written);
}

TEST(MergeTest, TheReaderRefusesStatisticsThatDoNotFit) {
  nlohmann::json merged =
      nlohmann::json::parse(censusJson(merge(ranks(2))).dump());
  auto refusal = [](nlohmann::json census) {
    try {
      parseCensus(census.dump());
    } catch (const InputError &error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  nlohmann::json notMerged = merged;
  notMerged.erase("ranks");
  EXPECT_EQ(refusal(notMerged),
            "totals.rank_stats: in a census without \"ranks\" (not merged)");
  nlohmann::json missing = merged;
  missing["functions"][0].erase("rank_stats");
  EXPECT_EQ(refusal(missing),
            "functions[0]: missing key \"rank_stats\" (the census is merged)");
  nlohmann::json tooMany = merged;
  tooMany["regions"][0]["rank_stats"]["flops"]["ranks"] = 3;
  EXPECT_EQ(refusal(tooMany),
            "regions[0].rank_stats.flops: ranks 3, expected 2 (the census's)");
  nlohmann::json disorder = merged;
  disorder["totals"]["rank_stats"]["time_s"]["min"] = 5;
  EXPECT_EQ(refusal(disorder), "totals.rank_stats.time_s: min 5, mean 1.5, "
                               "max 2.0 are not in order");
  nlohmann::json ended = merged;
  ended["ranks"]["ended_by"]["exit"] = 1;
  EXPECT_EQ(refusal(ended),
            "ranks.ended_by: counts sum to 1, not \"count\" (2)");
  nlohmann::json ranges = merged;
  ranges["ranks"]["mpi_ranks"] = {{0, 0}, {1, 1}};
  EXPECT_EQ(refusal(ranges), "ranks.mpi_ranks[1]: not after the previous "
                             "range (ranges are ascending, disjoint and not "
                             "adjacent)");
}

std::string report(const Census &census, ReportFormat format) {
  ReportOptions options;
  options.format = format;
  std::ostringstream out;
  printReport(out, census, "ranks/", options);
  return out.str();
}

TEST(MergeTest, ReportsShowTheRankStatistics) {
  Census merged = merge(ranks(4));
  std::string table = report(merged, ReportFormat::Table);
  EXPECT_NE(table.find("merged from 4 censuses (MPI ranks 0-3)"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("ranks: all 4; time min 1.000 s, mean 2.500 s, max "
                       "4.000 s, imbalance 60.00%; FLOPs imbalance 60.00%"),
            std::string::npos)
      << table;

  nlohmann::json json =
      nlohmann::json::parse(report(merged, ReportFormat::Json));
  EXPECT_EQ(json["ranks"]["count"], 4);
  EXPECT_EQ(json["totals"]["rank_stats"]["flops"]["max"], 4000.0);
  EXPECT_EQ(json["functions"][0]["rank_stats"]["time_s"]["max"], 2.0);

  std::istringstream csv(report(merged, ReportFormat::Csv));
  std::string header, program;
  std::getline(csv, header);
  std::getline(csv, program);
  EXPECT_NE(header.find(",ranks,time_s_min,time_s_mean,time_s_max,time_s_"
                        "imbalance,flops_min,"),
            std::string::npos)
      << header;
  EXPECT_NE(program.find(",4,1,2.5,4,0.6000000000000001,1000,2500,4000,"),
            std::string::npos)
      << program;
}

} // namespace
} // namespace roof
