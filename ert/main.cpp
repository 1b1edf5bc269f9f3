//===- ert/main.cpp - roof-ert: empirical Roofline ceilings ---------------===//
//
// Measures the ceilings of this machine the way the Empirical Roofline
// Toolkit does and writes them in ERT's roofline.json format:
//
//   roof-ert [--quick] [--threads N] [--precision fp64|fp32|all] [--out DIR]
//   roof-ert --stream [--threads N] [--out DIR]
//
// A run: the clock (for the theoretical peak), the 1-FLOP kernel over
// working sets from 1 KiB to 8x the last-level cache (bandwidth levels),
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
#include "Kernels.h"
#include "LevelDetection.h"
#include "Machine.h"
#include "Progress.h"
#include "Report.h"
#include "Stream.h"
#include "Sweep.h"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace roof::ert;

namespace {

constexpr int kExitFailure = 2;

class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Options {
  bool quick = false;
  bool streamOnly = false;
  int threads = 0; // 0: OpenMP's default (OMP_NUM_THREADS or all processors)
  std::vector<Precision> precisions{Precision::Fp64, Precision::Fp32};
  std::string outDir = ".";
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
    "  --stream      only the STREAM triad; writes DIR/stream.json\n";

int parseThreads(const std::string &text) {
  std::size_t used = 0;
  long value = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception &) {
    used = 0;
  }
  if (used != text.size() || value < 1 || value > 1 << 20)
    throw UsageError("--threads needs a positive integer, not '" + text + "'");
  return int(value);
}

Options parseOptions(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::string value;
    const std::size_t equals = arg.find('=');
    const bool inlineValue =
        arg.rfind("--", 0) == 0 && equals != std::string::npos;
    if (inlineValue) {
      value = arg.substr(equals + 1);
      arg = arg.substr(0, equals);
    }
    auto takeValue = [&]() {
      if (inlineValue)
        return value;
      if (i + 1 >= argc)
        throw UsageError("option " + arg + " needs a value");
      return std::string(argv[++i]);
    };
    auto noValue = [&]() {
      if (inlineValue)
        throw UsageError("option " + arg + " takes no value");
    };
    if (arg == "--quick") {
      noValue();
      options.quick = true;
    } else if (arg == "--stream") {
      noValue();
      options.streamOnly = true;
    } else if (arg == "--threads") {
      options.threads = parseThreads(takeValue());
    } else if (arg == "--precision") {
      const std::string p = takeValue();
      if (p == "fp64")
        options.precisions = {Precision::Fp64};
      else if (p == "fp32")
        options.precisions = {Precision::Fp32};
      else if (p == "all")
        options.precisions = {Precision::Fp64, Precision::Fp32};
      else
        throw UsageError("--precision must be fp64, fp32 or all, not '" + p +
                         "'");
    } else if (arg == "--out") {
      options.outDir = takeValue();
      if (options.outDir.empty())
        throw UsageError("--out needs a directory");
    } else if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else {
      throw UsageError("unknown argument '" + std::string(argv[i]) +
                       "' (see roof-ert --help)");
    }
  }
  return options;
}

//===----------------------------------------------------------------------===//
// What each mode measures
//===----------------------------------------------------------------------===//

struct Effort {
  double minimumSeconds; // one run lasts at least this long
  int repetitions;       // timed runs after the trial count is found
};

struct Plan {
  unsigned pointsPerDoubling = 4; // of the memory sweep
  Effort memory{0.05, 5};
  Effort flopSweep{0.05, 5};
  Effort ceiling{0.1, 9};
  bool sweepFlops = true;   // every FLOPs per element, in L1
  bool scaleThreads = true; // FMA ceiling and DRAM on 1 .. N threads
  int streamRuns = 10;      // 0: no STREAM triad
  // The ceilings' slices, as fractions of L1d: small enough to stay in L1
  // next to the stack and whatever else the core touches.
  std::vector<double> ceilingL1Fractions{0.25, 0.5};
  unsigned ceilingChoices = 2; // how many of the highest FLOPs per element
};

Plan planFor(bool quick) {
  Plan plan; // thorough
  if (quick) {
    plan.pointsPerDoubling = 1;
    plan.memory = {0.01, 3};
    plan.ceiling = {0.02, 3};
    plan.sweepFlops = false;
    plan.scaleThreads = false;
    plan.streamRuns = 0;
    plan.ceilingL1Fractions = {0.5};
    plan.ceilingChoices = 1;
  }
  return plan;
}

struct Point {
  std::string phase;
  KernelKind kind;
  Precision precision;
  int threads;
  int flopsPerElement;
  std::size_t workingSetBytes;
  Effort effort;
};

const KernelKind kAllKinds[] = {KernelKind::Fma, KernelKind::NoFma,
                                KernelKind::DivideFma, KernelKind::DivideNoFma};

