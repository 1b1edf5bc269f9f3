//===- driver/unittests/MetricsTest.cpp - Derived metrics -----------------===//
#include "Metrics.h"

#include <gtest/gtest.h>

namespace roof {
namespace {

Counts bytes(std::uint64_t loaded, std::uint64_t stored) {
  Counts counts;
  counts.bytesLoaded = loaded;
  counts.bytesStored = stored;
  return counts;
}

TEST(MetricsTest, DerivesRatioIntensityAndRate) {
  // 2 G canonical, 3 G empirical FLOPs over 1.6 G bytes in 2 s.
  KindCounts flops{2000000000, 3000000000, 5000000000};
  DerivedMetrics metrics =
      deriveMetrics(flops, bytes(1200000000, 400000000), 2.0);
  EXPECT_DOUBLE_EQ(*metrics.empiricalPerCanonical, 1.5);
  EXPECT_DOUBLE_EQ(*metrics.aiCanonical, 1.25);
  EXPECT_DOUBLE_EQ(*metrics.aiEmpirical, 1.875);
  EXPECT_DOUBLE_EQ(*metrics.gflopsCanonical, 1.0);
  EXPECT_DOUBLE_EQ(*metrics.gflopsEmpirical, 1.5);
}

TEST(MetricsTest, LeavesUndefinedMetricsAbsent) {
  DerivedMetrics noCanonical = deriveMetrics({0, 4, 4}, bytes(8, 0), 1.0);
  EXPECT_FALSE(noCanonical.empiricalPerCanonical);
  EXPECT_DOUBLE_EQ(*noCanonical.aiEmpirical, 0.5);

  DerivedMetrics noBytes = deriveMetrics({4, 4, 4}, bytes(0, 0), 1.0);
  EXPECT_FALSE(noBytes.aiCanonical);
  EXPECT_FALSE(noBytes.aiEmpirical);
  EXPECT_DOUBLE_EQ(*noBytes.gflopsCanonical, 4e-9);

  DerivedMetrics untimed = deriveMetrics({4, 4, 4}, bytes(8, 0), std::nullopt);
  EXPECT_FALSE(untimed.gflopsCanonical);
  EXPECT_FALSE(untimed.gflopsEmpirical);

  DerivedMetrics zeroTime = deriveMetrics({4, 4, 4}, bytes(8, 0), 0.0);
  EXPECT_FALSE(zeroTime.gflopsEmpirical);
}

TEST(MetricsTest, NeverDerivesFromSaturatedCounts) {
  DerivedMetrics saturatedFlops =
      deriveMetrics({kSaturated, 4, 4}, bytes(8, 0), 1.0);
  EXPECT_FALSE(saturatedFlops.empiricalPerCanonical);
  EXPECT_FALSE(saturatedFlops.aiCanonical);
  EXPECT_FALSE(saturatedFlops.gflopsCanonical);
  EXPECT_DOUBLE_EQ(*saturatedFlops.aiEmpirical, 0.5);

  DerivedMetrics saturatedBytes =
      deriveMetrics({4, 4, 4}, bytes(kSaturated, 0), 1.0);
  EXPECT_FALSE(saturatedBytes.aiCanonical);
  EXPECT_FALSE(saturatedBytes.aiEmpirical);
  EXPECT_TRUE(saturatedBytes.gflopsEmpirical);
}

TEST(MetricsTest, IntensityNeedsNoExactByteSum) {
  // loaded + stored = 2^64 + 2: not a uint64, still a correct double.
  std::uint64_t half = (std::uint64_t{1} << 63) + 1;
  DerivedMetrics metrics = deriveMetrics({4, 4, 4}, bytes(half, half), 1.0);
  EXPECT_DOUBLE_EQ(*metrics.aiCanonical, 4.0 / 18446744073709551618.0);
}

TEST(MetricsTest, SumsBytesExactlyOrNotAtAll) {
  EXPECT_EQ(totalBytes(bytes(3, 4)), 7u);
  EXPECT_EQ(totalBytes(bytes(kSaturated - 1, 0)), kSaturated - 1);
  EXPECT_FALSE(totalBytes(bytes(kSaturated - 1, 1)));
  EXPECT_FALSE(totalBytes(bytes(kSaturated, 0)));
  EXPECT_FALSE(
      totalBytes(bytes(std::uint64_t{1} << 63, std::uint64_t{1} << 63)));
}

Counts withFlops(RoofPrecision precision, std::uint64_t canonical,
                 std::uint64_t empirical) {
  Counts counts;
  counts.precisions[precision].flops = {canonical, empirical, empirical};
  return counts;
}

TEST(MetricsTest, SelectsPrecisionsInDisplayOrder) {
  Counts counts = withFlops(ROOF_FP32, 1, 1);
  counts.precisions[ROOF_FP64].flops = {0, 0, 2};
  counts.precisions[ROOF_BF16].classes[ROOF_CLASS_CONVERT] = {5, 5, 5};

  PrecisionSelection withCounts;
  EXPECT_EQ(selectPrecisions(counts, withCounts, false),
            (std::vector<RoofPrecision>{ROOF_FP64, ROOF_FP32}));
  EXPECT_EQ(selectPrecisions(counts, withCounts, true),
            (std::vector<RoofPrecision>{ROOF_FP64, ROOF_FP32, ROOF_BF16}));

  PrecisionSelection all{PrecisionSelection::Mode::All, ROOF_FP64};
  EXPECT_EQ(
      selectPrecisions(Counts{}, all, false),
      (std::vector<RoofPrecision>{ROOF_FP64, ROOF_FP32, ROOF_FP16, ROOF_BF16}));

  PrecisionSelection one{PrecisionSelection::Mode::One, ROOF_FP16};
  EXPECT_EQ(selectPrecisions(counts, one, false),
            (std::vector<RoofPrecision>{ROOF_FP16}));
}

FunctionRecord function(const std::string &name, Counts counts) {
  FunctionRecord record;
  record.name = name;
  record.counts = counts;
  return record;
}

std::vector<std::string>
names(const std::vector<const FunctionRecord *> &ranked) {
  std::vector<std::string> result;
  for (const FunctionRecord *record : ranked)
    result.push_back(record->name);
  return result;
}

TEST(MetricsTest, RanksFunctionsByEmpiricalFlops) {
  Census census;
  census.functions = {
      function("few", withFlops(ROOF_FP64, 10, 10)),
      function("many_fp32", withFlops(ROOF_FP32, 1, 100)),
      function("b_tie", withFlops(ROOF_FP64, 5, 50)),
      function("a_tie", withFlops(ROOF_FP64, 5, 50)),
      function("more_canonical", withFlops(ROOF_FP64, 6, 50)),
      function("bytes_only", bytes(100, 0)),
      function("nothing", Counts{}),
  };
  EXPECT_EQ(
      names(rankFunctions(census, PrecisionSelection{})),
      (std::vector<std::string>{"many_fp32", "more_canonical", "a_tie", "b_tie",
                                "few", "bytes_only", "nothing"}));

  PrecisionSelection fp64{PrecisionSelection::Mode::One, ROOF_FP64};
  EXPECT_EQ(names(rankFunctions(census, fp64)).front(), "more_canonical");
}

TEST(MetricsTest, RanksSaturatedSumsFirst) {
  Census census;
  Counts huge = withFlops(ROOF_FP64, 1, kSaturated - 1);
  huge.precisions[ROOF_FP32].flops = {1, 5, 5};
  census.functions = {function("big", withFlops(ROOF_FP64, 1, kSaturated - 2)),
                      function("huge", huge)};
  EXPECT_EQ(names(rankFunctions(census, PrecisionSelection{})).front(), "huge");
}

} // namespace
} // namespace roof
