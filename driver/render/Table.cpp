//===- driver/render/Table.cpp - Reports as text tables -------------------===//
#include "Table.h"

#include <algorithm>
#include <ostream>
#include <set>

namespace roof {

//===----------------------------------------------------------------------===//
// TextTable
//===----------------------------------------------------------------------===//

void TextTable::addColumn(std::string header, Align align) {
  headers_.push_back(std::move(header));
  aligns_.push_back(align);
}

void TextTable::addHeader() { lines_.push_back({Line::Kind::Header, {}, {}}); }

void TextTable::addRow(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  lines_.push_back({Line::Kind::Row, std::move(cells), {}});
}

void TextTable::addText(std::string line) {
  lines_.push_back({Line::Kind::Text, {}, std::move(line)});
}

void TextTable::printCells(std::ostream &out, std::string_view indent,
                           const std::vector<std::string> &cells,
                           const std::vector<std::size_t> &widths) const {
  std::string line(indent);
  for (std::size_t column = 0; column < cells.size(); ++column) {
    if (column > 0)
      line += "  ";
    std::string padding(widths[column] - cells[column].size(), ' ');
    if (aligns_[column] == Align::Right)
      line += padding + cells[column];
    else
      line += cells[column] + padding;
  }
  line.erase(line.find_last_not_of(' ') + 1);
  out << line << '\n';
}

void TextTable::print(std::ostream &out, std::string_view indent) const {
  std::vector<std::size_t> widths;
  for (const std::string &header : headers_)
    widths.push_back(header.size());
  for (const Line &line : lines_)
    for (std::size_t column = 0; column < line.cells.size(); ++column)
      widths[column] = std::max(widths[column], line.cells[column].size());

  for (const Line &line : lines_) {
    switch (line.kind) {
    case Line::Kind::Header:
      printCells(out, indent, headers_, widths);
      break;
    case Line::Kind::Row:
      printCells(out, indent, line.cells, widths);
      break;
    case Line::Kind::Text:
      out << line.text << '\n';
      break;
    }
  }
}

namespace {

// A blank line, the title of a section and its header row.
void addSectionTitle(TextTable &table, const std::string &title) {
  table.addText("\n" + title);
  table.addHeader();
}

// "  ... 3 more (--top 0 shows all)" when --top left some out.
void addMoreText(TextTable &table, std::size_t shown, std::size_t total) {
  if (shown < total)
    table.addText("  ... " + std::to_string(total - shown) +
                  " more (--top 0 shows all)");
}

// Where a function is defined: "module:line", or the module alone when the
// census has no line (built without debug information).
std::string definitionText(const FunctionRecord &function) {
  if (function.line == 0)
    return function.module;
  return function.module + ":" + std::to_string(function.line);
}

// "by empirical fp64 FLOPs" or "by empirical FLOPs".
std::string rankingText(const PrecisionSelection &precisions) {
  std::string by = "by empirical ";
  if (precisions.mode == PrecisionSelection::Mode::One)
    by += std::string(kPrecisionNames[precisions.only]) + " ";
  return by + "FLOPs";
}

//===----------------------------------------------------------------------===//
// roof report
//===----------------------------------------------------------------------===//

const char *const kLegend =
    R"(canonical   FLOPs as in the source: 1 per element and operation, FMA = 2
empirical   FLOPs the target executes, mask-aware: a divide, square root or math
            function counts the FLOPs of the instructions it is lowered to
full-width  FLOPs of the executed vector instructions at their full width
emp/can     empirical / canonical
AI can/emp  arithmetic intensity, FLOPs per byte loaded or stored by the
            instrumented code (L1)
GFLOP/s     FLOPs / time / 1e9, canonical and empirical
backend     per function, empirical minus canonical FLOPs of each class: what
            the code generator made of the IR's operations (fused, merged,
            hoisted, expanded, library calls)
Counts have SI prefixes (k = 1e3, M = 1e6, G = 1e9, T = 1e12, P = 1e15,
E = 1e18); exact values with --json or --csv. "-" = undefined.
)";

const char *const kKernelLegend =
    R"(Kernels     counted per thread that executed an instruction (predicated-off
            threads add nothing), like Nsight Compute's _pred_on.sum metrics;
            AI over the bytes of all address spaces, global memory's shown
            apart; time from CUDA events. Never part of the program's counts.
)";

const char *const kRanksLegend =
    R"(ranks       merged censuses: each scope's time is the slowest rank's, its counts
            the sum over the ranks; per rank the minimum, mean and maximum of
            time and empirical GFLOP/s, and the imbalance max/mean - 1 (0% =
            balanced) of time, FLOPs and GFLOP/s
)";

class ReportTable {
public:
  explicit ReportTable(const ReportData &report)
      : census_(*report.census), report_(report) {
    using Align = TextTable::Align;
    table_.addColumn("precision", Align::Left);
    for (const char *header :
         {"canonical", "empirical", "emp/can", "full-width", "AI can", "AI emp",
          "GFLOP/s can", "GFLOP/s emp"})
      table_.addColumn(header, Align::Right);
  }

