//===- ert/unittests/SweepTest.cpp - The sweep shared by the ERT tools ----===//
//
// Chain tables, bytes and FLOPs per run, the trial doubling, the working
// sets, the plan and the order of measurement, and the results, with a fake
// bench in place of hardware.
//
//===----------------------------------------------------------------------===//
#include "../Sweep.h"
#include "../Progress.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace roof::ert;

namespace {

TEST(KernelKinds, ChainTableIndexFollowsTheFlopsPerElement) {
  EXPECT_EQ(chainTableIndex(KernelKind::Fma, 1), 0);
  EXPECT_EQ(chainTableIndex(KernelKind::NoFma, 2), 1);
  EXPECT_EQ(chainTableIndex(KernelKind::Fma, 1024), 10);
  EXPECT_EQ(chainTableIndex(KernelKind::Fma, 3), -1);
  EXPECT_EQ(chainTableIndex(KernelKind::Fma, 2048), -1);
  EXPECT_EQ(chainTableIndex(KernelKind::DivideFma, 3), 0);
  EXPECT_EQ(chainTableIndex(KernelKind::DivideNoFma, 6), 1);
  EXPECT_EQ(chainTableIndex(KernelKind::DivideFma, 768), 8);
  EXPECT_EQ(chainTableIndex(KernelKind::DivideFma, 4), -1);
  EXPECT_EQ(flopsPerElementChoices(KernelKind::Fma).size(),
            std::size_t(kMultiplyAddTableSize));
  EXPECT_EQ(flopsPerElementChoices(KernelKind::DivideNoFma).back(), 768);
}

Point point(KernelKind kind, Precision precision, int flops, std::size_t bytes,
            std::string phase = "ceiling") {
  return {std::move(phase), kind, precision, 4, flops, bytes, {0.05, 3}};
}

TEST(Sweep, BytesAndFlopsOfARun) {
  // 1 MiB of FP64: 131072 elements, a load and a store of 8 bytes each.
  const Measurement fp64 =
      measurementOf(point(KernelKind::Fma, Precision::Fp64, 1024, 1 << 20), 4);
  EXPECT_EQ(fp64.trials, 4);
  EXPECT_DOUBLE_EQ(fp64.bytes, 2.0 * 8 * 131072 * 4);
  EXPECT_DOUBLE_EQ(fp64.flops, 1024.0 * 131072 * 4);
  // The same bytes in FP32 are twice the elements, the same traffic.
  const Measurement fp32 = measurementOf(
      point(KernelKind::DivideNoFma, Precision::Fp32, 768, 1 << 20), 4);
  EXPECT_DOUBLE_EQ(fp32.bytes, fp64.bytes);
  EXPECT_DOUBLE_EQ(fp32.flops, 768.0 * 262144 * 4);
  EXPECT_EQ(fp32.phase, "ceiling");
  EXPECT_TRUE(fp32.seconds.empty());
}

TEST(Sweep, MedianOfRepetitions) {
  Measurement m =
      measurementOf(point(KernelKind::Fma, Precision::Fp64, 2, 1024), 1);
  m.seconds = {3, 1, 2};
  EXPECT_DOUBLE_EQ(m.medianSeconds(), 2);
  m.seconds.push_back(4);
  EXPECT_DOUBLE_EQ(m.medianSeconds(), 2.5);
  m.seconds = {2};
  EXPECT_DOUBLE_EQ(m.gflopsPerSecond(), 2.0 * 128 / 2 / 1e9);
}

TEST(Sweep, TrialsDoubleUntilARunIsLongEnough) {
  std::vector<long> asked;
  const long trials = findTrials(
      [&](long trials) {
        asked.push_back(trials);
        return trials * 1e-3; // a millisecond per trial
      },
      0.05);
  EXPECT_EQ(trials, 64);
  EXPECT_EQ(asked.front(), 1);
  EXPECT_EQ(asked.size(), 14u); // two runs per trial count, 1 .. 64
}

TEST(Sweep, AnInterruptedRunDoesNotStopTheDoubling) {
  bool interrupted = false;
  const long trials = findTrials(
      [&](long trials) {
        // The first run of 2 trials is held up for a second.
        if (trials == 2 && !interrupted) {
          interrupted = true;
          return 1.0;
        }
        return trials * 1e-3;
      },
      0.05);
  EXPECT_TRUE(interrupted);
  EXPECT_EQ(trials, 64);
}

TEST(Sweep, WorkingSetSizesPerDoubling) {
  auto same = [](std::size_t bytes) { return bytes; };
  EXPECT_EQ(workingSetSizes(1024, 8192, 1, same),
            (std::vector<std::size_t>{1024, 2048, 4096, 8192}));
  // Rounded to 4 KiB, the small steps collapse: no size twice.
  auto toPages = [](std::size_t bytes) {
    return std::max<std::size_t>(4096, bytes / 4096 * 4096);
  };
  const std::vector<std::size_t> sizes =
      workingSetSizes(1024, 65536, 4, toPages);
  ASSERT_FALSE(sizes.empty());
  EXPECT_EQ(sizes.front(), 4096u);
  EXPECT_EQ(sizes.back(), 65536u);
  for (std::size_t i = 1; i < sizes.size(); ++i)
    EXPECT_LT(sizes[i - 1], sizes[i]);
}

SweepPlan twoPrecisionPlan(bool quick) {
  SweepPlan plan;
  plan.precisions = {Precision::Fp64, Precision::Fp32};
  plan.threads = 4;
  plan.effort = sweepEffort(quick);
  plan.memoryWorkingSets = {4096, 8192, 16384};
  plan.flopSweepWorkingSet = 2048;
  plan.ceilingWorkingSets = {1024, 2048};
  return plan;
}

TEST(Sweep, ThoroughPlan) {
  const std::vector<Point> points = planPoints(twoPrecisionPlan(false));
  std::size_t memory = 0, flops = 0, ceiling = 0;
  for (const Point &p : points) {
    memory += p.phase == "memory";
    flops += p.phase == "flops";
    ceiling += p.phase == "ceiling";
    EXPECT_EQ(p.threads, 4);
  }
  EXPECT_EQ(memory, 2u * 3);
  EXPECT_EQ(flops, 2u * (11 + 11 + 9 + 9));
  // Two precisions x four kernels x the two highest FLOPs x two sets.
  EXPECT_EQ(ceiling, 2u * 4 * 2 * 2);
  EXPECT_EQ(points.front().flopsPerElement, 1);
  EXPECT_EQ(phaseTitle(points.front()), "bandwidth sweep FP64");
  EXPECT_EQ(phaseTitle(points.back()), "compute ceilings FP32");
  EXPECT_EQ(points.back().kind, KernelKind::DivideNoFma);
  EXPECT_EQ(points.back().flopsPerElement, 384);
}

TEST(Sweep, QuickPlanHasNoFlopsSweep) {
  SweepPlan plan = twoPrecisionPlan(true);
  plan.ceilingWorkingSets = {2048};
  const std::vector<Point> points = planPoints(plan);
  EXPECT_EQ(points.size(), 2u * 3 + 2u * 4);
  EXPECT_EQ(points.back().flopsPerElement, 768);
  EXPECT_EQ(points.back().effort.repetitions, 3);
}

// Records what it is asked, and takes a second per trial.
class FakeBench : public Bench {
public:
  std::vector<std::string> log;
  std::size_t alone = 0; // points of this working set repeat at once

