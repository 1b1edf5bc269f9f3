//===- driver/unittests/CensusTest.cpp - The census reader ----------------===//
//
// Each test starts from a valid census built with nlohmann/json, breaks one
// thing, and checks the exact message the reader gives.
//
//===----------------------------------------------------------------------===//
#include "Census.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace roof {
namespace {

using nlohmann::json;

json zeroKinds() {
  return {{"canonical", 0}, {"empirical", 0}, {"full_width", 0}};
}

json zeroPrecision() {
  json precision = zeroKinds();
  for (const char *cls : kClassNames)
    precision["classes"][cls] = zeroKinds();
  return precision;
}

json zeroCounts() {
  json counts;
  for (const char *precision : kPrecisionNames)
    counts[precision] = zeroPrecision();
  counts["bytes_loaded"] = 0;
  counts["bytes_stored"] = 0;
  return counts;
}

// fp64 with 3 canonical / 5 empirical / 8 full-width FLOPs of division and
// 7 compares; 16 bytes loaded, 8 stored.
json sampleCounts() {
  json counts = zeroCounts();
  json &fp64 = counts["fp64"];
  fp64["classes"]["div"] = {
      {"canonical", 3}, {"empirical", 5}, {"full_width", 8}};
  fp64["classes"]["compare"] = {
      {"canonical", 7}, {"empirical", 7}, {"full_width", 7}};
  fp64["canonical"] = 3;
  fp64["empirical"] = 5;
  fp64["full_width"] = 8;
  counts["bytes_loaded"] = 16;
  counts["bytes_stored"] = 8;
  return counts;
}

json validCensus() {
  json function = sampleCounts();
  function.update({{"name", "_Z1fv"},
                   {"demangled", "f()"},
                   {"module", "f.cpp"},
                   {"line", 7},
                   {"calls", 2},
                   {"time_s", 0.5},
                   {"thread_time_s", nullptr}});
  json region = sampleCounts();
  region.update({{"name", "solve"}, {"entries", 3}, {"time_s", 0.25}});
  json thread = sampleCounts();
  thread.update({{"index", 0}, {"tid", 99}});
  json target = {{"triple", "x86_64-pc-linux-gnu"},
                 {"cpu", "znver4"},
                 {"features", "+avx512f"}};
  json module = target;
  module.update({{"source", "f.cpp"}, {"functions", 1}});
  return {{"schema", "roof"},
          {"schema_version", 3},
          {"program", "/bin/f"},
          {"command_line", {"f", "-n"}},
          {"pid", 99},
          {"mpi_rank", nullptr},
          {"start_time", "2025-01-01T00:00:00Z"},
          {"wall_time_s", 1.5},
          {"timer_hz", 3e9},
          {"target", target},
          {"modules", {module}},
          {"overflow", false},
          {"totals", sampleCounts()},
          {"functions", {function}},
          {"regions", {region}},
          {"threads", {thread}},
          {"gpu", nullptr},
          {"kernels", json::array()}};
}

// Device counts: fp64 FMAs, `global` bytes loaded and stored in global
// memory, 4 bytes loaded from shared memory.
json deviceCounts(std::uint64_t fmaFlops, std::uint64_t global) {
  json counts = zeroCounts();
  counts["fp64"]["classes"]["fma"] = {{"canonical", fmaFlops},
                                      {"empirical", fmaFlops},
                                      {"full_width", fmaFlops}};
  counts["fp64"].update({{"canonical", fmaFlops},
                         {"empirical", fmaFlops},
                         {"full_width", fmaFlops}});
  counts["bytes_loaded"] = global + 4;
  counts["bytes_stored"] = global;
  json spaces;
  for (const char *space : kSpaceNames)
    spaces[space] = {{"loaded", 0}, {"stored", 0}};
  spaces["global"] = {{"loaded", global}, {"stored", global}};
  spaces["shared"]["loaded"] = 4;
  counts["bytes_by_space"] = spaces;
  return counts;
}

json launchRecord(std::uint64_t sequence, std::uint64_t fmaFlops,
                  std::uint64_t global, double timeS) {
  json launch = deviceCounts(fmaFlops, global);
  launch.update({{"sequence", sequence},
                 {"grid", {64, 2, 1}},
                 {"block", {256, 1, 1}},
                 {"shared_memory_bytes", 1024},
                 {"stream", 1},
                 {"time_s", timeS}});
  return launch;
}

// A census with one kernel launched three times, two of them counted, each
// with its record.
json validGpuCensus() {
  json document = validCensus();
  json kernel = deviceCounts(300, 48);
  kernel.update(
      {{"name", "_Z5daxpyidPKdPd"},
       {"demangled", "daxpy(int, double, double const*, double*)"},
       {"module", "daxpy.cu"},
       {"launches", 3},
       {"counted_launches", 2},
       {"time_s", 0.75},
       {"launch_records",
        {launchRecord(1, 100, 16, 0.25), launchRecord(4, 200, 32, 0.5)}}});
  // The two records' shared bytes: 4 each.
  kernel["bytes_loaded"] = 48 + 8;
  kernel["bytes_by_space"]["shared"]["loaded"] = 8;
  document["gpu"] = {{"name", "NVIDIA H200"}, {"compute_capability", "9.0"}};
  document["kernels"] = {kernel};
  return document;
}

// A census of a traffic-mode build: L1, L2 and memory DRAM, so that every
// census object has traffic at L2 and DRAM; the totals' differ from the
// others' (L2 1200 + 640, DRAM 800 + 512).
json validTrafficCensus() {
  json document = validCensus();
  document["traffic"] = {
      {"model", "sampled-lru"},
      {"line_bytes", 64},
      {"sampling_rate", 0.0078125},
      {"levels",
       {{{"name", "L1"}, {"bytes", 49152}, {"from", "sysfs"}},
        {{"name", "L2"}, {"bytes", 1048576}, {"from", "ROOF_CACHES"}}}},
      {"memory", "DRAM"},
      {"sampled_accesses", 123456},
      {"replayed_accesses", 100000}};
  json traffic = {{"L2", {{"loaded", 64}, {"stored", 0}}},
                  {"DRAM", {{"loaded", 64}, {"stored", 64}}}};
  for (json *object : {&document["functions"][0], &document["regions"][0],
                       &document["threads"][0]})
    (*object)["traffic"] = traffic;
  document["totals"]["traffic"] = {
      {"L2", {{"loaded", 1200}, {"stored", 640}}},
      {"DRAM", {{"loaded", 800}, {"stored", 512}}}};
  return document;
}

// The message parseCensus gives for `document`, or "" when it accepts it.
std::string refusal(const std::string &text) {
  try {
    parseCensus(text);
  } catch (const InputError &error) {
    return error.what();
  }
  return "";
}
std::string refusal(const json &document) { return refusal(document.dump()); }

TEST(CensusTest, ReadsEveryField) {
  Census census = parseCensus(validCensus().dump());
  EXPECT_EQ(census.program, "/bin/f");
  EXPECT_EQ(census.commandLine, (std::vector<std::string>{"f", "-n"}));
  EXPECT_EQ(census.pid, 99u);
  EXPECT_FALSE(census.mpiRank);
  EXPECT_EQ(census.startTime, "2025-01-01T00:00:00Z");
  EXPECT_DOUBLE_EQ(census.wallTimeS, 1.5);
  EXPECT_DOUBLE_EQ(census.timerHz, 3e9);
  EXPECT_EQ(census.target.cpu, "znver4");
  ASSERT_EQ(census.modules.size(), 1u);
  EXPECT_EQ(census.modules[0].source, "f.cpp");
  EXPECT_EQ(census.modules[0].target.features, "+avx512f");
  EXPECT_EQ(census.modules[0].functions, 1u);
  EXPECT_FALSE(census.overflow);

  const PrecisionCounts &fp64 = census.totals.precisions[ROOF_FP64];
  EXPECT_EQ(fp64.flops.canonical, 3u);
  EXPECT_EQ(fp64.flops.empirical, 5u);
  EXPECT_EQ(fp64.flops.fullWidth, 8u);
  EXPECT_EQ(fp64.classes[ROOF_CLASS_DIV].empirical, 5u);
  EXPECT_EQ(fp64.classes[ROOF_CLASS_COMPARE].canonical, 7u);
  EXPECT_EQ(census.totals.precisions[ROOF_FP32].flops.empirical, 0u);
  EXPECT_EQ(census.totals.bytesLoaded, 16u);
  EXPECT_EQ(census.totals.bytesStored, 8u);

  ASSERT_EQ(census.functions.size(), 1u);
  const FunctionRecord &function = census.functions[0];
  EXPECT_EQ(function.name, "_Z1fv");
  EXPECT_EQ(function.demangled, "f()");
  EXPECT_EQ(function.module, "f.cpp");
  EXPECT_EQ(function.line, 7u);
  EXPECT_EQ(function.calls, 2u);
  EXPECT_EQ(function.timeS, 0.5);
  EXPECT_FALSE(function.threadTimeS);
  EXPECT_EQ(function.counts.bytesStored, 8u);

  ASSERT_EQ(census.regions.size(), 1u);
  EXPECT_EQ(census.regions[0].name, "solve");
  EXPECT_EQ(census.regions[0].entries, 3u);
  EXPECT_DOUBLE_EQ(census.regions[0].timeS, 0.25);

  ASSERT_EQ(census.threads.size(), 1u);
  EXPECT_EQ(census.threads[0].tid, 99u);
}

TEST(CensusTest, ReadsKernels) {
  Census census = parseCensus(validGpuCensus().dump());
  ASSERT_TRUE(census.gpu);
  EXPECT_EQ(census.gpu->name, "NVIDIA H200");
  EXPECT_EQ(census.gpu->computeCapability, "9.0");
  ASSERT_EQ(census.kernels.size(), 1u);
  const KernelRecord &kernel = census.kernels[0];
  EXPECT_EQ(kernel.name, "_Z5daxpyidPKdPd");
  EXPECT_EQ(kernel.demangled, "daxpy(int, double, double const*, double*)");
  EXPECT_EQ(kernel.module, "daxpy.cu");
  EXPECT_EQ(kernel.launches, 3u);
  EXPECT_EQ(kernel.countedLaunches, 2u);
  EXPECT_EQ(kernel.timeS, 0.75);
  EXPECT_EQ(kernel.counts.precisions[ROOF_FP64].flops.empirical, 300u);
  EXPECT_EQ(kernel.counts.bytesLoaded, 56u);
  EXPECT_EQ(kernel.bytesBySpace[ROOF_SPACE_GLOBAL].loaded, 48u);
  EXPECT_EQ(kernel.bytesBySpace[ROOF_SPACE_GLOBAL].stored, 48u);
  EXPECT_EQ(kernel.bytesBySpace[ROOF_SPACE_SHARED].loaded, 8u);
  ASSERT_EQ(kernel.launchRecords.size(), 2u);
  const LaunchRecord &launch = kernel.launchRecords[1];
  EXPECT_EQ(launch.sequence, 4u);
  EXPECT_EQ(launch.grid, (std::array<std::uint64_t, 3>{64, 2, 1}));
  EXPECT_EQ(launch.block, (std::array<std::uint64_t, 3>{256, 1, 1}));
  EXPECT_EQ(launch.sharedMemoryBytes, 1024u);
  EXPECT_EQ(launch.stream, 1u);
  EXPECT_DOUBLE_EQ(launch.timeS, 0.5);
  EXPECT_EQ(launch.counts.precisions[ROOF_FP64].flops.canonical, 200u);
  EXPECT_EQ(launch.bytesBySpace[ROOF_SPACE_GLOBAL].stored, 32u);
}

TEST(CensusTest, ReadsAKernelWithoutRecords) {
  // ROOF_CUDA=total: no time, no records; and a capped record list.
  json document = validGpuCensus();
  json &kernel = document["kernels"][0];
  kernel["time_s"] = nullptr;
  kernel["launch_records"] = json::array();
  EXPECT_EQ(refusal(document), "");

  document = validGpuCensus();
  document["kernels"][0]["launch_records"].erase(0);
  EXPECT_EQ(refusal(document), "");
}

TEST(CensusTest, RefusesMalformedLaunchRecords) {
  json document = validGpuCensus();
  json &grid = document["kernels"][0]["launch_records"][1]["grid"];
  grid = {64, 2};
  EXPECT_EQ(refusal(document), "kernels[0].launch_records[1].grid: expected 3 "
                               "integers, got 2 values");
  grid = "64x2x1";
  EXPECT_EQ(refusal(document), "kernels[0].launch_records[1].grid: expected 3 "
                               "integers, got string \"64x2x1\"");
  grid = {64, -2, 1};
  EXPECT_EQ(refusal(document),
            "kernels[0].launch_records[1].grid[1]: negative count -2");

  document = validGpuCensus();
  document["kernels"][0]["launch_records"][0].erase("stream");
  EXPECT_EQ(refusal(document),
            "kernels[0].launch_records[0]: missing key \"stream\"");

  document = validGpuCensus();
  document["kernels"][0]["launch_records"][0]["time_s"] = nullptr;
  EXPECT_EQ(refusal(document),
            "kernels[0].launch_records[0].time_s: expected a number, got null");

  document = validGpuCensus();
  document["kernels"][0]["launch_records"][1]["sequence"] = 1;
  EXPECT_EQ(refusal(document),
            "kernels[0].launch_records[1].sequence: 1 does not follow 1 "
            "(records are in launch order)");
}

TEST(CensusTest, RefusesBytesBySpaceThatDoNotAddUp) {
  json document = validGpuCensus();
  document["kernels"][0]["bytes_by_space"]["local"]["stored"] = 8;
  EXPECT_EQ(refusal(document),
            "kernels[0].bytes_by_space: the stored bytes of the five spaces "
            "sum to 56, not bytes_stored (48)");

  document = validGpuCensus();
  document["kernels"][0]["launch_records"][0]["bytes_by_space"].erase(
      "generic");
  EXPECT_EQ(refusal(document), "kernels[0].launch_records[0].bytes_by_space: "
                               "missing key \"generic\"");
}

TEST(CensusTest, RefusesKernelFlopsThatAreNotTheSumOfTheirClasses) {
  json document = validGpuCensus();
  document["kernels"][0]["launch_records"][0]["fp64"]["empirical"] = 99;
  EXPECT_EQ(refusal(document), "kernels[0].launch_records[0].fp64.empirical: "
                               "99 is not the sum of its FLOP classes (100)");
}

TEST(CensusTest, RefusesLaunchCountsThatContradictEachOther) {
  json document = validGpuCensus();
  document["kernels"][0]["launches"] = 1;
  EXPECT_EQ(refusal(document), "kernels[0].counted_launches: 2 is more than "
                               "launches (1)");

  document = validGpuCensus();
  document["kernels"][0]["counted_launches"] = 1;
  EXPECT_EQ(refusal(document),
            "kernels[0].launch_records: 2 records for 1 counted launches");

  document = validGpuCensus();
  document["kernels"][0]["time_s"] = nullptr;
  EXPECT_EQ(refusal(document),
            "kernels[0].launch_records: records for a kernel without a "
            "time_s (total mode writes none)");
}

TEST(CensusTest, RefusesRecordsThatDoNotAddUpToTheirKernel) {
  json document = validGpuCensus();
  json &record = document["kernels"][0]["launch_records"][0];
  record["fp64"]["classes"]["fma"]["full_width"] = 101;
  record["fp64"]["full_width"] = 101;
  EXPECT_EQ(refusal(document),
            "kernels[0].launch_records: the records of all 2 counted "
            "launches do not add up to the kernel's "
            "fp64.classes.fma.full_width");
}

TEST(CensusTest, RefusesAGpuThatContradictsTheKernels) {
  json document = validGpuCensus();
  document["gpu"] = nullptr;
  EXPECT_EQ(refusal(document),
            "gpu: null, but kernels[0] has 2 counted launches");

  document = validCensus();
  document["gpu"] = {{"name", "NVIDIA H200"}, {"compute_capability", "9.0"}};
  EXPECT_EQ(refusal(document), "gpu: a device, but no kernel launch was "
                               "counted (expected null)");

  document = validGpuCensus();
  document["gpu"].erase("compute_capability");
  EXPECT_EQ(refusal(document), "gpu: missing key \"compute_capability\"");

  document = validCensus();
  document.erase("kernels");
  EXPECT_EQ(refusal(document), "missing key \"kernels\"");
}

TEST(CensusTest, ReadsTheTrafficModel) {
  Census census = parseCensus(validTrafficCensus().dump());
  ASSERT_TRUE(census.traffic);
  const TrafficModel &model = *census.traffic;
  EXPECT_EQ(model.model, "sampled-lru");
  EXPECT_EQ(model.lineBytes, 64u);
  EXPECT_EQ(model.samplingRate, 0.0078125);
  ASSERT_EQ(model.levels.size(), 2u);
  EXPECT_EQ(model.levels[1].name, "L2");
  EXPECT_EQ(model.levels[1].bytes, 1048576u);
  EXPECT_EQ(model.levels[1].from, "ROOF_CACHES");
  EXPECT_EQ(model.memory, "DRAM");
  EXPECT_EQ(model.sampledAccesses, 123456u);
  EXPECT_EQ(model.replayedAccesses, 100000u);
  EXPECT_EQ(model.trafficLevels(), (std::vector<std::string>{"L2", "DRAM"}));

  // In the model's order, whatever the JSON's.
  const std::vector<LevelTraffic> &totals = census.totals.traffic;
  ASSERT_EQ(totals.size(), 2u);
  EXPECT_EQ(totals[0].level, "L2");
  EXPECT_EQ(totals[0].bytes.loaded, 1200u);
  EXPECT_EQ(totals[0].bytes.stored, 640u);
  EXPECT_EQ(totals[1].level, "DRAM");
  EXPECT_EQ(totals[1].bytes.loaded, 800u);
  EXPECT_EQ(totals[1].bytes.stored, 512u);
  EXPECT_EQ(census.functions[0].counts.traffic.size(), 2u);
  EXPECT_EQ(census.regions[0].counts.traffic[1].bytes.stored, 64u);
  EXPECT_EQ(census.threads[0].counts.traffic[0].bytes.loaded, 64u);
}

TEST(CensusTest, ReadsCensusesWithoutTraffic) {
  EXPECT_FALSE(parseCensus(validCensus().dump()).traffic);
  json document = validCensus();
  document["traffic"] = nullptr;
  Census census = parseCensus(document.dump());
  EXPECT_FALSE(census.traffic);
  EXPECT_TRUE(census.totals.traffic.empty());
}

// Kernels and launch records may have traffic (docs/schema.md names the
// host objects only); when they do, it is read like the others'.
// Kernels' traffic is that of the GPU's model (gpu.traffic: L2 and DRAM
// below each SM's L1), whatever the host's model is; a kernel whose
// launches were not all modelled has none.
TEST(CensusTest, ReadsTheTrafficOfKernelsAgainstTheGpusModel) {
  json document = validTrafficCensus();
  document["gpu"] = validGpuCensus()["gpu"];
  document["kernels"] = validGpuCensus()["kernels"];
  EXPECT_TRUE(parseCensus(document.dump()).kernels[0].counts.traffic.empty());
  document["kernels"][0]["traffic"] = {
      {"L2", {{"loaded", 4096}, {"stored", 2048}}},
      {"DRAM", {{"loaded", 1024}, {"stored", 0}}}};
  EXPECT_EQ(refusal(document),
            "kernels[0].traffic: modelled bytes, but the census has no "
            "traffic model (gpu.traffic is null or absent)");
  // The host's model's layout, in 32-byte sectors, dropped accesses for
  // replayed ones.
  json &gpuModel = document["gpu"]["traffic"] = document["traffic"];
  gpuModel["line_bytes"] = 32;
  gpuModel["levels"][0]["bytes"] = 262144;
  gpuModel["levels"][1]["bytes"] = 52428800;
  gpuModel.erase("replayed_accesses");
  gpuModel["dropped_accesses"] = 7;
  Census census = parseCensus(document.dump());
  ASSERT_TRUE(census.gpu && census.gpu->traffic);
  EXPECT_EQ(census.gpu->traffic->lineBytes, 32u);
  EXPECT_EQ(census.gpu->traffic->droppedAccesses, 7u);
  EXPECT_FALSE(census.traffic->droppedAccesses);
  const std::vector<LevelTraffic> &traffic = census.kernels[0].counts.traffic;
  ASSERT_EQ(traffic.size(), 2u);
  EXPECT_EQ(traffic[0].level, "L2");
  EXPECT_EQ(traffic[0].bytes.loaded, 4096u);
  EXPECT_EQ(traffic[1].level, "DRAM");
  EXPECT_EQ(traffic[1].bytes.loaded, 1024u);
  document["kernels"][0]["traffic"]["L3"] = {{"loaded", 0}, {"stored", 0}};
  EXPECT_EQ(refusal(document), "kernels[0].traffic.L3: not a level below L1 "
                               "in the traffic model (L2, DRAM)");
  document["kernels"][0]["traffic"].erase("L3");
  document["gpu"]["traffic"]["line_bytes"] = 0;
  EXPECT_EQ(refusal(document), "gpu.traffic.line_bytes: a line of 0 bytes");
}

// Censuses written before calls were replayed have no replayed_accesses.
TEST(CensusTest, ReadsATrafficModelWithoutReplayedAccesses) {
  json document = validTrafficCensus();
  document["traffic"].erase("replayed_accesses");
  Census census = parseCensus(document.dump());
  ASSERT_TRUE(census.traffic);
  EXPECT_EQ(census.traffic->replayedAccesses, 0u);
}

// An L1 simulated set-associative on a sample of its sets gives its ways,
// sets and sampled sets; it is another hierarchy than a fully associative
// L1 of the same size, or another sample of its sets.
TEST(CensusTest, ReadsTheL1sSets) {
  json document = validTrafficCensus();
  Census fully = parseCensus(document.dump());
  json &l1 = document["traffic"]["levels"][0];
  l1["ways"] = 12;
  l1["sets"] = 64;
  l1["sampled_sets"] = 4;
  Census sets = parseCensus(document.dump());
  ASSERT_TRUE(sets.traffic);
  EXPECT_EQ(sets.traffic->levels[0].ways, 12u);
  EXPECT_EQ(sets.traffic->levels[0].sets, 64u);
  EXPECT_EQ(sets.traffic->levels[0].sampledSets, 4u);
  EXPECT_EQ(fully.traffic->levels[0].ways, 0u);
  EXPECT_FALSE(sets.traffic->sameHierarchy(*fully.traffic));
  l1["sampled_sets"] = 8;
  EXPECT_FALSE(
      sets.traffic->sameHierarchy(*parseCensus(document.dump()).traffic));
  l1["sampled_sets"] = 65;
  EXPECT_EQ(refusal(document),
            "traffic.levels[0].sampled_sets: expected ways, sets and "
            "sampled_sets of at least 1, no more sets sampled than there are");
  l1.erase("sets");
  EXPECT_EQ(refusal(document), "traffic.levels[0]: missing key \"sets\"");
}

TEST(CensusTest, RefusesAMalformedTrafficModel) {
  auto refusalWith = [](const char *key, const json &value) {
    json document = validTrafficCensus();
    document["traffic"][key] = value;
    return refusal(document);
  };
  EXPECT_EQ(refusalWith("line_bytes", 0),
            "traffic.line_bytes: a line of 0 bytes");
  EXPECT_EQ(refusalWith("line_bytes", -64),
            "traffic.line_bytes: negative count -64");
  EXPECT_EQ(refusalWith("sampling_rate", 0.3),
            "traffic.sampling_rate: expected a power of 2 in (0, 1], got 0.3");
  EXPECT_EQ(refusalWith("sampling_rate", 2),
            "traffic.sampling_rate: expected a power of 2 in (0, 1], got 2");
  EXPECT_EQ(refusalWith("sampling_rate", "1/128"),
            "traffic.sampling_rate: expected a number, got string \"1/128\"");
  EXPECT_EQ(refusalWith("levels", json::array()),
            "traffic.levels: no cache level (expected L1 at least)");
  EXPECT_EQ(refusalWith("memory", "L2"),
            "traffic.memory: level L2 named twice");
  EXPECT_EQ(refusalWith("sampled_accesses", 1.5),
            "traffic.sampled_accesses: expected an integer count, got 1.5");
  EXPECT_EQ(refusalWith("replayed_accesses", 123457),
            "traffic.replayed_accesses: more than the sampled_accesses they "
            "are part of");

  json document = validTrafficCensus();
  document["traffic"]["levels"][1]["bytes"] = 0;
  EXPECT_EQ(refusal(document), "traffic.levels[1].bytes: a cache of 0 bytes");
  document = validTrafficCensus();
  document["traffic"]["levels"][1].erase("from");
  EXPECT_EQ(refusal(document), "traffic.levels[1]: missing key \"from\"");
  document = validTrafficCensus();
  document["traffic"].erase("memory");
  EXPECT_EQ(refusal(document), "traffic: missing key \"memory\"");
  document = validTrafficCensus();
  document["traffic"] = "sampled-lru";
  EXPECT_EQ(refusal(document),
            "traffic: expected an object, got string \"sampled-lru\"");
}

TEST(CensusTest, RefusesMalformedTrafficOfACensusObject) {
  json document = validTrafficCensus();
  document["functions"][0].erase("traffic");
  EXPECT_EQ(refusal(document), "functions[0]: missing key \"traffic\" (the "
                               "census has a traffic model)");

  document = validTrafficCensus();
  document["totals"]["traffic"]["L3"] = {{"loaded", 0}, {"stored", 0}};
  EXPECT_EQ(refusal(document),
            "totals.traffic.L3: not a level below L1 in the traffic model "
            "(L2, DRAM)");

  document = validTrafficCensus();
  document["threads"][0]["traffic"]["L1"] = {{"loaded", 0}, {"stored", 0}};
  EXPECT_EQ(refusal(document), "threads[0].traffic.L1: the first level's "
                               "bytes are bytes_loaded and bytes_stored");

  document = validTrafficCensus();
  document["regions"][0]["traffic"]["DRAM"]["stored"] = -512;
  EXPECT_EQ(refusal(document),
            "regions[0].traffic.DRAM.stored: negative count -512");

  document = validTrafficCensus();
  document["totals"]["traffic"]["DRAM"]["loaded"] = 18446744073709551616.0;
  EXPECT_EQ(refusal(document),
            "totals.traffic.DRAM.loaded: count 1.8446744073709552e+19 does "
            "not fit in an unsigned 64-bit integer");

  document = validTrafficCensus();
  document["totals"]["traffic"]["L2"].erase("stored");
  EXPECT_EQ(refusal(document), "totals.traffic.L2: missing key \"stored\"");

  document = validTrafficCensus();
  document["totals"]["traffic"] = json::array();
  EXPECT_EQ(refusal(document),
            "totals.traffic: expected an object, got an array");

  // Modelled bytes without a model.
  document = validTrafficCensus();
  document["traffic"] = nullptr;
  EXPECT_EQ(refusal(document),
            "totals.traffic: modelled bytes, but the census has no traffic "
            "model (top-level traffic is null or absent)");
}

TEST(CensusTest, ReadsAnMpiRank) {
  json document = validCensus();
  document["mpi_rank"] = 3;
  EXPECT_EQ(parseCensus(document.dump()).mpiRank, 3u);
}

TEST(CensusTest, IgnoresUnknownKeys) {
  json document = validCensus();
  document["hostname"] = "node17";
  EXPECT_EQ(refusal(document), "");
}

TEST(CensusTest, KeepsTheLargestCountExact) {
  json document = validCensus();
  document["overflow"] = true;
  document["totals"]["bytes_loaded"] = UINT64_MAX;
  EXPECT_EQ(parseCensus(document.dump()).totals.bytesLoaded, UINT64_MAX);
}

TEST(CensusTest, ComparesSaturatedClassSumsTheWayTheRuntimeSums) {
  json document = validCensus();
  json &fp64 = document["totals"]["fp64"];
  fp64["classes"]["add"]["empirical"] = UINT64_MAX;
  fp64["empirical"] = UINT64_MAX;
  EXPECT_EQ(refusal(document), "");
}

TEST(CensusTest, RefusesWhatIsNotJson) {
  EXPECT_EQ(refusal(std::string("")),
            "empty file (expected a roof census in JSON)");
  EXPECT_EQ(refusal(std::string(" \n\t")),
            "empty file (expected a roof census in JSON)");
  EXPECT_EQ(refusal(std::string("{\"schema\": ")),
            "not JSON: parse error at line 1, column 12: syntax error while "
            "parsing value - unexpected end of input; expected '[', '{', or "
            "a literal");
  EXPECT_EQ(refusal(std::string("[]")),
            "expected a JSON object at the top level, got an array");
}

TEST(CensusTest, RefusesOtherSchemasAndVersions) {
  json document = validCensus();
  document["schema"] = "perf";
  EXPECT_EQ(refusal(document),
            "\"schema\" is string \"perf\", expected \"roof\" (not a roof "
            "census)");

  document = validCensus();
  document.erase("schema");
  EXPECT_EQ(refusal(document), "missing key \"schema\"");

  for (int version : {1, 4}) {
    document = validCensus();
    document["schema_version"] = version;
    EXPECT_EQ(refusal(document),
              "schema_version " + std::to_string(version) +
                  " is not supported (this roof reads versions 2 to 3)");
  }

  document = validCensus();
  document["schema_version"] = 3.0;
  EXPECT_EQ(refusal(document),
            "schema_version: expected an integer count, got 3.0");
}

// Version 2 had no "line": its functions' lines are unknown (0). From
// version 3 on the key is required.
TEST(CensusTest, ReadsVersionTwoWithoutLines) {
  json document = validCensus();
  document["schema_version"] = 2;
  document["functions"][0].erase("line");
  Census census = parseCensus(document.dump());
  ASSERT_EQ(census.functions.size(), 1u);
  EXPECT_EQ(census.functions[0].line, 0u);

  document["schema_version"] = 3;
  EXPECT_EQ(refusal(document), "functions[0]: missing key \"line\"");
}

TEST(CensusTest, ChecksTheVersionBeforeAnythingElse) {
  json document = {{"schema", "roof"}, {"schema_version", 1}};
  EXPECT_EQ(refusal(document),
            "schema_version 1 is not supported (this roof reads versions 2 to "
            "3)");
}

TEST(CensusTest, RefusesCountsThatAreNotUnsigned64BitIntegers) {
  json document = validCensus();
  document["functions"][0]["calls"] = "2";
  EXPECT_EQ(refusal(document),
            "functions[0].calls: expected an unsigned integer, got string "
            "\"2\"");

  document = validCensus();
  document["totals"]["fp64"]["classes"]["div"]["canonical"] = -3;
  EXPECT_EQ(refusal(document),
            "totals.fp64.classes.div.canonical: negative count -3");

  document = validCensus();
  document["threads"][0]["bytes_stored"] = 0.5;
  EXPECT_EQ(refusal(document),
            "threads[0].bytes_stored: expected an integer count, got 0.5");

  document = validCensus();
  document["regions"][0]["entries"] = nullptr;
  EXPECT_EQ(refusal(document),
            "regions[0].entries: expected an unsigned integer, got null");

  // nlohmann reads integers past 2^64-1 as doubles.
  std::string text = validCensus().dump();
  std::string pid = "\"pid\":99";
  ASSERT_NE(text.find(pid), std::string::npos);
  text.replace(text.find(pid), pid.size(), "\"pid\":18446744073709551616");
  EXPECT_EQ(refusal(text), "pid: count 1.8446744073709552e+19 does not fit in "
                           "an unsigned 64-bit integer");
}

TEST(CensusTest, RefusesMissingAndMistypedKeys) {
  json document = validCensus();
  document["totals"]["fp16"]["classes"].erase("convert");
  EXPECT_EQ(refusal(document), "totals.fp16.classes: missing key \"convert\"");

  document = validCensus();
  document["functions"][0].erase("thread_time_s");
  EXPECT_EQ(refusal(document), "functions[0]: missing key \"thread_time_s\"");

  document = validCensus();
  document["regions"] = json::object();
  EXPECT_EQ(refusal(document), "regions: expected an array, got an object");

  document = validCensus();
  document["command_line"][1] = 7;
  EXPECT_EQ(refusal(document), "command_line[1]: expected a string, got 7");

  document = validCensus();
  document["target"] = "x86_64";
  EXPECT_EQ(refusal(document),
            "target: expected an object, got string \"x86_64\"");

  document = validCensus();
  document["overflow"] = "no";
  EXPECT_EQ(refusal(document),
            "overflow: expected true or false, got string \"no\"");

  document = validCensus();
  document["modules"][0]["functions"] = -1;
  EXPECT_EQ(refusal(document), "modules[0].functions: negative count -1");
}

TEST(CensusTest, RefusesBadTimes) {
  json document = validCensus();
  document["wall_time_s"] = -0.5;
  EXPECT_EQ(refusal(document),
            "wall_time_s: expected a non-negative number, got -0.5");

  document = validCensus();
  document["regions"][0]["time_s"] = nullptr;
  EXPECT_EQ(refusal(document),
            "regions[0].time_s: expected a number, got null");

  document = validCensus();
  document["functions"][0]["time_s"] = "fast";
  EXPECT_EQ(refusal(document),
            "functions[0].time_s: expected a number, got string \"fast\"");
}

TEST(CensusTest, RefusesFlopsThatAreNotTheSumOfTheirClasses) {
  json document = validCensus();
  document["functions"][0]["fp64"]["full_width"] = 9;
  EXPECT_EQ(refusal(document), "functions[0].fp64.full_width: 9 is not the "
                               "sum of its FLOP classes (8)");
}

TEST(CensusTest, KeepsMessagesOnOneLine) {
  json document = validCensus();
  document["schema"] = "line one\nline two";
  std::string message = refusal(document);
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

class CensusFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    directory_ = std::filesystem::temp_directory_path() /
                 ("roof-census-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }

  std::string refusalOfFile(const std::filesystem::path &path) {
    try {
      readCensusFile(path.string());
    } catch (const InputError &error) {
      return error.what();
    }
    return "";
  }

  std::filesystem::path directory_;
};

TEST_F(CensusFileTest, ReadsAFile) {
  std::filesystem::path path = directory_ / "census.json";
  std::ofstream(path) << validCensus().dump(2);
  EXPECT_EQ(readCensusFile(path.string()).pid, 99u);
}

TEST_F(CensusFileTest, RefusesWhatCannotBeRead) {
  std::string missing = (directory_ / "missing.json").string();
  EXPECT_EQ(refusalOfFile(missing),
            missing + ": cannot open: No such file or directory");
  EXPECT_EQ(refusalOfFile(directory_),
            directory_.string() + ": is a directory, not a census file");
}

} // namespace
} // namespace roof
