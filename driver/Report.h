//===- driver/Report.h - Table, JSON and CSV reports ------------*- C++ -*-===//
//
// A report covers the whole program (totals), each region in order of first
// entry, and the functions ranked by empirical FLOPs. For each of them and
// each shown precision: canonical, empirical and full-width FLOPs, the
// empirical/canonical ratio, the L1 arithmetic intensity of both FLOP counts
// and, where a time is known, the attained GFLOP/s of both; per scope the
// bytes loaded and stored and the time.
//
// Times: the program's wall time for the totals, the wall time inside a
// region summed over its entries, a function's inclusive wall time on its
// longest-running thread (functions without loops are not timed).
//
// --json writes one object:
//   {"schema": "roof-report", "schema_version": 1, "census": PATH,
//    "program", "command_line", "pid", "mpi_rank", "start_time",
//    "wall_time_s", "target", "threads" (count), "modules" (count),
//    "overflow", "totals": SCOPE, "regions": [SCOPE], "functions": [SCOPE],
//    "functions_total" (before --top)}
//   SCOPE = {"name", ["demangled", "module", "calls", "thread_time_s"] for
//            functions, ["entries"] for regions, "time_s" (null: not timed),
//            "bytes_loaded", "bytes_stored", "bytes" (null: past 2^64-1),
//            "precisions": {"fp64": {"canonical", "empirical", "full_width",
//              "empirical_per_canonical", "ai_canonical", "ai_empirical",
//              "gflops_canonical", "gflops_empirical",
//              ["classes": {"add": {"canonical", "empirical", "full_width"},
//                           ...}] with --classes}, ...}}
// Counts are exact integers; a derived value is null when undefined.
//
// --csv writes a header line and one row per (scope, name, precision):
//   scope,name,demangled,precision,calls,entries,time_s,canonical,empirical,
//   full_width,empirical_per_canonical,bytes,bytes_loaded,bytes_stored,
//   ai_canonical,ai_empirical,gflops_canonical,gflops_empirical
// followed with --classes by CLASS_canonical,CLASS_empirical,
// CLASS_full_width for each of the nine classes. Empty fields are undefined.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_REPORT_H
#define ROOF_DRIVER_REPORT_H

#include "Census.h"
#include "MeasuredBytes.h"
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

  // --ceilings FILE: the roofline report against an ERT roofline.json
  // instead (RooflineReport.h), with --bytes LEVEL=N and --bytes-file for
  // the traffic of levels below L1, and --region for one region only.
  std::optional<std::string> ceilingsPath;
  std::vector<LevelBytes> bytes;
  std::optional<std::string> bytesFile;
  std::optional<std::string> region;

  // --census FILE (roof report only): the source census roof-census wrote
  // with --json, beside the run's counts per function (CensusComparison.h).
  std::optional<std::string> sourceCensusPath;
};

inline constexpr std::size_t kTableTopFunctions = 20;

// "1 call", "3 calls".
std::string plural(std::uint64_t count, const char *singular,
                   const char *pluralForm);

// Writes `fields` as one CSV line (RFC 4180 quoting).
void printCsvRow(std::ostream &out, const std::vector<std::string> &fields);

// Writes the report of `census`, read from `censusPath`, to `out`.
void printReport(std::ostream &out, const Census &census,
                 const std::string &censusPath, const ReportOptions &options);

} // namespace roof

#endif // ROOF_DRIVER_REPORT_H
