//===- driver/commands/Commands.h - The subcommands of roof -----*- C++ -*-===//
#ifndef ROOF_DRIVER_COMMANDS_H
#define ROOF_DRIVER_COMMANDS_H

#include "Census.h"
#include "Options.h"
#include "StaticCounts.h"

#include <ostream>
#include <string>
#include <vector>

namespace roof {

// `roof report [options] FILE.json... | FOLDER`; returns the exit status.
int reportCommand(const std::vector<std::string> &args);

// `roof run [-o OUT.json] [report options] [--] PROGRAM ARGS...`; returns
// the program's exit status when it is not zero, else the report's.
int runCommand(const std::vector<std::string> &args);

// Reads the census of `inputs` (one file, or the merge of several files and
// folders: readCensusInputs) and prints its report on stdout; a census that
// cannot be read is one line on stderr and kExitFailure.
int reportCensus(const std::vector<std::string> &inputs,
                 const ReportOptions &options);

// The report of `census`, read from `censusPath`, in the format, precisions,
// --top, --classes and --launches of `options`.
void printReport(std::ostream &out, const Census &census,
                 const std::string &censusPath, const ReportOptions &options);

// roof report --static: the run read from `runPath` beside the static counts
// read from `sourcePath`, in the format, precisions, --top and --classes of
// `options`.
void printStaticComparison(std::ostream &out, const Census &run,
                           const std::string &runPath,
                           const StaticCounts &source,
                           const std::string &sourcePath,
                           const ReportOptions &options);

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
// `roof static ARGS...`: runs roof-static from roof's own directory.
int staticCommand(const std::vector<std::string> &args);
// Deprecated: `roof census ARGS...`, roof static's old name, kept for one
// release; says so on stderr, then runs roof static.
int deprecatedCensusCommand(const std::vector<std::string> &args);

} // namespace roof

#endif // ROOF_DRIVER_COMMANDS_H
