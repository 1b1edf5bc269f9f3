//===- driver/Report.h - Table, JSON and CSV reports ------------*- C++ -*-===//
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
// (docs/schema.md). A census without kernels gives the same table, JSON and
// CSV as before kernels existed.
//
// --json writes one object:
//   {"schema": "roof-report", "schema_version": 1, "census": PATH,
//    "program", "command_line", "pid", "mpi_rank", "start_time",
//    "wall_time_s", "target", "threads" (count), "modules" (count),
//    "overflow", "totals": SCOPE, "regions": [SCOPE], "functions": [SCOPE],
//    "functions_total" (before --top),
//    and only when the census has kernels: "gpu" (null or {"name",
//    "compute_capability"}), "kernels": [SCOPE], "kernels_total"; for a
//    merged census "ranks" after "mpi_rank"}
//   SCOPE = {"name", ["demangled", "module", "calls", "thread_time_s"] for
//            functions, ["entries"] for regions, ["demangled", "module",
//            "launches", "counted_launches"] for kernels, "time_s" (null:
//            not timed), "bytes_loaded", "bytes_stored", "bytes" (null: past
//            2^64-1), ["bytes_by_space": {"global": {"loaded", "stored"},
//            "shared", "local", "constant", "generic"}] for kernels and
//            launches,
//            "precisions": {"fp64": {"canonical", "empirical", "full_width",
//              "empirical_per_canonical", "ai_canonical", "ai_empirical",
//              "gflops_canonical", "gflops_empirical",
//              ["classes": {"add": {"canonical", "empirical", "full_width"},
//                           ...}] with --classes}, ...},
//            ["rank_stats"] in a merged census (docs/schema.md),
//            ["launch_records": [LAUNCH]] for kernels with --launches}
//   LAUNCH = SCOPE with "sequence", "grid" [x, y, z], "block" [x, y, z],
//            "shared_memory_bytes", "stream" in place of the name
// Counts are exact integers; a derived value is null when undefined.
//
// --csv writes a header line and one row per (scope, name, precision):
//   scope,name,demangled,precision,calls,entries,time_s,canonical,empirical,
//   full_width,empirical_per_canonical,bytes,bytes_loaded,bytes_stored,
//   ai_canonical,ai_empirical,gflops_canonical,gflops_empirical
// followed with --classes by CLASS_canonical,CLASS_empirical,
// CLASS_full_width for each of the ten classes, and when the census has
// kernels by launches,counted_launches,sequence,grid,block,
// shared_memory_bytes,stream,bytes_global (grid and block as XxYxZ), with
// scope "kernel" rows and, with --launches, "launch" rows (named by their
// kernel). A merged census adds ranks, then for time_s, flops and gflops
// their _min, _mean, _max and _imbalance over the ranks. Empty fields are
// undefined or do not apply.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_REPORT_H
#define ROOF_DRIVER_REPORT_H

#include "Census.h"
#include "MeasuredBytes.h"
#include "Merge.h"
#include "Metrics.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roof {

enum class ReportFormat { Table, Json, Csv };

struct ReportOptions {
  ReportFormat format = ReportFormat::Table;
  // Unset: the table shows the precisions a scope has counts in, JSON and
  // CSV show all four, so that their shape does not depend on the data.
  std::optional<PrecisionSelection> precisions;
  // How many functions to show, 0 for all. Unset: kTableTopFunctions in the
  // table, all in JSON and CSV.
  std::optional<std::size_t> top;
  bool classes = false; // per-class breakdown
  bool launches = false; // each kernel's launch records

  // --ceilings FILE: the roofline report against an ERT roofline.json
  // instead (RooflineReport.h), with --bytes LEVEL=N and --bytes-file for
  // the traffic of levels below L1, and --region for one region only. A
  // GPU roofline (ERT_GPU True in its metadata) places the kernels, as does
  // --gpu-ceilings FILE whatever the file says, beside a CPU --ceilings.
  std::optional<std::string> ceilingsPath;
  std::optional<std::string> gpuCeilingsPath;
  std::vector<LevelBytes> bytes;
  std::optional<std::string> bytesFile;
  std::optional<std::string> region;

  // --traffic FILE: the modelled traffic of a run of a traffic-mode build
  // of the same program on the same input, placed with this run's times
  // (takeTraffic of Census.h).
  std::optional<std::string> trafficPath;

  // --force (roof report and roof plot): how several censuses are merged.
  MergeOptions merge;

  // --census FILE (roof report only): the source census roof-census wrote
  // with --json, beside the run's counts per function (CensusComparison.h).
  std::optional<std::string> sourceCensusPath;
};

inline constexpr std::size_t kTableTopFunctions = 20;

// "1 call", "3 calls".
std::string plural(std::uint64_t count, const char *singular,
                   const char *pluralForm);

// A number as a CSV field: exact decimal, empty when undefined.
std::string csvNumber(const std::optional<double> &value);

// Writes `fields` as one CSV line (RFC 4180 quoting).
void printCsvRow(std::ostream &out, const std::vector<std::string> &fields);

// Writes the report of `census`, read from `censusPath`, to `out`.
void printReport(std::ostream &out, const Census &census,
                 const std::string &censusPath, const ReportOptions &options);

} // namespace roof

#endif // ROOF_DRIVER_REPORT_H
