//===- driver/RooflineReport.cpp - roof report --ceilings -----------------===//
#include "RooflineReport.h"

#include "Format.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace roof {

std::string percentText(double fraction) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f%%", fraction * 100);
  return buffer;
}

namespace {

// "DRAM bandwidth" or "compute": what sets the bound of a level.
std::string limitText(const LevelPoint &level) {
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

//===----------------------------------------------------------------------===//
// Table
//===----------------------------------------------------------------------===//

const char *const kLegend =
    R"(AI       FLOPs per byte moved at the level (L1: bytes loaded and stored by the
         instrumented code, counted by roof; other levels: measured, --bytes)
GFLOP/s  FLOPs / time / 1e9
bound    min(compute ceiling, bandwidth of the level x AI): the roof above
         the point
e        architectural efficiency GFLOP/s / bound (seed 000, eq. 2); a
         scope's e is at the level with the lowest bound
Empirical FLOPs (what the machine executes) are the ones to compare with
measured ceilings (seed 000, III-B); canonical ones are shown beside them.
)";

class RooflineTable {
public:
  explicit RooflineTable(const RooflineReportInput &input) : input_(input) {
    using Align = TextTable::Align;
    table_.addColumn("FLOPs", Align::Left);
    table_.addColumn("level", Align::Left);
    table_.addColumn("bytes", Align::Right);
    table_.addColumn("AI", Align::Right);
    table_.addColumn("GFLOP/s", Align::Right);
    table_.addColumn("bound", Align::Right);
    table_.addColumn("bound by", Align::Left);
    table_.addColumn("e", Align::Right);
    table_.addColumn("", Align::Left);
  }

  void print(std::ostream &out) {
    // The scopes first: an unknown --region is refused before any output.
    std::vector<RooflineScope> scopes =
        rooflineScopes(input_.census, input_.scopes);
    printHeading(out);
    for (const RooflineScope &scope : scopes)
      addScope(scope);
    table_.print(out, "    ");
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
    const Ceilings &ceilings = input_.ceilings;
    out << "roof roofline report of " << input_.censusPath << "\n";
    out << "ceilings: " << input_.ceilingsPath;
    if (!ceilings.origin.empty())
      out << " (" << ceilings.origin << ")";
    out << "\n  compute:  ";
    for (std::size_t i = 0; i < ceilings.compute.size(); ++i)
      out << (i ? ", " : "") << ceilingLabel(ceilings.compute[i]) << " "
          << decimal(ceilings.compute[i].gflops);
    out << " GFLOP/s\n  memory:   ";
    for (std::size_t i = 0; i < ceilings.bandwidth.size(); ++i)
      out << (i ? ", " : "") << ceilings.bandwidth[i].level << " "
          << decimal(ceilings.bandwidth[i].gbytes);
    out << " GB/s\n\n" << kLegend;
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
    }
    return "";
  }

  void addScope(const RooflineScope &scope) {
    table_.addText("\n" + scopeTitle(scope));
    const std::vector<LevelBytes> &measured =
        measuredBytesOf(input_.measured, scope);
    std::vector<RoofPrecision> precisions =
        selectPrecisions(*scope.counts, input_.precisions, false);
    bool any = false;
    for (RoofPrecision precision : precisions) {
      std::optional<ScopeRoofline> roofline = analyseScope(
          *scope.counts, scope.timeS, precision, input_.ceilings, measured);
      if (!roofline)
        continue;
      any = true;
      addPrecision(*roofline);
    }
    if (!any)
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
      std::string source = level.bytes.measured ? " (measured)" : "";
      table_.addRow(
          {kind, level.bytes.level,
           humanQuantity(level.bytes.bytes, "B") + source,
           orUndefined(level.ai), orUndefined(point.gflops),
           orUndefined(level.bound), limitText(level),
           level.efficiency ? percentText(*level.efficiency) : kUndefinedText,
           point.binding == i && point.levels.size() > 1 ? "<- binds" : ""});
    }
  }

  const RooflineReportInput &input_;
  TextTable table_;
  bool aboveRoof_ = false;
};

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

using OrderedJson = nlohmann::ordered_json;

OrderedJson optionalNumber(const std::optional<double> &value) {
  return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

OrderedJson ceilingsJson(const RooflineReportInput &input) {
  OrderedJson compute = OrderedJson::array();
  for (const ComputeCeiling &ceiling : input.ceilings.compute)
    compute.push_back(
        {{"name", ceiling.name},
         {"label", ceilingLabel(ceiling)},
         {"precision", ceiling.precision
                           ? OrderedJson(kPrecisionNames[*ceiling.precision])
                           : OrderedJson(nullptr)},
         {"kind", computeKindName(ceiling.kind)},
         {"gflops", ceiling.gflops}});
  OrderedJson bandwidth = OrderedJson::array();
  for (const BandwidthCeiling &ceiling : input.ceilings.bandwidth)
    bandwidth.push_back({{"level", ceiling.level}, {"gbytes", ceiling.gbytes}});
  return {{"file", input.ceilingsPath},
          {"origin", input.ceilings.origin},
          {"compute", compute},
          {"bandwidth", bandwidth}};
}

OrderedJson pointJson(const RooflinePoint &point) {
  OrderedJson levels = OrderedJson::array();
  for (const LevelPoint &level : point.levels)
    levels.push_back({{"level", level.bytes.level},
                      {"bytes", level.bytes.bytes},
                      {"measured", level.bytes.measured},
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
  }
  return "";
}

void printJson(std::ostream &out, const RooflineReportInput &input) {
  OrderedJson scopes = OrderedJson::array();
  for (const RooflineScope &scope :
       rooflineScopes(input.census, input.scopes)) {
    OrderedJson precisions = OrderedJson::object();
    for (RoofPrecision precision :
         selectPrecisions(*scope.counts, input.precisions, false))
      if (std::optional<ScopeRoofline> roofline = analyseScope(
              *scope.counts, scope.timeS, precision, input.ceilings,
              measuredBytesOf(input.measured, scope)))
        precisions[kPrecisionNames[precision]] = precisionJson(*roofline);
    scopes.push_back({{"kind", scopeKindName(scope.kind)},
                      {"name", scope.name},
                      {"label", scope.label},
                      {"time_s", optionalNumber(scope.timeS)},
                      {"precisions", precisions}});
  }
  OrderedJson report = {{"schema", "roof-roofline"},
                        {"schema_version", 1},
                        {"census", input.censusPath},
                        {"ceilings", ceilingsJson(input)},
                        {"scopes", scopes}};
  out << report.dump(2) << "\n";
}

} // namespace

void printRooflineReport(std::ostream &out, const RooflineReportInput &input) {
  if (input.json)
    printJson(out, input);
  else
    RooflineTable(input).print(out);
}

} // namespace roof
