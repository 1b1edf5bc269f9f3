//===- ert/main.cpp - roof-ert: empirical Roofline ceilings ---------------===//
//
// Measures the ceilings of this machine the way the Empirical Roofline
// Toolkit does and writes them in ERT's roofline.json format:
//
//   roof-ert [--quick] [--threads N] [--precision fp64|fp32|all] [--out DIR]
//   roof-ert --stream [--threads N] [--out DIR]
//
// A run: the clock (for the theoretical peak), the 1-FLOP kernel over
// working sets from 1 KiB to 8x the last-level cache (16x quick; the
// bandwidth levels),
// every kernel at every FLOPs per element in L1 (thorough only; it shows
// where each kernel turns compute-bound), the ceilings (high FLOPs per
// element, L1-resident, more repetitions), then (thorough only) the FMA
// ceiling and DRAM bandwidth on 1 .. N threads and the STREAM triad.
// --quick keeps the same phases with fewer points, trials and repetitions
// and no scaling or STREAM, and takes seconds; --stream runs only STREAM.
//
// Errors (a malformed option, a directory that cannot be written) are one
// line on stderr, "roof-ert: <what is wrong>", and exit status 2.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "CpuReport.h"
#include "Machine.h"
#include "Progress.h"
#include "Stream.h"
#include "Sweep.h"
#include "ThreadBench.h"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

using namespace roof::ert;

