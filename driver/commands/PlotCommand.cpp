//===- driver/commands/PlotCommand.cpp - roof plot ------------------------===//
#include "Cli.h"
#include "Commands.h"
#include "InputFile.h"
#include "Plot.h"
#include "RooflineReport.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace roof {

namespace {

const char *const kHelp =
    R"(usage: roof plot RUN... --ceilings ROOFLINE.json [-o OUT] [options]

Draws the roofline of censuses against measured ceilings (an ERT
roofline.json, e.g. from roof ert): every ceiling of the precision, the
program and each region as points per memory level, canonical -> empirical
as an arrow, and a legend with each scope's efficiency (docs/roofline.md).
A RUN is a census file, or a folder whose .json files are the censuses of
one MPI job's ranks, merged as roof merge does. With several runs (of one
machine), their scopes share the plot, named RUN: SCOPE.

options:
  --ceilings FILE    the ceilings (required)
  -o, --output FILE  where to write; '-' for stdout (default: roofline.svg,
                     or data.txt with --format nersc)
  --format F         svg (default) or nersc: the data.txt of the
                     nersc-roofline plotting scripts
  --precision P      fp64, fp32, fp16 or bf16 (default: the precision with
                     the most empirical FLOPs in the program)
  --region NAME      only this region
  --top N            also the N functions with the most empirical FLOPs
                     (default: 0, or 5 when the census has no regions)
  --no-program       leave out the whole program
  --bytes LEVEL=N    N bytes measured at LEVEL for --region, else the program
                     (one census only)
  --bytes-file FILE  measured bytes per scope and level (JSON or CSV), for
                     the scopes of that name in every census
  --traffic FILE     the levels below L1 from FILE, a roof cc --roof-traffic
                     build's census of the same program and input, placed
                     with the run's times; with several runs, once per run,
                     in the order of the runs
  --title TEXT       the title (default: the program and the precision)
  --merge            the files given are one run, one census per MPI rank:
                     merged as roof merge does
  --force            merge censuses of different programs, and a rank given
                     twice (roof merge --force)
  -h, --help         this help
)";

enum class PlotFormat { Svg, Nersc };

struct PlotOptions {
  ReportOptions roofline; // --ceilings, --bytes..., --region, --precision
  std::optional<std::string> output;
  PlotFormat format = PlotFormat::Svg;
  bool program = true;
  std::optional<std::string> title;
  bool merge = false; // all files one run
  // --traffic, in the order given: one per run (one for --merge).
  std::vector<std::string> trafficPaths;
};

PlotFormat parseFormat(const std::string &name) {
  if (name == "svg")
    return PlotFormat::Svg;
  if (name == "nersc")
    return PlotFormat::Nersc;
  throw UsageError("--format expects svg or nersc, got '" + name + "'");
}

// Options roof report has but a plot has no use for.
void refuseReportOnlyOptions(const ReportOptions &options) {
  if (options.format != ReportFormat::Table)
    throw UsageError("roof plot writes SVG or data.txt; --json and --csv "
                     "are options of roof report");
  if (options.classes)
    throw UsageError("--classes is an option of roof report, not roof plot");
  if (options.launches)
    throw UsageError("--launches is an option of roof report, not roof plot");
  if (options.precisions &&
      options.precisions->mode != PrecisionSelection::Mode::One)
    throw UsageError("roof plot draws one precision: --precision fp64, fp32, "
                     "fp16 or bf16");
  if (options.gpuCeilingsPath)
    throw UsageError("--gpu-ceilings is an option of roof report: roof plot "
                     "draws host code");
  if (!options.ceilingsPath)
    throw UsageError("roof plot needs --ceilings ROOFLINE.json (an ERT "
                     "roofline.json; roof ert measures one)");
}

void writeOutput(const std::string &path, const std::string &text) {
  if (path == "-") {
    std::cout << text << std::flush;
    if (!std::cout)
      throw std::runtime_error("cannot write to stdout");
    return;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file)
    file << text;
  if (!file || !file.flush())
    throw std::runtime_error("cannot write " + path + ": " +
                             std::strerror(errno));
}

// The last component of `path`, a folder's too ("runs/" -> "runs").
std::string baseName(std::string path) {
  while (path.size() > 1 && path.back() == '/')
    path.pop_back();
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The census file's or folder's name without ".json": what tells runs
// apart.
std::string runName(const std::string &path) {
  std::string name = baseName(path);
  if (name.size() > 5 && endsWith(name, ".json"))
    name.resize(name.size() - 5);
  return name;
}

// A precision with under 1% of a scope's FLOPs (the few fp64 operations of
// an fp32 kernel's set-up) would stretch the axes by decades for a point
// nobody asked about.
constexpr double kNegligibleShare = 0.01;

bool negligibleIn(const Counts &counts, RoofPrecision precision) {
  double all = 0;
  for (const PrecisionCounts &p : counts.precisions)
    all += static_cast<double>(p.flops.empirical);
  return static_cast<double>(counts.precisions[precision].flops.empirical) <
         kNegligibleShare * all;
}

struct LoadedCensus {
  std::string path;
  Census census;
};

} // namespace

