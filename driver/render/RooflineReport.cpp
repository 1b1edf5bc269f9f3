//===- driver/RooflineReport.cpp - roof report --ceilings -----------------===//
#include "RooflineReport.h"

#include "Format.h"
#include "Report.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <set>

namespace roof {

std::string percentText(double fraction) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f%%", fraction * 100);
  return buffer;
}

namespace {

// A level below L1 that the ceilings file has no bandwidth for: its points
// are not placed (Roofline.h).
bool withoutCeiling(const LevelPoint &level) {
  return !level.bandwidth && level.bytes.level != kCountedLevel;
}

// "DRAM bandwidth" or "compute": what sets the bound of a level.
std::string limitText(const LevelPoint &level) {
  if (withoutCeiling(level))
    return "not placed (no " + level.bytes.level + " bandwidth)";
  if (!level.bound)
    return kUndefinedText;
  if (!level.bandwidth)
    return "compute (no " + level.bytes.level + " bandwidth)";
  return level.computeBound ? "compute" : level.bytes.level + " bandwidth";
}

} // namespace

std::string efficiencySummary(const RooflinePoint &point) {
  if (!point.gflops)
    return "no efficiency: not timed";
  if (!point.binding)
    return "no efficiency: no bytes or no compute ceiling";
  const LevelPoint &level = point.levels[*point.binding];
  std::string limit = level.computeBound
                          ? "the compute ceiling"
                          : level.bytes.level + " bandwidth x AI";
  return "e = " + percentText(*point.efficiency) + " (bound by " + limit + ")";
}

namespace {

std::string precisionLabel(RoofPrecision precision) {
  return kPrecisionNames[precision];
}

// A scope and the ceilings it is placed against.
struct PlacedScope {
  RooflineScope scope;
  const Ceilings *ceilings;
};

// The host scopes against the CPU's ceilings, then the kernels against the
// GPU's. Throws UsageError for an unknown --region.
std::vector<PlacedScope> placedScopes(const RooflineReportInput &input) {
  std::vector<PlacedScope> placed;
  if (input.host)
    for (RooflineScope &scope : rooflineScopes(input.census, input.scopes))
      placed.push_back({std::move(scope), &input.host->ceilings});
  if (input.device)
    for (RooflineScope &scope :
         rooflineKernelScopes(input.census, input.topKernels))
      placed.push_back({std::move(scope), &input.device->ceilings});
  return placed;
}

// The roofline of every shown precision of a placed scope.
std::vector<ScopeRoofline> rooflinesOf(const PlacedScope &placed,
                                       const RooflineReportInput &input) {
  const RooflineScope &scope = placed.scope;
  std::vector<ScopeRoofline> rooflines;
  for (RoofPrecision precision :
       selectPrecisions(*scope.counts, input.precisions, false))
    if (std::optional<ScopeRoofline> roofline =
            analyseScope(*scope.counts, scope.timeS, precision,
                         *placed.ceilings,
                         measuredBytesOf(input.measured, scope)))
      rooflines.push_back(*roofline);
  return rooflines;
}

bool hasHostFlops(const Census &census) {
  return std::any_of(census.totals.precisions.begin(),
                     census.totals.precisions.end(), hasFlops);
}

//===----------------------------------------------------------------------===//
// Table
//===----------------------------------------------------------------------===//

const char *const kLegend =
    R"(source   where the level's bytes come from: counted (L1: bytes loaded and
         stored by the instrumented code, counted by roof), modelled (the
         traffic model of a roof cc --roof-traffic build), measured (--bytes,
         --bytes-file; they replace the model's)
AI       FLOPs per byte moved at the level
GFLOP/s  FLOPs / time / 1e9
bound    min(compute ceiling, bandwidth of the level x AI): the roof above
         the point
e        architectural efficiency GFLOP/s / bound (seed 000, eq. 2); a
         scope's e is at the level with the lowest bound
Empirical FLOPs (what the machine executes) are the ones to compare with
measured ceilings (seed 000, III-B); canonical ones are shown beside them.
)";

const char *const kKernelLegend =
    R"(Kernels: L1 bytes are those the kernel loads and stores in all address
         spaces (roof's count); time from CUDA events.
)";