namespace {

constexpr const char *kTool = "roof-ert";

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Options : SweepOptions {
  bool streamOnly = false;
  int threads = 0; // 0: OpenMP's default (OMP_NUM_THREADS or all processors)
};

const char *kUsage =
    "usage: roof-ert [--quick] [--threads N] [--precision fp64|fp32|all] "
    "[--out DIR]\n"
    "       roof-ert --stream [--threads N] [--out DIR]\n"
    "Measures the empirical Roofline ceilings of this machine and writes\n"
    "DIR/roofline.json (ERT format) and DIR/roofline-sweep.csv.\n"
    "  --quick       fewer points and repetitions (well under a minute)\n"
    "  --threads N   OpenMP threads (default: OMP_NUM_THREADS, else all)\n"
    "  --precision   fp64, fp32 or all (default all)\n"
    "  --out DIR     where to write (default .)\n"
    "  --stream      only the STREAM triad; writes DIR/stream.json\n"
    "GPU ceilings: roof-ert-gpu (roof ert --gpu).\n";

Options parseOptions(int argc, char **argv) {
  Options options;
  Arguments args(argc, argv, kTool);
  while (args.next()) {
    const std::string &arg = args.name();
    if (takeSweepOption(args, options, kUsage))
      continue;
    if (arg == "--stream") {
      args.noValue();
      options.streamOnly = true;
    } else if (arg == "--threads") {
      options.threads = int(parseInteger(args.value(), arg, 1, 1 << 20));
    } else {
      args.refuseUnknown();
    }
  }
  return options;
}

//===----------------------------------------------------------------------===//
// What each mode measures
//===----------------------------------------------------------------------===//

// What roof-ert measures beyond the shared sweep (Sweep.h).
struct CpuPlan {
  bool scaleThreads; // FMA ceiling and DRAM on 1 .. N threads
  int streamRuns;    // 0: no STREAM triad
  // The ceilings' slices, as fractions of L1d: small enough to stay in L1
  // next to the stack and whatever else the core touches.
  std::vector<double> ceilingL1Fractions;
};

CpuPlan cpuPlanFor(bool quick) {
  if (quick)
    return {false, 0, {0.5}};
  return {true, 10, {0.25, 0.5}};
}

std::size_t physicalMemoryBytes() {
  return std::size_t(sysconf(_SC_PHYS_PAGES)) *
         std::size_t(sysconf(_SC_PAGE_SIZE));
}

// The largest working set: 8x the last-level cache, so that the DRAM
// plateau is two doublings wide, but no more than a quarter of memory. A
// quick sweep (one working set a doubling) goes one doubling further: the
// DRAM level needs two points within 5% of each other, and the first
// doubling past the last-level cache is often still falling (on a VM with
// no sysfs caches, 71.5 and 66.9 GB/s at 128 and 256 MiB: no DRAM level).
std::size_t largestWorkingSet(const MachineInfo &machine,
                              const SweepEffort &effort, int threads) {
  const std::size_t wanted =
      (effort.pointsPerDoubling > 1 ? 8 : 16) * machine.lastLevelBytes();
  return roundWorkingSet(std::min(wanted, physicalMemoryBytes() / 4), threads);
}

// The bandwidth sweep from 1 KiB (or one block per thread) up, the FLOPs
// sweep on half of L1d per thread, the ceilings on fractions of it.
SweepPlan sweepPlan(const Options &options, const CpuPlan &cpuPlan,
                    const MachineInfo &machine, int threads) {
  SweepPlan plan;
  plan.precisions = options.precisions;
  plan.threads = threads;
  plan.effort = sweepEffort(options.quick);
  plan.memoryWorkingSets =
      workingSetSizes(1024, largestWorkingSet(machine, plan.effort, threads),
                      plan.effort.pointsPerDoubling, [&](std::size_t bytes) {
                        return roundWorkingSet(bytes, threads);
                      });
  const std::size_t l1 = machine.l1DataBytes();
  plan.flopSweepWorkingSet = roundWorkingSet(l1 / 2 * threads, threads);
  for (double fraction : cpuPlan.ceilingL1Fractions)
    plan.ceilingWorkingSets.push_back(
        roundWorkingSet(std::size_t(double(l1) * fraction) * threads, threads));
  return plan;
}

// The FMA ceiling and the DRAM bandwidth of the first precision on 1 ..
// `threads` threads.
std::vector<Point> scalingPoints(const SweepPlan &plan,
                                 const MachineInfo &machine) {
  std::vector<Point> points;
  const Precision p = plan.precisions.front();
  const std::size_t l1 = machine.l1DataBytes();
  const std::size_t largest =
      largestWorkingSet(machine, plan.effort, plan.threads);
  for (int t = 1; t <= plan.threads; ++t) {
    points.push_back({"scaling", KernelKind::Fma, p, t,
                      flopsPerElementChoices(KernelKind::Fma).back(),
                      roundWorkingSet(l1 / 2 * t, t), plan.effort.ceiling});
    points.push_back({"scaling", KernelKind::Fma, p, t, 1,
                      roundWorkingSet(largest, t), plan.effort.memory});
  }
  return points;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

std::string loadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return in ? one + " " + five + " " + fifteen : "unknown";
}

// Other processes take cores and caches from the kernels: say so, since the
// ceilings will be low. A load of half the processors is enough to matter.
void warnIfBusy(const std::string &load, unsigned processors) {
  const double lastMinute = std::atof(load.c_str());
  if (lastMinute > 0.5 * processors)
    std::fprintf(stderr,
                 "roof-ert: warning: load average %.2f on %u processors; "
                 "other processes will lower the measured ceilings\n",
                 lastMinute, processors);
}

// Threads stay on their cores, so that a slice stays in its core's caches,
// unless the user has chosen otherwise. Must run before the OpenMP runtime
// starts (its first call), which reads these once.
void bindThreadsUnlessTold() {
  setenv("OMP_PROC_BIND", "spread", /*overwrite=*/0);
  setenv("OMP_PLACES", "cores", /*overwrite=*/0);
}

int chooseThreads(const Options &options, const MachineInfo &machine) {
  const int threads = options.threads ? options.threads : omp_get_max_threads();
  if (unsigned(threads) > machine.processors)
    throw UsageError(std::to_string(threads) + " threads asked for, but " +
                     std::to_string(machine.processors) +
                     " processors available: the ceilings would measure "
                     "time sharing");
  return threads;
}

CpuRun startRun(const Options &options, int threads, MachineInfo machine) {
  CpuRun run;
  run.mode = options.quick ? "quick" : "thorough";
  run.threads = threads;
  run.date = utcNow();
  run.loadAverage = loadAverage();
  run.ompProcBind = std::getenv("OMP_PROC_BIND");
  run.ompPlaces = std::getenv("OMP_PLACES");
  run.machine = std::move(machine);
  return run;
}

std::size_t streamArrayBytes(const MachineInfo &machine) {
  // Each array 4x the last-level cache and at least 128 MiB, within an
  // eighth of memory (there are three).
  const std::size_t wanted =
      std::max<std::size_t>(4 * machine.lastLevelBytes(), 128 << 20);
  return std::min(wanted, physicalMemoryBytes() / 8);
}

void printPeak(const CpuRun &run) {
  std::printf("clock: %.3f GHz (%s)\n", run.clock.ghz,
              run.clock.method.c_str());
  if (!run.peak) {
    std::printf("theoretical peak: unknown for this processor\n");
    return;
  }
  std::printf("theoretical peak (%s):\n  FP64 %s\n  FP32 %s\n",
              run.peak->datapath.description.c_str(),
              run.peak->fp64Formula.c_str(), run.peak->fp32Formula.c_str());
}

void printStream(const StreamResult &stream) {
  std::printf("STREAM triad: %.1f GB/s (%.1f GB/s counting the "
              "write-allocate read), 3 x %s, %d threads\n",
              stream.gbytesPerSecond, stream.gbytesWithWriteAllocate,
              formatBytes(stream.arrayBytes).c_str(), stream.threads);
}

int runStreamOnly(const Options &options, CpuRun run) {
  std::fprintf(stderr, "roof-ert: STREAM triad\n");
  run.mode = "stream";
  run.stream = runStreamTriad(streamArrayBytes(run.machine), run.threads, 20);
  printStream(*run.stream);
  const std::string path = options.outDir + "/stream.json";
  writeStreamJson(run, path);
  std::printf("wrote %s\n", path.c_str());
  return 0;
}

// The scaling points by thread count: FMA ceiling and DRAM bandwidth.
std::vector<ThreadScaling> scalingOf(const SweepResults &results) {
  std::vector<ThreadScaling> rows;
  for (const Measurement &m : results.measurements) {
    if (m.phase != "scaling")
      continue;
    if (rows.empty() || rows.back().threads != m.threads)
      rows.push_back({m.threads, 0, 0});
    if (m.flopsPerElement == 1)
      rows.back().dramGbytesPerSecond = m.gbytesPerSecond();
    else
      rows.back().fmaGflopsPerSecond = m.gflopsPerSecond();
  }
  return rows;
}

void printSummary(const SweepResults &results, const CpuRun &run) {
  printCeilings(
      results, "compute ceilings, " + std::to_string(run.threads) + " threads",
      [&](const Ceiling &c) -> std::string {
        if (!run.peak)
          return "";
        const double peak = c.precision == Precision::Fp64
                                ? run.peak->fp64Gflops
                                : run.peak->fp32Gflops;
        char text[48];
        std::snprintf(text, sizeof(text), "  (%.0f%% of the FMA peak)",
                      100.0 * c.best.gflopsPerSecond() / peak);
        return text;
      });
  for (const BandwidthLevels &b : results.bandwidth) {
    printLevels(b);
    // Two caches with the same bandwidth for this kernel make one level, and
    // the names, given in order, then run ahead of the caches.
    if (b.levels.size() != run.machine.caches.size() + 1)
      std::printf("  note: %zu levels for %zu caches and DRAM; as in ERT they "
                  "are named in order, so compare their working sets with "
                  "the cache sizes\n",
                  b.levels.size(), run.machine.caches.size());
  }
  if (!run.scaling.empty()) {
    std::printf("thread scaling, %s:\n", precisionName(run.scalingPrecision));
    for (const ThreadScaling &row : run.scaling)
      std::printf("  %2d threads: FMA %9.1f GFLOP/s, DRAM %7.1f GB/s\n",
                  row.threads, row.fmaGflopsPerSecond, row.dramGbytesPerSecond);
  }
  if (run.stream)
    printStream(*run.stream);
}

// Every point, then STREAM where the plan has it, with the progress on
// stderr; the progress bar is gone when this returns.
std::vector<Measurement> measure(const std::vector<Point> &points,
                                 const CpuPlan &cpuPlan, CpuRun &run) {
  Progress progress(kTool,
                    progressSteps(points) + (cpuPlan.streamRuns ? 1 : 0));
  std::vector<Measurement> measured;
  {
    // Sized for all threads; the DRAM points of the thread scaling, which
    // need more per thread, get buffers of their own (ThreadBench.h).
    std::size_t largestPerThread = 0;
    for (const Point &point : points)
      if (point.threads == run.threads)
        largestPerThread =
            std::max(largestPerThread, point.workingSetBytes / point.threads);
    ThreadBench bench(run.threads, largestPerThread);
    measured = measurePoints(points, bench, progress);
  } // the buffers are gone before STREAM allocates its arrays
  if (cpuPlan.streamRuns) {
    progress.beginPhase("STREAM triad", 1);
    run.stream = runStreamTriad(streamArrayBytes(run.machine), run.threads,
                                cpuPlan.streamRuns);
    progress.pointDone("");
  }
  return measured;
}

int runSweep(const Options &options, CpuRun run) {
  const CpuPlan cpuPlan = cpuPlanFor(options.quick);
  const SweepPlan plan = sweepPlan(options, cpuPlan, run.machine, run.threads);
  std::vector<Point> points = planPoints(plan);
  if (cpuPlan.scaleThreads && run.threads > 1)
    for (Point &point : scalingPoints(plan, run.machine))
      points.push_back(std::move(point));

  const SweepResults results = summarize(plan, measure(points, cpuPlan, run));
  run.scaling = scalingOf(results);
  run.scalingPrecision = options.precisions.front();

  const std::string json = options.outDir + "/roofline.json";
  const std::string csv = options.outDir + "/roofline-sweep.csv";
  writeRooflineJson(results, rooflineContext(run), json);
  writeSweepCsv(results, csv);
  printSummary(results, run);
  std::printf("wrote %s and %s\n", json.c_str(), csv.c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return runTool(kTool, [&] {
    const Options options = parseOptions(argc, argv);
    bindThreadsUnlessTold();
    MachineInfo machine = describeMachine();
    const int threads = chooseThreads(options, machine);
    prepareOutDir(options.outDir);
    CpuRun run = startRun(options, threads, std::move(machine));
    warnIfBusy(run.loadAverage, run.machine.processors);
    std::fprintf(stderr, "roof-ert: measuring the clock on %d threads\n",
                 threads);
    run.clock = estimateClock(run.machine, threads);
    run.peak = theoreticalPeak(run.machine, threads, run.clock);
    printPeak(run);
    std::fflush(stdout);
    return options.streamOnly ? runStreamOnly(options, std::move(run))
                              : runSweep(options, std::move(run));
  });
}
