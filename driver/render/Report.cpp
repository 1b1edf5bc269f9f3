//===- driver/Report.cpp - Table, JSON and CSV reports of a census --------===//
//
// The three formats show the same scopes, chosen once by planReport(); each
// renderer only decides how a scope looks.
//
//===----------------------------------------------------------------------===//
#include "Report.h"

#include "CensusJson.h"
#include "Format.h"
#include "RankStatsJson.h"
#include "RooflineReport.h"

#include <nlohmann/json.hpp>

namespace roof {

namespace {

//===----------------------------------------------------------------------===//
// What a report shows
//===----------------------------------------------------------------------===//

// The totals, a region, a function, a kernel or one launch of a kernel, with
// the time its GFLOP/s use.
struct Scope {
  enum class Kind { Program, Region, Function, Kernel, Launch };
  Kind kind;
  std::string name; // program path, region name, mangled function or kernel
  const Counts *counts;
  std::optional<double> timeS;
  const RegionRecord *region = nullptr;
  const FunctionRecord *function = nullptr;
  const KernelRecord *kernel = nullptr; // also a launch's kernel
  const LaunchRecord *launch = nullptr;
  const RankStats *rankStats = nullptr; // in a merged census
};

template <typename Record> const RankStats *rankStatsOf(const Record &record) {
  return record.rankStats ? &*record.rankStats : nullptr;
}

Scope kernelScope(const KernelRecord &kernel) {
  Scope scope{Scope::Kind::Kernel, kernel.name, &kernel.counts, kernel.timeS};
  scope.kernel = &kernel;
  scope.rankStats = rankStatsOf(kernel);
  return scope;
}

Scope launchScope(const KernelRecord &kernel, const LaunchRecord &launch) {
  Scope scope{Scope::Kind::Launch, kernel.name, &launch.counts, launch.timeS};
  scope.kernel = &kernel;
  scope.launch = &launch;
  return scope;
}

// Device code's bytes per address space; null for host scopes.
const BytesBySpace *bytesBySpaceOf(const Scope &scope) {
  if (scope.launch)
    return &scope.launch->bytesBySpace;
  if (scope.kernel)
    return &scope.kernel->bytesBySpace;
  return nullptr;
}

const char *kindName(Scope::Kind kind) {
  switch (kind) {
  case Scope::Kind::Program:
    return "program";
  case Scope::Kind::Region:
    return "region";
  case Scope::Kind::Function:
    return "function";
  case Scope::Kind::Kernel:
    return "kernel";
  case Scope::Kind::Launch:
    return "launch";
  }
  return "";
}

// "64x2x1": a grid or block size.
std::string dim3Text(const std::array<std::uint64_t, 3> &dim) {
  return std::to_string(dim[0]) + "x" + std::to_string(dim[1]) + "x" +
         std::to_string(dim[2]);
}

struct ReportPlan {
  PrecisionSelection precisions;
  bool includeOperations; // precisions with only non-FLOP operations too
  bool launches;          // each kernel's launch records
  Scope totals;
  std::vector<Scope> regions;
  std::vector<Scope> functions;   // ranked, at most --top
  std::size_t functionTotalCount; // before --top
  std::vector<Scope> kernels;     // ranked, at most --top
  std::size_t kernelTotalCount;   // before --top
};

// A ranked list cut to `top` entries (0: all).
template <typename Record>
void keepTop(std::vector<const Record *> &ranked, std::size_t top) {
  if (top != 0 && ranked.size() > top)
    ranked.resize(top);
}

ReportPlan planReport(const Census &census, const ReportOptions &options) {
  bool table = options.format == ReportFormat::Table;
  PrecisionSelection defaultSelection;
  if (!table)
    defaultSelection.mode = PrecisionSelection::Mode::All;

  ReportPlan plan{options.precisions.value_or(defaultSelection),
                  options.classes,
                  options.launches,
                  {Scope::Kind::Program, census.program, &census.totals,
                   census.wallTimeS},
                  {},
                  {},
                  census.functions.size(),
                  {},
                  census.kernels.size()};
  if (census.ranks)
    plan.totals.rankStats = &census.ranks->totals;
  for (const RegionRecord &region : census.regions) {
    plan.regions.push_back({Scope::Kind::Region, region.name, &region.counts,
                            region.timeS, &region});
    plan.regions.back().rankStats = rankStatsOf(region);
  }

  std::size_t top = options.top.value_or(table ? kTableTopFunctions : 0);
  std::vector<const FunctionRecord *> functions =
      rankFunctions(census, plan.precisions);
  keepTop(functions, top);
  for (const FunctionRecord *function : functions) {
    plan.functions.push_back({Scope::Kind::Function, function->name,
                              &function->counts, function->timeS, nullptr,
                              function});
    plan.functions.back().rankStats = rankStatsOf(*function);
  }
  std::vector<const KernelRecord *> kernels =
      rankKernels(census, plan.precisions);
  keepTop(kernels, top);
  for (const KernelRecord *kernel : kernels)
    plan.kernels.push_back(kernelScope(*kernel));
  return plan;
}

//===----------------------------------------------------------------------===//
// Table
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

class TableReport {
public:
  TableReport(const Census &census, const ReportPlan &plan,
              const ReportOptions &options)
      : census_(census), plan_(plan), options_(options) {
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
    if (options_.classes)
      out << "Classes marked * are operations, not FLOPs: never summed into "
             "FLOPs.\n";
  }