class RooflineTable {
public:
  explicit RooflineTable(const RooflineReportInput &input) : input_(input) {
    using Align = TextTable::Align;
    table_.addColumn("FLOPs", Align::Left);
    table_.addColumn("level", Align::Left);
    table_.addColumn("bytes", Align::Right);
    table_.addColumn("source", Align::Left);
    table_.addColumn("AI", Align::Right);
    table_.addColumn("GFLOP/s", Align::Right);
    table_.addColumn("bound", Align::Right);
    table_.addColumn("bound by", Align::Left);
    table_.addColumn("e", Align::Right);
    table_.addColumn("", Align::Left);
  }

  void print(std::ostream &out) {
    // The scopes first: an unknown --region is refused before any output.
    std::vector<PlacedScope> scopes = placedScopes(input_);
    printHeading(out);
    for (const PlacedScope &scope : scopes)
      addScope(scope);
    table_.print(out, "    ");
    printUnplaced(out);
    for (const std::string &level : unplacedLevels_)
      out << "\n"
          << level
          << ": bytes, but no bandwidth ceiling of that name: the points "
             "show their AI\nand are not placed (name the level as the "
             "ceilings file does).\n";
    if (input_.census.traffic && input_.census.traffic->slowsTimes)
      out << "\n"
             "Times are those of a traffic-mode build, which the cache model "
             "slows down\n"
             "(docs/performance.md): GFLOP/s and e are below those of a "
             "default build;\n"
             "give this census as --traffic to the report of a default "
             "build's run.\n";
    if (aboveRoof_)
      out << "\n"
             "Some e exceed 100%: those points are above their roof. The "
             "ceiling does not\n"
             "bound this code (another instruction mix, another machine), "
             "or the bytes or\n"
             "time do not belong to the same run.\n";
  }

private:
  void printHeading(std::ostream &out) const {
    out << "roof roofline report of " << input_.censusPath << "\n";
    if (input_.host)
      printCeilings(out, "ceilings: ", *input_.host);
    if (input_.device) {
      std::string device =
          input_.census.gpu ? ", for the kernels on " + input_.census.gpu->name
                            : ", for the kernels";
      printCeilings(out, "GPU ceilings: ", *input_.device, device);
    }
    out << "\n" << kLegend;
    if (input_.device)
      out << kKernelLegend;
  }

  static void printCeilings(std::ostream &out, const char *title,
                            const CeilingsFile &file,
                            const std::string &use = "") {
    const Ceilings &ceilings = file.ceilings;
    out << title << file.path;
    if (!ceilings.origin.empty())
      out << " (" << ceilings.origin << ")";
    out << use << "\n  compute:  ";
    for (std::size_t i = 0; i < ceilings.compute.size(); ++i)
      out << (i ? ", " : "") << ceilingLabel(ceilings.compute[i]) << " "
          << decimal(ceilings.compute[i].gflops);
    out << " GFLOP/s\n  memory:   ";
    for (std::size_t i = 0; i < ceilings.bandwidth.size(); ++i)
      out << (i ? ", " : "") << ceilings.bandwidth[i].level << " "
          << decimal(ceilings.bandwidth[i].gbytes);
    out << " GB/s\n";
  }

  // Which part of the census no ceilings were given for, and how to place it.
  void printUnplaced(std::ostream &out) const {
    std::size_t kernels = input_.census.kernels.size();
    if (!input_.device && kernels != 0)
      out << "\n"
          << plural(kernels, "GPU kernel is", "GPU kernels are")
          << " not on this roofline: give the GPU's ceilings with "
             "--gpu-ceilings FILE.\n";
    if (!input_.host && hasHostFlops(input_.census))
      out << "\nHost code is not on this roofline: give the CPU's ceilings "
             "with --ceilings FILE.\n";
  }

  static std::string scopeTitle(const RooflineScope &scope) {
    std::string time =
        scope.timeS ? humanSeconds(*scope.timeS)
                    : std::string("not timed: no GFLOP/s, no efficiency");
    switch (scope.kind) {
    case RooflineScope::Kind::Program:
      return "Program (wall time " + time + ")";
    case RooflineScope::Kind::Region:
      return "Region \"" + scope.label + "\" (" + time + ")";
    case RooflineScope::Kind::Function:
      return "Function " + shortenName(scope.label, 80) + " (" + time + ")";
    case RooflineScope::Kind::Kernel:
      return "Kernel " + shortenName(scope.label, 80) + " (" + time + ")";
    }
    return "";
  }

  void addScope(const PlacedScope &placed) {
    table_.addText("\n" + scopeTitle(placed.scope));
    std::vector<ScopeRoofline> rooflines = rooflinesOf(placed, input_);
    for (const ScopeRoofline &roofline : rooflines)
      addPrecision(roofline);
    if (rooflines.empty())
      table_.addText("  no FLOPs: not on the roofline");
  }