  void print(std::ostream &out, const std::string &censusPath) {
    printHeading(out, censusPath);
    addSections();
    table_.print(out, "  ");
    printFooter(out);
  }

private:
  void printHeading(std::ostream &out, const std::string &censusPath) const {
    out << "roof report of " << censusPath << "\n";
    std::string command = shellCommand(census_.commandLine);
    out << "command: " << (command.empty() ? census_.program : command) << "\n";
    if (const std::optional<MergedRanks> &ranks = census_.ranks) {
      out << "merged from " << plural(ranks->count, "census", "censuses");
      if (!ranks->mpiRanks.empty())
        out << " (MPI ranks " << rankRangesText(ranks->mpiRanks) << ")";
      out << ", first started " << census_.startTime << ", wall time "
          << humanSeconds(census_.wallTimeS) << " (slowest rank)";
    } else {
      out << "pid " << census_.pid;
      if (census_.mpiRank)
        out << ", MPI rank " << *census_.mpiRank;
      out << ", started " << census_.startTime << ", wall time "
          << humanSeconds(census_.wallTimeS);
    }
    if (census_.endedBy && *census_.endedBy != "exit")
      out << ", ended by " << *census_.endedBy;
    if (census_.ranks && !census_.endedBy) {
      std::string endings;
      for (const auto &[ending, count] : census_.ranks->endedBy)
        endings += (endings.empty() ? "" : ", ") + std::to_string(count) +
                   " by " + ending;
      out << ", ended " << endings;
    }
    out << "\n\n" << kLegend;
    if (census_.ranks)
      out << kRanksLegend;
    if (!census_.kernels.empty())
      out << kKernelLegend;
    if (report_.selection.classes)
      out << "Classes marked * are operations, not FLOPs: never summed into "
             "FLOPs.\n";
  }

  void addSections() {
    addSectionTitle(table_, "Program (time: wall time of the run)");
    addScope(report_.totals, 0);

    if (report_.regions.empty()) {
      table_.addText("\nRegions: none (roof_region_begin/end in roof.h)");
    } else {
      addSectionTitle(table_,
                      "Regions (in order of first entry; time: wall time "
                      "inside, summed over entries)");
      for (const ReportScope &region : report_.regions)
        addScope(region, 0);
    }

    addFunctionSection();
    if (report_.kernelTotalCount != 0)
      addKernelSection();
  }

  void addFunctionSection() {
    if (report_.functionTotalCount == 0) {
      table_.addText("\nFunctions: no instrumented function ran");
      return;
    }
    std::size_t shown = report_.functions.size();
    addSectionTitle(table_, "Functions (" + std::to_string(shown) + " of " +
                                std::to_string(report_.functionTotalCount) +
                                ", " +
                                rankingText(report_.selection.precisions) +
                                "; time: inclusive wall time, longest thread)");
    std::size_t rank = 0;
    for (const ReportScope &function : report_.functions)
      addScope(function, ++rank);
    addMoreText(table_, shown, report_.functionTotalCount);
  }

  void addKernelSection() {
    std::string device = "no launch counted";
    if (const std::optional<GpuInfo> &gpu = census_.gpu)
      device = gpu->name + ", compute capability " + gpu->computeCapability;
    std::size_t shown = report_.kernels.size();
    addSectionTitle(table_,
                    "GPU kernels (device: " + device + "; " +
                        std::to_string(shown) + " of " +
                        std::to_string(report_.kernelTotalCount) + ", " +
                        rankingText(report_.selection.precisions) +
                        "; time: CUDA events over the counted launches)");
    std::size_t rank = 0;
    for (const ReportScope &kernel : report_.kernels) {
      addScope(kernel, ++rank);
      if (report_.selection.launches)
        addLaunches(kernel);
    }
    addMoreText(table_, shown, report_.kernelTotalCount);
  }

  void addLaunches(const ReportScope &scope) {
    const KernelRecord &kernel = *scope.kernel;
    const std::vector<LaunchRecord> &records = kernel.launchRecords;
    for (std::size_t i = 0; i < scope.launches.size(); ++i)
      addScope(scope.launches[i], i + 1);
    if (!kernel.timeS)
      table_.addText("     no launch records (ROOF_CUDA=total)");
    else if (records.size() < kernel.countedLaunches)
      table_.addText("     " +
                     plural(kernel.countedLaunches - records.size(),
                            "counted launch", "counted launches") +
                     " without a record (ROOF_CUDA_MAX_RECORDS)");
  }

  static std::string bytesText(const ReportScope &scope) {
    const Counts &counts = *scope.counts;
    std::string total;
    if (isSaturated(counts.bytesLoaded) || isSaturated(counts.bytesStored))
      total = kOverflowText;
    else if (scope.bytes)
      total = humanCount(*scope.bytes, "B");
    else
      total = humanQuantity(static_cast<double>(counts.bytesLoaded) +
                                static_cast<double>(counts.bytesStored),
                            "B");
    return "bytes " + total + " (" + humanCount(counts.bytesLoaded, "B") +
           " loaded, " + humanCount(counts.bytesStored, "B") + " stored)";
  }

  static std::string timeText(const ReportScope &scope) {
    if (!scope.timeS)
      return !scope.kernel ? "not timed"
             : scope.kernel->countedLaunches == 0
                 ? "no launch counted"
                 : "not timed (ROOF_CUDA=total)";
    std::string text = "time " + humanSeconds(*scope.timeS);
    if (scope.function && scope.function->threadTimeS &&
        *scope.function->threadTimeS != *scope.timeS)
      text += " (" + humanSeconds(*scope.function->threadTimeS) +
              " summed over threads)";
    return text;
  }

