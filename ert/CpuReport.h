//===- ert/CpuReport.h - What roof-ert adds to its outputs ------*- C++ -*-===//
//
// The CPU, its caches, clock and theoretical peak, the OpenMP set-up, the
// thread scaling and the STREAM triad: the metadata of roofline.json and
// stream.json beyond what Report.h writes for every tool.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_CPUREPORT_H
#define ROOF_ERT_CPUREPORT_H

#include "Machine.h"
#include "Report.h"
#include "Stream.h"

#include <optional>
#include <string>
#include <vector>

namespace roof::ert {

// The FMA ceiling and the DRAM bandwidth on fewer threads (thorough runs).
struct ThreadScaling {
  int threads;
  double fmaGflopsPerSecond;
  double dramGbytesPerSecond;
};

struct CpuRun {
  std::string mode; // "quick", "thorough" or "stream"
  int threads = 0;
  std::string date;        // ISO 8601, UTC, when the run started
  std::string loadAverage; // /proc/loadavg when the run started
  std::string ompProcBind, ompPlaces;
  MachineInfo machine;
  ClockEstimate clock;
  std::optional<TheoreticalPeak> peak;
  std::vector<ThreadScaling> scaling; // 1 .. threads
  Precision scalingPrecision = Precision::Fp64;
  std::optional<StreamResult> stream;
};

RooflineContext rooflineContext(const CpuRun &);

// stream.json: the run's metadata and the STREAM triad.
void writeStreamJson(const CpuRun &, const std::string &path);

} // namespace roof::ert

#endif // ROOF_ERT_CPUREPORT_H