  void addPrecision(const ScopeRoofline &roofline) {
    std::string name = precisionLabel(roofline.precision);
    if (!roofline.compute) {
      table_.addText("  " + name +
                     ": the ceilings file has no compute ceiling for this "
                     "precision");
    } else {
      const ComputeChoice &compute = *roofline.compute;
      table_.addText("  " + name + " ceiling " + compute.name + " " +
                     decimal(compute.gflops) + " GFLOP/s: " + compute.reason);
    }
    table_.addHeader();
    addPoint("empirical", roofline.empirical);
    addPoint("canonical", roofline.canonical);
    if (!roofline.compute)
      return;
    std::string summary = "  " + name + " " +
                          efficiencySummary(roofline.empirical) +
                          " with empirical FLOPs";
    if (roofline.canonical.efficiency)
      summary += "; " + percentText(*roofline.canonical.efficiency) +
                 " with canonical FLOPs";
    table_.addText(summary);
  }

  void addPoint(const char *kind, const RooflinePoint &point) {
    if (point.levels.empty()) {
      table_.addRow({kind, kUndefinedText, "no bytes"});
      return;
    }
    for (std::size_t i = 0; i < point.levels.size(); ++i) {
      const LevelPoint &level = point.levels[i];
      if (level.efficiency && *level.efficiency > 1)
        aboveRoof_ = true;
      if (withoutCeiling(level))
        unplacedLevels_.insert(level.bytes.level);
      table_.addRow(
          {kind, level.bytes.level, humanQuantity(level.bytes.bytes, "B"),
           bytesSourceName(level.bytes.source), orUndefined(level.ai),
           orUndefined(point.gflops), orUndefined(level.bound),
           limitText(level),
           level.efficiency ? percentText(*level.efficiency) : kUndefinedText,
           point.binding == i && point.levels.size() > 1 ? "<- binds" : ""});
    }
  }

  const RooflineReportInput &input_;
  TextTable table_;
  bool aboveRoof_ = false;
  std::set<std::string> unplacedLevels_; // levels below L1 without bandwidth
};

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

using OrderedJson = nlohmann::ordered_json;

