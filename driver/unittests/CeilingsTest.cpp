//===- driver/unittests/CeilingsTest.cpp - Ceilings and measured bytes ----===//
#include "Ceilings.h"
#include "Cli.h"
#include "InputFile.h"
#include "MeasuredBytes.h"

#include <gtest/gtest.h>

namespace roof {
namespace {

// The layout of shared/reference/formats.md, as ERT 1.1.0 writes it: the
// compute entry is the old "GFLOPs", with no precision in its name.
const char *const kOriginalErt = R"({"empirical": {
   "metadata": {"ERT_VERSION": "1.1.0", "HOSTNAME": "cori07",
                "UNAME": ["Linux"], "CONFIG": {"ERT_FLOPS": ["1,2,4,8,16"]}},
   "gflops": {"data": [["GFLOPs", 355.79]],
              "metadata": {"FLOPS": 4, "OPENMP_THREADS": 12}},
   "gbytes": {"data": [["L1", 1723.23], ["L2", 1075.56], ["L3", 669.08],
                       ["DRAM", 83.0]], "metadata": {}}},
 "spec": {"gflops": {"data": [["GFLOPs", 460.4]]},
          "gbytes": {"data": [["L1", 1843.2], ["DRAM", 102.4]]}}})";

TEST(CeilingsTest, ReadsTheOriginalErtLayout) {
  Ceilings ceilings = parseCeilings(kOriginalErt);
  ASSERT_EQ(ceilings.compute.size(), 1u);
  EXPECT_EQ(ceilings.compute[0].name, "GFLOPs");
  EXPECT_FALSE(ceilings.compute[0].precision);
  EXPECT_EQ(ceilings.compute[0].kind, ComputeKind::Fma);
  EXPECT_DOUBLE_EQ(ceilings.compute[0].gflops, 355.79);
  ASSERT_EQ(ceilings.bandwidth.size(), 4u);
  EXPECT_EQ(ceilings.bandwidth[3].level, "DRAM");
  EXPECT_DOUBLE_EQ(ceilings.bandwidthOf("L2")->gbytes, 1075.56);
  EXPECT_EQ(ceilings.bandwidthOf("HBM"), nullptr);
  EXPECT_EQ(ceilings.origin, "ERT 1.1.0 on cori07");
  // A ceiling without a precision serves every precision.
  EXPECT_EQ(ceilings.computeOf(ComputeKind::Fma, ROOF_FP32),
            &ceilings.compute[0]);
  EXPECT_EQ(ceilings.computeOf(ComputeKind::NoFma, ROOF_FP64), nullptr);
}

// The V100 file of seed 001's slides: no metadata at all.
TEST(CeilingsTest, MetadataIsOptional) {
  Ceilings ceilings = parseCeilings(
      R"({"empirical": {"gflops": {"data": [["GFLOPs", 7068.9]]},
                        "gbytes": {"data": [["L1", 2996.82],
                                            ["DRAM", 828.83]]}}})");
  EXPECT_DOUBLE_EQ(ceilings.compute[0].gflops, 7068.9);
  EXPECT_EQ(ceilings.origin, "");
}

TEST(CeilingsTest, SinglePrecisionRunNamesTheOldEntrysPrecision) {
  Ceilings ceilings = parseCeilings(
      R"({"empirical": {"metadata": {"CONFIG": {"ERT_PRECISION": ["FP32"]}},
                        "gflops": {"data": [["GFLOPs", 700]]},
                        "gbytes": {"data": [["DRAM", 80]]}}})");
  EXPECT_EQ(ceilings.compute[0].precision, ROOF_FP32);
  EXPECT_EQ(ceilings.computeOf(ComputeKind::Fma, ROOF_FP64), nullptr);
}

TEST(CeilingsTest, ReadsOneCeilingPerPrecisionAndKernel) {
  Ceilings ceilings = parseCeilings(
      R"({"empirical": {"metadata": {"TOOL": "roof-ert", "TOOL_VERSION": "0.1",
                                     "HOSTNAME": "n1"},
        "gflops": {"data": [["FP64 GFLOPs", 1000], ["FP64 no-FMA GFLOPs", 400],
                            ["FP64 divide+FMA GFLOPs", 100],
                            ["FP64 divide no-FMA GFLOPs", 80],
                            ["FP32 GFLOPs", 2000], ["FP16 GFLOPs", 4000],
                            ["FP64 ADD.f64 GFLOPs", 300]]},
        "gbytes": {"data": [["L1", 4000], ["DRAM", 100]]}}})");
  EXPECT_EQ(ceilings.origin, "roof-ert 0.1 on n1");
  EXPECT_DOUBLE_EQ(ceilings.computeOf(ComputeKind::Fma, ROOF_FP64)->gflops,
                   1000);
  EXPECT_DOUBLE_EQ(ceilings.computeOf(ComputeKind::Fma, ROOF_FP32)->gflops,
                   2000);
  EXPECT_DOUBLE_EQ(ceilings.computeOf(ComputeKind::Fma, ROOF_FP16)->gflops,
                   4000);
  EXPECT_DOUBLE_EQ(
      ceilings.computeOf(ComputeKind::DivideNoFma, ROOF_FP64)->gflops, 80);
  EXPECT_EQ(ceilings.computeOf(ComputeKind::NoFma, ROOF_FP32), nullptr);
  EXPECT_EQ(ceilings.compute.back().kind, ComputeKind::Other);
  EXPECT_EQ(ceilingLabel(ceilings.compute[1]), "FP64 no-FMA");
  EXPECT_EQ(ceilingLabel(ceilings.compute.back()), "FP64 ADD.f64 GFLOPs");
}

