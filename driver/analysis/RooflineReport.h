//===- driver/analysis/RooflineReport.h - roof report --ceilings *- C++ -*-===//
//
// The report of a census against measured ceilings (Roofline.h): against
// the CPU's ceilings, the program, each region (or the one --region names)
// and the top functions; against the GPU's, the top kernels. Per scope and
// precision with FLOPs: the compute ceiling chosen and why (one line), then
// the empirical and canonical points per memory level (bytes, AI, GFLOP/s,
// the bound and what sets it, the efficiency), and the scope's efficiency
// at the binding level. Host code and kernels are never placed against the
// other's ceilings.
//
// placeOnRoofline() places every shown scope and precision once; the table,
// JSON and CSV renderers (Table.h, Json.h, Csv.h) only decide how they look.
//
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_ROOFLINEREPORT_H
#define ROOF_DRIVER_ROOFLINEREPORT_H

#include "Ceilings.h"
#include "Census.h"
#include "MeasuredBytes.h"
#include "Metrics.h"
#include "Roofline.h"

#include <string>
#include <vector>

namespace roof {

struct RooflineReportInput {
  const Census &census;
  std::string censusPath;
  const CeilingsFile *host;   // the CPU's, for host scopes; null: none
  const CeilingsFile *device; // the GPU's, for kernels; null: none
  const MeasuredBytes &measured;
  ScopeSelection scopes;         // host scopes
  std::size_t topKernels;        // at most this many kernels
  PrecisionSelection precisions; // Mode::WithCounts: those with FLOPs
};

// A scope, the ceilings it is placed against, and its roofline in each
// shown precision with FLOPs.
struct PlacedScope {
  RooflineScope scope;
  const Ceilings *ceilings;
  std::vector<ScopeRoofline> rooflines;
};

struct RooflineData {
  const RooflineReportInput *input = nullptr;
  // The host scopes against the CPU's ceilings, then the kernels against
  // the GPU's.
  std::vector<PlacedScope> scopes;
  bool hostFlops = false; // the program has FLOPs in host code
};

// Throws UsageError for an unknown --region.
RooflineData placeOnRoofline(const RooflineReportInput &input);

} // namespace roof

#endif // ROOF_DRIVER_ROOFLINEREPORT_H
