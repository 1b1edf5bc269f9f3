//===- driver/render/Csv.cpp - Reports as CSV -----------------------------===//
#include "Csv.h"

#include "Json.h"
#include "Text.h"

#include <iterator>

namespace roof {

std::string csvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos)
    return std::string(text);
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"')
      quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string csvNumber(const std::optional<double> &value) {
  return value ? exactDecimal(*value) : "";
}

void printCsvRow(std::ostream &out, const std::vector<std::string> &fields) {
  for (std::size_t i = 0; i < fields.size(); ++i)
    out << (i ? "," : "") << csvField(fields[i]);
  out << "\n";
}

//===----------------------------------------------------------------------===//
// roof report --csv
//===----------------------------------------------------------------------===//

namespace {

const char *kindName(ReportScope::Kind kind) {
  switch (kind) {
  case ReportScope::Kind::Program:
    return "program";
  case ReportScope::Kind::Region:
    return "region";
  case ReportScope::Kind::Function:
    return "function";
  case ReportScope::Kind::Kernel:
    return "kernel";
  case ReportScope::Kind::Launch:
    return "launch";
  }
  return "";
}

// The columns of device code, present when the census has kernels.
std::vector<std::string> kernelCsvFields(const ReportScope &scope) {
  const KernelRecord *kernel = scope.kernel;
  const LaunchRecord *launch = scope.launch;
  std::vector<std::string> fields(8);
  if (!kernel)
    return fields;
  if (!launch) {
    fields[0] = std::to_string(kernel->launches);
    fields[1] = std::to_string(kernel->countedLaunches);
  } else {
    fields[2] = std::to_string(launch->sequence);
    fields[3] = dim3Text(launch->grid);
    fields[4] = dim3Text(launch->block);
    fields[5] = std::to_string(launch->sharedMemoryBytes);
    fields[6] = std::to_string(launch->stream);
  }
  fields[7] = scope.globalBytes ? std::to_string(*scope.globalBytes) : "";
  return fields;
}

// The statistics of a merged census's scopes, by CSV column prefix.
const char *const kRankStatColumns[] = {"time_s", "flops", "gflops"};

// The columns of a merged census: the ranks the scope ran in, then per
// statistic its min, mean, max and imbalance.
std::vector<std::string> rankCsvFields(const ReportScope &scope) {
  const RankStats *stats = scope.rankStats;
  if (!stats) // a launch
    return std::vector<std::string>(1 + 4 * std::size(kRankStatColumns));
  std::vector<std::string> fields = {std::to_string(stats->ranks)};
  for (const std::optional<RankStat> &stat :
       {stats->timeS, std::optional(stats->flops), stats->gflops}) {
    if (stat)
      fields.insert(fields.end(),
                    {csvNumber(stat->min), csvNumber(stat->mean),
                     csvNumber(stat->max), csvNumber(imbalance(*stat))});
    else
      fields.resize(fields.size() + 4);
  }
  return fields;
}

// The rows of one scope, a row per shown precision.
void printCsvScope(std::ostream &out, const ReportScope &scope,
                   const ReportData &report) {
  const Counts &counts = *scope.counts;
  for (const PrecisionRow &precisionRow : scope.precisions) {
    const PrecisionCounts &precisionCounts = *precisionRow.counts;
    const KindCounts &flops = precisionCounts.flops;
    const DerivedMetrics &metrics = precisionRow.metrics;
    std::vector<std::string> row = {
        kindName(scope.kind),
        scope.name,
        scope.demangled,
        scope.function ? scope.function->module
        : scope.kernel ? scope.kernel->module
                       : "",
        scope.function ? std::to_string(scope.function->line) : "",
        kPrecisionNames[precisionRow.precision],
        scope.function ? std::to_string(scope.function->calls) : "",
        scope.region ? std::to_string(scope.region->entries) : "",
        csvNumber(scope.timeS),
        std::to_string(flops.canonical),
        std::to_string(flops.empirical),
        std::to_string(flops.fullWidth),
        csvNumber(metrics.empiricalPerCanonical),
        scope.bytes ? std::to_string(*scope.bytes) : "",
        std::to_string(counts.bytesLoaded),
        std::to_string(counts.bytesStored),
        csvNumber(metrics.aiCanonical),
        csvNumber(metrics.aiEmpirical),
        csvNumber(metrics.gflopsCanonical),
        csvNumber(metrics.gflopsEmpirical)};
    if (report.selection.classes)
      for (const KindCounts &classCounts : precisionCounts.classes)
        for (std::uint64_t count :
             {classCounts.canonical, classCounts.empirical,
              classCounts.fullWidth})
          row.push_back(std::to_string(count));
    if (report.kernelTotalCount != 0)
      for (std::string &field : kernelCsvFields(scope))
        row.push_back(std::move(field));
    if (report.totals.rankStats)
      for (std::string &field : rankCsvFields(scope))
        row.push_back(std::move(field));
    printCsvRow(out, row);
  }
}

} // namespace

