//===- driver/CensusComparison.cpp - Source beside executed counts --------===//
//
// The three formats show the same functions and precisions, chosen once by
// planComparison(); the numbers of a row come from compareCounts().
//
//===----------------------------------------------------------------------===//
#include "CensusComparison.h"

#include "Format.h"
#include "InputFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace roof {

namespace {

//===----------------------------------------------------------------------===//
// Pairing and counts
//===----------------------------------------------------------------------===//

// True when roof-census's `file` and the run's `module` (the source the
// module was compiled from) name the same file: the census writes the path
// it was given or found in compile_commands.json, the compiler the one on its
// command line, so one may be absolute and the other relative.
bool sameFile(const std::string &file, const std::string &module) {
  namespace fs = std::filesystem;
  fs::path a = fs::path(file).lexically_normal();
  fs::path b = fs::path(module).lexically_normal();
  if (a == b)
    return true;
  if (a.is_absolute() == b.is_absolute() || a.empty() || b.empty())
    return false;
  const fs::path &absolute = a.is_absolute() ? a : b;
  const fs::path &relative = a.is_absolute() ? b : a;
  return endsWith(absolute.string(), "/" + relative.string());
}

constexpr std::uint64_t saturatingMultiply(std::uint64_t a, std::uint64_t b) {
  return b != 0 && a > kSaturated / b ? kSaturated : a * b;
}

// numerator / denominator, absent when either is, when the denominator is
// 0 or when either saturated.
std::optional<double> ratio(std::optional<std::uint64_t> numerator,
                            std::optional<std::uint64_t> denominator) {
  if (!numerator || !denominator || *denominator == 0 ||
      isSaturated(*numerator) || isSaturated(*denominator))
    return std::nullopt;
  return static_cast<double>(*numerator) / static_cast<double>(*denominator);
}

} // namespace

FunctionPairing pairFunctions(const Census &run, const SourceCensus &source,
                              const PrecisionSelection &ranking) {
  std::map<std::string, std::vector<const FunctionRecord *>> runByName;
  for (const FunctionRecord &function : run.functions)
    runByName[function.name].push_back(&function);
  std::map<std::string, std::vector<const SourceFunction *>> sourceByName;
  for (const SourceFunction &function : source.functions)
    sourceByName[function.name].push_back(&function);

  std::map<const FunctionRecord *, const SourceFunction *> partners;
  for (const auto &[name, runs] : runByName) {
    auto found = sourceByName.find(name);
    if (found == sourceByName.end())
      continue;
    std::vector<const SourceFunction *> sources = found->second;
    if (runs.size() == 1 && sources.size() == 1) {
      partners[runs.front()] = sources.front();
      continue;
    }
    // Static functions of one name in several files: by file, then the one
    // left on each side, if that is all.
    std::vector<const FunctionRecord *> unpaired;
    for (const FunctionRecord *function : runs) {
      auto same = std::find_if(
          sources.begin(), sources.end(), [&](const SourceFunction *candidate) {
            return sameFile(candidate->file, function->module);
          });
      if (same == sources.end()) {
        unpaired.push_back(function);
        continue;
      }
      partners[function] = *same;
      sources.erase(same);
    }
    if (unpaired.size() == 1 && sources.size() == 1)
      partners[unpaired.front()] = sources.front();
  }

  FunctionPairing pairing;
  std::set<const SourceFunction *> paired;
  for (const FunctionRecord *function : rankFunctions(run, ranking)) {
    auto partner = partners.find(function);
    if (partner == partners.end()) {
      pairing.runOnly.push_back({function, nullptr});
      continue;
    }
    pairing.both.push_back({function, partner->second});
    paired.insert(partner->second);
  }
  for (const SourceFunction &function : source.functions) {
    if (paired.count(&function))
      continue;
    if (function.hasWork())
      pairing.censusOnly.push_back({nullptr, &function});
    else
      ++pairing.censusOnlyWithoutWork;
  }
  return pairing;
}

