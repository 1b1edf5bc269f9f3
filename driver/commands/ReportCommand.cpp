//===- driver/commands/ReportCommand.cpp - roof report --------------------===//
#include "Cli.h"
#include "Commands.h"
#include "Csv.h"
#include "Json.h"
#include "Merge.h"
#include "Options.h"
#include "RooflineReport.h"
#include "StaticCounts.h"
#include "Table.h"

#include <iostream>

namespace roof {

namespace {

const char *const kHelp =
    R"(usage: roof report [options] FILE.json... | FOLDER

Reports the FLOPs, bytes, arithmetic intensity and GFLOP/s of the whole
program, of each region and of each function, from the census that a program
built with roof cc / roof c++ writes when it exits. Several files, or a
folder (its .json files), are merged first as roof merge does (one census
per MPI rank): the report then has per-rank minimum, mean, maximum and
imbalance of time, FLOPs and GFLOP/s.

options:
)";

// roof report only: roof run and roof plot share the other options.
const char *const kReportOnlyOptionsHelp =
    R"(  --force            merge censuses of different programs, and a rank
                     given twice (roof merge --force)
  --static FILE      the static counts beside the run: per function and
                     precision the canonical FLOPs roof static counts in the
                     source (roof static --json: one call, times the calls
                     of the run), the executed canonical and empirical
                     FLOPs, and their ratios (docs/static.md); --census FILE
                     is its deprecated old spelling
)";

// The roofline options make sense only together with a ceilings file, which
// the comparison with the static counts does not have.
void checkRooflineOptions(const ReportOptions &options) {
  if (options.launches && options.staticPath)
    throw UsageError("--launches cannot be combined with --static (which "
                     "compares host functions)");
  if (options.ceilingsPath || options.gpuCeilingsPath) {
    std::string ceilingsOption =
        options.ceilingsPath ? "--ceilings" : "--gpu-ceilings";
    auto refuse = [&](const char *option) {
      throw UsageError(std::string(option) + " cannot be combined with " +
                       ceilingsOption);
    };
    if (options.staticPath)
      refuse("--static");
    if (options.classes)
      refuse("--classes");
    if (options.launches)
      refuse("--launches");
    return;
  }
  const char *orphan = !options.bytes.empty() ? "--bytes"
                       : options.bytesFile    ? "--bytes-file"
                       : options.region       ? "--region"
                       : options.trafficPath  ? "--traffic"
                                              : nullptr;
  if (orphan)
    throw UsageError(std::string(orphan) +
                     " needs --ceilings (the roofline report)");
}

// roof report --ceilings / --gpu-ceilings. Everything is read before
// anything is printed, so that a bad file is one line and exit status 2.
void printRooflineOf(const Census &census, const std::string &censusPath,
                     const ReportOptions &options) {
  RooflineFiles files = readRooflineFiles(options);
  if (files.device && census.kernels.empty())
    throw UsageError(files.device->path + " holds a GPU's ceilings" +
                     (options.gpuCeilingsPath
                          ? ""
                          : " (its metadata says ERT_GPU True; give the "
                            "CPU's with --ceilings)") +
                     ", but " + censusPath + " has no GPU kernels");
  // --top N: the N functions and the N kernels with the most FLOPs; 0 all.
  std::size_t top = options.top.value_or(kRooflineTopFunctions);
  if (top == 0)
    top = SIZE_MAX;
  ScopeSelection scopes;
  scopes.region = options.region;
  scopes.topFunctions = top;
  RooflineReportInput input{census,
                            censusPath,
                            files.host ? &*files.host : nullptr,
                            files.device ? &*files.device : nullptr,
                            files.measured,
                            scopes,
                            top,
                            options.precisions.value_or(PrecisionSelection{})};
  RooflineData data = placeOnRoofline(input);
  switch (options.format) {
  case ReportFormat::Table:
    printRooflineTable(std::cout, data);
    break;
  case ReportFormat::Json:
    printRooflineJson(std::cout, data);
    break;
  case ReportFormat::Csv:
    printRooflineCsv(std::cout, data);
    break;
  }
}

} // namespace

