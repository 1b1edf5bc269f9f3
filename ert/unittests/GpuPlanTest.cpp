//===- ert/unittests/GpuPlanTest.cpp - roof-ert-gpu's arithmetic ----------===//
//
// The spec numbers and the working sets of roof-ert-gpu, from device
// properties as the CUDA runtime reports them for an A100 and an H100 (the
// datasheets' numbers in the comments), without a GPU.
//
//===----------------------------------------------------------------------===//
#include "../gpu/GpuPlan.h"

#include <gtest/gtest.h>

using namespace roof::ert;
using namespace roof::ert::gpu;

namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;
constexpr std::size_t kGiB = std::size_t(1) << 30;

GpuProperties a100() { // A100-SXM4-80GB
  GpuProperties p;
  p.name = "NVIDIA A100-SXM4-80GB";
  p.computeMajor = 8;
  p.multiprocessors = 108;
  p.maxThreadsPerMultiprocessor = 2048;
  p.clockGhz = 1.41;
  p.memoryClockGhz = 1.593;
  p.memoryBusBits = 5120;
  p.l2Bytes = 40 * kMiB;
  p.sharedBytesPerMultiprocessor = 164 * 1024;
  p.reservedSharedBytesPerBlock = 1024;
  p.memoryBytes = 80 * kGiB;
  p.freeMemoryBytes = 79 * kGiB;
  return p;
}

GpuProperties h100() { // H100 SXM5 80GB
  GpuProperties p;
  p.name = "NVIDIA H100 80GB HBM3";
  p.computeMajor = 9;
  p.multiprocessors = 132;
  p.maxThreadsPerMultiprocessor = 2048;
  p.clockGhz = 1.98;
  p.memoryClockGhz = 2.619;
  p.memoryBusBits = 5120;
  p.l2Bytes = 50 * kMiB;
  p.sharedBytesPerMultiprocessor = 228 * 1024;
  p.reservedSharedBytesPerBlock = 1024;
  p.memoryBytes = 80 * kGiB;
  p.freeMemoryBytes = 79 * kGiB;
  return p;
}

GpuProperties v100() { // Tesla V100-SXM2-16GB
  GpuProperties p;
  p.name = "Tesla V100-SXM2-16GB";
  p.computeMajor = 7;
  p.multiprocessors = 80;
  p.maxThreadsPerMultiprocessor = 2048;
  p.l2Bytes = 6 * kMiB;
  p.sharedBytesPerMultiprocessor = 96 * 1024;
  p.reservedSharedBytesPerBlock = 0;
  p.memoryBytes = 16 * kGiB;
  p.freeMemoryBytes = 15 * kGiB;
  return p;
}

TEST(GpuPlan, PeakOfAnA100) {
  // NVIDIA: 9.7 TFLOP/s FP64 (without tensor cores), 19.5 FP32.
  const std::optional<GpuPeak> peak = theoreticalPeak(a100());
  ASSERT_TRUE(peak);
  EXPECT_EQ(peak->fp64FmaPerCycle, 32);
  EXPECT_EQ(peak->fp32FmaPerCycle, 64);
  EXPECT_NEAR(peak->fp64Gflops, 108 * 32 * 2 * 1.41, 1e-6);
  EXPECT_NEAR(peak->fp32Gflops, 19491.84, 1e-6);
  EXPECT_EQ(peak->fp64Formula,
            "108 SMs x 32 FMA/cycle x 2 FLOPs x 1.410 GHz = 9746 GFLOP/s");
}

TEST(GpuPlan, PeakOfAnH100) {
  // NVIDIA: 34 TFLOP/s FP64 (without tensor cores), 67 FP32.
  const std::optional<GpuPeak> peak = theoreticalPeak(h100());
  ASSERT_TRUE(peak);
  EXPECT_NEAR(peak->fp64Gflops, 33454.08, 1e-6);
  EXPECT_NEAR(peak->fp32Gflops, 66908.16, 1e-6);
}

TEST(GpuPlan, NoPeakWhereTheUnitsAreNotKnown) {
  GpuProperties ada = h100();
  ada.computeMajor = 8;
  ada.computeMinor = 9;
  EXPECT_FALSE(theoreticalPeak(ada));
  GpuProperties noClock = h100();
  noClock.clockGhz = 0;
  EXPECT_FALSE(theoreticalPeak(noClock));
}

TEST(GpuPlan, SpecBandwidth) {
  // NVIDIA: 2039 GB/s (A100 80GB), 3.35 TB/s (H100 SXM5).
  EXPECT_NEAR(*specDramGbytesPerSecond(a100()), 2039.04, 1e-6);
  EXPECT_NEAR(*specDramGbytesPerSecond(h100()), 3352.32, 1e-6);
  GpuProperties unknown = h100();
  unknown.memoryBusBits = 0;
  EXPECT_FALSE(specDramGbytesPerSecond(unknown));
}

