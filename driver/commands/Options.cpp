//===- driver/commands/Options.cpp - Options of several commands ----------===//
#include "Options.h"

#include "Cli.h"
#include "Merge.h"
#include "Roofline.h"

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

ReportSelection reportSelection(const ReportOptions &options) {
  bool table = options.format == ReportFormat::Table;
  PrecisionSelection defaultSelection;
  if (!table)
    defaultSelection.mode = PrecisionSelection::Mode::All;
  return {options.precisions.value_or(defaultSelection),
          options.top.value_or(table ? kTableTopFunctions : 0), options.classes,
          options.launches};
}

void takeTrafficOption(Census &census, const ReportOptions &options) {
  if (!options.trafficPath)
    return;
  Census from = readCensusInputs({*options.trafficPath}, options.merge);
  try {
    takeTraffic(census, from);
  } catch (const InputError &error) {
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

} // namespace roof
