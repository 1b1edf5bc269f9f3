//===- ert/unittests/LevelDetectionTest.cpp - Levels of synthetic sweeps --===//
//
// Synthetic sweeps shaped like real ones: a slow start for tiny working sets,
// plateaus a few doublings wide, slopes of a few points between them, four
// sizes per doubling as in the thorough sweep unless a test says otherwise.
//
//===----------------------------------------------------------------------===//
#include "../LevelDetection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>

using namespace roof::ert;

namespace {

constexpr unsigned kPointsPerDoubling = 4;

struct Plateau {
  double gbytesPerSecond;
  unsigned doublings; // how wide it is
};

// Working sets from 1 KiB up, kPointsPerDoubling per doubling; bandwidth
// rising over `rampPoints` points to the first plateau, then each plateau,
// joined to the next by `slopePoints` points on a geometric slope.
std::vector<BandwidthSample> staircase(const std::vector<Plateau> &plateaus,
                                       unsigned rampPoints = 3,
                                       unsigned slopePoints = 3) {
  std::vector<double> bandwidths;
  for (unsigned i = 0; i < rampPoints; ++i)
    bandwidths.push_back(plateaus.front().gbytesPerSecond * (i + 1) /
                         (rampPoints + 2));
  for (std::size_t p = 0; p < plateaus.size(); ++p) {
    for (unsigned i = 0; i <= plateaus[p].doublings * kPointsPerDoubling; ++i)
      bandwidths.push_back(plateaus[p].gbytesPerSecond);
    if (p + 1 == plateaus.size())
      break;
    const double ratio =
        plateaus[p + 1].gbytesPerSecond / plateaus[p].gbytesPerSecond;
    for (unsigned i = 1; i <= slopePoints; ++i)
      bandwidths.push_back(plateaus[p].gbytesPerSecond *
                           std::pow(ratio, double(i) / (slopePoints + 1)));
  }
  std::vector<BandwidthSample> samples;
  for (std::size_t i = 0; i < bandwidths.size(); ++i)
    samples.push_back(
        {std::size_t(1024.0 * std::pow(2.0, double(i) / kPointsPerDoubling)),
         bandwidths[i]});
  return samples;
}

LevelDetectionOptions thoroughOptions() {
  LevelDetectionOptions options;
  options.minimumSupport = minimumSupportFor(kPointsPerDoubling);
  return options;
}

// Multiplies each bandwidth by 1 +- `amplitude`, from a fixed linear
// congruential sequence so the test is the same on every run.
void addNoise(std::vector<BandwidthSample> &samples, double amplitude) {
  std::uint32_t state = 12345;
  for (BandwidthSample &s : samples) {
    state = state * 1664525u + 1013904223u;
    const double unit = double(state >> 8) / double(1u << 24); // [0, 1)
    s.gbytesPerSecond *= 1.0 + amplitude * (2.0 * unit - 1.0);
  }
}

std::vector<std::string> namesOf(const std::vector<MemoryLevel> &levels) {
  std::vector<std::string> names;
  for (const MemoryLevel &level : levels)
    names.push_back(level.name);
  return names;
}

} // namespace

TEST(LevelDetection, MinimumSupportCoversADoubling) {
  EXPECT_EQ(minimumSupportFor(1), 2u);
  EXPECT_EQ(minimumSupportFor(4), 5u);
  EXPECT_EQ(minimumSupportFor(0), 2u);
}

TEST(LevelDetection, NoSamplesNoLevels) {
  EXPECT_TRUE(detectMemoryLevels({}).empty());
}

TEST(LevelDetection, OneSampleIsDram) {
  auto levels = detectMemoryLevels({{4096, 12.5}});
  ASSERT_EQ(levels.size(), 1u);
  EXPECT_EQ(levels[0].name, "DRAM");
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 12.5);
}

TEST(LevelDetection, TwoPlateaus) {
  auto levels =
      detectMemoryLevels(staircase({{400, 4}, {40, 3}}), thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "DRAM"}));
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 400);
  EXPECT_DOUBLE_EQ(levels[1].gbytesPerSecond, 40);
}

TEST(LevelDetection, ThreePlateaus) {
  auto levels = detectMemoryLevels(staircase({{400, 3}, {150, 4}, {40, 3}}),
                                   thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "L2", "DRAM"}));
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 400);
  EXPECT_DOUBLE_EQ(levels[1].gbytesPerSecond, 150);
  EXPECT_DOUBLE_EQ(levels[2].gbytesPerSecond, 40);
}