ComparedCounts compareCounts(const ComparedFunction &function,
                             RoofPrecision precision, int cls) {
  ComparedCounts counts;
  if (function.source) {
    const SourcePrecision &source =
        function.source->totals.precisions[precision];
    counts.perCall = cls < 0 ? &source.canonical : &source.classes[cls];
  }
  if (function.run) {
    const PrecisionCounts &run = function.run->counts.precisions[precision];
    const KindCounts &kinds = cls < 0 ? run.flops : run.classes[cls];
    counts.executed = kinds.canonical;
    counts.empirical = kinds.empirical;
    if (counts.perCall && counts.perCall->value)
      counts.source =
          saturatingMultiply(*counts.perCall->value, function.run->calls);
  }
  counts.executedPerSource = ratio(counts.executed, counts.source);
  counts.empiricalPerExecuted = ratio(counts.empirical, counts.executed);
  return counts;
}

namespace {

//===----------------------------------------------------------------------===//
// What a comparison shows
//===----------------------------------------------------------------------===//

enum class FoundIn { Both, Run, Census };

const char *foundInName(FoundIn in) {
  switch (in) {
  case FoundIn::Both:
    return "both";
  case FoundIn::Run:
    return "run";
  case FoundIn::Census:
    return "census";
  }
  return "";
}

struct ComparisonPlan {
  PrecisionSelection precisions;
  bool classes;
  FunctionPairing all; // before --top
  FunctionPairing shown;
};

ComparisonPlan planComparison(const Census &run, const SourceCensus &source,
                              const ReportOptions &options) {
  bool table = options.format == ReportFormat::Table;
  PrecisionSelection defaultSelection;
  if (!table)
    defaultSelection.mode = PrecisionSelection::Mode::All;
  ComparisonPlan plan{
      options.precisions.value_or(defaultSelection), options.classes, {}, {}};
  plan.all = pairFunctions(run, source, plan.precisions);
  plan.shown = plan.all;
  std::size_t top = options.top.value_or(table ? kTableTopFunctions : 0);
  if (top != 0)
    for (std::vector<ComparedFunction> *section :
         {&plan.shown.both, &plan.shown.runOnly, &plan.shown.censusOnly})
      if (section->size() > top)
        section->resize(top);
  return plan;
}

bool sourceHasCounts(const SourcePrecision &precision, bool includeOperations) {
  if (!precision.canonical.isZero())
    return true;
  return includeOperations &&
         std::any_of(
             precision.classes.begin(), precision.classes.end(),
             [](const SourceQuantity &count) { return !count.isZero(); });
}

// The precisions to show for `function`: by default those in which either
// file has FLOPs (or, with --classes, operations), in display order.
std::vector<RoofPrecision> shownPrecisions(const ComparedFunction &function,
                                           const ComparisonPlan &plan) {
  if (plan.precisions.mode == PrecisionSelection::Mode::One)
    return {plan.precisions.only};
  if (plan.precisions.mode == PrecisionSelection::Mode::All)
    return {kDisplayOrder.begin(), kDisplayOrder.end()};
  std::vector<RoofPrecision> inRun;
  if (function.run)
    inRun =
        selectPrecisions(function.run->counts, plan.precisions, plan.classes);
  std::vector<RoofPrecision> shown;
  for (RoofPrecision precision : kDisplayOrder)
    if (std::count(inRun.begin(), inRun.end(), precision) ||
        (function.source &&
         sourceHasCounts(function.source->totals.precisions[precision],
                         plan.classes)))
      shown.push_back(precision);
  return shown;
}

std::string joined(const std::vector<std::string> &words,
                   const char *separator) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i ? separator : "") + words[i];
  return text;
}

std::string displayName(const ComparedFunction &function) {
  if (function.run)
    return readableFunctionName(function.run->name, function.run->demangled);
  return readableFunctionName(function.source->name,
                              function.source->demangled);
}

