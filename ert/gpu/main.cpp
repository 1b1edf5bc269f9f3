//===- ert/gpu/main.cpp - roof-ert-gpu: empirical Roofline of a GPU -------===//
//
// Measures the ceilings of a CUDA device the way the Empirical Roofline
// Toolkit's GPU driver does and writes them in ERT's roofline.json format,
// as roof-ert does for the CPU (same sweep, level detection and writer:
// ert/Sweep.h, ert/Report.h):
//
//   roof-ert-gpu [--quick] [--precision fp64|fp32|all] [--out DIR]
//                [--device N] [--blocks N] [--threads-per-block N]
//
// A run: the 1-FLOP kernel over working sets from one element per thread of
// the grid to 32x the L2 cache (bandwidth levels), every kernel at every
// FLOPs per element on a few elements per thread (thorough only), the
// ceilings (the highest FLOPs per element). The grid fills the device once:
// every multiprocessor holds as many blocks as every kernel allows. The
// bandwidth levels are named after the caches that hold them (the L1 of all
// multiprocessors, the L2), not in order as ERT names them.
//
// Errors (no CUDA device, a malformed option, a directory that cannot be
// written) are one line on stderr, "roof-ert-gpu: <what is wrong>", and
// exit status 2.
//
//===----------------------------------------------------------------------===//
#include "../CommandLine.h"
#include "../Progress.h"
#include "../Report.h"
#include "../Sweep.h"
#include "Device.h"
#include "GpuBench.h"
#include "GpuPlan.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

using namespace roof::ert;
using namespace roof::ert::gpu;