  // ", global 24.000 MB": the part of device code's bytes in global memory.
  static std::string globalBytesText(const ReportScope &scope) {
    if (!scope.bytesBySpace)
      return "";
    return ", global " + (scope.globalBytes
                              ? humanCount(*scope.globalBytes, "B")
                              : kOverflowText);
  }

  static std::string launchesText(const KernelRecord &kernel) {
    std::string text = plural(kernel.launches, "launch", "launches");
    if (kernel.countedLaunches != kernel.launches)
      text += " (" + std::to_string(kernel.countedLaunches) + " counted)";
    return text;
  }

  // The line(s) that name a scope and give its bytes and time.
  void addScopeTitle(const ReportScope &scope, std::size_t rank) {
    constexpr std::size_t kNameWidth = 100;
    std::string facts =
        bytesText(scope) + globalBytesText(scope) + ", " + timeText(scope);
    switch (scope.kind) {
    case ReportScope::Kind::Program:
      // Kernels are never in the program's counts (docs/schema.md).
      table_.addText(std::string(census_.kernels.empty()
                                     ? "  all code: "
                                     : "  all host code: ") +
                     facts);
      break;
    case ReportScope::Kind::Region:
      table_.addText("  \"" + shortenName(scope.name, kNameWidth) + "\": " +
                     plural(scope.region->entries, "entry", "entries") + ", " +
                     facts);
      break;
    case ReportScope::Kind::Function: {
      const FunctionRecord &function = *scope.function;
      std::string name = shortenName(scope.demangled, kNameWidth);
      table_.addText("  #" + std::to_string(rank) + " " + name + "  [" +
                     definitionText(function) + "]");
      table_.addText("     " + plural(function.calls, "call", "calls") + ", " +
                     facts);
      break;
    }
    case ReportScope::Kind::Kernel: {
      const KernelRecord &kernel = *scope.kernel;
      std::string name = shortenName(scope.demangled, kNameWidth);
      table_.addText("  #" + std::to_string(rank) + " " + name + "  [" +
                     kernel.module + "]");
      table_.addText("     " + launchesText(kernel) + ", " + facts);
      break;
    }
    case ReportScope::Kind::Launch: {
      const LaunchRecord &launch = *scope.launch;
      table_.addText(
          "     launch " + std::to_string(rank) + " of " +
          std::to_string(scope.kernel->countedLaunches) + ": sequence " +
          std::to_string(launch.sequence) + ", grid " + dim3Text(launch.grid) +
          ", block " + dim3Text(launch.block) + ", " +
          humanCount(launch.sharedMemoryBytes, "B") + " shared, stream " +
          std::to_string(launch.stream) + ", " + facts);
      break;
    }
    }
  }

  // What the code generator did to a function's FP work: per precision
  // and FLOP class, the empirical count (the machine code) against the
  // canonical one (the IR), e.g. "backend vs the IR: fp64 mul -297,600".
  void addBackendLine(const ReportScope &scope) {
    std::string changes;
    for (const PrecisionRow &row : scope.precisions)
      for (int cls = 0; cls < ROOF_NUM_FLOP_CLASSES; ++cls) {
        RoofPrecision precision = row.precision;
        const KindCounts &counts = row.counts->classes[cls];
        if (counts.empirical == counts.canonical ||
            isSaturated(counts.empirical) || isSaturated(counts.canonical))
          continue;
        changes += std::string(changes.empty() ? "" : ", ") +
                   kPrecisionNames[precision] + " " + kClassNames[cls] + " " +
                   signedDifference(counts.empirical, counts.canonical);
      }
    if (!changes.empty())
      table_.addText("     backend vs the IR: " + changes);
  }

  static std::string statText(const RankStat &stat,
                              std::string (*format)(double)) {
    return "min " + format(stat.min) + ", mean " + format(stat.mean) +
           ", max " + format(stat.max) + ", imbalance " +
           orUndefined(imbalance(stat), percentText);
  }

  // How the ranks of a merged census differed in the scope.
  void addRankLines(const RankStats &stats) {
    std::uint64_t all = census_.ranks->count;
    table_.addText(
        "     ranks: " +
        (stats.ranks == all
             ? "all " + std::to_string(all)
             : std::to_string(stats.ranks) + " of " + std::to_string(all)) +
        "; time " +
        (stats.timeS ? statText(*stats.timeS, humanSeconds) : "not timed") +
        "; FLOPs imbalance " +
        orUndefined(imbalance(stats.flops), percentText));
    // Rates of 0 say nothing about a scope without FLOPs.
    const std::optional<RankStat> &gflops = stats.gflops;
    if (gflops && stats.flops.max > 0)
      table_.addText("     GFLOP/s of " +
                     plural(gflops->ranks, "rank", "ranks") + ": " +
                     statText(*gflops, decimal));
  }