//===----------------------------------------------------------------------===//
// Table
//===----------------------------------------------------------------------===//

const char *const kLegend =
    R"(source      canonical FLOPs as written, counted by roof-census for ONE
            call (docs/census.md), times the calls of the run; "unbound"
            while a name in its polynomial has no value (roof census
            --param NAME=N)
executed    canonical FLOPs of the code the optimizer left: 1 per element and
            operation, FMA = 2, counted at run time
empirical   FLOPs the target executes: divide and square-root sequences, math
            function bodies, mask-aware vector lanes
exe/src     executed / source: below 1 the optimizer removed work (common
            subexpressions, loop-invariant code); above 1 the function also
            runs callees inlined into it, which the census counts on their own
emp/exe     empirical / executed: the work the target adds
Counts have SI prefixes (k = 1e3, M = 1e6, G = 1e9, T = 1e12, P = 1e15,
E = 1e18); exact values with --json or --csv. "-" = undefined.
)";

// A count of one call: "2*n = 2.048 k", "12", "unbound: 2*n".
std::string perCallText(const SourceQuantity &quantity) {
  if (!quantity.value)
    return "unbound: " + quantity.polynomial;
  if (quantity.polynomial == std::to_string(*quantity.value))
    return humanCount(*quantity.value);
  return quantity.polynomial + " = " + humanCount(*quantity.value);
}

std::string countText(const std::optional<std::uint64_t> &count) {
  return count ? humanCount(*count) : kUndefinedText;
}

class ComparisonTable {
public:
  ComparisonTable(const Census &run, const SourceCensus &source,
                  const ComparisonPlan &plan)
      : run_(run), source_(source), plan_(plan) {
    using Align = TextTable::Align;
    table_.addColumn("precision", Align::Left);
    for (const char *header :
         {"source", "executed", "empirical", "exe/src", "emp/exe"})
      table_.addColumn(header, Align::Right);
  }

  void print(std::ostream &out, const std::string &runPath,
             const std::string &sourcePath) {
    printHeading(out, runPath, sourcePath);
    addPaired();
    addRunOnly();
    addCensusOnly();
    table_.print(out, "  ");
    if (run_.overflow)
      out << "\n!! WARNING: COUNTER OVERFLOW in " << runPath
          << ": counts shown as OVERFLOW are not real values.\n";
  }

private:
  void printHeading(std::ostream &out, const std::string &runPath,
                    const std::string &sourcePath) const {
    out << "roof report of " << runPath << " beside the source census "
        << sourcePath << "\n";
    std::string command = shellCommand(run_.commandLine);
    out << "command: " << (command.empty() ? run_.program : command) << "\n";
    std::vector<std::string> parameters;
    for (const auto &[name, value] : source_.parameters)
      parameters.push_back(name + " = " + value);
    out << "census: "
        << plural(source_.functions.size(), "function", "functions")
        << "; parameters: "
        << (parameters.empty() ? "none" : joined(parameters, ", ")) << "\n";
    if (!source_.failed.empty())
      out << "census: not counted, did not compile: "
          << joined(source_.failed, ", ") << "\n";
    out << "\n" << kLegend;
    if (plan_.classes)
      out << "Classes marked * are operations, not FLOPs: never summed into "
             "FLOPs.\n";
  }

  void addSectionTitle(const std::string &title) {
    table_.addText("\n" + title);
    table_.addHeader();
  }

  void addMore(std::size_t all, std::size_t shown) {
    if (shown < all)
      table_.addText("  ... " + std::to_string(all - shown) +
                     " more (--top 0 shows all)");
  }

  std::string rankedBy() const {
    std::string by = "by empirical ";
    if (plan_.precisions.mode == PrecisionSelection::Mode::One)
      by += std::string(kPrecisionNames[plan_.precisions.only]) + " ";
    return by + "FLOPs";
  }

