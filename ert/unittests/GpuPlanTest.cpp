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
  p.memoryBytes = 80 * kGiB;
  p.freeMemoryBytes = 79 * kGiB;
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

  const SweepPlan quick =
      gpuSweepPlan({Precision::Fp64}, true, h100(), shape);
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
  EXPECT_DOUBLE_EQ(gigadividesPerSecond({KernelKind::DivideFma,
                                         Precision::Fp64, m}),
                   1.0);
  EXPECT_DOUBLE_EQ(
      gigadividesPerSecond({KernelKind::Fma, Precision::Fp64, m}), 0.0);
}

} // namespace