  void addSections() {
    addSectionTitle("Program (time: wall time of the run)");
    addScope(plan_.totals, 0);

    if (plan_.regions.empty()) {
      table_.addText("\nRegions: none (roof_region_begin/end in roof.h)");
    } else {
      addSectionTitle("Regions (in order of first entry; time: wall time "
                      "inside, summed over entries)");
      for (const Scope &region : plan_.regions)
        addScope(region, 0);
    }

    addFunctionSection();
    if (plan_.kernelTotalCount != 0)
      addKernelSection();
  }

  // "by empirical fp64 FLOPs" or "by empirical FLOPs".
  std::string rankingText() const {
    std::string by = "by empirical ";
    if (plan_.precisions.mode == PrecisionSelection::Mode::One)
      by += std::string(kPrecisionNames[plan_.precisions.only]) + " ";
    return by + "FLOPs";
  }

  // "  ... 3 more (--top 0 shows all)" when --top left some out.
  void addMoreText(std::size_t shown, std::size_t total) {
    if (shown < total)
      table_.addText("  ... " + std::to_string(total - shown) +
                     " more (--top 0 shows all)");
  }

  void addFunctionSection() {
    if (plan_.functionTotalCount == 0) {
      table_.addText("\nFunctions: no instrumented function ran");
      return;
    }
    std::size_t shown = plan_.functions.size();
    addSectionTitle("Functions (" + std::to_string(shown) + " of " +
                    std::to_string(plan_.functionTotalCount) + ", " +
                    rankingText() +
                    "; time: inclusive wall time, longest thread)");
    std::size_t rank = 0;
    for (const Scope &function : plan_.functions)
      addScope(function, ++rank);
    addMoreText(shown, plan_.functionTotalCount);
  }

  void addKernelSection() {
    std::string device = "no launch counted";
    if (const std::optional<GpuInfo> &gpu = census_.gpu)
      device = gpu->name + ", compute capability " + gpu->computeCapability;
    std::size_t shown = plan_.kernels.size();
    addSectionTitle("GPU kernels (device: " + device + "; " +
                    std::to_string(shown) + " of " +
                    std::to_string(plan_.kernelTotalCount) + ", " +
                    rankingText() +
                    "; time: CUDA events over the counted launches)");
    std::size_t rank = 0;
    for (const Scope &kernel : plan_.kernels) {
      addScope(kernel, ++rank);
      if (plan_.launches)
        addLaunches(*kernel.kernel);
    }
    addMoreText(shown, plan_.kernelTotalCount);
  }

  void addLaunches(const KernelRecord &kernel) {
    const std::vector<LaunchRecord> &records = kernel.launchRecords;
    for (std::size_t i = 0; i < records.size(); ++i)
      addScope(launchScope(kernel, records[i]), i + 1);
    if (!kernel.timeS)
      table_.addText("     no launch records (ROOF_CUDA=total)");
    else if (records.size() < kernel.countedLaunches)
      table_.addText(
          "     " +
          plural(kernel.countedLaunches - records.size(), "counted launch",
                 "counted launches") +
          " without a record (ROOF_CUDA_MAX_RECORDS)");
  }