  void addPaired() {
    const std::vector<ComparedFunction> &shown = plan_.shown.both;
    std::size_t all = plan_.all.both.size();
    if (all == 0) {
      table_.addText("\nFunctions in the run and the census: none (matched "
                     "by mangled name)");
      return;
    }
    addSectionTitle("Functions in the run and the census (" +
                    std::to_string(shown.size()) + " of " +
                    std::to_string(all) + ", " + rankedBy() +
                    "; source: one call x calls)");
    std::size_t rank = 0;
    for (const ComparedFunction &function : shown) {
      const SourceFunction &source = *function.source;
      table_.addText("  #" + std::to_string(++rank) + " " + title(function) +
                     "  [" + source.file + ":" + std::to_string(source.line) +
                     "]");
      table_.addText("     " + plural(function.run->calls, "call", "calls"));
      addCaveats(source);
      addRows(function);
    }
    addMore(all, shown.size());
  }

  void addRunOnly() {
    const std::vector<ComparedFunction> &shown = plan_.shown.runOnly;
    std::size_t all = plan_.all.runOnly.size();
    if (all == 0) {
      table_.addText("\nFunctions only in the run: none");
      return;
    }
    addSectionTitle("Functions only in the run (" +
                    std::to_string(shown.size()) + " of " +
                    std::to_string(all) + ", " + rankedBy() +
                    "; defined where the census did not look)");
    std::size_t rank = 0;
    for (const ComparedFunction &function : shown) {
      table_.addText("  #" + std::to_string(++rank) + " " + title(function) +
                     "  [" + function.run->module + "]");
      table_.addText("     " + plural(function.run->calls, "call", "calls"));
      addRows(function);
    }
    addMore(all, shown.size());
  }

  void addCensusOnly() {
    const std::vector<ComparedFunction> &shown = plan_.shown.censusOnly;
    std::size_t all = plan_.all.censusOnly.size();
    std::string without =
        plan_.all.censusOnlyWithoutWork == 0
            ? ""
            : "; " + std::to_string(plan_.all.censusOnlyWithoutWork) +
                  " without floating-point work not shown";
    if (all == 0) {
      table_.addText("\nFunctions only in the census: none" + without);
      return;
    }
    table_.addText("\nFunctions only in the census (" +
                   std::to_string(shown.size()) + " of " + std::to_string(all) +
                   ": never called, inlined into every caller, or built "
                   "without roof" +
                   without + ")");
    std::size_t rank = 0;
    for (const ComparedFunction &function : shown) {
      const SourceFunction &source = *function.source;
      table_.addText("  #" + std::to_string(++rank) + " " + title(function) +
                     "  [" + source.file + ":" + std::to_string(source.line) +
                     "]");
      addCaveats(source);
      std::vector<RoofPrecision> precisions = shownPrecisions(function, plan_);
      if (precisions.empty())
        table_.addText("     no floating-point operations");
      for (RoofPrecision precision : precisions) {
        const SourcePrecision &counts = source.totals.precisions[precision];
        table_.addText("     " + std::string(kPrecisionNames[precision]) +
                       " per call: " + perCallText(counts.canonical));
        if (!plan_.classes)
          continue;
        for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
          if (!counts.classes[cls].isZero())
            table_.addText("       " + className(cls) +
                           " per call: " + perCallText(counts.classes[cls]));
      }
    }
    addMore(all, shown.size());
  }

  static std::string title(const ComparedFunction &function) {
    constexpr std::size_t kNameWidth = 100;
    return shortenName(displayName(function), kNameWidth);
  }

  static std::string className(int cls) {
    return std::string(kClassNames[cls]) + (isFlopClass(cls) ? "" : "*");
  }

  void addCaveats(const SourceFunction &source) {
    for (const std::string &caveat : source.caveats)
      table_.addText("     source not exact: " + caveat);
  }

