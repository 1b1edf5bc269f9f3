//===- driver/unittests/ToolOutputTest.cpp - SDE and LIKWID parsers -------===//
#include "InputFile.h"
#include "LikwidOutput.h"
#include "SdeOutput.h"

#include <gtest/gtest.h>

namespace roof {
namespace {

//===----------------------------------------------------------------------===//
// Intel SDE
//===----------------------------------------------------------------------===//

TEST(SdeTest, ReadsTheWidthOfFmaForms) {
  struct Case {
    const char *iform;
    RoofPrecision precision;
    unsigned width;
  };
  const Case cases[] = {
      {"VFMADD231PD_ZMMf64_MASKmskw_ZMMf64_ZMMf64_AVX512", ROOF_FP64, 8},
      {"VFMADD213PS_YMMqq_YMMqq_YMMqq", ROOF_FP32, 8},
      {"VFNMADD231PD_XMMdq_XMMdq_MEMdq", ROOF_FP64, 2},
      {"VFMADD231SD_XMMdq_XMMq_XMMq", ROOF_FP64, 1},
      {"VFMSUBADD132PS_ZMMf32_MASKmskw_ZMMf32_MEMf32_AVX512", ROOF_FP32, 16},
      {"VFNMSUB231SS_XMMdq_XMMd_MEMd", ROOF_FP32, 1}};
  for (const Case &c : cases) {
    std::optional<FmaForm> form = fmaForm(c.iform);
    ASSERT_TRUE(form) << c.iform;
    EXPECT_EQ(form->precision, c.precision) << c.iform;
    EXPECT_EQ(form->width, c.width) << c.iform;
  }
  EXPECT_FALSE(fmaForm("VADDPD_ZMMf64_MASKmskw_ZMMf64_ZMMf64_AVX512"));
  EXPECT_FALSE(fmaForm("*elements_fp_double_8"));
  // Without -iform SDE prints opcodes: the width cannot be known.
  EXPECT_THROW(fmaForm("VFMADD231PD"), InputError);
}

const char *const kMix = R"(# EMIT_DYNAMIC_STATS FOR TID 0  OS-TID 7 EMIT# 1
*elements_fp_double_4                                   999
# END_DYNAMIC_STATS
# EMIT_GLOBAL_DYNAMIC_STATS   EMIT# 8
# $global-dynamic-counts
#       iform                 count
*elements_fp_double_1                  2960
*elements_fp_double_4             999999360
*elements_fp_single_16                  100
*mem-read-8                            1000
*mem-read-32                             10
*mem-write-32                             5
*mem-read                              1010
VFMADD231PD_YMMqq_YMMqq_MEMqq     499999680
VFMADD231SD_XMMdq_XMMq_XMMq             100
VADDPD_YMMqq_YMMqq_YMMqq          500000000
*total                           2999999999
# END_GLOBAL_DYNAMIC_STATS
)";

// The global block only; FMA forms add their width once more (FMA = 2).
TEST(SdeTest, AppliesTheNerscFormulaToTheGlobalBlock) {
  SdeCounts counts = parseSdeMix(kMix);
  EXPECT_EQ(counts.elements[ROOF_FP64], 2960ull + 4ull * 999999360);
  EXPECT_EQ(counts.fmaElements[ROOF_FP64], 4ull * 499999680 + 100);
  EXPECT_EQ(counts.flops(ROOF_FP64),
            2960ull + 4ull * 999999360 + 4ull * 499999680 + 100);
  EXPECT_EQ(counts.flops(ROOF_FP32), 1600u);
  EXPECT_EQ(counts.fmaInstructions, 499999780u);
  EXPECT_EQ(counts.bytesRead, 8000u + 320u);
  EXPECT_EQ(counts.bytesWritten, 160u);
  EXPECT_FALSE(counts.maskAware);
}

TEST(SdeTest, RefusesWhatIsNotAMix) {
  EXPECT_THROW(parseSdeMix("hello\n"), InputError);
  EXPECT_THROW(parseSdeMix("# EMIT_GLOBAL_DYNAMIC_STATS\n*total 5\n"),
               InputError); // not closed
  EXPECT_THROW(parseSdeMix("# EMIT_GLOBAL_DYNAMIC_STATS\n*total 5\n"
                           "# END_GLOBAL_DYNAMIC_STATS\n"),
               InputError); // no elements
}

// A masked FMA on 8 lanes of which 3 are active, 1000 times: 5 lanes x 2
// FLOPs x 1000 come off; masked moves and unmasked instructions change
// nothing.
TEST(SdeTest, MaskProfileTakesAwayInactiveLanes) {
  SdeCounts counts = parseSdeMix(R"(# EMIT_GLOBAL_DYNAMIC_STATS
*elements_fp_double_8 126000
VFMADD231PD_ZMMf64_MASKmskw_ZMMf64_ZMMf64_AVX512 126000
# END_GLOBAL_DYNAMIC_STATS
)");
  EXPECT_EQ(counts.flops(ROOF_FP64), 2016000u);
  applySdeMaskProfile(counts, R"(<thread>
  <instruction-details>
    <disassembly> vfmadd231pd zmm0{k1}, zmm2, zmm1 </disassembly>
    <execution-counts> 1000 </execution-counts>
    <computation-count> 3000 </computation-count>
  </instruction-details>
  <instruction-details>
    <disassembly> vmovupd zmm1{k1}{z}, zmmword ptr [rdi] </disassembly>
    <execution-counts> 1000 </execution-counts>
    <computation-count> 3000 </computation-count>
  </instruction-details>
  <instruction-details>
    <disassembly> vaddps ymm1{k2}, ymm1, ymm3 </disassembly>
    <execution-counts> 10 </execution-counts>
    <computation-count> 40 </computation-count>
  </instruction-details>
  <instruction-details>
    <disassembly> vfmadd231pd zmm1, zmm2, zmmword ptr [rdi] </disassembly>
    <execution-counts> 125000 </execution-counts>
    <computation-count> 1000000 </computation-count>
  </instruction-details>
</thread>)");
  EXPECT_TRUE(counts.maskAware);
  EXPECT_EQ(counts.maskedInstructions, 2u);
  EXPECT_EQ(counts.inactiveFlops[ROOF_FP64], 10000u);
  EXPECT_EQ(counts.flops(ROOF_FP64), 2006000u);
  EXPECT_EQ(counts.inactiveFlops[ROOF_FP32], 40u); // 8 x 10 - 40
  EXPECT_THROW(applySdeMaskProfile(counts, "<thread></thread>"), InputError);
}

//===----------------------------------------------------------------------===//
// LIKWID
//===----------------------------------------------------------------------===//

const char *const kFlopsDp = R"(Group 1: FLOPS_DP
+------------------------------------------+---------+------------+------------+
|                   Event                  | Counter | HWThread 0 | HWThread 1 |
+------------------------------------------+---------+------------+------------+
|             INSTR_RETIRED_ANY            |  FIXC0  |     459214 |     452201 |
|    FP_ARITH_INST_RETIRED_SCALAR_DOUBLE   |   PMC1  |       1003 |          0 |
| FP_ARITH_INST_RETIRED_256B_PACKED_DOUBLE |   PMC2  |         10 |         10 |
| FP_ARITH_INST_RETIRED_512B_PACKED_DOUBLE |   PMC3  |     126000 |     126000 |
+------------------------------------------+---------+------------+------------+

+-----------------------------------------------+---------+---------+
|                     Event                     | Counter |   Sum   |
+-----------------------------------------------+---------+---------+
| FP_ARITH_INST_RETIRED_512B_PACKED_DOUBLE STAT |   PMC3  |  252000 |
+-----------------------------------------------+---------+---------+

+----------------------+------------+------------+
|        Metric        | HWThread 0 | HWThread 1 |
+----------------------+------------+------------+
|  Runtime (RDTSC) [s] |     0.0012 |     0.0012 |
|     DP [MFLOP/s]     |   840.8358 |   840.0000 |
+----------------------+------------+------------+
)";