TEST(CeilingsTest, RecognisesTheSpellingsOfCeilingNames) {
  struct Case {
    const char *name;
    std::optional<RoofPrecision> precision;
    ComputeKind kind;
  };
  const Case cases[] = {
      {"GFLOPs", std::nullopt, ComputeKind::Fma},
      {"FP64 GFLOPs", ROOF_FP64, ComputeKind::Fma},
      {"fp32 gflops", ROOF_FP32, ComputeKind::Fma},
      {"FP64 FMA GFLOP/s", ROOF_FP64, ComputeKind::Fma},
      {"FP64 no-FMA GFLOPs", ROOF_FP64, ComputeKind::NoFma},
      {"No-FMA", std::nullopt, ComputeKind::NoFma},
      {"FP64 noFMA GFLOPs", ROOF_FP64, ComputeKind::NoFma},
      {"FP64 divide+FMA GFLOPs", ROOF_FP64, ComputeKind::DivideFma},
      {"Div FMA", std::nullopt, ComputeKind::DivideFma},
      {"FP64 divide no-FMA GFLOPs", ROOF_FP64, ComputeKind::DivideNoFma},
      {"Div No-FMA", std::nullopt, ComputeKind::DivideNoFma},
      {"Tensor Core GFLOPs", std::nullopt, ComputeKind::Other}};
  for (const Case &c : cases) {
    CeilingName reading = classifyCeilingName(c.name);
    EXPECT_EQ(reading.precision, c.precision) << c.name;
    EXPECT_EQ(reading.kind, c.kind) << c.name;
  }
}

// Each refusal is one line that says where the file is wrong.
TEST(CeilingsTest, RefusesMalformedFiles) {
  struct Case {
    const char *text;
    const char *message;
  };
  const Case cases[] = {
      {"{", "not JSON: parse error at line 1, column 2: syntax error"},
      {"{\"empirical\": 1e400}",
       "not JSON: number overflow parsing '1e400' at line 1, column 15"},
      {"[1]", "expected a JSON object at the top level"},
      {R"({"spec": {}})", "missing \"empirical\""},
      {R"({"empirical": {"gbytes": {"data": [["L1", 1]]}}})",
       "missing \"gflops\""},
      {R"({"empirical": {"gflops": {"data": []},
                         "gbytes": {"data": [["L1", 1]]}}})",
       "empirical.gflops.data: no GFLOP/s ceiling"},
      {R"({"empirical": {"gflops": {"data": [["GFLOPs", 1]]},
                         "gbytes": {"data": {"L1": 1}}}})",
       "empirical.gbytes.data: expected an array of [name, value] pairs"},
      {R"({"empirical": {"gflops": {"data": [["GFLOPs", -3]]},
                         "gbytes": {"data": [["L1", 1]]}}})",
       "empirical.gflops.data[0]: \"GFLOPs\": expected a positive number of "
       "GFLOP/s, got -3"},
      {R"({"empirical": {"gflops": {"data": [["GFLOPs", "fast"]]},
                         "gbytes": {"data": [["L1", 1]]}}})",
       "expected a positive number of GFLOP/s, got \"fast\""},
      {R"({"empirical": {"gflops": {"data": [["GFLOPs"]]},
                         "gbytes": {"data": [["L1", 1]]}}})",
       "empirical.gflops.data[0]: expected [name, GFLOP/s], got [\"GFLOPs\"]"},
      {R"({"empirical": {"gflops": {"data": [["GFLOPs", 1]]},
                         "gbytes": {"data": [["L1", 1], ["L1", 2]]}}})",
       "empirical.gbytes.data[1]: \"L1\" appears twice"}};
  for (const Case &c : cases) {
    try {
      parseCeilings(c.text);
      ADD_FAILURE() << "accepted " << c.text;
    } catch (const InputError &error) {
      EXPECT_NE(std::string(error.what()).find(c.message), std::string::npos)
          << error.what();
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
    }
  }
}

TEST(CeilingsTest, KnowsAGpuRunByErtsConfig) {
  // ERT copies its config: ERT_GPU ["True"] for a GPU run, [false] when the
  // key was left out.
  auto gpuRun = [](const char *value) {
    return parseCeilings(std::string(R"({"empirical": {"metadata": {"CONFIG":
                 {"ERT_GPU": )") +
                         value + R"(}},
                 "gflops": {"data": [["FP64 GFLOPs", 30000]]},
                 "gbytes": {"data": [["HBM", 4200]]}}})")
        .gpu;
  };
  EXPECT_TRUE(gpuRun(R"(["True"])"));
  EXPECT_TRUE(gpuRun("true"));
  EXPECT_FALSE(gpuRun(R"(["False"])"));
  EXPECT_FALSE(gpuRun("[false]"));
  EXPECT_FALSE(parseCeilings(kOriginalErt).gpu);
}

//===----------------------------------------------------------------------===//
// Measured bytes
//===----------------------------------------------------------------------===//

TEST(MeasuredBytesTest, ParsesTheBytesOption) {
  LevelBytes bytes = parseLevelBytesOption("DRAM=1.5e9");
  EXPECT_EQ(bytes.level, "DRAM");
  EXPECT_DOUBLE_EQ(bytes.bytes, 1.5e9);
  EXPECT_EQ(bytes.source, BytesSource::Measured);
  for (const char *bad :
       {"DRAM", "=5", "DRAM=", "DRAM=-1", "DRAM=0", "DRAM=lots", "DRAM=nan"})
    EXPECT_THROW(parseLevelBytesOption(bad), UsageError) << bad;
  std::vector<LevelBytes> list;
  addLevelBytes(list, bytes, "the program");
  EXPECT_THROW(addLevelBytes(list, bytes, "the program"), UsageError);
}

} // namespace
} // namespace roof