  static std::string sourceCell(const ComparedCounts &counts) {
    if (counts.perCall && !counts.perCall->value)
      return "unbound";
    return countText(counts.source);
  }

  void addRow(const std::string &name, const ComparedCounts &counts) {
    table_.addRow({name, sourceCell(counts), countText(counts.executed),
                   countText(counts.empirical),
                   orUndefined(counts.executedPerSource),
                   orUndefined(counts.empiricalPerExecuted)});
  }

  void addRows(const ComparedFunction &function) {
    std::vector<RoofPrecision> precisions = shownPrecisions(function, plan_);
    if (precisions.empty())
      table_.addText("  no floating-point operations");
    for (RoofPrecision precision : precisions) {
      ComparedCounts counts = compareCounts(function, precision);
      addRow(kPrecisionNames[precision], counts);
      if (counts.perCall && !counts.perCall->value)
        addUnbound(*function.source, *counts.perCall);
      if (!plan_.classes)
        continue;
      for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls) {
        ComparedCounts classCounts = compareCounts(function, precision, cls);
        bool any =
            (classCounts.perCall && !classCounts.perCall->isZero()) ||
            anyCount(function.run->counts.precisions[precision].classes[cls]);
        if (any)
          addRow("  " + className(cls), classCounts);
      }
    }
  }

  void addUnbound(const SourceFunction &source, const SourceQuantity &perCall) {
    std::vector<std::string> names = source.unboundNames();
    table_.addText(
        "     source unbound: " + perCall.polynomial + " per call" +
        (names.empty() ? "" : " (no value: " + joined(names, ", ") + ")"));
  }

  const Census &run_;
  const SourceCensus &source_;
  const ComparisonPlan &plan_;
  TextTable table_;
};

//===----------------------------------------------------------------------===//
// JSON and CSV: the same columns
//===----------------------------------------------------------------------===//

using OrderedJson = nlohmann::ordered_json;