TEST(LikwidTest, SumsThreadsAndSkipsStatRows) {
  std::vector<LikwidGroup> groups = parseLikwid(kFlopsDp);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].group, "FLOPS_DP");
  EXPECT_EQ(groups[0].region, "");
  EXPECT_DOUBLE_EQ(
      groups[0].events.at("FP_ARITH_INST_RETIRED_512B_PACKED_DOUBLE"), 252000);
  EXPECT_EQ(groups[0].metrics.at("DP [MFLOP/s]").size(), 2u);
  std::optional<LikwidFlops> flops = likwidFlops(groups[0]);
  ASSERT_TRUE(flops);
  EXPECT_TRUE(flops->exact);
  EXPECT_DOUBLE_EQ(flops->byPrecision.at(ROOF_FP64),
                   1003 + 4 * 20 + 8 * 252000);
}

// Without raw counters, MFLOP/s x runtime thread by thread.
TEST(LikwidTest, FallsBackToMetrics) {
  std::vector<LikwidGroup> groups = parseLikwid(R"(Group 1: FLOPS_DP
+----------------------+------------+------------+
|        Metric        | HWThread 0 | HWThread 1 |
+----------------------+------------+------------+
|  Runtime (RDTSC) [s] |     0.0012 |     0.0012 |
|     DP [MFLOP/s]     |   840.8358 |   840.0000 |
+----------------------+------------+------------+
)");
  std::optional<LikwidFlops> flops = likwidFlops(groups[0]);
  ASSERT_TRUE(flops);
  EXPECT_FALSE(flops->exact);
  EXPECT_NEAR(flops->byPrecision.at(ROOF_FP64), 2017003, 1);
}

