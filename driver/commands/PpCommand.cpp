//===- driver/commands/PpCommand.cpp - roof pp: performance portability ---===//
//
// One platform is a run of the application there (a census) with the
// ceilings measured there, and optionally the bytes measured there:
// RUN.json:ROOFLINE.json[:BYTES]. Its efficiency is the empirical point's
// architectural efficiency at the binding level (Roofline.h); PP is eq. 1 of
// seed 000 over all platforms, 0 when the region is missing on one of them.
//
//===----------------------------------------------------------------------===//
#include "Cli.h"
#include "Commands.h"
#include "InputFile.h"
#include "Roofline.h"
#include "RooflineReport.h"
#include "Table.h"

#include <algorithm>
#include <iostream>

namespace roof {

namespace {

const char *const kHelp =
    R"(usage: roof pp [options] RUN.json:ROOFLINE.json[:BYTES] ...

Performance portability (Pennycook et al.; seed 000, eq. 1) of one region
over platforms: on each, the architectural efficiency e = P / min(F, B x I)
of the region's empirical FLOPs against that platform's measured ceilings
(as roof report --ceilings computes it), then

  PP = |H| / sum over the platforms of 1 / e,   0 if a platform does not
                                                support the region

A platform is RUN.json (a census from a run there) : ROOFLINE.json (its
ceilings, from ERT or roof ert) [: BYTES, a --bytes-file of bytes measured
there]. Paths are split at the last ':' (or the last two).

options:
  --region NAME      the region (default: the whole program)
  --precision P      fp64, fp32, fp16 or bf16 (default: the precision with
                     the most empirical FLOPs in the region on the first
                     platform that has it)
  --ceilings FILE    the ceilings of platforms given as RUN.json alone
  -h, --help         this help
)";

struct Platform {
  std::string censusPath;
  std::string ceilingsPath;
  std::optional<std::string> bytesPath;
};

// RUN.json:ROOFLINE.json[:BYTES]; a bare RUN.json takes `defaultCeilings`.
Platform parsePlatform(const std::string &arg,
                       const std::optional<std::string> &defaultCeilings) {
  std::size_t last = arg.rfind(':');
  if (last == std::string::npos) {
    if (!defaultCeilings)
      throw UsageError("platform '" + arg +
                       "' has no ceilings: write RUN.json:ROOFLINE.json or "
                       "give --ceilings");
    return {arg, *defaultCeilings, std::nullopt};
  }
  std::string head = arg.substr(0, last), tail = arg.substr(last + 1);
  std::size_t middle = head.rfind(':');
  // Three parts when what precedes the last ':' is itself RUN:CEILINGS.
  if (middle != std::string::npos && endsWith(head, ".json") &&
      endsWith(head.substr(0, middle), ".json"))
    return {head.substr(0, middle), head.substr(middle + 1), tail};
  if (head.empty() || tail.empty())
    throw UsageError("platform '" + arg +
                     "' is not RUN.json:ROOFLINE.json[:BYTES]");
  return {head, tail, std::nullopt};
}

struct PlatformResult {
  Platform platform;
  std::optional<ScopeRoofline> roofline;
  std::string unsupported; // why e is missing, when it is
};

const RooflineScope *findScope(const std::vector<RooflineScope> &scopes,
                               const std::optional<std::string> &region) {
  for (const RooflineScope &scope : scopes)
    if (region
            ? scope.kind == RooflineScope::Kind::Region && scope.name == *region
            : scope.kind == RooflineScope::Kind::Program)
      return &scope;
  return nullptr;
}

} // namespace