TEST(LevelDetection, FourPlateausWithTheirWorkingSets) {
  auto samples = staircase({{400, 4}, {200, 4}, {100, 4}, {30, 2}});
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(namesOf(levels),
            (std::vector<std::string>{"L1", "L2", "L3", "DRAM"}));
  const double expected[] = {400, 200, 100, 30};
  for (std::size_t l = 0; l < 4; ++l)
    EXPECT_DOUBLE_EQ(levels[l].gbytesPerSecond, expected[l]) << l;
  // L1 starts at the maximum (the ramp is dropped) and spans its plateau.
  EXPECT_EQ(levels[0].smallestWorkingSetBytes, samples[3].workingSetBytes);
  EXPECT_EQ(levels[0].largestWorkingSetBytes, samples[3 + 16].workingSetBytes);
  EXPECT_EQ(levels[3].largestWorkingSetBytes, samples.back().workingSetBytes);
}

TEST(LevelDetection, InputOrderDoesNotMatter) {
  auto samples = staircase({{400, 3}, {150, 4}, {40, 3}});
  std::reverse(samples.begin(), samples.end());
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  EXPECT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "L2", "DRAM"}));
}

TEST(LevelDetection, NoisyFourPlateaus) {
  auto samples = staircase({{400, 4}, {200, 4}, {100, 4}, {30, 2}});
  addNoise(samples, 0.03);
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(namesOf(levels),
            (std::vector<std::string>{"L1", "L2", "L3", "DRAM"}));
  const double expected[] = {400, 200, 100, 30};
  for (std::size_t l = 0; l < 4; ++l)
    EXPECT_NEAR(levels[l].gbytesPerSecond, expected[l], 0.05 * expected[l])
        << l;
}

TEST(LevelDetection, QuickSweepOnePointPerDoubling) {
  // 1 KiB ... 256 MiB by doublings, as --quick measures it.
  std::vector<BandwidthSample> samples;
  const double bandwidths[] = {60, 120, 200, 210, 205, 208, 140, 118, 120, 119,
                               90, 61,  60,  62,  40,  21,  20,  20,  20};
  for (std::size_t i = 0; i < std::size(bandwidths); ++i)
    samples.push_back({std::size_t(1024) << i, bandwidths[i]});
  LevelDetectionOptions options;
  options.minimumSupport = minimumSupportFor(1);
  auto levels = detectMemoryLevels(samples, options);
  ASSERT_EQ(namesOf(levels),
            (std::vector<std::string>{"L1", "L2", "L3", "DRAM"}));
  // Medians of {210, 205, 208}, {118, 120, 119}, {61, 60, 62}, {21, 20 x3}.
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 208);
  EXPECT_DOUBLE_EQ(levels[1].gbytesPerSecond, 119);
  EXPECT_DOUBLE_EQ(levels[2].gbytesPerSecond, 61);
  EXPECT_DOUBLE_EQ(levels[3].gbytesPerSecond, 20);
}

TEST(LevelDetection, MonotoneDecreasingHasOnlyEnds) {
  // A smooth decay with no plateau: 3% less per point, so every point has
  // only its two neighbours within 5%, too few to start a level. What is
  // left is the fastest point and the tail (the last two points).
  std::vector<BandwidthSample> samples;
  for (int i = 0; i < 60; ++i)
    samples.push_back(
        {std::size_t(1024 * std::pow(2.0, i / 4.0)), 300 * std::pow(0.97, i)});
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "DRAM"}));
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 300);
  EXPECT_NEAR(levels[1].gbytesPerSecond, samples.back().gbytesPerSecond,
              0.05 * samples.back().gbytesPerSecond);
  EXPECT_EQ(levels[1].smallestWorkingSetBytes,
            samples[samples.size() - 2].workingSetBytes);
}

TEST(LevelDetection, MonotoneIncreasingIsOneLevel) {
  // Everything lies left of the maximum, the last point.
  std::vector<BandwidthSample> samples;
  for (int i = 0; i < 20; ++i)
    samples.push_back({std::size_t(1024) << i, 10.0 + i});
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(levels.size(), 1u);
  EXPECT_EQ(levels[0].name, "DRAM");
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 29.0);
}

TEST(LevelDetection, PlateausLessThanFifteenPercentApartAreOneLevel) {
  auto levels = detectMemoryLevels(staircase({{400, 3}, {360, 4}, {40, 3}}),
                                   thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "DRAM"}));
  // The histogram peaks on the wider, slower plateau.
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 360);
}

TEST(LevelDetection, AnOutlierIsNotALevel) {
  auto samples = staircase({{400, 4}, {150, 4}, {40, 3}});
  samples[8].gbytesPerSecond = 100; // one slow run inside the first plateau
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  EXPECT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "L2", "DRAM"}));
}

TEST(LevelDetection, ASpikeAtTheMaximumDoesNotSetTheLevel) {
  auto samples = staircase({{400, 4}, {40, 3}});
  samples[5].gbytesPerSecond = 440; // 10% above the plateau, once
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "DRAM"}));
  EXPECT_DOUBLE_EQ(levels[0].gbytesPerSecond, 400);
}

