//===- ert/Report.h - roofline.json and the raw sweep -----------*- C++ -*-===//
//
// roofline.json follows ERT's layout (docs/ert.md has an example):
//   empirical.gflops.data  ["FP64 GFLOPs", FMA ceiling], then
//                          ["FP64 no-FMA GFLOPs", ...],
//                          ["FP64 divide+FMA GFLOPs", ...],
//                          ["FP64 divide no-FMA GFLOPs", ...], FP32 alike
//   empirical.gbytes.data  ["L1", ...], ..., ["DRAM", ...]
//   empirical.metadata     host, CPU, compiler, flags, date, threads, clock,
//                          theoretical peak, caches, STREAM triad, thread
//                          scaling
//   spec.gflops.data       the theoretical peak per precision
// and roofline-sweep.csv, next to it, has one line per measured point.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_REPORT_H
#define ROOF_ERT_REPORT_H

#include "LevelDetection.h"
#include "Machine.h"
#include "Stream.h"
#include "Sweep.h"

#include <optional>
#include <string>
#include <vector>

namespace roof::ert {

struct Ceiling {
  KernelKind kind;
  Precision precision;
  Measurement best; // the point with the highest median GFLOP/s
};

struct BandwidthLevels {
  Precision precision;
  std::vector<MemoryLevel> levels;
};

// The FMA ceiling and the DRAM bandwidth on fewer threads (thorough runs).
struct ThreadScaling {
  int threads;
  double fmaGflopsPerSecond;
  double dramGbytesPerSecond;
};

struct Report {
  std::string mode; // "quick" or "thorough"
  int threads = 0;
  std::string date;        // ISO 8601, UTC
  std::string loadAverage; // /proc/loadavg when the run started
  std::string ompProcBind, ompPlaces;
  MachineInfo machine;
  ClockEstimate clock;
  std::optional<TheoreticalPeak> peak;
  std::vector<Measurement> measurements;  // every point, in the order run
  std::vector<int> sweptFlopsPerElement;  // ERT_FLOPS
  unsigned pointsPerDoubling = 0;         // of the memory sweep
  std::vector<BandwidthLevels> bandwidth; // one per precision swept
  std::vector<Ceiling> ceilings;
  std::vector<ThreadScaling> scaling; // 1 .. threads
  Precision scalingPrecision = Precision::Fp64;
  std::optional<StreamResult> stream;
};

// "FP64 GFLOPs" for the FMA kernel (ERT's name), "FP64 no-FMA GFLOPs" etc.
std::string ceilingName(KernelKind, Precision);

// Each throws std::runtime_error when its file cannot be written.
void writeRooflineJson(const Report &, const std::string &path);
void writeSweepCsv(const Report &, const std::string &path);
void writeStreamJson(const Report &, const std::string &path);

} // namespace roof::ert

#endif // ROOF_ERT_REPORT_H