OrderedJson optionalNumber(const std::optional<double> &value) {
  return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

OrderedJson ceilingsJson(const CeilingsFile &file) {
  const Ceilings &ceilings = file.ceilings;
  OrderedJson compute = OrderedJson::array();
  for (const ComputeCeiling &ceiling : ceilings.compute)
    compute.push_back(
        {{"name", ceiling.name},
         {"label", ceilingLabel(ceiling)},
         {"precision", ceiling.precision
                           ? OrderedJson(kPrecisionNames[*ceiling.precision])
                           : OrderedJson(nullptr)},
         {"kind", computeKindName(ceiling.kind)},
         {"gflops", ceiling.gflops}});
  OrderedJson bandwidth = OrderedJson::array();
  for (const BandwidthCeiling &ceiling : ceilings.bandwidth)
    bandwidth.push_back({{"level", ceiling.level}, {"gbytes", ceiling.gbytes}});
  return {{"file", file.path},
          {"origin", ceilings.origin},
          {"compute", compute},
          {"bandwidth", bandwidth}};
}

OrderedJson pointJson(const RooflinePoint &point) {
  OrderedJson levels = OrderedJson::array();
  for (const LevelPoint &level : point.levels)
    levels.push_back({{"level", level.bytes.level},
                      {"bytes", level.bytes.bytes},
                      {"source", bytesSourceName(level.bytes.source)},
                      {"ai", optionalNumber(level.ai)},
                      {"bandwidth_gbytes", optionalNumber(level.bandwidth)},
                      {"bound_gflops", optionalNumber(level.bound)},
                      {"compute_bound", level.computeBound},
                      {"efficiency", optionalNumber(level.efficiency)}});
  return {{"flops", point.flops},
          {"gflops", optionalNumber(point.gflops)},
          {"efficiency", optionalNumber(point.efficiency)},
          {"binding_level",
           point.binding ? OrderedJson(point.levels[*point.binding].bytes.level)
                         : OrderedJson(nullptr)},
          {"levels", levels}};
}

OrderedJson precisionJson(const ScopeRoofline &roofline) {
  const InstructionMix &mix = roofline.mix;
  OrderedJson compute = nullptr;
  if (const auto &choice = roofline.compute)
    compute = {{"label", choice->name},
               {"gflops", choice->gflops},
               {"kind", computeKindName(choice->kind)},
               {"partial", choice->partial},
               {"file_entry", choice->ceiling->name},
               {"reason", choice->reason}};
  return {{"mix",
           {{"flops", mix.flops},
            {"operations", mix.operations},
            {"alpha", mix.fmaShare},
            {"fma_flop_share", mix.fmaFlopShare},
            {"divide_share", mix.divideShare}}},
          {"compute_ceiling", compute},
          {"empirical", pointJson(roofline.empirical)},
          {"canonical", pointJson(roofline.canonical)}};
}

const char *scopeKindName(RooflineScope::Kind kind) {
  switch (kind) {
  case RooflineScope::Kind::Program:
    return "program";
  case RooflineScope::Kind::Region:
    return "region";
  case RooflineScope::Kind::Function:
    return "function";
  case RooflineScope::Kind::Kernel:
    return "kernel";
  }
  return "";
}

void printJson(std::ostream &out, const RooflineReportInput &input) {
  OrderedJson scopes = OrderedJson::array();
  for (const PlacedScope &placed : placedScopes(input)) {
    const RooflineScope &scope = placed.scope;
    OrderedJson precisions = OrderedJson::object();
    for (const ScopeRoofline &roofline : rooflinesOf(placed, input))
      precisions[kPrecisionNames[roofline.precision]] =
          precisionJson(roofline);
    scopes.push_back({{"kind", scopeKindName(scope.kind)},
                      {"name", scope.name},
                      {"label", scope.label},
                      {"time_s", optionalNumber(scope.timeS)},
                      {"precisions", precisions}});
  }
  OrderedJson report = {{"schema", "roof-roofline"},
                        {"schema_version", kRooflineSchemaVersion},
                        {"census", input.censusPath}};
  report["ceilings"] =
      input.host ? ceilingsJson(*input.host) : OrderedJson(nullptr);
  if (input.device)
    report["gpu_ceilings"] = ceilingsJson(*input.device);
  report["scopes"] = std::move(scopes);
  out << report.dump(2) << "\n";
}

//===----------------------------------------------------------------------===//
// CSV
//===----------------------------------------------------------------------===//

const char *boolText(bool value) { return value ? "true" : "false"; }

void printCsv(std::ostream &out, const RooflineReportInput &input) {
  // Placed first: an unknown --region is refused before any output.
  std::vector<PlacedScope> scopes = placedScopes(input);
  // clang-format off
  printCsvRow(out, {"scope", "name", "label", "time_s", "precision",
                    "compute_ceiling", "compute_gflops", "flops_kind", "flops",
                    "gflops", "level", "bytes", "source", "ai",
                    "bandwidth_gbytes", "bound_gflops", "compute_bound",
                    "efficiency", "binding"});
  // clang-format on
  for (const PlacedScope &placed : scopes) {
    const RooflineScope &scope = placed.scope;
    for (const ScopeRoofline &roofline : rooflinesOf(placed, input)) {
      const std::optional<ComputeChoice> &compute = roofline.compute;
      for (const auto &[kind, point] :
           {std::pair{"empirical", &roofline.empirical},
            std::pair{"canonical", &roofline.canonical}})
        for (std::size_t i = 0; i < point->levels.size(); ++i) {
          const LevelPoint &level = point->levels[i];
          printCsvRow(
              out,
              {scopeKindName(scope.kind), scope.name, scope.label,
               csvNumber(scope.timeS), kPrecisionNames[roofline.precision],
               compute ? compute->name : "",
               csvNumber(compute ? std::optional(compute->gflops)
                                 : std::nullopt),
               kind, exactDecimal(point->flops), csvNumber(point->gflops),
               level.bytes.level, exactDecimal(level.bytes.bytes),
               bytesSourceName(level.bytes.source), csvNumber(level.ai),
               csvNumber(level.bandwidth), csvNumber(level.bound),
               level.bound ? boolText(level.computeBound) : "",
               csvNumber(level.efficiency), boolText(point->binding == i)});
        }
    }
  }
}

} // namespace

void printRooflineReport(std::ostream &out, const RooflineReportInput &input) {
  switch (input.format) {
  case ReportFormat::Table:
    RooflineTable(input).print(out);
    break;
  case ReportFormat::Json:
    printJson(out, input);
    break;
  case ReportFormat::Csv:
    printCsv(out, input);
    break;
  }
}

} // namespace roof
