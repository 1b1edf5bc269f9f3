//===- driver/commands/Options.h - Options of several commands --*- C++ -*-===//
//
// The options roof report, roof run and roof plot share (the format, the
// precisions, --top, the roofline's ceilings and bytes), parsed and read in
// one place, and what they select for the analysis.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_OPTIONS_H
#define ROOF_DRIVER_OPTIONS_H

#include "Ceilings.h"
#include "Census.h"
#include "MeasuredBytes.h"
#include "Merge.h"
#include "Metrics.h"
#include "Report.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roof {

// Which renderer (Table.h, Json.h, Csv.h) prints a report.
enum class ReportFormat { Table, Json, Csv };

struct ReportOptions {
  ReportFormat format = ReportFormat::Table;
  // Unset: the table shows the precisions a scope has counts in, JSON and
  // CSV show all four, so that their shape does not depend on the data.
  std::optional<PrecisionSelection> precisions;
  // How many functions to show, 0 for all. Unset: kTableTopFunctions in the
  // table, all in JSON and CSV.
  std::optional<std::size_t> top;
  bool classes = false;  // per-class breakdown
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

  // --static FILE (roof report only; deprecated: --census): the counts
  // roof static wrote with --json, beside the run's counts per function
  // (StaticComparison.h).
  std::optional<std::string> staticPath;
};

inline constexpr std::size_t kTableTopFunctions = 20;

// How many functions the roofline report shows unless --top says.
inline constexpr std::size_t kRooflineTopFunctions = 5;

// If args[i] is one of the options roof report, roof run and roof plot
// share, applies it (consuming its value) and returns true.
bool parseReportOption(const std::vector<std::string> &args, std::size_t &i,
                       ReportOptions &options);

// Their lines of --help.
extern const char *const kReportOptionsHelp;

// What the report, or the comparison with the static counts, shows: by
// default the precisions with counts and kTableTopFunctions in the table,
// all of both in JSON and CSV.
ReportSelection reportSelection(const ReportOptions &options);

// The ceilings files of --ceilings and --gpu-ceilings, sorted into the CPU's
// and the GPU's (a --ceilings file ERT measured on a GPU is the GPU's), and
// the bytes of --bytes-file and --bytes (for --region, else the program),
// each scope's levels checked against its side's ceilings. Throws
// InputError or UsageError.
struct RooflineFiles {
  std::optional<CeilingsFile> host;   // for the program, regions, functions
  std::optional<CeilingsFile> device; // for the kernels
  MeasuredBytes measured;
};
RooflineFiles readRooflineFiles(const ReportOptions &options);

// --traffic FILE: the traffic of that run given to `census` (takeTraffic of
// Census.h). Throws InputError naming the file.
void takeTrafficOption(Census &census, const ReportOptions &options);

} // namespace roof

#endif // ROOF_DRIVER_OPTIONS_H