int plotCommand(const std::vector<std::string> &args) {
  PlotOptions options;
  std::vector<std::string> files;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg.empty() || arg[0] != '-' || arg == "-") {
      files.push_back(arg);
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kHelp;
      return 0;
    } else if (arg == "--no-program") {
      options.program = false;
    } else if (arg == "--merge") {
      options.merge = true;
    } else if (arg == "--force") {
      options.roofline.merge.force = true;
    } else if (auto output = optionValue(args, i, "--output")) {
      options.output = *output;
    } else if (auto shortOutput = optionValue(args, i, "-o")) {
      options.output = *shortOutput;
    } else if (auto format = optionValue(args, i, "--format")) {
      options.format = parseFormat(*format);
    } else if (auto title = optionValue(args, i, "--title")) {
      options.title = *title;
    } else if (auto traffic = optionValue(args, i, "--traffic")) {
      options.trafficPaths.push_back(*traffic);
    } else if (!parseReportOption(args, i, options.roofline)) {
      throw UsageError("unknown option '" + arg +
                       "' for roof plot (roof plot --help)");
    }
  }
  if (files.empty())
    throw UsageError("roof plot needs a census file (roof plot --help)");
  if (files.size() > 1 && !options.roofline.bytes.empty())
    throw UsageError("--bytes is for one census; with several, use "
                     "--bytes-file");
  refuseReportOnlyOptions(options.roofline);

  std::vector<std::vector<std::string>> runInputs;
  if (options.merge)
    runInputs.push_back(files);
  else
    for (const std::string &path : files)
      runInputs.push_back({path});
  // Run i takes the i-th --traffic: the runs are different programs, and
  // each traffic-mode census belongs to one of them.
  if (!options.trafficPaths.empty() &&
      options.trafficPaths.size() != runInputs.size())
    throw UsageError(
        "--traffic is given once per run, in the order of the runs: " +
        std::to_string(runInputs.size()) +
        (runInputs.size() == 1 ? " run, " : " runs, ") +
        std::to_string(options.trafficPaths.size()) + " --traffic");
  std::vector<LoadedCensus> runs;
  for (std::size_t r = 0; r < runInputs.size(); ++r) {
    const std::vector<std::string> &inputs = runInputs[r];
    try {
      runs.push_back({censusInputsName(inputs),
                      readCensusInputs(inputs, options.roofline.merge)});
      if (!options.trafficPaths.empty()) {
        ReportOptions traffic = options.roofline;
        traffic.trafficPath = options.trafficPaths[r];
        takeTrafficOption(runs.back().census, traffic);
      }
    } catch (const InputError &error) {
      return printError(error.what());
    }
  }
  RooflineFiles inputs = readRooflineFiles(options.roofline);
  if (!inputs.host)
    throw UsageError(*options.roofline.ceilingsPath +
                     " is a GPU's roofline (its metadata says ERT_GPU True); "
                     "roof plot draws host code against the CPU's ceilings");
  const Ceilings &ceilings = inputs.host->ceilings;

  const Census &first = runs.front().census;
  RoofPrecision precision = options.roofline.precisions
                                ? options.roofline.precisions->only
                                : dominantPrecision(first.totals);
  std::string censusNames;
  for (const LoadedCensus &run : runs)
    censusNames += (censusNames.empty() ? "" : ", ") + baseName(run.path);
  PlotInput plot{
      options.title.value_or("Roofline of " +
                             (runs.size() == 1
                                  ? baseName(first.program)
                                  : std::to_string(runs.size()) + " runs") +
                             ", " + kPrecisionNames[precision]),
      "ceilings: " + baseName(*options.roofline.ceilingsPath) +
          (ceilings.origin.empty() ? "" : " (" + ceilings.origin + ")") +
          "; census: " + censusNames,
      ceilings,
      precision,
      {}};

  for (const LoadedCensus &run : runs) {
    ScopeSelection selection;
    selection.region = options.roofline.region;
    selection.program = options.program;
    selection.topFunctions = options.roofline.top.value_or(
        run.census.regions.empty() ? kRooflineTopFunctions : 0);
    for (const RooflineScope &scope : rooflineScopes(run.census, selection)) {
      std::string label =
          runs.size() == 1
              ? scope.label
              : runName(run.path) + (scope.kind == RooflineScope::Kind::Program
                                         ? std::string()
                                         : ": " + scope.label);
      if (negligibleIn(*scope.counts, precision)) {
        if (scope.counts->precisions[precision].flops.empirical != 0)
          std::cerr << "roof: " << label << " left out: under 1% of its FLOPs "
                    << "are " << kPrecisionNames[precision] << "\n";
        continue;
      }
      if (std::optional<ScopeRoofline> roofline =
              analyseScope(*scope.counts, scope.timeS, precision, ceilings,
                           measuredBytesOf(inputs.measured, scope)))
        plot.scopes.push_back({label, *roofline});
    }
  }

  std::ostringstream text;
  bool svg = options.format == PlotFormat::Svg;
  if (svg)
    writeRooflineSvg(text, plot);
  else
    writeNerscData(text, plot);
  std::string output =
      options.output.value_or(svg ? "roofline.svg" : "data.txt");
  writeOutput(output, text.str());
  if (output != "-")
    std::cerr << "roof: wrote " << output << " (" << plot.scopes.size()
              << (plot.scopes.size() == 1 ? " scope, " : " scopes, ")
              << kPrecisionNames[precision] << ")\n";
  return 0;
}

} // namespace roof