  void addScope(const ReportScope &scope, std::size_t rank) {
    addScopeTitle(scope, rank);
    if (scope.rankStats)
      addRankLines(*scope.rankStats);
    if (scope.kind == ReportScope::Kind::Function)
      addBackendLine(scope);
    if (scope.precisions.empty())
      table_.addText("  no floating-point operations");
    for (const PrecisionRow &row : scope.precisions) {
      const PrecisionCounts &counts = *row.counts;
      const DerivedMetrics &metrics = row.metrics;
      table_.addRow(
          {kPrecisionNames[row.precision], humanCount(counts.flops.canonical),
           humanCount(counts.flops.empirical),
           orUndefined(metrics.empiricalPerCanonical),
           humanCount(counts.flops.fullWidth), orUndefined(metrics.aiCanonical),
           orUndefined(metrics.aiEmpirical),
           orUndefined(metrics.gflopsCanonical),
           orUndefined(metrics.gflopsEmpirical)});
      if (report_.selection.classes)
        addClassRows(row);
    }
  }

  void addClassRows(const PrecisionRow &row) {
    for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls) {
      const KindCounts &classCounts = row.counts->classes[cls];
      if (!anyCount(classCounts))
        continue;
      std::string name =
          std::string("  ") + kClassNames[cls] + (isFlopClass(cls) ? "" : "*");
      const DerivedMetrics &metrics = row.classMetrics[cls];
      table_.addRow({name, humanCount(classCounts.canonical),
                     humanCount(classCounts.empirical),
                     orUndefined(metrics.empiricalPerCanonical),
                     humanCount(classCounts.fullWidth)});
    }
  }

  void printFooter(std::ostream &out) const {
    const TargetInfo &target = census_.target;
    out << "\ntarget " << (target.triple.empty() ? "unknown" : target.triple)
        << ", cpu " << (target.cpu.empty() ? "unknown" : target.cpu) << "; "
        << plural(census_.threads.size(), "thread", "threads") << "; "
        << plural(census_.modules.size(), "module", "modules")
        << "; overflow: " << (census_.overflow ? "YES" : "none") << "\n";
    if (census_.overflow)
      out << "\n"
             "!! WARNING: COUNTER OVERFLOW. At least one sum exceeded 2^64-1 "
             "and was saturated.\n"
             "!! Counts shown as OVERFLOW are not real values; derived "
             "metrics that need them\n"
             "!! are left undefined.\n";
  }

  const Census &census_;
  const ReportData &report_;
  TextTable table_;
};

//===----------------------------------------------------------------------===//
// roof report --static
//===----------------------------------------------------------------------===//

const char *const kComparisonLegend =
    R"(source      canonical FLOPs as written, counted by roof-static for ONE
            call (docs/static.md), times the calls of the run; "unbound"
            while a name in its polynomial has no value (roof static
            --param NAME=N)
executed    canonical FLOPs of the code the optimizer left: 1 per element and
            operation, FMA = 2, counted at run time
empirical   FLOPs the target executes: divide and square-root sequences, math
            function bodies, mask-aware vector lanes
exe/src     executed / source: below 1 the optimizer removed work (common
            subexpressions, loop-invariant code); above 1 the function also
            runs callees inlined into it, which roof static counts on their own
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
  explicit ComparisonTable(const ComparisonData &data)
      : run_(*data.run), source_(*data.source), data_(data) {
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
    addStaticOnly();
    table_.print(out, "  ");
    if (run_.overflow)
      out << "\n!! WARNING: COUNTER OVERFLOW in " << runPath
          << ": counts shown as OVERFLOW are not real values.\n";
  }

