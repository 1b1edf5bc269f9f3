//===- driver/Commands.h - The subcommands of roof --------------*- C++ -*-===//
#ifndef ROOF_DRIVER_COMMANDS_H
#define ROOF_DRIVER_COMMANDS_H

#include "Ceilings.h"
#include "MeasuredBytes.h"
#include "Report.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roof {

// `roof report [options] FILE.json... | FOLDER`; returns the exit status.
int reportCommand(const std::vector<std::string> &args);

// `roof run [-o OUT.json] [report options] [--] PROGRAM ARGS...`; returns
// the program's exit status when it is not zero, else the report's.
int runCommand(const std::vector<std::string> &args);

// The options roof report and roof run share. If args[i] is one of them,
// applies it (consuming its value) and returns true.
bool parseReportOption(const std::vector<std::string> &args, std::size_t &i,
                       ReportOptions &options);

// Their lines of --help.
extern const char *const kReportOptionsHelp;

// Reads the census of `inputs` (one file, or the merge of several files and
// folders: readCensusInputs) and prints its report on stdout; a census that
// cannot be read is one line on stderr and kExitFailure.
int reportCensus(const std::vector<std::string> &inputs,
                 const ReportOptions &options);

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

// `roof merge [-o OUT.json] CENSUS.json... | FOLDER...`: one census from
// those of an MPI job's ranks (Merge.h).
int mergeCommand(const std::vector<std::string> &args);

// `roof plot RUN.json --ceilings FILE [-o OUT]`: an SVG roofline or the
// nersc-roofline data.txt.
int plotCommand(const std::vector<std::string> &args);

// `roof pp --region NAME RUN.json:ROOFLINE.json ...`: performance
// portability over platforms (seed 000, eq. 1).
int ppCommand(const std::vector<std::string> &args);

// `roof compare RUN.json --sde FILE | --likwid FILE`: roof's counts beside
// Intel SDE's or LIKWID's.
int compareCommand(const std::vector<std::string> &args);

// `roof ert ARGS...`: runs roof-ert from roof's own directory.
int ertCommand(const std::vector<std::string> &args);
int censusCommand(const std::vector<std::string> &args);

} // namespace roof

#endif // ROOF_DRIVER_COMMANDS_H