void printReportCsv(std::ostream &out, const ReportData &report) {
  // clang-format off
  std::vector<std::string> header = {
      "scope", "name", "demangled", "module", "line", "precision", "calls",
      "entries", "time_s", "canonical", "empirical", "full_width",
      "empirical_per_canonical", "bytes", "bytes_loaded", "bytes_stored",
      "ai_canonical", "ai_empirical", "gflops_canonical", "gflops_empirical"};
  // clang-format on
  if (report.selection.classes)
    for (const char *cls : kClassNames)
      for (const char *kind : {"canonical", "empirical", "full_width"})
        header.push_back(std::string(cls) + "_" + kind);
  if (report.kernelTotalCount != 0)
    for (const char *column :
         {"launches", "counted_launches", "sequence", "grid", "block",
          "shared_memory_bytes", "stream", "bytes_global"})
      header.push_back(column);
  if (report.totals.rankStats) {
    header.push_back("ranks");
    for (const char *stat : kRankStatColumns)
      for (const char *part : {"min", "mean", "max", "imbalance"})
        header.push_back(std::string(stat) + "_" + part);
  }
  printCsvRow(out, header);

  printCsvScope(out, report.totals, report);
  for (const ReportScope &region : report.regions)
    printCsvScope(out, region, report);
  for (const ReportScope &function : report.functions)
    printCsvScope(out, function, report);
  for (const ReportScope &kernel : report.kernels) {
    printCsvScope(out, kernel, report);
    for (const ReportScope &launch : kernel.launches)
      printCsvScope(out, launch, report);
  }
}

//===----------------------------------------------------------------------===//
// roof report --static --csv
//===----------------------------------------------------------------------===//

namespace {

// A JSON scalar as a CSV field: strings as they are, null as nothing.
std::string csvText(const nlohmann::ordered_json &value) {
  if (value.is_null())
    return "";
  if (value.is_string())
    return value.get<std::string>();
  if (value.is_number_float())
    return exactDecimal(value.get<double>());
  return value.dump();
}

} // namespace

// The CSV is the JSON flattened: a row per (function, precision), the
// function's columns repeated, so that both carry the same values.
void printStaticComparisonCsv(std::ostream &out, const ComparisonData &data) {
  bool classes = data.selection.classes;
  const std::vector<std::string> functionKeys = {
      "in", "name", "demangled", "module", "file", "line", "calls", "exact"};
  const std::vector<std::string> precisionKeys = {
      "source_polynomial",     "source_per_call", "source_canonical",
      "executed_canonical",    "empirical",       "executed_per_source",
      "empirical_per_executed"};
  const std::vector<std::string> classKeys = {
      "source_per_call", "source_canonical", "executed_canonical", "empirical"};

  std::vector<std::string> header = functionKeys;
  header.push_back("caveats");
  header.push_back("precision");
  header.insert(header.end(), precisionKeys.begin(), precisionKeys.end());
  if (classes)
    for (const char *cls : kClassNames)
      for (const std::string &key : classKeys)
        header.push_back(std::string(cls) + "_" + key);
  printCsvRow(out, header);

  for (const nlohmann::ordered_json &function : comparedFunctionsJson(data)) {
    std::vector<std::string> row;
    for (const std::string &key : functionKeys)
      row.push_back(csvText(function.at(key)));
    row.push_back(
        joined(function.at("caveats").get<std::vector<std::string>>(), "; "));
    for (const auto &[precision, entry] : function.at("precisions").items()) {
      std::vector<std::string> fields = row;
      fields.push_back(precision);
      for (const std::string &key : precisionKeys)
        fields.push_back(csvText(entry.at(key)));
      if (classes)
        for (const char *cls : kClassNames)
          for (const std::string &key : classKeys)
            fields.push_back(csvText(entry.at("classes").at(cls).at(key)));
      printCsvRow(out, fields);
    }
  }
}

//===----------------------------------------------------------------------===//
// roof report --ceilings --csv
//===----------------------------------------------------------------------===//

namespace {

const char *boolText(bool value) { return value ? "true" : "false"; }

} // namespace

void printRooflineCsv(std::ostream &out, const RooflineData &data) {
  // clang-format off
  printCsvRow(out, {"scope", "name", "label", "time_s", "precision",
                    "compute_ceiling", "compute_gflops", "flops_kind", "flops",
                    "gflops", "level", "bytes", "source", "ai",
                    "bandwidth_gbytes", "bound_gflops", "compute_bound",
                    "efficiency", "binding"});
  // clang-format on
  for (const PlacedScope &placed : data.scopes) {
    const RooflineScope &scope = placed.scope;
    for (const ScopeRoofline &roofline : placed.rooflines) {
      const std::optional<ComputeChoice> &compute = roofline.compute;
      for (const auto &[kind, point] :
           {std::pair{"empirical", &roofline.empirical},
            std::pair{"canonical", &roofline.canonical}})
        for (std::size_t i = 0; i < point->levels.size(); ++i) {
          const LevelPoint &level = point->levels[i];
          printCsvRow(
              out,
              {rooflineScopeKindName(scope.kind), scope.name, scope.label,
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

} // namespace roof
