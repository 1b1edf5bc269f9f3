//===- driver/unittests/RooflineTest.cpp - Efficiency, PP, ceiling choice -===//
//
// The arithmetic is checked against the numbers of seed 000 (Yang et al.,
// "An Empirical Roofline Methodology for Quantitatively Assessing
// Performance Portability", P3HPC'18) and seed 001 (the partial-FMA
// ceiling); each test names the section or table its numbers come from.
//
//===----------------------------------------------------------------------===//
#include "Roofline.h"

#include <gtest/gtest.h>

#include <cmath>

namespace roof {
namespace {

// Rounds a fraction to a percentage with two decimals, as the paper prints.
double percent2(double fraction) { return std::round(fraction * 10000) / 100; }

//===----------------------------------------------------------------------===//
// Performance portability, eq. 1
//===----------------------------------------------------------------------===//

// Seed 000, Table III ("Architectural efficiency and performance portability
// of GPP variants of nw"), application efficiencies on KNL and V100 and the
// PP the paper computes from them:
//   FMA GPP vs FMA ceiling    nw=2 77.50 91.50 -> 83.92   nw=3 66.77 76.70
//                             -> 71.39   nw=4 55.28 65.44 -> 59.93
//                             nw=5 46.56 65.07 -> 54.28  nw=6 39.65 66.38
//                             -> 49.65
//   no-FMA GPP vs no-FMA      nw=1 82.06 92.88 -> 87.14  nw=2 72.95 92.88
//                             -> 81.72   nw=3 73.74 97.43 -> 83.95
//                             nw=4 78.72 98.91 -> 87.67  nw=6 82.81 99.73
//                             -> 90.49
// (FMA nw=1, 84.98 and 97.36, gives 90.75, not the printed 90.76: the
// printed efficiencies are rounded; no-FMA nw=5 prints V100 as "1.00".)
TEST(PerformancePortabilityTest, ReproducesTableIII) {
  struct Row {
    double knl, v100, pp;
  };
  const Row rows[] = {{77.50, 91.50, 83.92}, {66.77, 76.70, 71.39},
                      {55.28, 65.44, 59.93}, {46.56, 65.07, 54.28},
                      {39.65, 66.38, 49.65}, {82.06, 92.88, 87.14},
                      {72.95, 92.88, 81.72}, {73.74, 97.43, 83.95},
                      {78.72, 98.91, 87.67}, {82.81, 99.73, 90.49}};
  for (const Row &row : rows) {
    double pp = performancePortability({row.knl / 100, row.v100 / 100});
    EXPECT_DOUBLE_EQ(percent2(pp), row.pp) << row.knl << " " << row.v100;
  }
}

// Seed 000, Table II, Bar 5 (empirical no-FMA GPP against the empirical
// no-FMA ceiling, nw = 6): KNL 81.42%, V100 99.96% -> PP 89.74%; Bar 4 (the
// divide ceiling, "an impossible portability"): 289.13%, 639.36% -> 398.19%.
TEST(PerformancePortabilityTest, ReproducesTableII) {
  EXPECT_DOUBLE_EQ(percent2(performancePortability({0.8142, 0.9996})), 89.74);
  EXPECT_DOUBLE_EQ(percent2(performancePortability({2.8913, 6.3936})), 398.19);
}

// Eq. 1's "otherwise": a platform that does not support the application
// makes PP 0, whatever the others achieve.
TEST(PerformancePortabilityTest, IsZeroWhenAPlatformIsUnsupported) {
  EXPECT_EQ(performancePortability({0.9, std::nullopt}), 0);
  EXPECT_EQ(performancePortability({0.9, 0.0}), 0);
  EXPECT_EQ(performancePortability({}), 0);
  EXPECT_DOUBLE_EQ(performancePortability({0.5}), 0.5);
}

//===----------------------------------------------------------------------===//
// Ceilings and efficiency, eq. 2
//===----------------------------------------------------------------------===//

// Seed 000, III-A: the measured KNL ceilings, FMA 2.39 TFLOP/s, no-FMA
// 959.5 GFLOP/s, HBM 341.8 GB/s. Below the ridge (959.5 / 341.8 = 2.807
// FLOP/byte) the bound is the bandwidth, above it the ceiling.
TEST(EfficiencyTest, BoundIsTheLowerOfCeilingAndBandwidthTimesIntensity) {
  EXPECT_DOUBLE_EQ(attainablePerformance(959.5, 341.8, 1.0), 341.8);
  EXPECT_DOUBLE_EQ(attainablePerformance(959.5, 341.8, 10.0), 959.5);
  EXPECT_DOUBLE_EQ(architecturalEfficiency(781.2, 959.5), 781.2 / 959.5);
}

// Seed 000, eq. 6 and III-A: V100 FMA peak 80 x 32 x 2 x 1.53 = 7833.6
// GFLOP/s, "the no-FMA theoretical ceilings are calculated as one-half".
// Seed 001: GPP at nw = 6 has alpha = 60% FMA instructions, so beta =
// (alpha x 2 + (1 - alpha)) / 2 = 80% of the compute peak.
TEST(EfficiencyTest, PartialFmaCeilingFollowsSeed001) {
  double fmaPeak = 80 * 32 * 2 * 1.53;
  EXPECT_DOUBLE_EQ(fmaPeak, 7833.6);
  EXPECT_DOUBLE_EQ(partialFmaCeiling(fmaPeak, 0.0), fmaPeak / 2);
  EXPECT_DOUBLE_EQ(partialFmaCeiling(fmaPeak, 1.0), fmaPeak);
  EXPECT_DOUBLE_EQ(partialFmaCeiling(1.0, 0.6), 0.8);
}

Counts
countsWith(RoofPrecision precision,
           std::initializer_list<std::pair<RoofClass, KindCounts>> classes,
           std::uint64_t bytes) {
  Counts counts;
  PrecisionCounts &p = counts.precisions[precision];
  for (const auto &[cls, kinds] : classes) {
    p.classes[cls] = kinds;
    p.flops.canonical += kinds.canonical;
    p.flops.empirical += kinds.empirical;
    p.flops.fullWidth += kinds.fullWidth;
  }
  counts.bytesLoaded = bytes;
  return counts;
}

Ceilings knlCeilings() {
  Ceilings ceilings;
  ceilings.compute = {
      {"FP64 GFLOPs", ROOF_FP64, ComputeKind::Fma, 2390},
      {"FP64 no-FMA GFLOPs", ROOF_FP64, ComputeKind::NoFma, 959.5}};
  ceilings.bandwidth = {{"L1", 6442.9}, {"HBM", 341.8}};
  return ceilings;
}

// Seed 000, III-B and Table I: GPP at nw = 6 on V100 executes 5886.5
// empirical GFLOPs for 4350.9 canonical ones; "what may have seemed like
// only 65% of peak performance is in reality 88% of peak performance".
// A compute-bound no-FMA run at 65% of the ceiling with canonical FLOPs is
// at 65% x 5886.5 / 4350.9 = 87.9% with empirical ones.
TEST(EfficiencyTest, EmpiricalFlopsRaiseTheEfficiencyLikeTableI) {
  double ceiling = 959.5; // any compute-bound ceiling
  double seconds = 4350.9 / (0.65 * ceiling);
  Counts counts = countsWith(
      ROOF_FP64,
      {{ROOF_CLASS_ADD, {2175450000000, 2943250000000, 2943250000000}},
       {ROOF_CLASS_MUL, {2175450000000, 2943250000000, 2943250000000}}},
      100000000000); // 100 GB: AI far right of the ridge
  std::optional<ScopeRoofline> roofline =
      analyseScope(counts, seconds, ROOF_FP64, knlCeilings(), {});
  ASSERT_TRUE(roofline);
  EXPECT_EQ(roofline->compute->name, "FP64 no-FMA");
  EXPECT_DOUBLE_EQ(percent2(*roofline->canonical.efficiency), 65.00);
  EXPECT_EQ(std::round(*roofline->empirical.efficiency * 100), 88);
  EXPECT_NEAR(*roofline->empirical.efficiency, 0.65 * 5886.5 / 4350.9, 1e-12);
}

// Hierarchical points: the L1 point from roof's bytes, an HBM point from
// measured bytes; the scope's efficiency is at the lower roof.
TEST(EfficiencyTest, BindingLevelIsTheLowestRoof) {
  Counts counts =
      countsWith(ROOF_FP64, {{ROOF_CLASS_FMA, {2000, 2000, 2000}}}, 1000);
  std::optional<ScopeRoofline> roofline =
      analyseScope(counts, 1e-9, ROOF_FP64, knlCeilings(),
                   {{"HBM", 400, BytesSource::Measured}});
  ASSERT_TRUE(roofline);
  const RooflinePoint &point = roofline->empirical;
  ASSERT_EQ(point.levels.size(), 2u);
  EXPECT_EQ(point.levels[0].bytes.level, "L1");
  EXPECT_EQ(point.levels[0].bytes.source, BytesSource::Counted);
  EXPECT_DOUBLE_EQ(*point.levels[0].ai, 2.0);
  EXPECT_TRUE(point.levels[0].computeBound); // 6442.9 x 2 > 2390
  EXPECT_DOUBLE_EQ(*point.levels[1].ai, 5.0);
  EXPECT_DOUBLE_EQ(*point.levels[1].bound, 341.8 * 5); // 1709 < 2390
  EXPECT_EQ(point.binding, 1u);
  EXPECT_DOUBLE_EQ(*point.gflops, 2000.0);
  EXPECT_DOUBLE_EQ(*point.efficiency, 2000.0 / 1709.0); // above the roof
}

// Modelled traffic gives the levels below L1, each replaced by measured
// bytes of the same level; a modelled level the ceilings lack (L2) shows its
// AI but is not placed.
TEST(EfficiencyTest, ModelledTrafficPlacesTheLevelsBelowL1) {
  Counts counts =
      countsWith(ROOF_FP64, {{ROOF_CLASS_FMA, {2000, 2000, 2000}}}, 1000);
  counts.traffic = {{"L2", {300, 100}}, {"HBM", {150, 50}}};
  std::optional<ScopeRoofline> roofline =
      analyseScope(counts, 1e-9, ROOF_FP64, knlCeilings(), {});
  ASSERT_TRUE(roofline);
  const RooflinePoint &point = roofline->empirical;
  // L1 and HBM in the file's order, then L2, which it lacks.
  ASSERT_EQ(point.levels.size(), 3u);
  EXPECT_EQ(point.levels[0].bytes.source, BytesSource::Counted);
  const LevelPoint &hbm = point.levels[1];
  EXPECT_EQ(hbm.bytes.level, "HBM");
  EXPECT_EQ(hbm.bytes.source, BytesSource::Modelled);
  EXPECT_DOUBLE_EQ(*hbm.ai, 2000.0 / 200);
  EXPECT_DOUBLE_EQ(*hbm.bound, 2390); // 341.8 x 10 > 2390
  const LevelPoint &l2 = point.levels[2];
  EXPECT_EQ(l2.bytes.level, "L2");
  EXPECT_DOUBLE_EQ(*l2.ai, 2000.0 / 400);
  EXPECT_FALSE(l2.bandwidth);
  EXPECT_FALSE(l2.bound);
  EXPECT_FALSE(l2.efficiency);
  EXPECT_EQ(point.binding, 1u); // compute at L1 and HBM: the outer binds

  roofline = analyseScope(counts, 1e-9, ROOF_FP64, knlCeilings(),
                          {{"HBM", 400, BytesSource::Measured}});
  ASSERT_TRUE(roofline);
  EXPECT_EQ(roofline->empirical.levels[1].bytes.source, BytesSource::Measured);
  EXPECT_DOUBLE_EQ(*roofline->empirical.levels[1].bound, 341.8 * 5);
  EXPECT_EQ(roofline->empirical.levels[2].bytes.source, BytesSource::Modelled);
}

TEST(EfficiencyTest, UntimedScopesHaveNoEfficiency) {
  Counts counts = countsWith(ROOF_FP64, {{ROOF_CLASS_ADD, {10, 10, 10}}}, 100);
  std::optional<ScopeRoofline> roofline =
      analyseScope(counts, std::nullopt, ROOF_FP64, knlCeilings(), {});
  ASSERT_TRUE(roofline);
  EXPECT_FALSE(roofline->empirical.gflops);
  EXPECT_FALSE(roofline->empirical.efficiency);
  EXPECT_DOUBLE_EQ(*roofline->empirical.levels[0].ai, 0.1);
  EXPECT_FALSE(analyseScope(counts, 1.0, ROOF_FP32, knlCeilings(), {}));
}

//===----------------------------------------------------------------------===//
// The instruction mix and the ceiling it selects
//===----------------------------------------------------------------------===//

// alpha counts instructions (seed 001: FMA FP64 instructions over all FP64
// instructions): an FMA lane is one operation of 2 FLOPs.
TEST(InstructionMixTest, CountsAnFmaLaneAsOneOperation) {
  PrecisionCounts p = countsWith(ROOF_FP64,
                                 {{ROOF_CLASS_FMA, {0, 1200, 0}},
                                  {ROOF_CLASS_ADD, {0, 200, 0}},
                                  {ROOF_CLASS_DIV, {0, 200, 0}}},
                                 0)
                          .precisions[ROOF_FP64];
  std::optional<InstructionMix> mix = instructionMix(p);
  ASSERT_TRUE(mix);
  EXPECT_DOUBLE_EQ(mix->flops, 1600);
  EXPECT_DOUBLE_EQ(mix->operations, 1000);
  EXPECT_DOUBLE_EQ(mix->fmaShare, 0.6);
  EXPECT_DOUBLE_EQ(mix->fmaFlopShare, 0.75);
  EXPECT_DOUBLE_EQ(mix->divideShare, 0.2);
  EXPECT_FALSE(instructionMix(PrecisionCounts{}));
}

Ceilings allCeilings() {
  Ceilings ceilings;
  ceilings.compute = {
      {"FP64 GFLOPs", ROOF_FP64, ComputeKind::Fma, 1000},
      {"FP64 no-FMA GFLOPs", ROOF_FP64, ComputeKind::NoFma, 400},
      {"FP64 divide+FMA GFLOPs", ROOF_FP64, ComputeKind::DivideFma, 100},
      {"FP64 divide no-FMA GFLOPs", ROOF_FP64, ComputeKind::DivideNoFma, 80}};
  ceilings.bandwidth = {{"L1", 4000}, {"DRAM", 100}};
  return ceilings;
}

InstructionMix mixOf(double fmaShare, double divideShare) {
  InstructionMix mix;
  mix.fmaShare = fmaShare;
  mix.divideShare = divideShare;
  return mix;
}

TEST(CeilingChoiceTest, FmaOnlyMixUsesTheFmaCeiling) {
  auto choice = chooseComputeCeiling(allCeilings(), ROOF_FP64, mixOf(1, 0));
  ASSERT_TRUE(choice);
  EXPECT_EQ(choice->kind, ComputeKind::Fma);
  EXPECT_FALSE(choice->partial);
  EXPECT_DOUBLE_EQ(choice->gflops, 1000);
  EXPECT_EQ(choice->name, "FP64 FMA");
  EXPECT_NE(choice->reason.find("every FP operation is an FMA"),
            std::string::npos);
  // Within kFmaOnlyShare of 1 still counts as all-FMA.
  EXPECT_FALSE(
      chooseComputeCeiling(allCeilings(), ROOF_FP64, mixOf(0.96, 0))->partial);
}

TEST(CeilingChoiceTest, FmaFreeMixUsesTheNoFmaCeiling) {
  auto choice = chooseComputeCeiling(allCeilings(), ROOF_FP64, mixOf(0, 0));
  ASSERT_TRUE(choice);
  EXPECT_EQ(choice->kind, ComputeKind::NoFma);
  EXPECT_DOUBLE_EQ(choice->gflops, 400);
}

TEST(CeilingChoiceTest, MixedMixUsesThePartialFmaCeiling) {
  auto choice = chooseComputeCeiling(allCeilings(), ROOF_FP64, mixOf(0.6, 0));
  ASSERT_TRUE(choice);
  EXPECT_TRUE(choice->partial);
  EXPECT_EQ(choice->kind, ComputeKind::Fma);
  EXPECT_DOUBLE_EQ(choice->gflops, 800);
  EXPECT_EQ(choice->name, "FP64 partial-FMA");
  EXPECT_NE(choice->reason.find("(0.60 x 2 + 0.40) / 2"), std::string::npos);
}

// Without a no-FMA ceiling in the file, an FMA-free mix gets half the FMA
// peak, the theoretical no-FMA ceiling of seed 000 (III-A).
TEST(CeilingChoiceTest, FmaFreeMixWithoutNoFmaCeilingGetsHalfThePeak) {
  Ceilings ceilings;
  ceilings.compute = {{"GFLOPs", std::nullopt, ComputeKind::Fma, 7068.9}};
  auto choice = chooseComputeCeiling(ceilings, ROOF_FP64, mixOf(0, 0));
  ASSERT_TRUE(choice);
  EXPECT_TRUE(choice->partial);
  EXPECT_DOUBLE_EQ(choice->gflops, 7068.9 / 2);
  EXPECT_NE(choice->reason.find("no no-FMA ceiling"), std::string::npos);
}

TEST(CeilingChoiceTest, DivideHeavyMixUsesTheDivideCeilings) {
  auto withFma =
      chooseComputeCeiling(allCeilings(), ROOF_FP64, mixOf(0.5, 0.5));
  ASSERT_TRUE(withFma);
  EXPECT_EQ(withFma->kind, ComputeKind::DivideFma);
  EXPECT_DOUBLE_EQ(withFma->gflops, 100);
  auto withoutFma =
      chooseComputeCeiling(allCeilings(), ROOF_FP64, mixOf(0, 1.0 / 3));
  ASSERT_TRUE(withoutFma);
  EXPECT_EQ(withoutFma->kind, ComputeKind::DivideNoFma);
  EXPECT_DOUBLE_EQ(withoutFma->gflops, 80);
  // "Only a few" divides (seed 000, III-B): not the divide ceilings.
  auto few = chooseComputeCeiling(allCeilings(), ROOF_FP64, mixOf(0, 0.1));
  EXPECT_EQ(few->kind, ComputeKind::NoFma);
}

TEST(CeilingChoiceTest, DivideHeavyMixWithoutDivideCeilingsSaysSo) {
  Ceilings ceilings = knlCeilings();
  auto choice = chooseComputeCeiling(ceilings, ROOF_FP64, mixOf(0, 0.5));
  ASSERT_TRUE(choice);
  EXPECT_EQ(choice->kind, ComputeKind::NoFma);
  EXPECT_NE(choice->reason.find("no divide ceiling"), std::string::npos);
}

TEST(CeilingChoiceTest, NoCeilingForThePrecision) {
  EXPECT_FALSE(chooseComputeCeiling(allCeilings(), ROOF_FP32, mixOf(1, 0)));
}

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

TEST(ScopesTest, DominantPrecisionHasTheMostEmpiricalFlops) {
  Counts counts;
  EXPECT_EQ(dominantPrecision(counts), ROOF_FP64);
  counts.precisions[ROOF_FP32].flops.empirical = 10;
  counts.precisions[ROOF_FP64].flops.empirical = 9;
  EXPECT_EQ(dominantPrecision(counts), ROOF_FP32);
}

TEST(ScopesTest, UnknownRegionIsAUsageError) {
  Census census;
  census.program = "app";
  census.regions.push_back({"solve", 1, 1.0, {}});
  ScopeSelection selection;
  selection.region = "missing";
  EXPECT_THROW(rooflineScopes(census, selection), std::runtime_error);
  selection.region = "solve";
  ASSERT_EQ(rooflineScopes(census, selection).size(), 1u);
}

} // namespace
} // namespace roof