  Measurement calibrate(const Point &p) override {
    log.push_back("calibrate " + std::to_string(p.workingSetBytes));
    return measurementOf(p, 1);
  }
  void repeat(Measurement &m) override {
    log.push_back("repeat " + std::to_string(m.workingSetBytes));
    m.seconds.push_back(1.0);
  }
  bool repeatsLater(const Point &p) const override {
    return p.workingSetBytes != alone;
  }
};

TEST(Sweep, APhaseIsCalibratedThenRepeatedInTurns) {
  std::vector<Point> points;
  for (std::size_t bytes : {1024, 2048, 4096})
    points.push_back(
        {"memory", KernelKind::Fma, Precision::Fp64, 1, 1, bytes, {0.01, 2}});
  points.push_back(point(KernelKind::Fma, Precision::Fp64, 1024, 512));
  points.back().effort.repetitions = 1;
  FakeBench bench;
  bench.alone = 2048;
  Progress progress("test", progressSteps(points));
  const std::vector<Measurement> measured =
      measurePoints(points, bench, progress);
  EXPECT_EQ(bench.log,
            (std::vector<std::string>{
                "calibrate 1024", "calibrate 2048", "repeat 2048",
                "repeat 2048", "calibrate 4096", "repeat 1024", "repeat 4096",
                "repeat 1024", "repeat 4096", "calibrate 512", "repeat 512"}));
  ASSERT_EQ(measured.size(), points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(measured[i].workingSetBytes, points[i].workingSetBytes);
    EXPECT_EQ(int(measured[i].seconds.size()), points[i].effort.repetitions);
  }
  EXPECT_EQ(progressSteps(points), 3u * 3 + 2);
}

Measurement timed(const Point &p, double seconds) {
  Measurement m = measurementOf(p, 1);
  m.seconds = {seconds};
  return m;
}

TEST(Sweep, ResultsTakeTheBestCeilingPointAndTheLevels) {
  SweepPlan plan = twoPrecisionPlan(true);
  plan.precisions = {Precision::Fp64};
  std::vector<Measurement> measured;
  // A bandwidth sweep with two plateaus: 100 GB/s up to 64 KiB, then 10.
  for (std::size_t bytes = 1024; bytes <= (1 << 20); bytes *= 2) {
    const Point p = point(KernelKind::Fma, Precision::Fp64, 1, bytes, "memory");
    const double gbytes = bytes <= 65536 ? 100 : 10;
    measured.push_back(timed(p, measurementOf(p, 1).bytes / gbytes / 1e9));
  }
  const Point slow = point(KernelKind::Fma, Precision::Fp64, 1024, 4096);
  const Point fast =
      point(KernelKind::Fma, Precision::Fp64, 512, 4096, "flops");
  measured.push_back(timed(slow, 1.0));
  measured.push_back(timed(fast, 0.25)); // 2x the GFLOP/s of `slow`
  // Scaling points are no ceilings, however fast.
  measured.push_back(timed(
      point(KernelKind::Fma, Precision::Fp64, 1024, 4096, "scaling"), 1e-6));

  const SweepResults results = summarize(plan, measured);
  EXPECT_EQ(results.threads, 4);
  EXPECT_EQ(results.sweptFlopsPerElement, (std::vector<int>{1, 512, 1024}));
  ASSERT_EQ(results.ceilings.size(), 1u);
  EXPECT_EQ(results.ceilings[0].best.flopsPerElement, 512);
  ASSERT_EQ(results.bandwidth.size(), 1u);
  const std::vector<MemoryLevel> &levels = results.bandwidth[0].levels;
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].name, "L1");
  EXPECT_NEAR(levels[0].gbytesPerSecond, 100, 1e-9);
  EXPECT_EQ(levels[1].name, "DRAM");
  EXPECT_NEAR(levels[1].gbytesPerSecond, 10, 1e-9);
}

} // namespace