int ppCommand(const std::vector<std::string> &args) {
  std::optional<std::string> region, defaultCeilings;
  std::optional<RoofPrecision> precision;
  std::vector<std::string> platformArgs;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg.empty() || arg[0] != '-') {
      platformArgs.push_back(arg);
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kHelp;
      return 0;
    } else if (auto name = optionValue(args, i, "--region")) {
      region = *name;
    } else if (auto ceilings = optionValue(args, i, "--ceilings")) {
      defaultCeilings = *ceilings;
    } else if (auto p = optionValue(args, i, "--precision")) {
      precision = precisionFromName(*p);
      if (!precision)
        throw UsageError("--precision expects fp64, fp32, fp16 or bf16, got '" +
                         *p + "'");
    } else {
      throw UsageError("unknown option '" + arg +
                       "' for roof pp (roof pp --help)");
    }
  }
  if (platformArgs.empty())
    throw UsageError("roof pp needs at least one platform, "
                     "RUN.json:ROOFLINE.json (roof pp --help)");

  // Read everything first: a file that cannot be read is an error, a
  // region that is missing is an unsupported platform.
  struct Loaded {
    Platform platform;
    Census census;
    Ceilings ceilings;
    MeasuredBytes measured;
  };
  std::vector<Loaded> loaded;
  for (const std::string &arg : platformArgs) {
    Platform platform = parsePlatform(arg, defaultCeilings);
    Loaded entry{platform, {}, readCeilingsFile(platform.ceilingsPath), {}};
    entry.census = readCensusFile(platform.censusPath);
    if (platform.bytesPath)
      entry.measured = readMeasuredBytesFile(*platform.bytesPath);
    checkMeasuredLevels(entry.measured.hostLevels(), entry.ceilings,
                        platform.ceilingsPath);
    loaded.push_back(std::move(entry));
  }

  ScopeSelection everything;
  std::vector<PlatformResult> results;
  for (const Loaded &entry : loaded) {
    std::vector<RooflineScope> scopes =
        rooflineScopes(entry.census, everything);
    const RooflineScope *scope = findScope(scopes, region);
    PlatformResult result{entry.platform, std::nullopt, ""};
    if (!scope) {
      result.unsupported = "unsupported: no region \"" + *region + "\"";
    } else {
      if (!precision)
        precision = dominantPrecision(*scope->counts);
      result.roofline =
          analyseScope(*scope->counts, scope->timeS, *precision, entry.ceilings,
                       measuredBytesOf(entry.measured, *scope));
      if (!result.roofline)
        result.unsupported = std::string("unsupported: no ") +
                             kPrecisionNames[*precision] + " FLOPs";
      else if (!result.roofline->empirical.efficiency)
        result.unsupported =
            "unsupported: " + efficiencySummary(result.roofline->empirical);
    }
    results.push_back(std::move(result));
  }
  RoofPrecision shown = precision.value_or(ROOF_FP64);

  std::cout << "roof pp: performance portability of "
            << (region ? "region \"" + *region + "\"" : "the whole program")
            << ", " << kPrecisionNames[shown] << ", empirical FLOPs\n"
            << "e = P / min(F, B x AI) at the binding level (seed 000, eq. "
               "2); PP = |H| / sum(1 / e), 0 if a platform is unsupported "
               "(eq. 1)\n\n";
  TextTable table;
  using Align = TextTable::Align;
  for (const char *header : {"platform", "ceilings"})
    table.addColumn(header, Align::Left);
  table.addColumn("GFLOP/s", Align::Right);
  table.addColumn("level", Align::Left);
  for (const char *header : {"AI", "bound"})
    table.addColumn(header, Align::Right);
  table.addColumn("bound by", Align::Left);
  table.addColumn("e", Align::Right);
  table.addHeader();
  std::vector<std::optional<double>> efficiencies;
  for (const PlatformResult &result : results) {
    std::vector<std::string> row = {result.platform.censusPath,
                                    result.platform.ceilingsPath};
    std::optional<double> efficiency;
    if (result.unsupported.empty()) {
      const RooflinePoint &point = result.roofline->empirical;
      const LevelPoint &level = point.levels[*point.binding];
      efficiency = point.efficiency;
      row.insert(row.end(),
                 {decimal(*point.gflops), level.bytes.level, decimal(*level.ai),
                  decimal(*level.bound),
                  level.computeBound ? result.roofline->compute->name
                                     : level.bytes.level + " bandwidth x AI",
                  percentText(*efficiency)});
    } else {
      row.insert(row.end(),
                 {kUndefinedText, kUndefinedText, kUndefinedText,
                  kUndefinedText, result.unsupported, kUndefinedText});
    }
    efficiencies.push_back(efficiency);
    table.addRow(row);
  }
  table.print(std::cout, "  ");
  std::cout << "\nPP = " << percentText(performancePortability(efficiencies))
            << " over " << results.size()
            << (results.size() == 1 ? " platform" : " platforms");
  bool anyUnsupported =
      std::any_of(efficiencies.begin(), efficiencies.end(),
                  [](const std::optional<double> &e) { return !e; });
  if (anyUnsupported)
    std::cout << " (0: a platform does not support it)";
  std::cout << "\n";
  return 0;
}

} // namespace roof
