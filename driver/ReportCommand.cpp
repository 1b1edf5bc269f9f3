//===- driver/ReportCommand.cpp - roof report -----------------------------===//
#include "Cli.h"
#include "Commands.h"

#include <iostream>

namespace roof {

const char *const kReportOptionsHelp =
    R"(  --json             a machine-readable report: exact integers, derived
                     metrics, null where undefined
  --csv              one row per (scope, name, precision), with a header line
  --precision P      fp64, fp32, fp16, bf16 or all (default: the precisions
                     with FLOPs in the table, all four with --json and --csv)
  --top N            the N functions with the most empirical FLOPs; 0 = all
                     (default: 20 in the table, all with --json and --csv)
  --classes          also per operation class: add, mul, fma, div, sqrt,
                     transcendental, and min/max, compare and convert, which
                     are operations but not FLOPs
)";

namespace {

const char *const kHelp =
    R"(usage: roof report [options] FILE.json

Reports the FLOPs, bytes, arithmetic intensity and GFLOP/s of the whole
program, of each region and of each function, from the census that a program
built with roof cc / roof c++ writes when it exits.

options:
)";

void setFormat(ReportOptions &options, ReportFormat format,
               const std::string &option) {
  if (options.format != ReportFormat::Table && options.format != format)
    throw UsageError("--json and --csv cannot be combined (got " + option +
                     " after the other)");
  options.format = format;
}

PrecisionSelection parsePrecision(const std::string &name) {
  PrecisionSelection selection;
  if (name == "all") {
    selection.mode = PrecisionSelection::Mode::All;
  } else if (std::optional<RoofPrecision> precision = precisionFromName(name)) {
    selection.mode = PrecisionSelection::Mode::One;
    selection.only = *precision;
  } else {
    throw UsageError("--precision expects fp64, fp32, fp16, bf16 or all, "
                     "got '" +
                     name + "'");
  }
  return selection;
}

} // namespace

bool parseReportOption(const std::vector<std::string> &args, std::size_t &i,
                       ReportOptions &options) {
  const std::string &arg = args[i];
  if (arg == "--json") {
    setFormat(options, ReportFormat::Json, arg);
  } else if (arg == "--csv") {
    setFormat(options, ReportFormat::Csv, arg);
  } else if (arg == "--classes") {
    options.classes = true;
  } else if (std::optional<std::string> precision =
                 optionValue(args, i, "--precision")) {
    options.precisions = parsePrecision(*precision);
  } else if (std::optional<std::string> top = optionValue(args, i, "--top")) {
    options.top = parseCount(*top, "--top");
  } else {
    return false;
  }
  return true;
}

int reportCensusFile(const std::string &path, const ReportOptions &options) {
  Census census;
  try {
    census = readCensusFile(path);
  } catch (const CensusError &error) {
    return printError(path + ": " + error.what());
  }
  printReport(std::cout, census, path, options);
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
      std::cout << kHelp << kReportOptionsHelp
                << "  -h, --help         this help\n";
      return 0;
    } else if (!parseReportOption(args, i, options)) {
      throw UsageError("unknown option '" + arg +
                       "' for roof report (roof report --help)");
    }
  }
  if (files.size() != 1)
    throw UsageError(files.empty()
                         ? "roof report needs a census file (roof report "
                           "--help)"
                         : "roof report takes one census file, got " +
                               std::to_string(files.size()));
  return reportCensusFile(files.front(), options);
}

} // namespace roof
