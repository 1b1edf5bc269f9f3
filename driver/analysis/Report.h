//===- driver/analysis/Report.h - What roof report shows --------*- C++ -*-===//
//
// A report covers the whole program (totals), each region in order of first
// entry, the functions ranked by empirical FLOPs and, when the program
// launched instrumented CUDA kernels, the kernels ranked the same way (with
// --launches, each kernel's launch records too). For each of them and each
// shown precision: canonical, empirical and full-width FLOPs, the
// empirical/canonical ratio, the arithmetic intensity of both FLOP counts
// over the bytes the instrumented code loads and stores (L1 on a CPU, all
// address spaces for a kernel) and, where a time is known, the attained
// GFLOP/s of both; per scope the bytes loaded and stored (for kernels also
// those of global memory) and the time.
//
// Times: the program's wall time for the totals, the wall time inside a
// region summed over its entries, a function's inclusive wall time on its
// longest-running thread (functions without loops are not timed), a
// kernel's CUDA-event times summed over its counted launches (none with
// ROOF_CUDA=total).
//
// Host and device are never summed: the program's counts are host code only
// (docs/schema.md).
//
// deriveReport() chooses the scopes and precisions and derives their
// metrics once; the table, JSON and CSV renderers (Table.h, Json.h, Csv.h)
// only decide how they look.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_REPORT_H
#define ROOF_DRIVER_REPORT_H

#include "Census.h"
#include "Metrics.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roof {

// What a report of a census shows, resolved from the command's options
// (Options.h).
struct ReportSelection {
  PrecisionSelection precisions;
  std::size_t top = 0;   // functions, and kernels, shown; 0 for all
  bool classes = false;  // per-class breakdown; precisions with only
                         // non-FLOP operations are shown too
  bool launches = false; // each kernel's launch records
};

// One shown precision of a scope, with the metrics of its FLOPs.
struct PrecisionRow {
  RoofPrecision precision;
  const PrecisionCounts *counts;
  DerivedMetrics metrics;
  // With --classes: the metrics of each class's counts (untimed).
  std::array<DerivedMetrics, ROOF_NUM_CLASSES> classMetrics{};
};

// The totals, a region, a function, a kernel or one launch of a kernel, with
// the time its GFLOP/s use.
struct ReportScope {
  enum class Kind { Program, Region, Function, Kernel, Launch };
  Kind kind;
  std::string name; // program path, region name, mangled function or kernel
  std::string demangled; // of a function or kernel (readableFunctionName)
  const Counts *counts = nullptr;
  std::optional<double> timeS;
  const RegionRecord *region = nullptr;
  const FunctionRecord *function = nullptr;
  const KernelRecord *kernel = nullptr; // also a launch's kernel
  const LaunchRecord *launch = nullptr;
  const RankStats *rankStats = nullptr;       // in a merged census
  const BytesBySpace *bytesBySpace = nullptr; // device code's, per space
  std::optional<std::uint64_t> bytes{};       // totalBytes of `counts`
  std::optional<std::uint64_t> globalBytes{}; // device code's in global memory
  std::vector<PrecisionRow> precisions{};     // the shown ones, display order
  std::vector<ReportScope> launches{};        // a kernel's, with --launches
};

struct ReportData {
  const Census *census = nullptr;
  ReportSelection selection;
  ReportScope totals;
  std::vector<ReportScope> regions;
  std::vector<ReportScope> functions; // ranked, at most `top`
  std::size_t functionTotalCount = 0; // before `top`
  std::vector<ReportScope> kernels;   // ranked, at most `top`
  std::size_t kernelTotalCount = 0;   // before `top`
};

ReportData deriveReport(const Census &census, const ReportSelection &selection);

} // namespace roof

#endif // ROOF_DRIVER_REPORT_H
