//===- ert/gpu/GpuPlan.cpp - What roof-ert-gpu measures, and the spec -----===//
#include "GpuPlan.h"

#include <algorithm>
#include <cstdio>

namespace roof::ert::gpu {

namespace {

// "132 SMs x 64 FMA/cycle x 2 FLOPs x 1.980 GHz = 33454 GFLOP/s"
std::string peakFormula(int multiprocessors, int fmaPerCycle, double ghz,
                        double gflops) {
  char text[128];
  std::snprintf(text, sizeof(text),
                "%d SMs x %d FMA/cycle x 2 FLOPs x %.3f GHz = %.0f GFLOP/s",
                multiprocessors, fmaPerCycle, ghz, gflops);
  return text;
}

} // namespace

std::optional<GpuPeak> theoreticalPeak(const GpuProperties &p) {
  int fp64 = 0, fp32 = 0;
  if (p.computeMajor == 8 && p.computeMinor == 0) {
    fp64 = 32;
    fp32 = 64;
  } else if (p.computeMajor == 9 && p.computeMinor == 0) {
    fp64 = 64;
    fp32 = 128;
  } else {
    return std::nullopt;
  }
  if (p.multiprocessors <= 0 || p.clockGhz <= 0)
    return std::nullopt;
  GpuPeak peak;
  peak.fp64FmaPerCycle = fp64;
  peak.fp32FmaPerCycle = fp32;
  peak.fp64Gflops = p.multiprocessors * fp64 * 2.0 * p.clockGhz;
  peak.fp32Gflops = p.multiprocessors * fp32 * 2.0 * p.clockGhz;
  peak.fp64Formula =
      peakFormula(p.multiprocessors, fp64, p.clockGhz, peak.fp64Gflops);
  peak.fp32Formula =
      peakFormula(p.multiprocessors, fp32, p.clockGhz, peak.fp32Gflops);
  return peak;
}

std::optional<double> specDramGbytesPerSecond(const GpuProperties &p) {
  if (p.memoryClockGhz <= 0 || p.memoryBusBits <= 0)
    return std::nullopt;
  return 2.0 * p.memoryClockGhz * p.memoryBusBits / 8.0;
}

std::optional<std::size_t>
unifiedL1BytesPerMultiprocessor(const GpuProperties &p) {
  constexpr std::size_t kKiB = 1024;
  const int cc = p.computeMajor * 10 + p.computeMinor;
  switch (cc) {
  case 70:
  case 86:
  case 89:
  case 120:
    return 128 * kKiB;
  case 75:
    return 96 * kKiB;
  case 80:
    return 192 * kKiB;
  case 90:
  case 100:
    return 256 * kKiB;
  default:
    return std::nullopt;
  }
}

std::vector<CacheCapacity> gpuCaches(const GpuProperties &p,
                                     LaunchShape shape) {
  std::vector<CacheCapacity> caches;
  const std::optional<std::size_t> unified = unifiedL1BytesPerMultiprocessor(p);
  if (unified && p.multiprocessors > 0 && shape.blocks > 0) {
    const std::size_t multiprocessors =
        std::size_t(std::min(p.multiprocessors, shape.blocks));
    const std::size_t blocksPerMultiprocessor =
        (std::size_t(shape.blocks) + std::size_t(p.multiprocessors) - 1) /
        std::size_t(p.multiprocessors);
    const std::size_t reserved =
        blocksPerMultiprocessor * p.reservedSharedBytesPerBlock;
    if (*unified > reserved)
      caches.push_back({"L1", (*unified - reserved) * multiprocessors});
  }
  if (p.l2Bytes)
    caches.push_back({"L2", p.l2Bytes});
  return caches;
}

std::size_t roundToLines(std::size_t bytes) {
  return std::max(kLineBytes, bytes / kLineBytes * kLineBytes);
}

std::size_t largestWorkingSet(const GpuProperties &p) {
  constexpr std::size_t kWithoutL2 = std::size_t(1) << 30;
  const std::size_t wanted = p.l2Bytes ? 32 * p.l2Bytes : kWithoutL2;
  return roundToLines(std::min(wanted, p.freeMemoryBytes / 4));
}

SweepPlan gpuSweepPlan(const std::vector<Precision> &precisions, bool quick,
                       const GpuProperties &properties, LaunchShape shape) {
  const std::size_t threads = std::size_t(shape.threads());
  SweepPlan plan;
  plan.precisions = precisions;
  plan.threads = int(threads);
  plan.effort = sweepEffort(quick);
  plan.memoryWorkingSets = workingSetSizes(
      roundToLines(threads * sizeof(double)), largestWorkingSet(properties),
      plan.effort.pointsPerDoubling, roundToLines);
  const std::vector<std::size_t> bytesPerThread =
      quick ? std::vector<std::size_t>{64} : std::vector<std::size_t>{16, 64};
  for (std::size_t bytes : bytesPerThread)
    plan.ceilingWorkingSets.push_back(roundToLines(bytes * threads));
  plan.flopSweepWorkingSet = plan.ceilingWorkingSets.back();
  return plan;
}

double gigadividesPerSecond(const Ceiling &c) {
  return isDivide(c.kind) ? c.best.gflopsPerSecond() / 3.0 : 0.0;
}

} // namespace roof::ert::gpu