template <typename Value>
OrderedJson orNull(const std::optional<Value> &value) {
  return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

// The columns of one function, before its precisions.
struct FunctionColumns {
  FoundIn in;
  const ComparedFunction *function;
};

OrderedJson functionJson(const FunctionColumns &columns,
                         const ComparisonPlan &plan) {
  const ComparedFunction &function = *columns.function;
  const FunctionRecord *run = function.run;
  const SourceFunction *source = function.source;
  OrderedJson json;
  json["in"] = foundInName(columns.in);
  json["name"] = run ? run->name : source->name;
  json["demangled"] = displayName(function);
  json["module"] = run ? OrderedJson(run->module) : OrderedJson(nullptr);
  json["file"] = source ? OrderedJson(source->file) : OrderedJson(nullptr);
  json["line"] = source ? OrderedJson(source->line) : OrderedJson(nullptr);
  json["calls"] = run ? OrderedJson(run->calls) : OrderedJson(nullptr);
  json["exact"] = source ? OrderedJson(source->exact) : OrderedJson(nullptr);
  json["caveats"] = source ? source->caveats : std::vector<std::string>();

  auto countsJson = [](const ComparedCounts &counts, bool withPolynomial) {
    OrderedJson entry;
    if (withPolynomial)
      entry["source_polynomial"] = counts.perCall
                                       ? OrderedJson(counts.perCall->polynomial)
                                       : OrderedJson(nullptr);
    entry["source_per_call"] =
        counts.perCall ? orNull(counts.perCall->value) : OrderedJson(nullptr);
    entry["source_canonical"] = orNull(counts.source);
    entry["executed_canonical"] = orNull(counts.executed);
    entry["empirical"] = orNull(counts.empirical);
    return entry;
  };
  OrderedJson precisions = OrderedJson::object();
  for (RoofPrecision precision : shownPrecisions(function, plan)) {
    ComparedCounts counts = compareCounts(function, precision);
    OrderedJson entry = countsJson(counts, true);
    entry["executed_per_source"] = orNull(counts.executedPerSource);
    entry["empirical_per_executed"] = orNull(counts.empiricalPerExecuted);
    if (plan.classes) {
      OrderedJson classes = OrderedJson::object();
      for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
        classes[kClassNames[cls]] =
            countsJson(compareCounts(function, precision, cls), false);
      entry["classes"] = std::move(classes);
    }
    precisions[kPrecisionNames[precision]] = std::move(entry);
  }
  json["precisions"] = std::move(precisions);
  return json;
}

// Every listed function with its section, in the order of the table.
std::vector<FunctionColumns> listedFunctions(const ComparisonPlan &plan) {
  std::vector<FunctionColumns> listed;
  for (const ComparedFunction &function : plan.shown.both)
    listed.push_back({FoundIn::Both, &function});
  for (const ComparedFunction &function : plan.shown.runOnly)
    listed.push_back({FoundIn::Run, &function});
  for (const ComparedFunction &function : plan.shown.censusOnly)
    listed.push_back({FoundIn::Census, &function});
  return listed;
}

void printJson(std::ostream &out, const Census &run, const std::string &runPath,
               const SourceCensus &source, const std::string &sourcePath,
               const ComparisonPlan &plan) {
  OrderedJson report;
  report["schema"] = "roof-census-comparison";
  report["schema_version"] = 1;
  report["census"] = runPath;
  report["source_census"] = sourcePath;
  report["program"] = run.program;
  report["command_line"] = run.commandLine;
  report["overflow"] = run.overflow;
  OrderedJson parameters = OrderedJson::object();
  for (const auto &[name, value] : source.parameters)
    parameters[name] = OrderedJson::parse(value);
  report["parameters"] = std::move(parameters);
  report["failed"] = source.failed;

  OrderedJson functions = OrderedJson::array();
  for (const FunctionColumns &columns : listedFunctions(plan))
    functions.push_back(functionJson(columns, plan));
  report["functions"] = std::move(functions);
  report["functions_total"] = {{"both", plan.all.both.size()},
                               {"run", plan.all.runOnly.size()},
                               {"census", plan.all.censusOnly.size()}};
  report["census_without_work"] = plan.all.censusOnlyWithoutWork;
  out << report.dump(2) << "\n";
}

// A JSON scalar as a CSV field: strings as they are, null as nothing.
std::string csvText(const OrderedJson &value) {
  if (value.is_null())
    return "";
  if (value.is_string())
    return value.get<std::string>();
  if (value.is_number_float())
    return exactDecimal(value.get<double>());
  return value.dump();
}

// The CSV is the JSON flattened: a row per (function, precision), the
// function's columns repeated, so that both carry the same values.
void printCsv(std::ostream &out, const ComparisonPlan &plan) {
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
  if (plan.classes)
    for (const char *cls : kClassNames)
      for (const std::string &key : classKeys)
        header.push_back(std::string(cls) + "_" + key);
  printCsvRow(out, header);

  for (const FunctionColumns &columns : listedFunctions(plan)) {
    const OrderedJson function = functionJson(columns, plan);
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
      if (plan.classes)
        for (const char *cls : kClassNames)
          for (const std::string &key : classKeys)
            fields.push_back(csvText(entry.at("classes").at(cls).at(key)));
      printCsvRow(out, fields);
    }
  }
}

} // namespace

void printCensusComparison(std::ostream &out, const Census &run,
                           const std::string &runPath,
                           const SourceCensus &source,
                           const std::string &sourcePath,
                           const ReportOptions &options) {
  ComparisonPlan plan = planComparison(run, source, options);
  switch (options.format) {
  case ReportFormat::Table:
    ComparisonTable(run, source, plan).print(out, runPath, sourcePath);
    break;
  case ReportFormat::Json:
    printJson(out, run, runPath, source, sourcePath, plan);
    break;
  case ReportFormat::Csv:
    printCsv(out, plan);
    break;
  }
}

} // namespace roof
