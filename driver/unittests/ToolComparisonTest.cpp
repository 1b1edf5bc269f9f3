//===- driver/unittests/ToolComparisonTest.cpp - roof compare's numbers ---===//
//
// The lit tests test/lit/roofline/compare.test and driver/compare-gpu.test
// print the comparisons; these check the rows they print from.
//
//===----------------------------------------------------------------------===//
#include "ToolComparison.h"

#include <gtest/gtest.h>

namespace roof {
namespace {

TEST(ToolComparisonTest, DifferenceIsRelativeToTheTool) {
  EXPECT_EQ(difference(110, 100), 0.1);
  EXPECT_EQ(difference(0, 0), 0.0);
  EXPECT_FALSE(difference(5, 0)); // the tool counted none
}

TEST(ToolComparisonTest, SdePairsItsDefinitionWithRoofsCount) {
  Census census;
  census.totals.precisions[ROOF_FP64].flops = {100, 120, 160};
  census.totals.precisions[ROOF_FP64].classes[ROOF_CLASS_COMPARE] = {4, 4, 8};
  census.totals.bytesLoaded = 800;
  census.totals.bytesStored = 400;
  SdeCounts sde;
  sde.elements[ROOF_FP64] = 150;
  sde.fmaElements[ROOF_FP64] = 20;
  sde.bytesRead = 1000;
  sde.bytesWritten = 400;

  // Without a mask profile, SDE counts full vector widths: roof's
  // full_width FLOPs, then with the compares SDE counts as elements.
  SdeComparison full = compareWithSde(census, sde, std::nullopt);
  EXPECT_EQ(full.scope.title, "the whole program");
  ASSERT_EQ(full.rows.size(), 4u); // fp64 twice, bytes read and written
  EXPECT_EQ(full.rows[0].quantity, "fp64 FLOPs");
  EXPECT_EQ(full.rows[0].roof, 160);
  EXPECT_EQ(full.rows[0].tool, 170);
  EXPECT_EQ(full.rows[1].roof, 168);
  EXPECT_EQ(full.rows[2].quantity, "bytes read");
  EXPECT_EQ(full.rows[2].difference, -0.2);
  EXPECT_EQ(full.rows[3].difference, 0.0);

  // With it, active lanes: roof's empirical FLOPs.
  sde.maskAware = true;
  SdeComparison masked = compareWithSde(census, sde, std::nullopt);
  EXPECT_EQ(masked.rows[0].roof, 120);
}

TEST(ToolComparisonTest, AnUnknownRegionIsAMistakeOfTheCommandLine) {
  Census census;
  census.program = "app";
  SdeCounts sde;
  EXPECT_THROW(compareWithSde(census, sde, std::string("solve")), UsageError);
}

} // namespace
} // namespace roof