  void addSectionTitle(const std::string &title) {
    table_.addText("\n" + title);
    table_.addHeader();
  }

  static std::string bytesText(const Counts &counts) {
    std::string total;
    if (isSaturated(counts.bytesLoaded) || isSaturated(counts.bytesStored))
      total = kOverflowText;
    else if (std::optional<std::uint64_t> bytes = totalBytes(counts))
      total = humanCount(*bytes, "B");
    else
      total = humanQuantity(static_cast<double>(counts.bytesLoaded) +
                                static_cast<double>(counts.bytesStored),
                            "B");
    return "bytes " + total + " (" + humanCount(counts.bytesLoaded, "B") +
           " loaded, " + humanCount(counts.bytesStored, "B") + " stored)";
  }

  static std::string timeText(const Scope &scope) {
    if (!scope.timeS)
      return !scope.kernel                     ? "not timed"
             : scope.kernel->countedLaunches == 0 ? "no launch counted"
                                                  : "not timed (ROOF_CUDA=total)";
    std::string text = "time " + humanSeconds(*scope.timeS);
    if (scope.function && scope.function->threadTimeS &&
        *scope.function->threadTimeS != *scope.timeS)
      text += " (" + humanSeconds(*scope.function->threadTimeS) +
              " summed over threads)";
    return text;
  }

  // ", global 24.000 MB": the part of device code's bytes in global memory.
  static std::string globalBytesText(const Scope &scope) {
    const BytesBySpace *spaces = bytesBySpaceOf(scope);
    if (!spaces)
      return "";
    const LoadStoreBytes &global = (*spaces)[ROOF_SPACE_GLOBAL];
    std::optional<std::uint64_t> bytes = totalBytes(global);
    return ", global " + (bytes ? humanCount(*bytes, "B") : kOverflowText);
  }

  static std::string launchesText(const KernelRecord &kernel) {
    std::string text = plural(kernel.launches, "launch", "launches");
    if (kernel.countedLaunches != kernel.launches)
      text += " (" + std::to_string(kernel.countedLaunches) + " counted)";
    return text;
  }