private:
  void printHeading(std::ostream &out, const std::string &runPath,
                    const std::string &sourcePath) const {
    out << "roof report of " << runPath << " beside the static counts "
        << sourcePath << "\n";
    std::string command = shellCommand(run_.commandLine);
    out << "command: " << (command.empty() ? run_.program : command) << "\n";
    std::vector<std::string> parameters;
    for (const auto &[name, value] : source_.parameters)
      parameters.push_back(name + " = " + value);
    out << "static: "
        << plural(source_.functions.size(), "function", "functions")
        << "; parameters: "
        << (parameters.empty() ? "none" : joined(parameters, ", ")) << "\n";
    if (!source_.failed.empty())
      out << "static: not counted, did not compile: "
          << joined(source_.failed, ", ") << "\n";
    out << "\n" << kComparisonLegend;
    if (data_.selection.classes)
      out << "Classes marked * are operations, not FLOPs: never summed into "
             "FLOPs.\n";
  }

  void addPaired() {
    const std::vector<ListedFunction> &shown = data_.both;
    std::size_t all = data_.bothTotal;
    if (all == 0) {
      table_.addText(
          "\nFunctions in the run and the static counts: none (matched "
          "by mangled name)");
      return;
    }
    addSectionTitle(table_, "Functions in the run and the static counts (" +
                                std::to_string(shown.size()) + " of " +
                                std::to_string(all) + ", " +
                                rankingText(data_.selection.precisions) +
                                "; source: one call x calls)");
    std::size_t rank = 0;
    for (const ListedFunction &listed : shown) {
      const ComparedFunction &function = listed.function;
      const SourceFunction &source = *function.source;
      table_.addText("  #" + std::to_string(++rank) + " " + title(listed) +
                     "  [" + source.file + ":" + std::to_string(source.line) +
                     "]");
      table_.addText("     " + plural(function.run->calls, "call", "calls"));
      addCaveats(source);
      addRows(listed);
    }
    addMoreText(table_, shown.size(), all);
  }

  void addRunOnly() {
    const std::vector<ListedFunction> &shown = data_.runOnly;
    std::size_t all = data_.runOnlyTotal;
    if (all == 0) {
      table_.addText("\nFunctions only in the run: none");
      return;
    }
    addSectionTitle(table_, "Functions only in the run (" +
                                std::to_string(shown.size()) + " of " +
                                std::to_string(all) + ", " +
                                rankingText(data_.selection.precisions) +
                                "; defined where roof static did not look)");
    std::size_t rank = 0;
    for (const ListedFunction &listed : shown) {
      const FunctionRecord &run = *listed.function.run;
      table_.addText("  #" + std::to_string(++rank) + " " + title(listed) +
                     "  [" + definitionText(run) + "]");
      table_.addText("     " + plural(run.calls, "call", "calls"));
      addRows(listed);
    }
    addMoreText(table_, shown.size(), all);
  }

  void addStaticOnly() {
    const std::vector<ListedFunction> &shown = data_.staticOnly;
    std::size_t all = data_.staticOnlyTotal;
    std::string without =
        data_.staticOnlyWithoutWork == 0
            ? ""
            : "; " + std::to_string(data_.staticOnlyWithoutWork) +
                  " without floating-point work not shown";
    if (all == 0) {
      table_.addText("\nFunctions only in the static counts: none" + without);
      return;
    }
    table_.addText("\nFunctions only in the static counts (" +
                   std::to_string(shown.size()) + " of " + std::to_string(all) +
                   ": never called, inlined into every caller, or built "
                   "without roof" +
                   without + ")");
    std::size_t rank = 0;
    for (const ListedFunction &listed : shown) {
      const SourceFunction &source = *listed.function.source;
      table_.addText("  #" + std::to_string(++rank) + " " + title(listed) +
                     "  [" + source.file + ":" + std::to_string(source.line) +
                     "]");
      addCaveats(source);
      if (listed.rows.empty())
        table_.addText("     no floating-point operations");
      for (const ComparedRow &row : listed.rows) {
        table_.addText("     " + std::string(kPrecisionNames[row.precision]) +
                       " per call: " + perCallText(*row.counts.perCall));
        if (!data_.selection.classes)
          continue;
        for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
          if (!row.classes[cls].perCall->isZero())
            table_.addText("       " + className(cls) + " per call: " +
                           perCallText(*row.classes[cls].perCall));
      }
    }
    addMoreText(table_, shown.size(), all);
  }

  static std::string title(const ListedFunction &listed) {
    constexpr std::size_t kNameWidth = 100;
    return shortenName(listed.demangled, kNameWidth);
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

  void addRows(const ListedFunction &listed) {
    const ComparedFunction &function = listed.function;
    if (listed.rows.empty())
      table_.addText("  no floating-point operations");
    for (const ComparedRow &row : listed.rows) {
      const ComparedCounts &counts = row.counts;
      addRow(kPrecisionNames[row.precision], counts);
      if (counts.perCall && !counts.perCall->value)
        addUnbound(*function.source, *counts.perCall);
      if (!data_.selection.classes)
        continue;
      for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls) {
        const ComparedCounts &classCounts = row.classes[cls];
        bool any =
            (classCounts.perCall && !classCounts.perCall->isZero()) ||
            anyCount(
                function.run->counts.precisions[row.precision].classes[cls]);
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
  const StaticCounts &source_;
  const ComparisonData &data_;
  TextTable table_;
};

//===----------------------------------------------------------------------===//
// roof report --ceilings
//===----------------------------------------------------------------------===//

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

const char *const kRooflineLegend =
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

const char *const kRooflineKernelLegend =
    R"(Kernels: L1 bytes are those the kernel loads and stores in all address
         spaces (roof's count); time from CUDA events.
)";

class RooflineTable {
public:
  explicit RooflineTable(const RooflineData &data)
      : input_(*data.input), data_(data) {
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
    printHeading(out);
    for (const PlacedScope &scope : data_.scopes)
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
    out << "\n" << kRooflineLegend;
    if (input_.device)
      out << kRooflineKernelLegend;
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
    if (!input_.host && data_.hostFlops)
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
    for (const ScopeRoofline &roofline : placed.rooflines)
      addPrecision(roofline);
    if (placed.rooflines.empty())
      table_.addText("  no FLOPs: not on the roofline");
  }

  void addPrecision(const ScopeRoofline &roofline) {
    std::string name = kPrecisionNames[roofline.precision];
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
  const RooflineData &data_;
  TextTable table_;
  bool aboveRoof_ = false;
  std::set<std::string> unplacedLevels_; // levels below L1 without bandwidth
};

} // namespace

void printReportTable(std::ostream &out, const ReportData &report,
                      const std::string &censusPath) {
  ReportTable(report).print(out, censusPath);
}

void printStaticComparisonTable(std::ostream &out, const ComparisonData &data,
                                const std::string &runPath,
                                const std::string &sourcePath) {
  ComparisonTable(data).print(out, runPath, sourcePath);
}

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

void printRooflineTable(std::ostream &out, const RooflineData &data) {
  RooflineTable(data).print(out);
}

//===----------------------------------------------------------------------===//
// roof compare
//===----------------------------------------------------------------------===//

namespace {

std::string integerText(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.0f", value);
  return buffer;
}

std::string differenceText(const std::optional<double> &fraction) {
  if (!fraction)
    return "(tool 0)";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%+.2f%%", *fraction * 100);
  return buffer;
}

// `informationHeader` names the column of ToolRow::information, when used.
void printRows(std::ostream &out, const std::vector<ToolRow> &rows,
               const std::string &roofHeader, const std::string &toolHeader,
               const std::string &informationHeader = "",
               const std::string &indent = "  ") {
  TextTable table;
  table.addColumn("quantity", TextTable::Align::Left);
  table.addColumn(roofHeader, TextTable::Align::Right);
  table.addColumn(toolHeader, TextTable::Align::Right);
  table.addColumn("difference", TextTable::Align::Right);
  if (!informationHeader.empty())
    table.addColumn(informationHeader, TextTable::Align::Right);
  table.addHeader();
  for (const ToolRow &row : rows) {
    std::vector<std::string> cells = {row.quantity, integerText(row.roof),
                                      (row.toolApproximate ? "~" : "") +
                                          integerText(row.tool),
                                      differenceText(row.difference)};
    if (!informationHeader.empty())
      cells.push_back(row.information ? integerText(*row.information) : "");
    table.addRow(cells);
  }
  out << "\n";
  table.print(out, indent);
}

} // namespace

void printSdeComparison(std::ostream &out, const SdeComparison &sde,
                        const std::string &sdePath,
                        const std::optional<std::string> &sdeMaskPath) {
  const char *roofKind = sde.maskAware ? "empirical" : "full_width";

  out << "roof compare of " << sde.scope.title << " with Intel SDE (" << sdePath
      << (sdeMaskPath ? " + " + *sdeMaskPath : "") << ")\n";
  if (sde.maskAware)
    out << "SDE:  sum W x (elements_fp_W + FMA forms of width W), FMA "
           "= 2, less the lanes write\n"
           "      masks switched off (mask profile: "
        << sde.maskedInstructions
        << (sde.maskedInstructions == 1 ? " write-masked FP instruction"
                                        : " write-masked FP "
                                          "instructions")
        << "): mask-aware\n"
           "roof: empirical FLOPs, the same definition\n";
  else
    out << "SDE:  sum W x (elements_fp_W + FMA forms of width W) (NERSC "
           "formula), FMA = 2, every\n"
           "      instruction at its full vector width, write masks "
           "ignored (no --sde-mask)\n"
           "roof: full_width FLOPs, the same definition\n";
  out << "SDE counts FP elements: compares and min/max are in its "
         "elements_fp counts, not in\n"
         "roof's FLOPs; the rows \"+ compare, minmax\" add roof's "
         "counts of those.\n"
         "SDE bytes: every memory operand of every instruction "
         "(stack, spills, uninstrumented\n"
         "libraries too); roof: the loads and stores of the "
         "instrumented code.\n";

  printRows(out, sde.rows, std::string("roof ") + roofKind, "SDE");
}

namespace {

void printLikwidFlops(std::ostream &out, const LikwidComparison &comparison) {
  out << "LIKWID: " << comparison.flops->source
      << ";\n        hardware counters: full vector width, FMA = 2, "
         "write masks ignored, min/max\n"
         "        included, compares not\n"
         "roof:   full_width FLOPs, the same definition; the rows \"+ "
         "minmax\" add roof's\n"
         "        min/max operations\n";
  printRows(out, comparison.rows, "roof full_width", "LIKWID");
}

void printLikwidMemory(std::ostream &out, const LikwidMemory &memory,
                       const std::optional<std::string> &region,
                       const std::string &censusPath) {
  out << "LIKWID: memory data volume " << humanQuantity(memory.dramBytes, "B")
      << " (DRAM, counted by the memory controllers)\n";
  if (memory.l1Bytes)
    out << "roof:   L1 traffic (loads and stores of the instrumented "
           "code) "
        << humanQuantity(static_cast<double>(*memory.l1Bytes), "B") << ", "
        << decimal(*memory.l1PerDram) << " x the DRAM traffic\n";
  if (memory.flops > 0)
    out << "DRAM arithmetic intensity with roof's empirical "
        << kPrecisionNames[memory.precision]
        << " FLOPs: " << decimal(memory.dramIntensity) << " FLOP/byte\n";
  out << "Not a comparison (another level): put it on the roofline "
         "with\n  roof report "
      << shellWord(censusPath) << " --ceilings ROOFLINE.json --bytes DRAM="
      << integerText(memory.dramBytes)
      << (region ? " --region " + shellWord(*region) : "") << "\n";
}

} // namespace

void printLikwidComparisons(std::ostream &out,
                            const std::vector<LikwidComparison> &comparisons,
                            const std::string &likwidPath,
                            const std::string &censusPath) {
  bool compared = false;
  for (const LikwidComparison &comparison : comparisons) {
    const LikwidGroup &group = *comparison.group;
    const std::optional<std::string> &region = comparison.region;
    if (!comparison.scope) {
      out << (compared ? "\n" : "") << "LIKWID region \"" << *region
          << "\" (group " << group.group
          << "): no roof region of that name, skipped\n";
      continue;
    }
    out << (compared ? "\n" : "") << "roof compare of "
        << comparison.scope->title << " with LIKWID (" << likwidPath
        << ", group " << group.group
        << (group.region.empty() ? "" : ", region " + group.region) << ")\n";
    compared = true;
    if (comparison.flops)
      printLikwidFlops(out, comparison);
    if (comparison.memory)
      printLikwidMemory(out, *comparison.memory, region, censusPath);
  }
}

namespace {

// What each profiler is called and how it defines what it reports.
struct GpuTool {
  const char *title;      // "Nsight Compute"
  const char *definition; // of its FLOPs and bytes, for the heading
  // The levels its bytes are shown at, in ProfiledLevel order ("" for none).
  std::array<const char *, kNumProfiledLevels> levels;
};

const GpuTool kNcu = {
    "Nsight Compute",
    "ncu:  sm__sass_thread_inst_executed_op_{dadd,dmul}_pred_on.sum + 2 x "
    "..._dfma_pred_on.sum\n"
    "      (f... for fp32, h... for fp16): per thread that executed, FMA = 2, "
    "MUFU\n"
    "      approximations not counted; bytes: L1 l1tex__t_bytes.sum, L2 "
    "lts__t_bytes.sum,\n"
    "      DRAM dram__bytes.sum\n",
    {"L1", "L2", "DRAM"}};

const GpuTool kNvprof = {
    "nvprof",
    "nvprof: flop_count_dp, flop_count_sp: add + mul + 2 x fma on "
    "non-predicated threads,\n"
    "        special functions apart; a kernel's count is Invocations x Avg, "
    "or the sum of\n"
    "        its launches (--print-gpu-trace); ~ marks those only as exact as "
    "printed\n"
    "        (Min != Max, rounded digits); bytes: L2 "
    "l2_{read,write}_transactions x 32,\n"
    "        DRAM dram_{read,write}_bytes, else dram_{read,write}_transactions "
    "x 32\n",
    {"", "L2", "DRAM"}};

const GpuTool &gpuTool(GpuProfiler profiler) {
  return profiler == GpuProfiler::Ncu ? kNcu : kNvprof;
}

// "3, 5" or "0, 1, 2, 3, 4, 5, 6, 7, ... (12 in all)".
std::string sequencesText(const std::vector<const LaunchRecord *> &records) {
  constexpr std::size_t kShown = 8;
  std::string text;
  for (std::size_t i = 0; i < records.size() && i < kShown; ++i)
    text += (i ? ", " : "") + std::to_string(records[i]->sequence);
  if (records.size() > kShown)
    text += ", ... (" + std::to_string(records.size()) + " in all)";
  return text;
}

// Which of roof's launches the profiler's numbers are compared with.
std::string comparedLaunchesText(const GpuKernelComparison &k,
                                 const char *tool) {
  using Basis = ComparedLaunches::Basis;
  const ComparedLaunches &launches = k.launches;
  const KernelRecord &kernel = *k.match.kernel;
  std::string profiled =
      std::string(tool) + " profiled " +
      plural(launches.profiledLaunches, "launch", "launches");
  std::string ofCounted =
      std::string(tool) + " profiled " +
      std::to_string(launches.profiledLaunches) + " of roof's " +
      std::to_string(kernel.countedLaunches) + " counted launches";
  std::string records =
      ": compared with the launch " +
      std::string(launches.records.size() == 1 ? "record at sequence "
                                               : "records at sequence ") +
      sequencesText(launches.records);
  switch (launches.basis) {
  case Basis::KernelTotals:
    return profiled + ", as many as roof counted: compared with the kernel's "
                      "totals";
  case Basis::MoreThanCounted:
    return profiled + ", roof counted " +
           std::to_string(kernel.countedLaunches) + " of " +
           std::to_string(kernel.launches) +
           ": compared with the kernel's totals, so the difference includes "
           "launches roof did not count";
  case Basis::ProcessWindow:
    return ofCounted + records;
  case Basis::MatchingGeometry:
    return ofCounted + records +
           " (the first run of records with its grid and block sizes)";
  case Basis::FirstRecords:
    return ofCounted + records + " (the first ones: " + tool +
           " lists no launches)";
  case Basis::NoRecords:
    return ofCounted + ", and roof kept no launch records (ROOF_CUDA=total): "
                       "not compared";
  case Basis::NoMatchingRecords:
    return ofCounted + ", and no run of roof's launch records has their grid "
                       "and block sizes: not compared";
  }
  return "";
}

std::string roofDeviceText(const Census &census) {
  return census.gpu ? census.gpu->name + " (compute capability " +
                          census.gpu->computeCapability + ")"
                    : std::string("no device (no launch counted)");
}

void printGpuKernel(std::ostream &out, const GpuKernelComparison &k,
                    GpuProfiler profiler) {
  const GpuTool &tool = gpuTool(profiler);
  const char *toolName = profilerName(profiler);
  const KernelRecord &kernel = *k.match.kernel;
  std::string name = readableFunctionName(kernel.name, kernel.demangled);
  out << "\nkernel " << name << "  [" << kernel.module << "; matched by "
      << matchedByText(k.match.by);
  if (k.profiled.name != name && k.profiled.name != kernel.name)
    out << ": " << k.profiled.name;
  out << "]\n  " << comparedLaunchesText(k, toolName) << "\n";
  if (!k.launches.compared())
    return;

  std::vector<ToolRow> rows;
  for (const GpuFlops &flops : k.flops) {
    std::string quantity =
        std::string(kPrecisionNames[flops.precision]) + " FLOPs";
    if (!flops.profiler) {
      out << "  " << quantity << ": not in the file\n";
      continue;
    }
    rows.push_back({quantity, static_cast<double>(flops.roof.empirical),
                    *flops.profiler, flops.difference,
                    static_cast<double>(flops.roof.canonical),
                    flops.approximate});
  }
  // The bytes below L1 that roof's traffic model gives (a traffic-mode
  // build), beside the profiler's.
  for (const GpuTraffic &traffic : k.traffic) {
    std::string quantity =
        std::string(tool.levels[static_cast<std::size_t>(traffic.level)]) +
        " bytes (modelled)";
    if (!traffic.profiler) {
      out << "  " << quantity << ": not in the file\n";
      continue;
    }
    rows.push_back({quantity, static_cast<double>(traffic.roof),
                    *traffic.profiler, traffic.difference, std::nullopt,
                    false});
  }
  printRows(out, rows, "roof empirical", toolName, "roof canonical", "    ");

  const ComparedLaunches &launches = k.launches;
  out << "  bytes, not compared: roof "
      << (k.bytes ? std::to_string(*k.bytes) : kOverflowText) << ", global "
      << (k.globalBytes ? std::to_string(*k.globalBytes) : kOverflowText);
  std::string measured;
  for (std::size_t level = 0; level < kNumProfiledLevels; ++level)
    if (*tool.levels[level] && k.profiled.bytes[level])
      measured += std::string(measured.empty() ? "" : ", ") +
                  tool.levels[level] + " " +
                  integerText(*k.profiled.bytes[level]);
  if (!measured.empty())
    out << "; " << toolName << " " << measured;
  out << "\n";
  if (k.profiled.timeS)
    out << "  time, not compared: roof "
        << (launches.timeS ? humanSeconds(*launches.timeS)
                           : std::string("not timed (ROOF_CUDA=total)"))
        << " (CUDA events); " << toolName << " "
        << humanSeconds(*k.profiled.timeS) << "\n";
}

} // namespace

void printGpuComparison(std::ostream &out, const Census &census,
                        const GpuComparison &comparison) {
  const GpuTool &tool = gpuTool(comparison.profiler);
  const char *name = profilerName(comparison.profiler);
  const GpuProfile &profile = comparison.profile;
  out << "roof compare of GPU kernels with " << tool.title << " ("
      << comparison.path << ": "
      << plural(profile.kernels.size(), "kernel", "kernels");
  if (!profile.launches.empty())
    out << ", " << plural(profile.launches.size(), "launch", "launches");
  if (profile.processId)
    out << ", process " << *profile.processId;
  out << ")\n"
      << tool.definition
      << "roof: empirical FLOPs of each kernel, the same definition; its "
         "canonical FLOPs (the\n"
         "      source's count) beside them, for information\n"
         "difference = (roof empirical - "
      << name << ") / " << name
      << "; bytes and times are shown, not compared\n";
  if (std::any_of(
          comparison.kernels.begin(), comparison.kernels.end(),
          [](const GpuKernelComparison &k) { return !k.traffic.empty(); }))
    out << "modelled: roof's traffic model of the kernel (a --roof-traffic "
           "build), compared\n"
           "      with "
        << name << "'s bytes at the same level\n";
  out << "devices: roof " << roofDeviceText(census) << "; " << name << " "
      << (profile.device.empty() ? std::string("does not say") : profile.device)
      << "\n";
  bool windowUsed = std::any_of(
      comparison.kernels.begin(), comparison.kernels.end(),
      [](const GpuKernelComparison &k) {
        return k.launches.basis == ComparedLaunches::Basis::ProcessWindow;
      });
  if (windowUsed)
    out << name << "'s launches are the process's launches "
        << *comparison.window << " to "
        << *comparison.window + profile.launches.size() - 1
        << " (roof's launch sequence), found from the kernels and their "
           "grid sizes\n";

  for (const GpuKernelComparison &k : comparison.kernels)
    printGpuKernel(out, k, comparison.profiler);

  const KernelMatching &matching = comparison.matching;
  if (!matching.unknownToRoof.empty()) {
    out << "\n"
        << name
        << " kernels not in roof's census (not built "
           "with roof?):\n";
    for (std::size_t p : matching.unknownToRoof)
      out << "  " << profile.kernels[p].name << " ("
          << plural(profile.kernels[p].launches, "launch", "launches") << ")\n";
  }
  if (!matching.notProfiled.empty()) {
    out << "\nroof kernels " << name << " did not profile:\n";
    for (const KernelRecord *kernel : matching.notProfiled)
      out << "  " << readableFunctionName(kernel->name, kernel->demangled)
          << " ("
          << plural(kernel->countedLaunches, "counted launch",
                    "counted launches")
          << ")\n";
  }
}

} // namespace roof