namespace {

constexpr const char *kTool = "roof-ert-gpu";
constexpr int kDefaultThreadsPerBlock = 256;
constexpr int kWarpSize = 32;
constexpr int kMostThreadsPerBlock = 1024;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Options : SweepOptions {
  int device = 0;
  std::optional<int> blocks; // default: the device full, once
  int threadsPerBlock = kDefaultThreadsPerBlock;
};

const char *kUsage =
    "usage: roof-ert-gpu [--quick] [--precision fp64|fp32|all] [--out DIR]\n"
    "                    [--device N] [--blocks N] [--threads-per-block N]\n"
    "Measures the empirical Roofline ceilings of a CUDA device and writes\n"
    "DIR/roofline.json (ERT format) and DIR/roofline-sweep.csv.\n"
    "  --quick                fewer points and repetitions\n"
    "  --precision            fp64, fp32 or all (default all)\n"
    "  --out DIR              where to write (default .)\n"
    "  --device N             which CUDA device (default 0)\n"
    "  --blocks N             blocks per launch, ERT_GPU_BLOCKS (default:\n"
    "                         as many as the multiprocessors hold at once)\n"
    "  --threads-per-block N  ERT_GPU_THREADS, a multiple of 32 up to 1024\n"
    "                         (default 256)\n";

Options parseOptions(int argc, char **argv) {
  Options options;
  Arguments args(argc, argv, kTool);
  while (args.next()) {
    const std::string &arg = args.name();
    if (takeSweepOption(args, options, kUsage))
      continue;
    if (arg == "--device") {
      options.device = int(parseInteger(args.value(), arg, 0, 1 << 10));
    } else if (arg == "--blocks") {
      options.blocks = int(parseInteger(args.value(), arg, 1, 1 << 30));
    } else if (arg == "--threads-per-block") {
      const std::string text = args.value();
      options.threadsPerBlock =
          int(parseInteger(text, arg, 1, kMostThreadsPerBlock));
      if (options.threadsPerBlock % kWarpSize)
        throw UsageError("--threads-per-block must be a multiple of 32, not " +
                         text);
    } else {
      args.refuseUnknown();
    }
  }
  return options;
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

struct GpuRun {
  std::string mode; // "quick" or "thorough"
  std::string date; // when the run started
  GpuProperties device;
  LaunchShape shape;
  std::optional<GpuPeak> peak;
  std::optional<double> specDram;    // GB/s
  std::vector<CacheCapacity> caches; // what the levels are named after
};

const char *kDivideNote =
    "A divide counts one FLOP in the divide ceilings (canonical, as roof "
    "counts it and as roof-ert's CPU ceilings do). div.rn.f64 is a routine of "
    "some twenty instructions on the FMA and special-function units; "
    "Nsight Compute, which counts the DFMA, DMUL and DADD it executes, sees "
    "about 15 DP FLOPs per divide on sm_80 and sm_90. Compare divide-bound "
    "code with GDIVIDES, divides per second.";

Json deviceJson(const GpuRun &run) {
  const GpuProperties &d = run.device;
  return {{"NAME", d.name},
          {"COMPUTE_CAPABILITY", std::to_string(d.computeMajor) + "." +
                                     std::to_string(d.computeMinor)},
          {"MULTIPROCESSORS", d.multiprocessors},
          {"MAX_THREADS_PER_MULTIPROCESSOR", d.maxThreadsPerMultiprocessor},
          {"CLOCK_GHZ", d.clockGhz},
          {"MEMORY_CLOCK_GHZ", d.memoryClockGhz},
          {"MEMORY_BUS_BITS", d.memoryBusBits},
          {"L2_BYTES", d.l2Bytes},
          {"SHARED_BYTES_PER_MULTIPROCESSOR", d.sharedBytesPerMultiprocessor},
          {"RESERVED_SHARED_BYTES_PER_BLOCK", d.reservedSharedBytesPerBlock},
          {"UNIFIED_L1_BYTES_PER_MULTIPROCESSOR",
           unifiedL1BytesPerMultiprocessor(d)
               ? Json(*unifiedL1BytesPerMultiprocessor(d))
               : Json()},
          {"MEMORY_BYTES", d.memoryBytes},
          {"FREE_MEMORY_BYTES", d.freeMemoryBytes}};
}

RooflineContext rooflineContext(const GpuRun &run,
                                const SweepResults &results) {
  RooflineContext context;
  Json &meta = context.metadata;
  meta = runMetadata(kTool, run.mode, run.date);
  meta["GPU_BLOCKS"] = run.shape.blocks;
  meta["GPU_THREADS"] = run.shape.threadsPerBlock;
  meta["COMPILER"] = "nvcc " ROOF_ERT_NVCC_VERSION;
  meta["CUDA_ARCHITECTURES"] = ROOF_ERT_CUDA_ARCHITECTURES;
  meta["CUDA_RUNTIME_VERSION"] = runtimeVersion();
  meta["CUDA_DRIVER_VERSION"] = driverVersion();
  meta["GPU"] = deviceJson(run);
  meta["THEORETICAL_PEAK"] =
      run.peak ? Json{{"FP64 GFLOPs", run.peak->fp64Gflops},
                      {"FP32 GFLOPs", run.peak->fp32Gflops},
                      {"FP64_FMA_PER_CYCLE_PER_SM", run.peak->fp64FmaPerCycle},
                      {"FP32_FMA_PER_CYCLE_PER_SM", run.peak->fp32FmaPerCycle},
                      {"FP64_FORMULA", run.peak->fp64Formula},
                      {"FP32_FORMULA", run.peak->fp32Formula},
                      {"SOURCE", "CUDA C++ Programming Guide, arithmetic "
                                 "instruction throughput per multiprocessor"}}
               : Json();
  Json caches = Json::array();
  for (const CacheCapacity &c : run.caches)
    caches.push_back({{"name", c.name}, {"bytes", c.bytes}});
  meta["LEVEL_NAMES"] = {
      {"CACHES", caches},
      {"RULE", "a level is the smallest cache that holds its largest working "
               "set, DRAM beyond; L1 is the L1 of every multiprocessor of the "
               "grid, less the shared memory reserved for its blocks"}};
  meta["SPEC_DRAM_GBYTES"] = run.specDram ? Json(*run.specDram) : Json();
  meta["KERNEL_ARITHMETIC"] = {
      {"FMA", "fma.rn"},
      {"no-FMA", "mul.rn + add.rn (__dmul_rn, __dadd_rn: never contracted)"},
      {"divide+FMA", "fma.rn + div.rn"},
      {"divide no-FMA", "mul.rn + add.rn + div.rn"}};
  Json divides = Json::object();
  for (const Ceiling &c : results.ceilings)
    if (isDivide(c.kind))
      divides[ceilingName(c.kind, c.precision)] = gigadividesPerSecond(c);
  meta["DIVIDES"] = {{"GDIVIDES", divides}, {"NOTE", kDivideNote}};

  context.config = {
      {"ERT_GPU_BLOCKS", {std::to_string(run.shape.blocks)}},
      {"ERT_GPU_THREADS", {std::to_string(run.shape.threadsPerBlock)}}};
  context.execution = {{"GPU_BLOCKS", run.shape.blocks},
                       {"GPU_THREADS", run.shape.threadsPerBlock}};
  if (run.peak) {
    context.specGflops.push_back({"FP64 GFLOPs", run.peak->fp64Gflops});
    context.specGflops.push_back({"FP32 GFLOPs", run.peak->fp32Gflops});
  }
  if (run.specDram)
    context.specGbytes.push_back({"DRAM", *run.specDram});
  return context;
}

void printDevice(const GpuRun &run) {
  const GpuProperties &d = run.device;
  std::printf("device: %s, compute capability %d.%d, %d SMs at %.3f GHz, "
              "%s L2, %s memory (%s free)\n",
              d.name.c_str(), d.computeMajor, d.computeMinor, d.multiprocessors,
              d.clockGhz, formatBytes(d.l2Bytes).c_str(),
              formatBytes(d.memoryBytes).c_str(),
              formatBytes(d.freeMemoryBytes).c_str());
  std::printf("grid: %d blocks x %d threads\n", run.shape.blocks,
              run.shape.threadsPerBlock);
  std::printf("levels named after:");
  for (const CacheCapacity &c : run.caches)
    std::printf(" %s %s,", c.name.c_str(), formatBytes(c.bytes).c_str());
  std::printf(" DRAM beyond\n");
  if (run.peak)
    std::printf("theoretical peak (spec):\n  FP64 %s\n  FP32 %s\n",
                run.peak->fp64Formula.c_str(), run.peak->fp32Formula.c_str());
  else
    std::printf("theoretical peak: unknown for this compute capability\n");
  if (run.specDram)
    std::printf("DRAM (spec): 2 x %.3f GHz x %d bits / 8 = %.0f GB/s\n",
                d.memoryClockGhz, d.memoryBusBits, *run.specDram);
}

void printSummary(const SweepResults &results, const GpuRun &run) {
  printCeilings(
      results, "compute ceilings", [&](const Ceiling &c) -> std::string {
        char text[96] = "";
        if (isDivide(c.kind))
          std::snprintf(text, sizeof(text), "  (%.1f Gdivides/s)",
                        gigadividesPerSecond(c));
        else if (run.peak)
          std::snprintf(text, sizeof(text), "  (%.0f%% of the spec FMA peak)",
                        100.0 * c.best.gflopsPerSecond() /
                            (c.precision == Precision::Fp64
                                 ? run.peak->fp64Gflops
                                 : run.peak->fp32Gflops));
        return text;
      });
  for (const BandwidthLevels &b : results.bandwidth) {
    printLevels(b);
    if (run.specDram && !b.levels.empty())
      std::printf("  DRAM is %.0f%% of the spec bandwidth\n",
                  100.0 * b.levels.back().gbytesPerSecond / *run.specDram);
  }
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

LaunchShape launchShape(const Options &options, const GpuProperties &device) {
  LaunchShape shape{0, options.threadsPerBlock};
  shape.blocks = options.blocks
                     ? *options.blocks
                     : device.multiprocessors *
                           residentBlocksPerMultiprocessor(
                               shape.threadsPerBlock, options.precisions);
  return shape;
}

int run(const Options &options) {
  GpuRun run;
  run.device = openDevice(options.device);
  prepareOutDir(options.outDir);
  run.mode = options.quick ? "quick" : "thorough";
  run.date = utcNow();
  run.shape = launchShape(options, run.device);
  run.peak = theoreticalPeak(run.device);
  run.specDram = specDramGbytesPerSecond(run.device);
  run.caches = gpuCaches(run.device, run.shape);
  printDevice(run);
  std::fflush(stdout);

  const SweepPlan plan =
      gpuSweepPlan(options.precisions, options.quick, run.device, run.shape);
  const std::vector<Point> points = planPoints(plan);
  std::size_t largest = 0;
  for (const Point &point : points)
    largest = std::max(largest, point.workingSetBytes);
  std::vector<Measurement> measured;
  {
    Progress progress(kTool, progressSteps(points));
    GpuBench bench(largest, run.shape);
    measured = measurePoints(points, bench, progress);
  }
  SweepResults results = summarize(plan, std::move(measured));
  for (BandwidthLevels &b : results.bandwidth)
    nameLevelsByCapacity(b.levels, run.caches);

  const std::string json = options.outDir + "/roofline.json";
  const std::string csv = options.outDir + "/roofline-sweep.csv";
  writeRooflineJson(results, rooflineContext(run, results), json);
  writeSweepCsv(results, csv);
  printSummary(results, run);
  std::printf("wrote %s and %s\n", json.c_str(), csv.c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return runTool(kTool, [&] { return run(parseOptions(argc, argv)); });
}
