//===- driver/unittests/PlotTest.cpp - Axes, label geometry, data.txt -----===//
#include "Plot.h"

#include "InputFile.h"
#include "LabelPlacer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace roof {
namespace {

TEST(PlotTest, AxesCoverTheValuesInWholeDecades) {
  LogAxis axis = logAxisCovering({0.25, 40}, 3, 3);
  EXPECT_EQ(axis.lowDecade, -2); // 0.25 / 3 = 0.083
  EXPECT_EQ(axis.highDecade, 3); // 40 x 3 = 120
  // At least three decades, widened upwards first.
  LogAxis narrow = logAxisCovering({2, 3}, 1, 3);
  EXPECT_EQ(narrow.highDecade - narrow.lowDecade, 3);
  EXPECT_EQ(narrow.lowDecade, -1);
  // Nothing to cover: around 1.
  LogAxis empty = logAxisCovering({0, -1}, 3, 2);
  EXPECT_EQ(empty.lowDecade, -1);
  EXPECT_EQ(empty.highDecade, 1);
}

TEST(PlotTest, DecadesAreLabelledPlainly) {
  EXPECT_EQ(decadeLabel(-3), "0.001");
  EXPECT_EQ(decadeLabel(-1), "0.1");
  EXPECT_EQ(decadeLabel(0), "1");
  EXPECT_EQ(decadeLabel(4), "10000");
  EXPECT_EQ(decadeLabel(5), "1e5");
  EXPECT_EQ(decadeLabel(-4), "1e-4");
}

TEST(PlotTest, RotatedBoxesOverlapOnlyWhenTheyTouch) {
  Box flat = rotatedBox({0, 10}, 100, 10, 0);
  EXPECT_DOUBLE_EQ(flat.corners[2].x, 100);
  EXPECT_DOUBLE_EQ(flat.corners[2].y, 0);
  EXPECT_TRUE(boxesOverlap(flat, rotatedBox({50, 15}, 10, 10, 0)));
  EXPECT_FALSE(boxesOverlap(flat, rotatedBox({0, 30}, 100, 10, 0)));
  // Two labels on parallel diagonals: their bounding boxes overlap, the
  // labels do not.
  double up = -M_PI / 4;
  Box lower = rotatedBox({0, 100}, 100, 10, up);
  Box upper = rotatedBox({0, 80}, 100, 10, up);
  EXPECT_FALSE(boxesOverlap(lower, upper));
  EXPECT_TRUE(boxesOverlap(lower, rotatedBox({0, 95}, 100, 10, up)));
}

ScopeRoofline timedPoint(double ai, double gflops) {
  ScopeRoofline roofline;
  roofline.empirical.gflops = gflops;
  LevelPoint l1;
  l1.bytes = {"L1", 1, BytesSource::Counted};
  l1.ai = ai;
  roofline.empirical.levels.push_back(l1);
  return roofline;
}

// The nersc-roofline input of shared/reference/formats.md.
TEST(PlotTest, WritesNerscDataTxt) {
  Ceilings ceilings;
  ceilings.compute = {{"GFLOPs", std::nullopt, ComputeKind::Fma, 7068.86},
                      {"No-FMA", std::nullopt, ComputeKind::NoFma, 3535.79}};
  ceilings.bandwidth = {{"L1", 14336.0}, {"L2", 2996.8}, {"HBM", 828.758}};
  PlotInput input{"t", "s", ceilings, ROOF_FP64, {}};
  input.scopes.push_back({"Kernel", timedPoint(0.87, 2085.756683)});
  input.scopes.push_back({"it's", timedPoint(2.25, 100)});
  std::ostringstream out;
  writeNerscData(out, input);
  EXPECT_EQ(out.str(), "memroofs 14336 2996.8 828.758\n"
                       "mem_roof_names 'L1' 'L2' 'HBM'\n"
                       "comproofs 7068.86 3535.79\n"
                       "comp_roof_names 'FMA' 'no-FMA'\n"
                       "AI 0.87 2.25\n"
                       "GFLOPs 2085.756683 100\n"
                       "labels 'Kernel' 'it`s'\n");

  PlotInput untimed{"t", "s", ceilings, ROOF_FP64, {}};
  untimed.scopes.push_back({"k", ScopeRoofline{}});
  std::ostringstream ignored;
  EXPECT_THROW(writeNerscData(ignored, untimed), InputError);
}

TEST(PlotTest, SvgIsOneDocumentWithEveryCeilingLabelled) {
  Ceilings ceilings;
  ceilings.compute = {
      {"FP64 GFLOPs", ROOF_FP64, ComputeKind::Fma, 1000},
      {"FP64 no-FMA GFLOPs", ROOF_FP64, ComputeKind::NoFma, 400},
      {"FP32 GFLOPs", ROOF_FP32, ComputeKind::Fma, 2000}};
  ceilings.bandwidth = {{"L1", 4000}, {"DRAM", 100}};
  PlotInput input{"Roofline <of> a & b", "s", ceilings, ROOF_FP64, {}};
  input.scopes.push_back({"solve", timedPoint(2, 400)});
  std::ostringstream out;
  writeRooflineSvg(out, input);
  std::string svg = out.str();
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("Roofline &lt;of&gt; a &amp; b"), std::string::npos);
  EXPECT_NE(svg.find(">FP64 FMA  1000 GFLOP/s<"), std::string::npos);
  EXPECT_NE(svg.find(">FP64 no-FMA  400.0 GFLOP/s<"), std::string::npos);
  EXPECT_EQ(svg.find("FP32 FMA"), std::string::npos); // another precision
  EXPECT_NE(svg.find(">L1  4000 GB/s<"), std::string::npos);
  EXPECT_NE(svg.find(">DRAM  100.0 GB/s<"), std::string::npos);
  EXPECT_NE(svg.find(">solve</tspan>"), std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

} // namespace
} // namespace roof
