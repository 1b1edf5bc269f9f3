//===- driver/analysis/ToolComparison.h - Other tools -----------*- C++ -*-===//
//
// Each tool counts FLOPs by its own definition; roof counts three (docs/
// counting.md), so each comparison pairs the tool with the roof count of
// the same definition and says which:
//   SDE mix, NERSC formula   full vector width, FMA = 2   roof full_width
//   SDE mix + mask profile   active lanes, FMA = 2        roof empirical
//   LIKWID FLOPS_DP/SP       full width, FMA = 2          roof full_width
//   Nsight Compute, nvprof   per thread that executed,    roof empirical
//                            FMA = 2, no MUFU             (of each kernel)
// Tools count some operations roof keeps out of its FLOPs: SDE's element
// counts include compares and min/max, LIKWID's FP_ARITH counters min/max.
// A second row adds roof's counts of those classes. GPU profilers are
// compared kernel by kernel (KernelMatching.h), with roof's canonical FLOPs
// beside for information (docs/compare-gpu.md).
//
// The comparisons are data; roof compare prints them (Table.h, Json.h).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_TOOLCOMPARISON_H
#define ROOF_DRIVER_TOOLCOMPARISON_H

#include "Census.h"
#include "GpuProfile.h"
#include "KernelMatching.h"
#include "LikwidOutput.h"
#include "SdeOutput.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roof {

// (roof - tool) / tool; absent when the tool counted none and roof some.
std::optional<double> difference(double roof, double tool);

// One quantity as roof and the tool count it.
struct ToolRow {
  std::string quantity;
  double roof;
  double tool;
  std::optional<double> difference; // of roof and tool
  // Shown after the difference, not compared: roof's canonical count beside
  // the empirical one of a GPU comparison.
  std::optional<double> information = std::nullopt;
  // Only as exact as printed: nvprof's Invocations x Avg with Min != Max, a
  // rounded count.
  bool toolApproximate = false;
};

// The roof scope compared: the program, or a region by name.
struct RoofScope {
  std::string title; // "the whole program", "region \"solve\""
  const Counts *counts = nullptr;
};

// Throws UsageError when `region` is not in the census.
RoofScope roofScopeOf(const Census &census,
                      const std::optional<std::string> &region);

//===----------------------------------------------------------------------===//
// Intel SDE
//===----------------------------------------------------------------------===//

struct SdeComparison {
  RoofScope scope;
  bool maskAware = false; // with the mask profile: roof's empirical FLOPs,
                          // else its full_width ones
  std::uint64_t maskedInstructions = 0;
  std::vector<ToolRow> rows; // FLOPs per precision, then bytes
};

// Throws UsageError for an unknown `region`.
SdeComparison compareWithSde(const Census &census, const SdeCounts &sde,
                             const std::optional<std::string> &region);

//===----------------------------------------------------------------------===//
// LIKWID
//===----------------------------------------------------------------------===//

// A group's DRAM volume beside roof's L1 bytes: another level, not compared.
struct LikwidMemory {
  double dramBytes = 0;
  std::optional<std::uint64_t> l1Bytes; // roof's loads and stores
  std::optional<double> l1PerDram;      // l1Bytes / dramBytes
  RoofPrecision precision = ROOF_FP64;  // the scope's dominant precision
  double flops = 0;                     // its empirical FLOPs
  double dramIntensity = 0;             // flops / dramBytes
};

// One group (of one marker region, or of the whole run) beside its roof
// scope: the marker region's roof region of the same name, or --region, or
// the program.
struct LikwidComparison {
  const LikwidGroup *group;
  std::optional<std::string> region;
  std::optional<RoofScope> scope; // absent: roof has no region of the name
  std::optional<LikwidFlops> flops;
  std::vector<ToolRow> rows; // of `flops`
  std::optional<LikwidMemory> memory;
};

// The groups of `groups` that can be compared (with `region`, those of that
// marker region and of whole runs). Throws InputError naming `path` when
// there are none.
std::vector<LikwidComparison>
compareWithLikwid(const Census &census, const std::vector<LikwidGroup> &groups,
                  const std::optional<std::string> &region,
                  const std::string &path);

//===----------------------------------------------------------------------===//
// GPU profilers: Nsight Compute, nvprof
//===----------------------------------------------------------------------===//

enum class GpuProfiler { Ncu, Nvprof };

// "ncu", "nvprof": as its option and the output call it.
const char *profilerName(GpuProfiler profiler);

// One precision of a kernel, as roof and the profiler count it.
struct GpuFlops {
  RoofPrecision precision;
  KindCounts roof;                  // of the compared launches
  std::optional<double> profiler;   // absent: not in the file
  bool approximate = false;         // the profiler's
  std::optional<double> difference; // of roof's empirical and the profiler's
};

// A level below L1 of a kernel, as roof's traffic model (a traffic-mode
// build) and the profiler give its bytes.
struct GpuTraffic {
  ProfiledLevel level;              // L2 or Dram
  std::uint64_t roof = 0;           // loaded + stored, of the launches
  std::optional<double> profiler;   // absent: not in the file
  std::optional<double> difference; // of roof's and the profiler's
};

// One roof kernel beside what the profiler measured of it.
struct GpuKernelComparison {
  KernelMatch match;
  ComparedLaunches launches;
  ProfiledKernel profiled; // summed over the profiler's names for it
  // fp64 and fp32 always, fp16 when either side has some.
  std::vector<GpuFlops> flops;
  std::optional<std::uint64_t> bytes;       // roof's, of the launches
  std::optional<std::uint64_t> globalBytes; // of them in global memory
  // The levels roof's model and the profiler both have, when the launches'
  // traffic was modelled.
  std::vector<GpuTraffic> traffic;
};

// A profiler's whole file beside the census.
struct GpuComparison {
  GpuProfiler profiler;
  std::string path;
  GpuProfile profile;
  KernelMatching matching;
  std::optional<std::uint64_t> window;
  std::vector<GpuKernelComparison> kernels;
};

GpuComparison compareWithProfile(const Census &census, GpuProfiler profiler,
                                 std::string path, GpuProfile profile);

} // namespace roof

#endif // ROOF_DRIVER_TOOLCOMPARISON_H
