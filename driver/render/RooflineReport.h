//===- driver/RooflineReport.h - roof report --ceilings ---------*- C++ -*-===//
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
// --json writes one object:
//   {"schema": "roof-roofline", "schema_version": 2, "census": PATH,
//    "ceilings": CEILINGS (null: no CPU ceilings given),
//    ["gpu_ceilings": CEILINGS, with GPU ceilings],
//    "scopes": [{"kind" (program, region, function, kernel), "name",
//      "label", "time_s",
//      "precisions": {"fp64": {"mix": {"flops", "operations", "alpha",
//          "fma_flop_share", "divide_share"},
//        "compute_ceiling": {"label", "gflops", "kind", "partial",
//          "file_entry", "reason"} (null: the file has none),
//        "empirical": POINT, "canonical": POINT}}}]}
//   CEILINGS = {"file", "origin", "compute": [{"name", "label",
//      "precision" (null: any), "kind", "gflops"}], "bandwidth": [{"level",
//      "gbytes"}]}
//   POINT = {"flops", "gflops", "efficiency", "binding_level",
//            "levels": [{"level", "bytes", "source" (counted, modelled,
//                        measured: BytesSource), "ai", "bandwidth_gbytes",
//                        "bound_gflops", "compute_bound", "efficiency"}]}
// null where a value is undefined (not timed, no bandwidth for the level).
// Version 1 had "measured": true/false where version 2 has "source".
//
// --csv writes a row per scope, precision, FLOP count and level:
//   scope,name,label,time_s,precision,compute_ceiling,compute_gflops,
//   flops_kind (empirical, canonical),flops,gflops,level,bytes,source,ai,
//   bandwidth_gbytes,bound_gflops,compute_bound,efficiency,binding
// empty where undefined; binding is true on the row of the level that binds
// the point, whose efficiency is the point's.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_ROOFLINEREPORT_H
#define ROOF_DRIVER_ROOFLINEREPORT_H

#include "Ceilings.h"
#include "Census.h"
#include "MeasuredBytes.h"
#include "Metrics.h"
#include "Report.h"
#include "Roofline.h"

#include <ostream>
#include <string>

namespace roof {

inline constexpr std::uint64_t kRooflineSchemaVersion = 2;

// How many functions the roofline report shows unless --top says.
inline constexpr std::size_t kRooflineTopFunctions = 5;

struct RooflineReportInput {
  const Census &census;
  std::string censusPath;
  const CeilingsFile *host;   // the CPU's, for host scopes; null: none
  const CeilingsFile *device; // the GPU's, for kernels; null: none
  const MeasuredBytes &measured;
  ScopeSelection scopes;  // host scopes
  std::size_t topKernels; // at most this many kernels
  PrecisionSelection precisions; // Mode::WithCounts: those with FLOPs
  ReportFormat format = ReportFormat::Table;
};

void printRooflineReport(std::ostream &out, const RooflineReportInput &input);

// "81.42%": efficiencies and shares as the paper prints them.
std::string percentText(double fraction);

// The one-line summary of where a point sits: "e = 81.42% (bound by DRAM
// bandwidth x AI)", or why there is no efficiency.
std::string efficiencySummary(const RooflinePoint &point);

} // namespace roof

#endif // ROOF_DRIVER_ROOFLINEREPORT_H
