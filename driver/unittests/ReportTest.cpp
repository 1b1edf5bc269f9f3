//===- driver/unittests/ReportTest.cpp - Table, JSON and CSV reports ------===//
//
// The lit tests in test/lit/driver pin the formats on a realistic census;
// these check the corners: exactness at 2^64-1, empty sections, --top.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace roof {
namespace {

// One fp64 function, `mul`s only, and the totals equal to it.
Census smallCensus(std::uint64_t flops, std::uint64_t loaded,
                   std::uint64_t stored) {
  Counts counts;
  PrecisionCounts &fp64 = counts.precisions[ROOF_FP64];
  fp64.classes[ROOF_CLASS_MUL] = {flops, flops, flops};
  fp64.flops = {flops, flops, flops};
  counts.bytesLoaded = loaded;
  counts.bytesStored = stored;

  Census census;
  census.program = "/bin/p";
  census.wallTimeS = 1.0;
  census.totals = counts;
  FunctionRecord function;
  function.name = "_Z1gv";
  function.demangled = "g()";
  function.module = "g.cpp";
  function.calls = 1;
  function.timeS = 0.5;
  function.counts = counts;
  census.functions.push_back(function);
  return census;
}

std::string report(const Census &census, ReportOptions options) {
  std::ostringstream out;
  printReport(out, census, "census.json", options);
  return out.str();
}

nlohmann::json jsonReport(const Census &census, ReportOptions options = {}) {
  options.format = ReportFormat::Json;
  return nlohmann::json::parse(report(census, options));
}

TEST(ReportTest, JsonKeepsCountsExact) {
  Census census = smallCensus(kSaturated - 1, kSaturated - 2, 1);
  nlohmann::json json = jsonReport(census);
  const nlohmann::json &totals = json["totals"];
  EXPECT_EQ(totals["bytes_loaded"].get<std::uint64_t>(), kSaturated - 2);
  EXPECT_EQ(totals["bytes"].get<std::uint64_t>(), kSaturated - 1);
  EXPECT_EQ(totals["precisions"]["fp64"]["empirical"].get<std::uint64_t>(),
            kSaturated - 1);
}

TEST(ReportTest, JsonHasNoTotalBytesPast64Bits) {
  nlohmann::json json = jsonReport(smallCensus(8, kSaturated - 1, 2));
  EXPECT_TRUE(json["totals"]["bytes"].is_null());
  EXPECT_TRUE(json["totals"]["precisions"]["fp64"]["ai_canonical"].is_number());
}

TEST(ReportTest, JsonShowsAllPrecisionsUnlessAsked) {
  Census census = smallCensus(8, 4, 4);
  EXPECT_EQ(jsonReport(census)["totals"]["precisions"].size(), 4u);
  ReportOptions options;
  options.precisions =
      PrecisionSelection{PrecisionSelection::Mode::One, ROOF_FP32};
  nlohmann::json fp32 = jsonReport(census, options)["totals"]["precisions"];
  ASSERT_EQ(fp32.size(), 1u);
  EXPECT_TRUE(fp32["fp32"]["empirical_per_canonical"].is_null());
  EXPECT_FALSE(fp32["fp32"].contains("classes"));
}

TEST(ReportTest, TopLimitsTheFunctions) {
  Census census = smallCensus(8, 4, 4);
  census.functions.push_back(census.functions.front());
  census.functions.back().name = "second";
  ReportOptions options;
  options.top = 1;
  nlohmann::json json = jsonReport(census, options);
  EXPECT_EQ(json["functions"].size(), 1u);
  EXPECT_EQ(json["functions_total"], 2);
  options.top = 0;
  EXPECT_EQ(jsonReport(census, options)["functions"].size(), 2u);
}

TEST(ReportTest, TableMarksOverflowLoudly) {
  Census census = smallCensus(kSaturated, 4, 4);
  census.overflow = true;
  std::string table = report(census, {});
  // canonical, empirical, emp/can, full-width, and no metric from them.
  EXPECT_NE(table.find("OVERFLOW   OVERFLOW        -    OVERFLOW       -       "
                       "-            -            -"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("overflow: YES"), std::string::npos);
  EXPECT_NE(table.find("!! WARNING: COUNTER OVERFLOW."), std::string::npos);
}

TEST(ReportTest, TableSaysWhenSectionsAreEmpty) {
  Census census = smallCensus(8, 4, 4);
  census.functions.clear();
  std::string table = report(census, {});
  EXPECT_NE(table.find("Regions: none (roof_region_begin/end in roof.h)"),
            std::string::npos);
  EXPECT_NE(table.find("Functions: no instrumented function ran"),
            std::string::npos);
}

TEST(ReportTest, CsvHasOneRowPerScopeAndPrecision) {
  ReportOptions options;
  options.format = ReportFormat::Csv;
  Census census = smallCensus(8, 4, 4);
  census.functions[0].line = 12;
  std::string csv = report(census, options);
  std::istringstream lines(csv);
  std::vector<std::string> rows;
  for (std::string line; std::getline(lines, line);)
    rows.push_back(line);
  ASSERT_EQ(rows.size(), 1u + 2 * 4); // header, program and g() x 4
  EXPECT_EQ(rows[1],
            "program,/bin/p,,,,fp64,,,1,8,8,8,1,8,4,4,1,1,8e-09,8e-09");
  EXPECT_EQ(rows[5].substr(0, 38), "function,_Z1gv,g(),g.cpp,12,fp64,1,,0.");
}

// A function is listed with its module and, when the census has it, the
// line it is defined at.
TEST(ReportTest, TableSaysWhereAFunctionIsDefined) {
  Census census = smallCensus(8, 4, 4);
  EXPECT_NE(report(census, {}).find("#1 g()  [g.cpp]\n"), std::string::npos);
  census.functions[0].line = 12;
  EXPECT_NE(report(census, {}).find("#1 g()  [g.cpp:12]\n"), std::string::npos);
  EXPECT_EQ(jsonReport(census)["functions"][0]["line"], 12);
}

// A kernel launched 5 times, 3 of them counted, the records of 2 kept.
Census censusWithKernel() {
  Census census = smallCensus(8, 4, 4);
  census.gpu = GpuInfo{"NVIDIA H100", "9.0"};
  KernelRecord kernel;
  kernel.name = "_Z1kv";
  kernel.demangled = "k()";
  kernel.module = "k.cu";
  kernel.launches = 5;
  kernel.countedLaunches = 3;
  kernel.timeS = 0.003;
  kernel.counts = census.totals;
  kernel.bytesBySpace[ROOF_SPACE_GLOBAL] = {4, 4};
  LaunchRecord launch;
  launch.grid = {8, 1, 1};
  launch.block = {32, 1, 1};
  launch.timeS = 0.001;
  kernel.launchRecords = {launch, launch};
  kernel.launchRecords[1].sequence = 4;
  census.kernels.push_back(kernel);
  return census;
}

TEST(ReportTest, TableSaysWhichLaunchesWereCounted) {
  ReportOptions options;
  options.launches = true;
  std::string table = report(censusWithKernel(), options);
  EXPECT_NE(table.find("5 launches (3 counted), bytes 8 B (4 B loaded, 4 B "
                       "stored), global 8 B, time 3.000 ms"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("launch 2 of 3: sequence 4, grid 8x1x1, block 32x1x1"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("1 counted launch without a record "
                       "(ROOF_CUDA_MAX_RECORDS)"),
            std::string::npos)
      << table;
}

TEST(ReportTest, TableSaysWhenKernelsWereNotTimed) {
  // ROOF_CUDA=total: no time, no records.
  Census census = censusWithKernel();
  census.kernels[0].timeS.reset();
  census.kernels[0].launchRecords.clear();
  ReportOptions options;
  options.launches = true;
  std::string table = report(census, options);
  EXPECT_NE(table.find("global 8 B, not timed (ROOF_CUDA=total)"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("no launch records (ROOF_CUDA=total)"),
            std::string::npos)
      << table;
  nlohmann::json json = jsonReport(census);
  EXPECT_TRUE(json["kernels"][0]["time_s"].is_null());
  EXPECT_FALSE(json["kernels"][0].contains("launch_records"));
}

TEST(ReportTest, JsonOfKernelsOnlyWhenThereAreKernels) {
  EXPECT_FALSE(jsonReport(smallCensus(8, 4, 4)).contains("kernels"));
  nlohmann::json json = jsonReport(censusWithKernel());
  EXPECT_EQ(json["gpu"]["compute_capability"], "9.0");
  EXPECT_EQ(json["kernels_total"], 1);
  EXPECT_EQ(json["kernels"][0]["bytes_by_space"]["global"]["stored"], 4);
}

} // namespace
} // namespace roof