  // The line(s) that name a scope and give its bytes and time.
  void addScopeTitle(const Scope &scope, std::size_t rank) {
    constexpr std::size_t kNameWidth = 100;
    std::string facts = bytesText(*scope.counts) + globalBytesText(scope) +
                        ", " + timeText(scope);
    switch (scope.kind) {
    case Scope::Kind::Program:
      // Kernels are never in the program's counts (docs/schema.md).
      table_.addText(std::string(census_.kernels.empty() ? "  all code: "
                                                         : "  all host code: ") +
                     facts);
      break;
    case Scope::Kind::Region:
      table_.addText("  \"" + shortenName(scope.name, kNameWidth) + "\": " +
                     plural(scope.region->entries, "entry", "entries") + ", " +
                     facts);
      break;
    case Scope::Kind::Function: {
      const FunctionRecord &function = *scope.function;
      std::string name = shortenName(
          readableFunctionName(function.name, function.demangled), kNameWidth);
      table_.addText("  #" + std::to_string(rank) + " " + name + "  [" +
                     function.module + "]");
      table_.addText("     " + plural(function.calls, "call", "calls") + ", " +
                     facts);
      break;
    }
    case Scope::Kind::Kernel: {
      const KernelRecord &kernel = *scope.kernel;
      std::string name = shortenName(
          readableFunctionName(kernel.name, kernel.demangled), kNameWidth);
      table_.addText("  #" + std::to_string(rank) + " " + name + "  [" +
                     kernel.module + "]");
      table_.addText("     " + launchesText(kernel) + ", " + facts);
      break;
    }
    case Scope::Kind::Launch: {
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
  void addBackendLine(const Scope &scope,
                      const std::vector<RoofPrecision> &shown) {
    std::string changes;
    for (RoofPrecision precision : shown)
      for (int cls = 0; cls < ROOF_NUM_FLOP_CLASSES; ++cls) {
        const KindCounts &counts =
            scope.counts->precisions[precision].classes[cls];
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
        (stats.ranks == all ? "all " + std::to_string(all)
                            : std::to_string(stats.ranks) + " of " +
                                  std::to_string(all)) +
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

  void addScope(const Scope &scope, std::size_t rank) {
    addScopeTitle(scope, rank);
    if (scope.rankStats)
      addRankLines(*scope.rankStats);
    std::vector<RoofPrecision> shown = selectPrecisions(
        *scope.counts, plan_.precisions, plan_.includeOperations);
    if (scope.kind == Scope::Kind::Function)
      addBackendLine(scope, shown);
    if (shown.empty())
      table_.addText("  no floating-point operations");
    for (RoofPrecision precision : shown) {
      const PrecisionCounts &counts = scope.counts->precisions[precision];
      DerivedMetrics metrics =
          deriveMetrics(counts.flops, *scope.counts, scope.timeS);
      table_.addRow(
          {kPrecisionNames[precision], humanCount(counts.flops.canonical),
           humanCount(counts.flops.empirical),
           orUndefined(metrics.empiricalPerCanonical),
           humanCount(counts.flops.fullWidth), orUndefined(metrics.aiCanonical),
           orUndefined(metrics.aiEmpirical),
           orUndefined(metrics.gflopsCanonical),
           orUndefined(metrics.gflopsEmpirical)});
      if (options_.classes)
        addClassRows(counts, *scope.counts);
    }
  }

  void addClassRows(const PrecisionCounts &precision, const Counts &counts) {
    for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls) {
      const KindCounts &classCounts = precision.classes[cls];
      if (!anyCount(classCounts))
        continue;
      std::string name =
          std::string("  ") + kClassNames[cls] + (isFlopClass(cls) ? "" : "*");
      DerivedMetrics metrics = deriveMetrics(classCounts, counts, std::nullopt);
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
  const ReportPlan &plan_;
  const ReportOptions &options_;
  TextTable table_;
};

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

using OrderedJson = nlohmann::ordered_json;

// What names a scope: its name, or for a launch its place and geometry.
void addIdentity(OrderedJson &json, const Scope &scope) {
  if (const LaunchRecord *launch = scope.launch) {
    json["sequence"] = launch->sequence;
    json["grid"] = launch->grid;
    json["block"] = launch->block;
    json["shared_memory_bytes"] = launch->sharedMemoryBytes;
    json["stream"] = launch->stream;
    return;
  }
  json["name"] = scope.name;
  if (const FunctionRecord *function = scope.function) {
    json["demangled"] =
        readableFunctionName(function->name, function->demangled);
    json["module"] = function->module;
    json["calls"] = function->calls;
    json["thread_time_s"] = optionalJson(function->threadTimeS);
  }
  if (const KernelRecord *kernel = scope.kernel) {
    json["demangled"] = readableFunctionName(kernel->name, kernel->demangled);
    json["module"] = kernel->module;
    json["launches"] = kernel->launches;
    json["counted_launches"] = kernel->countedLaunches;
  }
  if (scope.region)
    json["entries"] = scope.region->entries;
}

OrderedJson scopeJson(const Scope &scope, const ReportPlan &plan) {
  OrderedJson json;
  addIdentity(json, scope);
  json["time_s"] = optionalJson(scope.timeS);

  const Counts &counts = *scope.counts;
  json["bytes_loaded"] = counts.bytesLoaded;
  json["bytes_stored"] = counts.bytesStored;
  std::optional<std::uint64_t> bytes = totalBytes(counts);
  json["bytes"] = bytes ? OrderedJson(*bytes) : OrderedJson(nullptr);
  if (const BytesBySpace *spaces = bytesBySpaceOf(scope))
    json["bytes_by_space"] = bytesBySpaceJson(*spaces);

  OrderedJson precisions = OrderedJson::object();
  for (RoofPrecision precision :
       selectPrecisions(counts, plan.precisions, plan.includeOperations)) {
    const PrecisionCounts &precisionCounts = counts.precisions[precision];
    DerivedMetrics metrics =
        deriveMetrics(precisionCounts.flops, counts, scope.timeS);
    OrderedJson entry = kindCountsJson(precisionCounts.flops);
    entry["empirical_per_canonical"] =
        optionalJson(metrics.empiricalPerCanonical);
    entry["ai_canonical"] = optionalJson(metrics.aiCanonical);
    entry["ai_empirical"] = optionalJson(metrics.aiEmpirical);
    entry["gflops_canonical"] = optionalJson(metrics.gflopsCanonical);
    entry["gflops_empirical"] = optionalJson(metrics.gflopsEmpirical);
    if (plan.includeOperations) {
      OrderedJson classes = OrderedJson::object();
      for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls)
        classes[kClassNames[cls]] =
            kindCountsJson(precisionCounts.classes[cls]);
      entry["classes"] = std::move(classes);
    }
    precisions[kPrecisionNames[precision]] = std::move(entry);
  }
  json["precisions"] = std::move(precisions);
  if (scope.rankStats)
    json["rank_stats"] = rankStatsJson(*scope.rankStats);
  if (scope.kind == Scope::Kind::Kernel && plan.launches) {
    OrderedJson launches = OrderedJson::array();
    for (const LaunchRecord &launch : scope.kernel->launchRecords)
      launches.push_back(scopeJson(launchScope(*scope.kernel, launch), plan));
    json["launch_records"] = std::move(launches);
  }
  return json;
}

void printJson(std::ostream &out, const Census &census,
               const std::string &censusPath, const ReportPlan &plan) {
  OrderedJson report;
  report["schema"] = "roof-report";
  report["schema_version"] = 1;
  report["census"] = censusPath;
  addProcessJson(report, census);
  report["target"] = targetJson(census.target);
  report["threads"] = census.threads.size();
  report["modules"] = census.modules.size();
  report["overflow"] = census.overflow;

  report["totals"] = scopeJson(plan.totals, plan);
  auto scopesJson = [&](const std::vector<Scope> &scopes) {
    OrderedJson array = OrderedJson::array();
    for (const Scope &scope : scopes)
      array.push_back(scopeJson(scope, plan));
    return array;
  };
  report["regions"] = scopesJson(plan.regions);
  report["functions"] = scopesJson(plan.functions);
  report["functions_total"] = plan.functionTotalCount;
  if (plan.kernelTotalCount != 0) {
    report["gpu"] = census.gpu ? OrderedJson{{"name", census.gpu->name},
                                             {"compute_capability",
                                              census.gpu->computeCapability}}
                               : OrderedJson(nullptr);
    report["kernels"] = scopesJson(plan.kernels);
    report["kernels_total"] = plan.kernelTotalCount;
  }
  out << report.dump(2) << "\n";
}

//===----------------------------------------------------------------------===//
// CSV
//===----------------------------------------------------------------------===//

// The columns of device code, present when the census has kernels.
std::vector<std::string> kernelCsvFields(const Scope &scope) {
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
  std::optional<std::uint64_t> global =
      totalBytes((*bytesBySpaceOf(scope))[ROOF_SPACE_GLOBAL]);
  fields[7] = global ? std::to_string(*global) : "";
  return fields;
}

// The statistics of a merged census's scopes, by CSV column prefix.
const char *const kRankStatColumns[] = {"time_s", "flops", "gflops"};

// The columns of a merged census: the ranks the scope ran in, then per
// statistic its min, mean, max and imbalance.
std::vector<std::string> rankCsvFields(const Scope &scope) {
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
void printCsvScope(std::ostream &out, const Scope &scope,
                   const ReportPlan &plan) {
  const Counts &counts = *scope.counts;
  std::optional<std::uint64_t> bytes = totalBytes(counts);
  for (RoofPrecision precision :
       selectPrecisions(counts, plan.precisions, plan.includeOperations)) {
    const PrecisionCounts &precisionCounts = counts.precisions[precision];
    const KindCounts &flops = precisionCounts.flops;
    DerivedMetrics metrics = deriveMetrics(flops, counts, scope.timeS);
    std::string demangled =
        scope.function ? readableFunctionName(scope.function->name,
                                              scope.function->demangled)
        : scope.kernel
            ? readableFunctionName(scope.kernel->name, scope.kernel->demangled)
            : "";
    std::vector<std::string> row = {
        kindName(scope.kind),
        scope.name,
        demangled,
        kPrecisionNames[precision],
        scope.function ? std::to_string(scope.function->calls) : "",
        scope.region ? std::to_string(scope.region->entries) : "",
        csvNumber(scope.timeS),
        std::to_string(flops.canonical),
        std::to_string(flops.empirical),
        std::to_string(flops.fullWidth),
        csvNumber(metrics.empiricalPerCanonical),
        bytes ? std::to_string(*bytes) : "",
        std::to_string(counts.bytesLoaded),
        std::to_string(counts.bytesStored),
        csvNumber(metrics.aiCanonical),
        csvNumber(metrics.aiEmpirical),
        csvNumber(metrics.gflopsCanonical),
        csvNumber(metrics.gflopsEmpirical)};
    if (plan.includeOperations)
      for (const KindCounts &classCounts : precisionCounts.classes)
        for (std::uint64_t count :
             {classCounts.canonical, classCounts.empirical,
              classCounts.fullWidth})
          row.push_back(std::to_string(count));
    if (plan.kernelTotalCount != 0)
      for (std::string &field : kernelCsvFields(scope))
        row.push_back(std::move(field));
    if (plan.totals.rankStats)
      for (std::string &field : rankCsvFields(scope))
        row.push_back(std::move(field));
    printCsvRow(out, row);
  }
}

void printCsv(std::ostream &out, const ReportPlan &plan) {
  // clang-format off
  std::vector<std::string> header = {
      "scope", "name", "demangled", "precision", "calls", "entries", "time_s",
      "canonical", "empirical", "full_width", "empirical_per_canonical",
      "bytes", "bytes_loaded", "bytes_stored", "ai_canonical", "ai_empirical",
      "gflops_canonical", "gflops_empirical"};
  // clang-format on
  if (plan.includeOperations)
    for (const char *cls : kClassNames)
      for (const char *kind : {"canonical", "empirical", "full_width"})
        header.push_back(std::string(cls) + "_" + kind);
  if (plan.kernelTotalCount != 0)
    for (const char *column :
         {"launches", "counted_launches", "sequence", "grid", "block",
          "shared_memory_bytes", "stream", "bytes_global"})
      header.push_back(column);
  if (plan.totals.rankStats) {
    header.push_back("ranks");
    for (const char *stat : kRankStatColumns)
      for (const char *part : {"min", "mean", "max", "imbalance"})
        header.push_back(std::string(stat) + "_" + part);
  }
  printCsvRow(out, header);

  printCsvScope(out, plan.totals, plan);
  for (const Scope &region : plan.regions)
    printCsvScope(out, region, plan);
  for (const Scope &function : plan.functions)
    printCsvScope(out, function, plan);
  for (const Scope &kernel : plan.kernels) {
    printCsvScope(out, kernel, plan);
    if (plan.launches)
      for (const LaunchRecord &launch : kernel.kernel->launchRecords)
        printCsvScope(out, launchScope(*kernel.kernel, launch), plan);
  }
}

} // namespace

std::string plural(std::uint64_t count, const char *singular,
                   const char *pluralForm) {
  return std::to_string(count) + " " + (count == 1 ? singular : pluralForm);
}

std::string csvNumber(const std::optional<double> &value) {
  return value ? exactDecimal(*value) : "";
}

void printCsvRow(std::ostream &out, const std::vector<std::string> &fields) {
  for (std::size_t i = 0; i < fields.size(); ++i)
    out << (i ? "," : "") << csvField(fields[i]);
  out << "\n";
}

void printReport(std::ostream &out, const Census &census,
                 const std::string &censusPath, const ReportOptions &options) {
  ReportPlan plan = planReport(census, options);
  switch (options.format) {
  case ReportFormat::Table:
    TableReport(census, plan, options).print(out, censusPath);
    break;
  case ReportFormat::Json:
    printJson(out, census, censusPath, plan);
    break;
  case ReportFormat::Csv:
    printCsv(out, plan);
    break;
  }
}

} // namespace roof
