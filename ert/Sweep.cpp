//===- ert/Sweep.cpp - What an ERT run measures, and in which order -------===//
#include "Sweep.h"

#include "Progress.h"

#include <algorithm>
#include <cmath>

namespace roof::ert {

//===----------------------------------------------------------------------===//
// Points
//===----------------------------------------------------------------------===//

SweepEffort sweepEffort(bool quick) {
  if (quick)
    return {
        /*pointsPerDoubling=*/1, /*memory=*/{0.01, 3},
        /*flopSweep=*/{0.01, 3}, /*ceiling=*/{0.02, 3},
        /*sweepFlops=*/false,    /*ceilingChoices=*/1};
  return {4, {0.05, 5}, {0.05, 5}, {0.1, 9}, true, 2};
}

std::vector<std::size_t>
workingSetSizes(std::size_t smallest, std::size_t largest,
                unsigned pointsPerDoubling,
                const std::function<std::size_t(std::size_t)> &round) {
  std::vector<std::size_t> sizes;
  for (unsigned k = 0;; ++k) {
    const double raw =
        double(smallest) * std::pow(2.0, double(k) / pointsPerDoubling);
    if (raw > double(largest))
      break;
    const std::size_t size = round(std::size_t(raw));
    if (sizes.empty() || size > sizes.back())
      sizes.push_back(size);
  }
  return sizes;
}

std::vector<Point> planPoints(const SweepPlan &plan) {
  const SweepEffort &effort = plan.effort;
  std::vector<Point> points;
  for (Precision p : plan.precisions)
    for (std::size_t size : plan.memoryWorkingSets)
      points.push_back(
          {"memory", KernelKind::Fma, p, plan.threads, 1, size, effort.memory});

  if (effort.sweepFlops)
    for (Precision p : plan.precisions)
      for (KernelKind kind : kAllKernelKinds)
        for (int flops : flopsPerElementChoices(kind))
          points.push_back({"flops", kind, p, plan.threads, flops,
                            plan.flopSweepWorkingSet, effort.flopSweep});

  for (Precision p : plan.precisions)
    for (KernelKind kind : kAllKernelKinds) {
      const std::vector<int> choices = flopsPerElementChoices(kind);
      for (unsigned c = 0; c < effort.ceilingChoices; ++c)
        for (std::size_t size : plan.ceilingWorkingSets)
          points.push_back({"ceiling", kind, p, plan.threads,
                            choices[choices.size() - 1 - c], size,
                            effort.ceiling});
    }
  return points;
}

std::string phaseTitle(const Point &point) {
  if (point.phase == "memory")
    return std::string("bandwidth sweep ") + precisionName(point.precision);
  if (point.phase == "flops")
    return std::string("FLOPs sweep ") + precisionName(point.precision) + " " +
           kernelName(point.kind);
  if (point.phase == "ceiling")
    return std::string("compute ceilings ") + precisionName(point.precision);
  return "thread scaling";
}

//===----------------------------------------------------------------------===//
// Measuring
//===----------------------------------------------------------------------===//

double Measurement::medianSeconds() const {
  std::vector<double> sorted = seconds;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t half = sorted.size() / 2;
  return sorted.size() % 2 ? sorted[half]
                           : 0.5 * (sorted[half - 1] + sorted[half]);
}

Measurement measurementOf(const Point &point, long trials) {
  const double elements =
      double(point.workingSetBytes / elementBytes(point.precision));
  Measurement m;
  m.phase = point.phase;
  m.kind = point.kind;
  m.precision = point.precision;
  m.threads = point.threads;
  m.flopsPerElement = point.flopsPerElement;
  m.workingSetBytes = point.workingSetBytes;
  m.trials = trials;
  m.bytes =
      2.0 * double(elementBytes(point.precision)) * elements * double(trials);
  m.flops = double(point.flopsPerElement) * elements * double(trials);
  return m;
}

long findTrials(const std::function<double(long trials)> &timedRun,
                double minimumSeconds) {
  constexpr long kMostTrials = 1L << 40;
  long trials = 1;
  while (std::min(timedRun(trials), timedRun(trials)) < minimumSeconds &&
         trials < kMostTrials)
    trials *= 2;
  return trials;
}

std::size_t progressSteps(const std::vector<Point> &points) {
  std::size_t steps = 0;
  for (const Point &point : points)
    steps += 1 + std::size_t(point.effort.repetitions);
  return steps;
}

namespace {

std::string describe(const Point &point) {
  return std::string(kernelName(point.kind)) + ", " +
         std::to_string(point.flopsPerElement) + " FLOPs/element, " +
         formatBytes(point.workingSetBytes);
}

} // namespace

std::vector<Measurement> measurePoints(const std::vector<Point> &points,
                                       Bench &bench, Progress &progress) {
  std::vector<Measurement> measured;
  for (std::size_t begin = 0, end = 0; begin < points.size(); begin = end) {
    const std::string title = phaseTitle(points[begin]);
    while (end < points.size() && phaseTitle(points[end]) == title)
      ++end;
    progress.beginPhase(title, end - begin);

    int rounds = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const Point &p = points[i];
      measured.push_back(bench.calibrate(p));
      progress.pointDone(describe(p));
      if (bench.repeatsLater(p)) {
        rounds = std::max(rounds, p.effort.repetitions);
        continue;
      }
      for (int r = 0; r < p.effort.repetitions; ++r) {
        bench.repeat(measured.back());
        progress.pointDone(describe(p));
      }
    }
    for (int r = 0; r < rounds; ++r)
      for (std::size_t i = begin; i < end; ++i) {
        Measurement &m = measured[i];
        if (int(m.seconds.size()) >= points[i].effort.repetitions)
          continue;
        bench.repeat(m);
        progress.pointDone("repetition " + std::to_string(r + 1) + ", " +
                           describe(points[i]));
      }
  }
  return measured;
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

SweepResults summarize(const SweepPlan &plan,
                       std::vector<Measurement> measurements) {
  SweepResults results;
  results.threads = plan.threads;
  results.pointsPerDoubling = plan.effort.pointsPerDoubling;
  results.measurements = std::move(measurements);
  const std::vector<Measurement> &all = results.measurements;

  for (const Measurement &m : all)
    if (m.kind == KernelKind::Fma)
      results.sweptFlopsPerElement.push_back(m.flopsPerElement);
  std::vector<int> &swept = results.sweptFlopsPerElement;
  std::sort(swept.begin(), swept.end());
  swept.erase(std::unique(swept.begin(), swept.end()), swept.end());

  for (Precision p : plan.precisions) {
    std::vector<BandwidthSample> samples;
    for (const Measurement &m : all)
      if (m.phase == "memory" && m.precision == p)
        samples.push_back({m.workingSetBytes, m.gbytesPerSecond()});
    LevelDetectionOptions detection;
    detection.minimumSupport = minimumSupportFor(plan.effort.pointsPerDoubling);
    results.bandwidth.push_back({p, detectMemoryLevels(samples, detection)});
  }

  for (Precision p : plan.precisions)
    for (KernelKind kind : kAllKernelKinds) {
      const Measurement *best = nullptr;
      for (const Measurement &m : all)
        if ((m.phase == "ceiling" || m.phase == "flops") && m.kind == kind &&
            m.precision == p &&
            (!best || m.gflopsPerSecond() > best->gflopsPerSecond()))
          best = &m;
      if (best)
        results.ceilings.push_back({kind, p, *best});
    }
  return results;
}

} // namespace roof::ert