TEST(GpuPlan, LargestWorkingSet) {
  EXPECT_EQ(largestWorkingSet(h100()), 32 * 50 * kMiB);
  GpuProperties busy = h100();
  busy.freeMemoryBytes = 4 * kGiB; // a quarter of what is free
  EXPECT_EQ(largestWorkingSet(busy), kGiB);
  GpuProperties noL2 = h100();
  noL2.l2Bytes = 0;
  EXPECT_EQ(largestWorkingSet(noL2), kGiB);
}

TEST(GpuPlan, SweepFromOneElementPerThreadToBeyondL2) {
  const LaunchShape shape{132 * 8, 256}; // 270336 threads
  const SweepPlan plan =
      gpuSweepPlan({Precision::Fp64, Precision::Fp32}, false, h100(), shape);
  EXPECT_EQ(plan.threads, 270336);
  ASSERT_FALSE(plan.memoryWorkingSets.empty());
  EXPECT_EQ(plan.memoryWorkingSets.front(), 270336u * 8);
  EXPECT_LE(plan.memoryWorkingSets.back(), 32 * 50 * kMiB);
  EXPECT_GT(plan.memoryWorkingSets.back(), 16 * 50 * kMiB);
  for (std::size_t bytes : plan.memoryWorkingSets)
    EXPECT_EQ(bytes % kLineBytes, 0u);
  EXPECT_EQ(plan.ceilingWorkingSets,
            (std::vector<std::size_t>{270336u * 16, 270336u * 64}));
  EXPECT_EQ(plan.flopSweepWorkingSet, 270336u * 64);
  EXPECT_TRUE(plan.effort.sweepFlops);

  const SweepPlan quick = gpuSweepPlan({Precision::Fp64}, true, h100(), shape);
  EXPECT_EQ(quick.ceilingWorkingSets, (std::vector<std::size_t>{270336u * 64}));
  EXPECT_FALSE(quick.effort.sweepFlops);
  EXPECT_LT(quick.memoryWorkingSets.size(), plan.memoryWorkingSets.size());
}

TEST(GpuPlan, WorkingSetsAreWholeLines) {
  EXPECT_EQ(roundToLines(1), kLineBytes);
  EXPECT_EQ(roundToLines(1000), 896u);
  EXPECT_EQ(roundToLines(4096), 4096u);
}

TEST(GpuPlan, DividesPerSecond) {
  Measurement m;
  m.kind = KernelKind::DivideFma;
  m.flops = 3e9; // 1e9 steps of an FMA and a divide
  m.bytes = 1;
  m.seconds = {1.0};
  EXPECT_DOUBLE_EQ(
      gigadividesPerSecond({KernelKind::DivideFma, Precision::Fp64, m}), 1.0);
  EXPECT_DOUBLE_EQ(gigadividesPerSecond({KernelKind::Fma, Precision::Fp64, m}),
                   0.0);
}

//===----------------------------------------------------------------------===//
// Naming the levels after the device's caches
//===----------------------------------------------------------------------===//

constexpr std::size_t kKiB = 1024;

// The default grid: 8 blocks of 256 threads on every multiprocessor.
LaunchShape fullGrid(const GpuProperties &p) {
  return {p.multiprocessors * 8, 256};
}

TEST(GpuPlan, UnifiedL1PerArchitecture) {
  EXPECT_EQ(unifiedL1BytesPerMultiprocessor(h100()), 256 * kKiB);
  EXPECT_EQ(unifiedL1BytesPerMultiprocessor(a100()), 192 * kKiB);
  EXPECT_EQ(unifiedL1BytesPerMultiprocessor(v100()), 128 * kKiB);
  GpuProperties unknown = h100();
  unknown.computeMajor = 6;
  EXPECT_FALSE(unifiedL1BytesPerMultiprocessor(unknown));
}

TEST(GpuPlan, CachesOfAnH100) {
  // 132 SMs x (256 KiB - 8 blocks x 1 KiB reserved) = 31.97 MiB of L1, less
  // than the 33 MiB of a working set of 16 elements per thread.
  const std::vector<CacheCapacity> caches = gpuCaches(h100(), fullGrid(h100()));
  ASSERT_EQ(caches.size(), 2u);
  EXPECT_EQ(caches[0].name, "L1");
  EXPECT_EQ(caches[0].bytes, 132 * 248 * kKiB);
  EXPECT_EQ(caches[1].name, "L2");
  EXPECT_EQ(caches[1].bytes, 50 * kMiB);
}