TEST(LikwidTest, ReadsMarkerRegionsAndMemoryVolume) {
  std::vector<LikwidGroup> groups = parseLikwid(R"(Region daxpy, Group 1: MEM
+-------------------+------------+
|    Region Info    | HWThread 0 |
+-------------------+------------+
| RDTSC Runtime [s] |   0.001200 |
+-------------------+------------+
+-----------------------------------+------------+
|               Metric              | HWThread 0 |
+-----------------------------------+------------+
|    Memory data volume [GBytes]    |     0.0181 |
+-----------------------------------+------------+
Region other, Group 1: RETIRED
+-----------------------------+---------+------------+
|            Event            | Counter | HWThread 0 |
+-----------------------------+---------+------------+
|  RETIRED_SSE_AVX_FLOPS_ALL  |   PMC0  |       4000 |
+-----------------------------+---------+------------+
)");
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].region, "daxpy");
  EXPECT_EQ(groups[0].group, "MEM");
  EXPECT_DOUBLE_EQ(*likwidMemoryBytes(groups[0]), 0.0181e9);
  EXPECT_FALSE(likwidFlops(groups[0]));
  EXPECT_EQ(groups[0].metrics.count("RDTSC Runtime [s]"), 0u);
  EXPECT_DOUBLE_EQ(*likwidFlops(groups[1])->all, 4000);
}

TEST(LikwidTest, RefusesOtherText) {
  EXPECT_THROW(parseLikwid("no tables here\n"), InputError);
}

// Two threads of 1e308 would sum to infinity: no counter holds that.
TEST(LikwidTest, RefusesValuesNoCounterHolds) {
  const char *table = R"(Group 1: FLOPS_DP
+------------------------------------------+---------+--------+--------+
|                   Event                  | Counter | HWT 0  | HWT 1  |
+------------------------------------------+---------+--------+--------+
| FP_ARITH_INST_RETIRED_SCALAR_DOUBLE      |   PMC0  | %s |   2    |
+------------------------------------------+---------+--------+--------+
)";
  auto withValue = [&](const char *value) {
    std::string text = table;
    text.replace(text.find("%s"), 2, value);
    return text;
  };
  EXPECT_NO_THROW(parseLikwid(withValue("1e19")));
  for (const char *bad : {"1e308", "-5"}) {
    try {
      parseLikwid(withValue(bad));
      ADD_FAILURE() << bad << " accepted";
    } catch (const InputError &error) {
      EXPECT_STREQ(
          error.what(),
          (std::string("line 5: FP_ARITH_INST_RETIRED_SCALAR_DOUBLE: ") + bad +
           " is not a count, size, rate or time (negative, or above "
           "2^64)")
              .c_str());
    }
  }
}

// An error that quotes a file's text stays one line, whatever the text holds.
TEST(InputErrorTest, IsOneLine) {
  EXPECT_STREQ(InputError("field \"0\r\n5\"\tend").what(),
               "field \"0\\r\\n5\"\\tend");
  EXPECT_STREQ(InputError(std::string("nul \0 del \x7f", 11)).what(),
               "nul \\x00 del \\x7f");
  EXPECT_STREQ(InputError("µs ok").what(), "µs ok");
}

} // namespace
} // namespace roof