void printReport(std::ostream &out, const Census &census,
                 const std::string &censusPath, const ReportOptions &options) {
  ReportData report = deriveReport(census, reportSelection(options));
  switch (options.format) {
  case ReportFormat::Table:
    printReportTable(out, report, censusPath);
    break;
  case ReportFormat::Json:
    printReportJson(out, report, censusPath);
    break;
  case ReportFormat::Csv:
    printReportCsv(out, report);
    break;
  }
}

void printStaticComparison(std::ostream &out, const Census &run,
                           const std::string &runPath,
                           const StaticCounts &source,
                           const std::string &sourcePath,
                           const ReportOptions &options) {
  ComparisonData data =
      compareWithSource(run, source, reportSelection(options));
  switch (options.format) {
  case ReportFormat::Table:
    printStaticComparisonTable(out, data, runPath, sourcePath);
    break;
  case ReportFormat::Json:
    printStaticComparisonJson(out, data, runPath, sourcePath);
    break;
  case ReportFormat::Csv:
    printStaticComparisonCsv(out, data);
    break;
  }
}

int reportCensus(const std::vector<std::string> &inputs,
                 const ReportOptions &options) {
  checkRooflineOptions(options);
  Census census;
  try {
    census = readCensusInputs(inputs, options.merge);
    takeTrafficOption(census, options);
  } catch (const InputError &error) {
    return printError(error.what());
  }
  std::string path = censusInputsName(inputs);
  if (options.staticPath) {
    // Read before anything is printed: a bad file is one line on stderr.
    StaticCounts source = readStaticCountsFile(*options.staticPath);
    if (source.oldSchemaName)
      std::cerr << "roof: " << *options.staticPath << ": schema \""
                << kStaticCountsOldSchema << "\" is deprecated: roof static "
                << "writes \"" << kStaticCountsSchema
                << "\" (the old name is read until the next release)\n";
    printStaticComparison(std::cout, census, path, source, *options.staticPath,
                          options);
  } else if (options.ceilingsPath || options.gpuCeilingsPath) {
    printRooflineOf(census, path, options);
  } else {
    printReport(std::cout, census, path, options);
  }
  std::cout.flush();
  if (!std::cout)
    return printError("cannot write the report to stdout");
  if (census.overflow)
    std::cerr << "roof: warning: " << path
              << ": counters overflowed 2^64-1; saturated counts are shown as "
                 "OVERFLOW (table) or 18446744073709551615 (--json, --csv)\n";
  return 0;
}

int reportCommand(const std::vector<std::string> &args) {
  ReportOptions options;
  std::vector<std::string> files;
  bool optionsEnded = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (optionsEnded || arg.empty() || arg[0] != '-' || arg == "-") {
      files.push_back(arg);
    } else if (arg == "--") {
      optionsEnded = true;
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kHelp << kReportOptionsHelp << kReportOnlyOptionsHelp
                << "  -h, --help         this help\n";
      return 0;
    } else if (arg == "--force") {
      options.merge.force = true;
    } else if (std::optional<std::string> source =
                   optionValue(args, i, "--static")) {
      options.staticPath = *source;
    } else if (std::optional<std::string> source =
                   optionValue(args, i, "--census")) {
      std::cerr << "roof: report --census is deprecated: it is --static now "
                   "(the old spelling goes in the next release)\n";
      options.staticPath = *source;
    } else if (!parseReportOption(args, i, options)) {
      throw UsageError("unknown option '" + arg +
                       "' for roof report (roof report --help)");
    }
  }
  if (files.empty())
    throw UsageError("roof report needs a census file (roof report --help)");
  return reportCensus(files, options);
}

} // namespace roof