// From 1 KiB (or one block per thread) up to `largest`, pointsPerDoubling
// sizes per doubling.
std::vector<std::size_t> memorySweepSizes(std::size_t largest, int threads,
                                          unsigned pointsPerDoubling) {
  std::vector<std::size_t> sizes;
  for (unsigned k = 0;; ++k) {
    const double raw = 1024.0 * std::pow(2.0, double(k) / pointsPerDoubling);
    if (raw > double(largest))
      break;
    const std::size_t size = roundWorkingSet(std::size_t(raw), threads);
    if (sizes.empty() || size > sizes.back())
      sizes.push_back(size);
  }
  return sizes;
}

std::size_t physicalMemoryBytes() {
  return std::size_t(sysconf(_SC_PHYS_PAGES)) *
         std::size_t(sysconf(_SC_PAGE_SIZE));
}

// The largest working set: 8x the last-level cache, so that the DRAM
// plateau is two doublings wide, but no more than a quarter of memory.
std::size_t largestWorkingSet(const MachineInfo &machine, int threads) {
  const std::size_t wanted = 8 * machine.lastLevelBytes();
  return roundWorkingSet(std::min(wanted, physicalMemoryBytes() / 4), threads);
}

std::vector<Point> planPoints(const Plan &plan, const Options &options,
                              const MachineInfo &machine, int threads) {
  std::vector<Point> points;
  const std::size_t largest = largestWorkingSet(machine, threads);
  for (Precision p : options.precisions)
    for (std::size_t size :
         memorySweepSizes(largest, threads, plan.pointsPerDoubling))
      points.push_back(
          {"memory", KernelKind::Fma, p, threads, 1, size, plan.memory});

  const std::size_t l1 = machine.l1DataBytes();
  const std::size_t l1Set = roundWorkingSet(l1 / 2 * threads, threads);
  if (plan.sweepFlops)
    for (Precision p : options.precisions)
      for (KernelKind kind : kAllKinds)
        for (int flops : flopsPerElementChoices(kind))
          points.push_back(
              {"flops", kind, p, threads, flops, l1Set, plan.flopSweep});

  for (Precision p : options.precisions)
    for (KernelKind kind : kAllKinds) {
      std::vector<int> choices = flopsPerElementChoices(kind);
      for (unsigned c = 0; c < plan.ceilingChoices; ++c)
        for (double fraction : plan.ceilingL1Fractions)
          points.push_back(
              {"ceiling", kind, p, threads, choices[choices.size() - 1 - c],
               roundWorkingSet(std::size_t(double(l1) * fraction) * threads,
                               threads),
               plan.ceiling});
    }

  if (plan.scaleThreads && threads > 1)
    for (int t = 1; t <= threads; ++t) {
      const Precision p = options.precisions.front();
      points.push_back({"scaling", KernelKind::Fma, p, t,
                        flopsPerElementChoices(KernelKind::Fma).back(),
                        roundWorkingSet(l1 / 2 * t, t), plan.ceiling});
      points.push_back({"scaling", KernelKind::Fma, p, t, 1,
                        roundWorkingSet(largest, t), plan.memory});
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
// Running
//===----------------------------------------------------------------------===//

std::string utcNow() {
  std::time_t t = std::time(nullptr);
  std::tm utc;
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

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

Report startReport(const Options &options, int threads, MachineInfo machine) {
  Report report;
  report.mode = options.quick ? "quick" : "thorough";
  report.threads = threads;
  report.date = utcNow();
  report.loadAverage = loadAverage();
  report.ompProcBind = std::getenv("OMP_PROC_BIND");
  report.ompPlaces = std::getenv("OMP_PLACES");
  report.machine = std::move(machine);
  return report;
}

void prepareOutDir(const std::string &dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw std::runtime_error("cannot create output directory " + dir + ": " +
                             (error ? error.message() : "not a directory"));
}

std::size_t streamArrayBytes(const MachineInfo &machine) {
  // Each array 4x the last-level cache and at least 128 MiB, within an
  // eighth of memory (there are three).
  const std::size_t wanted =
      std::max<std::size_t>(4 * machine.lastLevelBytes(), 128 << 20);
  return std::min(wanted, physicalMemoryBytes() / 8);
}

void printPeak(const Report &report) {
  std::printf("clock: %.3f GHz (%s)\n", report.clock.ghz,
              report.clock.method.c_str());
  if (!report.peak) {
    std::printf("theoretical peak: unknown for this processor\n");
    return;
  }
  std::printf("theoretical peak (%s):\n  FP64 %s\n  FP32 %s\n",
              report.peak->datapath.description.c_str(),
              report.peak->fp64Formula.c_str(),
              report.peak->fp32Formula.c_str());
}

void printStream(const StreamResult &stream) {
  std::printf("STREAM triad: %.1f GB/s (%.1f GB/s counting the "
              "write-allocate read), 3 x %s, %d threads\n",
              stream.gbytesPerSecond, stream.gbytesWithWriteAllocate,
              formatBytes(stream.arrayBytes).c_str(), stream.threads);
}

int runStreamOnly(const Options &options, Report report) {
  std::fprintf(stderr, "roof-ert: STREAM triad\n");
  report.mode = "stream";
  report.stream =
      runStreamTriad(streamArrayBytes(report.machine), report.threads, 20);
  printStream(*report.stream);
  const std::string path = options.outDir + "/stream.json";
  writeStreamJson(report, path);
  std::printf("wrote %s\n", path.c_str());
  return 0;
}

void collectResults(Report &report, const Options &options) {
  const int threads = report.threads;
  for (Precision p : options.precisions) {
    std::vector<BandwidthSample> samples;
    for (const Measurement &m : report.measurements)
      if (m.phase == "memory" && m.precision == p)
        samples.push_back({m.workingSetBytes, m.gbytesPerSecond()});
    LevelDetectionOptions detection;
    detection.minimumSupport = minimumSupportFor(report.pointsPerDoubling);
    report.bandwidth.push_back({p, detectMemoryLevels(samples, detection)});
  }
  // A ceiling is the best median over the L1-resident points.
  for (Precision p : options.precisions)
    for (KernelKind kind : kAllKinds) {
      const Measurement *best = nullptr;
      for (const Measurement &m : report.measurements)
        if ((m.phase == "ceiling" || m.phase == "flops") && m.kind == kind &&
            m.precision == p && m.threads == threads &&
            (!best || m.gflopsPerSecond() > best->gflopsPerSecond()))
          best = &m;
      if (best)
        report.ceilings.push_back({kind, p, *best});
    }
}

// The scaling points by thread count: FMA ceiling and DRAM bandwidth.
std::vector<ThreadScaling> scalingOf(const Report &report) {
  std::vector<ThreadScaling> rows;
  for (const Measurement &m : report.measurements) {
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

void printSummary(const Report &report) {
  std::printf("compute ceilings, %d threads (GFLOP/s, median of "
              "repetitions):\n",
              report.threads);
  for (const Ceiling &c : report.ceilings) {
    const double gflops = c.best.gflopsPerSecond();
    std::printf("  %-28s %9.1f", ceilingName(c.kind, c.precision).c_str(),
                gflops);
    if (report.peak) {
      const double peak = c.precision == Precision::Fp64
                              ? report.peak->fp64Gflops
                              : report.peak->fp32Gflops;
      std::printf("  (%.0f%% of the FMA peak)", 100.0 * gflops / peak);
    }
    std::printf("  at %d FLOPs/element, %s\n", c.best.flopsPerElement,
                formatBytes(c.best.workingSetBytes).c_str());
  }
  for (const BandwidthLevels &b : report.bandwidth) {
    std::printf("bandwidth levels, %s sweep (GB/s):\n",
                precisionName(b.precision));
    for (const MemoryLevel &level : b.levels)
      std::printf("  %-5s %9.1f  (working sets %s .. %s)\n", level.name.c_str(),
                  level.gbytesPerSecond,
                  formatBytes(level.smallestWorkingSetBytes).c_str(),
                  formatBytes(level.largestWorkingSetBytes).c_str());
    // Two caches with the same bandwidth for this kernel make one level, and
    // the names, given in order, then run ahead of the caches.
    if (b.levels.size() != report.machine.caches.size() + 1)
      std::printf("  note: %zu levels for %zu caches and DRAM; as in ERT they "
                  "are named in order, so compare their working sets with "
                  "the cache sizes\n",
                  b.levels.size(), report.machine.caches.size());
  }
  if (!report.scaling.empty()) {
    std::printf("thread scaling, %s:\n",
                precisionName(report.scalingPrecision));
    for (const ThreadScaling &row : report.scaling)
      std::printf("  %2d threads: FMA %9.1f GFLOP/s, DRAM %7.1f GB/s\n",
                  row.threads, row.fmaGflopsPerSecond, row.dramGbytesPerSecond);
  }
  if (report.stream)
    printStream(*report.stream);
}

std::string describe(const Point &point) {
  return std::string(kernelName(point.kind)) + ", " +
         std::to_string(point.flopsPerElement) + " FLOPs/element, " +
         formatBytes(point.workingSetBytes);
}

// Runs every point, then STREAM where the plan has it, with the progress
// on stderr; the progress bar is gone when this returns.
//
// A phase at a time: its points are calibrated, then repeated in turns, so
// that a burst of other work on the machine spoils one repetition of many
// points, which their medians shrug off, rather than every repetition of
// one point.
void measurePoints(Report &report, const std::vector<Point> &points,
                   const Plan &plan) {
  // Sized for all threads; the DRAM points of the thread scaling, which
  // need more per thread, get buffers of their own.
  std::size_t largestPerThread = 0;
  std::size_t steps = plan.streamRuns ? 1 : 0;
  for (const Point &point : points) {
    if (point.threads == report.threads)
      largestPerThread =
          std::max(largestPerThread, point.workingSetBytes / point.threads);
    steps += 1 + std::size_t(point.effort.repetitions);
  }
  ThreadBuffers buffers(report.threads, largestPerThread);
  Progress progress(steps);

  for (std::size_t begin = 0, end = 0; begin < points.size(); begin = end) {
    const std::string title = phaseTitle(points[begin]);
    while (end < points.size() && phaseTitle(points[end]) == title)
      ++end;
    progress.beginPhase(title, end - begin);

    std::vector<Measurement> phase;
    int rounds = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const Point &p = points[i];
      const std::size_t perThread = p.workingSetBytes / p.threads;
      if (perThread <= buffers.bytesPerThread()) {
        phase.push_back(calibrate(buffers, p.threads, p.kind, p.precision,
                                  p.flopsPerElement, p.workingSetBytes,
                                  p.effort.minimumSeconds));
        rounds = std::max(rounds, p.effort.repetitions);
        progress.pointDone(describe(p));
        continue;
      }
      // Buffers this large exist only while their point runs, so all its
      // repetitions run now.
      ThreadBuffers own(p.threads, perThread);
      phase.push_back(calibrate(own, p.threads, p.kind, p.precision,
                                p.flopsPerElement, p.workingSetBytes,
                                p.effort.minimumSeconds));
      progress.pointDone(describe(p));
      for (int r = 0; r < p.effort.repetitions; ++r) {
        repeat(own, phase.back());
        progress.pointDone(describe(p));
      }
    }
    for (int r = 0; r < rounds; ++r)
      for (std::size_t k = 0; k < phase.size(); ++k) {
        const Point &p = points[begin + k];
        if (int(phase[k].seconds.size()) >= p.effort.repetitions)
          continue;
        repeat(buffers, phase[k]);
        progress.pointDone("repetition " + std::to_string(r + 1) + ", " +
                           describe(p));
      }
    for (std::size_t k = 0; k < phase.size(); ++k) {
      phase[k].phase = points[begin + k].phase;
      report.measurements.push_back(std::move(phase[k]));
    }
  }
  if (plan.streamRuns) {
    progress.beginPhase("STREAM triad", 1);
    report.stream = runStreamTriad(streamArrayBytes(report.machine),
                                   report.threads, plan.streamRuns);
    progress.pointDone("");
  }
}

int runSweep(const Options &options, Report report) {
  const Plan plan = planFor(options.quick);
  const std::vector<Point> points =
      planPoints(plan, options, report.machine, report.threads);
  report.pointsPerDoubling = plan.pointsPerDoubling;
  for (const Point &point : points)
    if (point.kind == KernelKind::Fma)
      report.sweptFlopsPerElement.push_back(point.flopsPerElement);
  std::sort(report.sweptFlopsPerElement.begin(),
            report.sweptFlopsPerElement.end());
  report.sweptFlopsPerElement.erase(
      std::unique(report.sweptFlopsPerElement.begin(),
                  report.sweptFlopsPerElement.end()),
      report.sweptFlopsPerElement.end());

  measurePoints(report, points, plan);
  collectResults(report, options);
  report.scaling = scalingOf(report);
  report.scalingPrecision = options.precisions.front();

  const std::string json = options.outDir + "/roofline.json";
  const std::string csv = options.outDir + "/roofline-sweep.csv";
  writeRooflineJson(report, json);
  writeSweepCsv(report, csv);
  printSummary(report);
  std::printf("wrote %s and %s\n", json.c_str(), csv.c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  try {
    const Options options = parseOptions(argc, argv);
    bindThreadsUnlessTold();
    MachineInfo machine = describeMachine();
    const int threads = chooseThreads(options, machine);
    prepareOutDir(options.outDir);
    Report report = startReport(options, threads, std::move(machine));
    warnIfBusy(report.loadAverage, report.machine.processors);
    std::fprintf(stderr, "roof-ert: measuring the clock on %d threads\n",
                 threads);
    report.clock = estimateClock(report.machine, threads);
    report.peak = theoreticalPeak(report.machine, threads, report.clock);
    printPeak(report);
    std::fflush(stdout);
    return options.streamOnly ? runStreamOnly(options, std::move(report))
                              : runSweep(options, std::move(report));
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr, "roof-ert: out of memory\n");
  } catch (const std::exception &error) {
    std::string line = error.what();
    std::replace(line.begin(), line.end(), '\n', ' ');
    std::fprintf(stderr, "roof-ert: %s\n", line.c_str());
  }
  return kExitFailure;
}
