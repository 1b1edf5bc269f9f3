//===- driver/ReportCommand.cpp - roof report -----------------------------===//
#include "Ceilings.h"
#include "CensusComparison.h"
#include "Cli.h"
#include "Commands.h"
#include "InputFile.h"
#include "RooflineReport.h"
#include "SourceCensus.h"

#include <iostream>

namespace roof {

const char *const kReportOptionsHelp =
    R"(  --json             a machine-readable report: exact integers, derived
                     metrics, null where undefined
  --csv              one row per (scope, name, precision), with a header line
                     (with --ceilings: per scope, precision, FLOP count and
                     memory level)
  --precision P      fp64, fp32, fp16, bf16 or all (default: the precisions
                     with FLOPs in the table, all four with --json and --csv)
  --top N            the N functions, and the N GPU kernels, with the most
                     empirical FLOPs; 0 = all (default: 20 in the table, all
                     with --json and --csv)
  --classes          also per operation class: add, mul, fma, div, sqrt,
                     transcendental, and min/max, compare, convert and
                     special, which are operations but not FLOPs
  --launches         also each GPU kernel's launch records (grid, block,
                     stream, counts and time of every counted launch)
  --ceilings FILE    the roofline report instead: each scope against the
                     ceilings of an ERT roofline.json (ERT or roof ert): the
                     compute ceiling of its instruction mix, the empirical
                     and canonical points per memory level, the efficiency
                     (docs/roofline.md); --top defaults to 5. A file ERT
                     measured on a GPU (ERT_GPU True) places the kernels
  --gpu-ceilings FILE
                     the GPU's roofline.json, for the kernels, beside the
                     CPU's --ceilings (or alone)
  --bytes LEVEL=N    with --ceilings: N bytes moved at LEVEL (L2, L3, DRAM,
                     ... as named in the ceilings file), measured by you,
                     for the --region or else the whole program; repeatable.
                     Measured bytes replace those the traffic model of a
                     roof cc --roof-traffic build gives for the level
  --bytes-file FILE  with --ceilings: measured bytes per scope and level,
                     JSON or CSV (docs/roofline.md)
  --traffic FILE     with --ceilings: the levels below L1 from FILE, the
                     census of a roof cc --roof-traffic build of the same
                     program run on the same input, placed with the times of
                     this run, which the cache model did not slow down
  --region NAME      with --ceilings: only this region
)";

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
  --census FILE      the source census beside the run: per function and
                     precision the canonical FLOPs roof-census counts in the
                     source (roof census --json: one call, times the calls
                     of the run), the executed canonical and empirical
                     FLOPs, and their ratios (docs/census.md)
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
  } else if (arg == "--launches") {
    options.launches = true;
  } else if (std::optional<std::string> precision =
                 optionValue(args, i, "--precision")) {
    options.precisions = parsePrecision(*precision);
  } else if (std::optional<std::string> top = optionValue(args, i, "--top")) {
    options.top = parseCount(*top, "--top");
  } else if (std::optional<std::string> ceilings =
                 optionValue(args, i, "--ceilings")) {
    options.ceilingsPath = *ceilings;
  } else if (std::optional<std::string> gpuCeilings =
                 optionValue(args, i, "--gpu-ceilings")) {
    options.gpuCeilingsPath = *gpuCeilings;
  } else if (std::optional<std::string> bytes =
                 optionValue(args, i, "--bytes")) {
    addLevelBytes(options.bytes, parseLevelBytesOption(*bytes), "--bytes");
  } else if (std::optional<std::string> bytesFile =
                 optionValue(args, i, "--bytes-file")) {
    options.bytesFile = *bytesFile;
  } else if (std::optional<std::string> region =
                 optionValue(args, i, "--region")) {
    options.region = *region;
  } else if (std::optional<std::string> traffic =
                 optionValue(args, i, "--traffic")) {
    options.trafficPath = *traffic;
  } else {
    return false;
  }
  return true;
}

namespace {

// The roofline options make sense only together with a ceilings file, which
// the comparison with a source census does not have.
void checkRooflineOptions(const ReportOptions &options) {
  if (options.launches && options.sourceCensusPath)
    throw UsageError("--launches cannot be combined with --census (which "
                     "compares host functions)");
  if (options.ceilingsPath || options.gpuCeilingsPath) {
    std::string ceilingsOption =
        options.ceilingsPath ? "--ceilings" : "--gpu-ceilings";
    auto refuse = [&](const char *option) {
      throw UsageError(std::string(option) + " cannot be combined with " +
                       ceilingsOption);
    };
    if (options.sourceCensusPath)
      refuse("--census");
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
                            options.precisions.value_or(PrecisionSelection{}),
                            options.format};
  printRooflineReport(std::cout, input);
}

} // namespace

void takeTrafficOption(Census &census, const ReportOptions &options) {
  if (!options.trafficPath)
    return;
  Census from = readCensusInputs({*options.trafficPath}, options.merge);
  try {
    takeTraffic(census, from);
  } catch (const CensusError &error) {
    throw InputError(*options.trafficPath + ": " + error.what());
  }
}

RooflineFiles readRooflineFiles(const ReportOptions &options) {
  RooflineFiles files;
  if (options.ceilingsPath) {
    CeilingsFile file{*options.ceilingsPath,
                      readCeilingsFile(*options.ceilingsPath)};
    (file.ceilings.gpu ? files.device : files.host) = std::move(file);
  }
  if (options.gpuCeilingsPath) {
    if (files.device)
      throw UsageError(*options.ceilingsPath +
                       " is a GPU's roofline (its metadata says ERT_GPU "
                       "True): give the CPU's with --ceilings, the GPU's "
                       "with --gpu-ceilings");
    files.device = CeilingsFile{*options.gpuCeilingsPath,
                                readCeilingsFile(*options.gpuCeilingsPath)};
  }
  if (!files.host && (options.region || !options.bytes.empty()))
    throw UsageError(std::string(options.region ? "--region" : "--bytes") +
                     " is about host code, which needs the CPU's ceilings "
                     "(--ceilings)");

  if (options.bytesFile)
    files.measured = readMeasuredBytesFile(*options.bytesFile);
  std::vector<LevelBytes> &scopeBytes =
      options.region ? files.measured.regions[*options.region]
                     : files.measured.program;
  for (const LevelBytes &bytes : options.bytes)
    addLevelBytes(scopeBytes, bytes,
                  options.region ? "region " + *options.region
                                 : std::string("the program"));
  // The bytes of a side without ceilings are not used, so not checked.
  if (files.host)
    checkMeasuredLevels(files.measured.hostLevels(), files.host->ceilings,
                        files.host->path);
  if (files.device)
    checkMeasuredLevels(files.measured.kernelLevels(), files.device->ceilings,
                        files.device->path);
  return files;
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
  if (options.sourceCensusPath) {
    // Read before anything is printed: a bad file is one line on stderr.
    SourceCensus source = readSourceCensusFile(*options.sourceCensusPath);
    printCensusComparison(std::cout, census, path, source,
                          *options.sourceCensusPath, options);
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
                   optionValue(args, i, "--census")) {
      options.sourceCensusPath = *source;
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