TEST(GpuPlan, CachesOfAnA100AndAV100) {
  const std::vector<CacheCapacity> a = gpuCaches(a100(), fullGrid(a100()));
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].bytes, 108 * 184 * kKiB);
  EXPECT_EQ(a[1].bytes, 40 * kMiB);
  const std::vector<CacheCapacity> v = gpuCaches(v100(), fullGrid(v100()));
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].bytes, 80 * 128 * kKiB);
  EXPECT_EQ(v[1].bytes, 6 * kMiB);
}

TEST(GpuPlan, L1OfTheMultiprocessorsTheGridOccupies) {
  // --blocks 66: half the SMs, one block each.
  const std::vector<CacheCapacity> caches = gpuCaches(h100(), {66, 256});
  ASSERT_EQ(caches.size(), 2u);
  EXPECT_EQ(caches[0].bytes, 66 * 255 * kKiB);
  GpuProperties unknown = h100();
  unknown.computeMajor = 6;
  const std::vector<CacheCapacity> l2Only =
      gpuCaches(unknown, fullGrid(unknown));
  ASSERT_EQ(l2Only.size(), 1u);
  EXPECT_EQ(l2Only[0].name, "L2");
}

TEST(GpuPlan, TheSweepHasWorkingSetsInL1) {
  // Quick (one point per doubling) and thorough: enough points within the
  // multiprocessors' L1 for a plateau of a doubling.
  for (const GpuProperties &p : {h100(), a100(), v100()})
    for (bool quick : {true, false}) {
      const SweepPlan plan =
          gpuSweepPlan({Precision::Fp64}, quick, p, fullGrid(p));
      const std::size_t l1 = gpuCaches(p, fullGrid(p))[0].bytes;
      std::size_t inL1 = 0;
      for (std::size_t bytes : plan.memoryWorkingSets)
        inL1 += bytes <= l1;
      EXPECT_GE(inL1, minimumSupportFor(plan.effort.pointsPerDoubling))
          << p.name << (quick ? " quick" : " thorough");
    }
}

// The H100 quick sweep that issue 11 shows: the plateau from 16.5 to 33 MiB
// was named "L1" by order; it does not fit the SMs' L1 (31.97 MiB), it fits
// the L2. A faster plateau within L1 is L1, DRAM is DRAM.
TEST(GpuPlan, LevelsOfAnH100AreNamedAfterItsCaches) {
  const std::vector<CacheCapacity> caches = gpuCaches(h100(), fullGrid(h100()));
  std::vector<MemoryLevel> levels = {{"L1", 3000, 16896 * kKiB, 33 * kMiB},
                                     {"DRAM", 2900, 66 * kMiB, 1600 * kMiB}};
  nameLevelsByCapacity(levels, caches);
  EXPECT_EQ(levels[0].name, "L2");
  EXPECT_EQ(levels[1].name, "DRAM");

  levels = {{"L1", 9000, 2 * kMiB, 16 * kMiB},
            {"L2", 4000, 33 * kMiB, 48 * kMiB},
            {"DRAM", 2900, 66 * kMiB, 1600 * kMiB}};
  nameLevelsByCapacity(levels, caches);
  EXPECT_EQ(levels[0].name, "L1");
  EXPECT_EQ(levels[1].name, "L2");
  EXPECT_EQ(levels[2].name, "DRAM");
}

TEST(GpuPlan, LevelsOfAnA100AndAV100) {
  std::vector<MemoryLevel> levels = {{"L1", 5000, 1 * kMiB, 18 * kMiB},
                                     {"L2", 3000, 20 * kMiB, 38 * kMiB},
                                     {"DRAM", 1500, 80 * kMiB, 1 * kGiB}};
  nameLevelsByCapacity(levels, gpuCaches(a100(), fullGrid(a100())));
  EXPECT_EQ(levels[0].name, "L1"); // 108 x 184 KiB = 19.4 MiB
  EXPECT_EQ(levels[1].name, "L2");
  EXPECT_EQ(levels[2].name, "DRAM");

  // The V100 file of ERT (seed slides): two levels, the first within the
  // SMs' L1 (10 MiB), the L2 (6 MiB) not a plateau of its own.
  levels = {{"L1", 2996.82, 1 * kMiB, 4 * kMiB},
            {"DRAM", 828.83, 16 * kMiB, 192 * kMiB}};
  nameLevelsByCapacity(levels, gpuCaches(v100(), fullGrid(v100())));
  EXPECT_EQ(levels[0].name, "L1");
  EXPECT_EQ(levels[1].name, "DRAM");
}

} // namespace