TEST(LevelDetection, ALevelNotBelowItsPredecessorIsMerged) {
  // A short dip starts a level that the long plateau after it then lifts
  // to within 15% of the first: one level, not two.
  std::vector<double> bandwidths;
  bandwidths.insert(bandwidths.end(), 12, 200.0);
  bandwidths.insert(bandwidths.end(), 5, 165.0);
  bandwidths.insert(bandwidths.end(), 12, 190.0);
  bandwidths.insert(bandwidths.end(), 9, 40.0);
  std::vector<BandwidthSample> samples;
  for (std::size_t i = 0; i < bandwidths.size(); ++i)
    samples.push_back(
        {std::size_t(1024.0 * std::pow(2.0, i / 4.0)), bandwidths[i]});
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "DRAM"}));
  EXPECT_GE(levels[0].gbytesPerSecond, 190.0);
  EXPECT_LE(levels[0].gbytesPerSecond, 200.0);
  EXPECT_EQ(levels[0].largestWorkingSetBytes, samples[28].workingSetBytes);
}

TEST(LevelDetection, ASlowLastPointAfterAPlateauIsAnOutlier) {
  auto samples = staircase({{400, 4}, {150, 4}, {40, 3}});
  samples.push_back({samples.back().workingSetBytes * 2, 25});
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "L2", "DRAM"}));
  EXPECT_DOUBLE_EQ(levels[2].gbytesPerSecond, 40);
}

TEST(LevelDetection, ARaggedDramPlateauStillEndsTheSweep) {
  // Other processes at work: the DRAM points drift from 64 to 52 GB/s,
  // too spread for any of them to gather five points within 5%. The last
  // four agree with each other and make the DRAM level.
  auto samples = staircase({{450, 4}, {310, 3}});
  const double dram[] = {64.5, 63.5, 59.1, 60.0, 59.0, 56.8,
                         55.5, 44.2, 51.5, 52.8, 52.1, 52.2};
  std::size_t size = samples.back().workingSetBytes;
  for (double bandwidth : dram)
    samples.push_back({size = size * 6 / 5, bandwidth});
  auto levels = detectMemoryLevels(samples, thoroughOptions());
  ASSERT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "L2", "DRAM"}));
  EXPECT_NEAR(levels[2].gbytesPerSecond, 52.15, 1e-9);
  EXPECT_EQ(levels[2].smallestWorkingSetBytes,
            samples[samples.size() - 4].workingSetBytes);
}

// Naming by capacity: the smallest cache holding a level's largest working
// set, DRAM beyond; a cache two levels fall in names the last plainly.
TEST(LevelNames, FirstCacheThatHoldsTheLevel) {
  std::vector<MemoryLevel> levels = {{"L1", 400, 1024, 60000},
                                     {"L2", 300, 70000, 900000},
                                     {"DRAM", 60, 2000000, 9000000}};
  nameLevelsByCapacity(levels, {{"L1", 65536}, {"L2", 1 << 20}});
  EXPECT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "L2", "DRAM"}));
  // A level that outgrew L1 but fits L2 is L2, whatever its rank.
  levels = {{"L1", 400, 1024, 100000}, {"DRAM", 60, 2000000, 9000000}};
  nameLevelsByCapacity(levels, {{"L1", 65536}, {"L2", 1 << 20}});
  EXPECT_EQ(namesOf(levels), (std::vector<std::string>{"L2", "DRAM"}));
}

TEST(LevelNames, TwoLevelsInOneCacheKeepDistinctNames) {
  std::vector<MemoryLevel> levels = {{"L1", 500, 1024, 300000},
                                     {"L2", 400, 400000, 900000},
                                     {"L3", 200, 1200000, 2000000},
                                     {"DRAM", 60, 4000000, 9000000}};
  nameLevelsByCapacity(levels, {{"L1", 65536}, {"L2", 1 << 20}});
  EXPECT_EQ(namesOf(levels),
            (std::vector<std::string>{"L2.1", "L2", "DRAM.1", "DRAM"}));
}

TEST(LevelNames, WithoutCachesTheOrderStays) {
  std::vector<MemoryLevel> levels = {{"L1", 400, 1024, 60000},
                                     {"DRAM", 60, 2000000, 9000000}};
  nameLevelsByCapacity(levels, {});
  EXPECT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "DRAM"}));
}

TEST(LevelNames, InTheOrderOfTheHierarchyNotOfSize) {
  // A V100: 80 SMs x 128 KiB of L1 = 10 MiB, more than its 6 MiB of L2.
  std::vector<MemoryLevel> levels = {{"L1", 3000, 1 << 20, 8 << 20},
                                     {"DRAM", 800, 16 << 20, 192 << 20}};
  nameLevelsByCapacity(levels, {{"L1", 10 << 20}, {"L2", 6 << 20}});
  EXPECT_EQ(namesOf(levels), (std::vector<std::string>{"L1", "DRAM"}));
}
