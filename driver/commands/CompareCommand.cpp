//===- driver/CompareCommand.cpp - roof compare: roof beside other tools --===//
//
// Each tool counts FLOPs by its own definition; roof counts three (docs/
// counting.md), so each comparison pairs the tool with the roof count of
// the same definition and says which:
//   SDE mix, NERSC formula   full vector width, FMA = 2   roof full_width
//   SDE mix + mask profile   active lanes, FMA = 2        roof empirical
//   LIKWID FLOPS_DP/SP       full width, FMA = 2          roof full_width
//   Nsight Compute, nvprof   per thread that executed,    roof empirical
//                            FMA = 2, no MUFU             (of each kernel)
// Tools count some operations roof keeps out of its FLOPs: SDE's element
// counts include compares and min/max, LIKWID's FP_ARITH counters min/max.
// A second row adds roof's counts of those classes. GPU profilers are
// compared kernel by kernel (KernelMatching.h), with roof's canonical FLOPs
// beside for information (docs/compare-gpu.md).
//
//===----------------------------------------------------------------------===//
#include "Cli.h"
#include "Commands.h"
#include "InputFile.h"
#include "KernelMatching.h"
#include "LikwidOutput.h"
#include "Metrics.h"
#include "NcuOutput.h"
#include "NvprofOutput.h"
#include "Roofline.h"
#include "SdeOutput.h"
#include "Table.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace roof {

namespace {

const char *const kHelp =
    R"(usage: roof compare RUN.json [--sde MIX [--sde-mask PROFILE]]
                            [--likwid OUTPUT] [--region NAME]
                            [--ncu CSV] [--nvprof CSV] [--json]

Prints roof's counts beside those of Intel SDE, LIKWID, Nsight Compute or
nvprof for the same run, each tool paired with roof's count of the same
definition (docs/roofline.md, docs/compare-gpu.md): SDE's NERSC formula
(full vector width) with roof's full_width FLOPs, SDE with its mask profile
(active lanes) with roof's empirical FLOPs, LIKWID's hardware counters with
roof's full_width FLOPs, Nsight Compute's and nvprof's FLOPs with each
kernel's empirical FLOPs. difference = (roof - tool) / tool.

options:
  --sde FILE         sde-mix-out.txt of sde64 -mix -iform (global block)
  --sde-mask FILE    sde-dyn-mask-profile.txt of sde64 -dyn_mask_profile
  --likwid FILE      likwid-perfctr output, groups FLOPS_DP, FLOPS_SP, MEM
                     (marker regions are matched to roof regions by name)
  --region NAME      compare with this roof region instead of the whole
                     program (SDE runs restricted with -start_ssc_mark,
                     LIKWID runs without marker regions)
  --ncu FILE         ncu --csv output (details or --page raw), kernels
                     matched by name, a profiled subset of the launches with
                     roof's launch records
  --nvprof FILE      nvprof --csv --metrics output
  --json             with --ncu and --nvprof: one JSON object instead
  -h, --help         this help
)";

struct CompareOptions {
  std::optional<std::string> sde, sdeMask, likwid, region, ncu, nvprof;
  bool json = false;
};

// The roof scope compared: the program, or a region by name.
struct RoofScope {
  std::string title; // "the whole program", "region \"solve\""
  const Counts *counts = nullptr;
};

RoofScope roofScopeOf(const Census &census,
                      const std::optional<std::string> &region) {
  if (!region)
    return {"the whole program", &census.totals};
  ScopeSelection selection;
  selection.region = region;
  std::vector<RooflineScope> scopes = rooflineScopes(census, selection);
  return {"region \"" + *region + "\"", scopes.front().counts};
}

//===----------------------------------------------------------------------===//
// The comparison table
//===----------------------------------------------------------------------===//

struct Row {
  std::string quantity;
  double roof;
  double tool;
  // Shown after the difference, not compared: roof's canonical count beside
  // the empirical one of a GPU comparison.
  std::optional<double> information = std::nullopt;
  bool toolApproximate = false; // nvprof's Invocations x Avg with Min != Max
};

std::string integerText(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.0f", value);
  return buffer;
}

// (roof - tool) / tool; absent when the tool counted none and roof some.
std::optional<double> difference(double roof, double tool) {
  if (tool == 0)
    return roof == 0 ? std::optional(0.0) : std::nullopt;
  return (roof - tool) / tool;
}

std::string differenceText(double roof, double tool) {
  std::optional<double> fraction = difference(roof, tool);
  if (!fraction)
    return "(tool 0)";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%+.2f%%", *fraction * 100);
  return buffer;
}

// `informationHeader` names the column of Row::information, when used.
void printRows(const std::vector<Row> &rows, const std::string &roofHeader,
               const std::string &toolHeader,
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
  for (const Row &row : rows) {
    std::vector<std::string> cells = {
        row.quantity, integerText(row.roof),
        (row.toolApproximate ? "~" : "") + integerText(row.tool),
        differenceText(row.roof, row.tool)};
    if (!informationHeader.empty())
      cells.push_back(row.information ? integerText(*row.information) : "");
    table.addRow(cells);
  }
  std::cout << "\n";
  table.print(std::cout, indent);
}

// Which roof count a tool's definition matches.
enum class RoofKind { Empirical, FullWidth };

double roofCount(const KindCounts &counts, RoofKind kind) {
  return static_cast<double>(kind == RoofKind::Empirical ? counts.empirical
                                                         : counts.fullWidth);
}

// FLOPs of `precision`, and the same plus the operation classes the tool
// counts as FLOPs too.
double roofFlops(const Counts &counts, RoofPrecision precision, RoofKind kind,
                 std::initializer_list<RoofClass> extra = {}) {
  const PrecisionCounts &p = counts.precisions[precision];
  double flops = roofCount(p.flops, kind);
  for (RoofClass cls : extra)
    flops += roofCount(p.classes[cls], kind);
  return flops;
}

//===----------------------------------------------------------------------===//
// Intel SDE
//===----------------------------------------------------------------------===//

SdeCounts readSde(const CompareOptions &options) {
  SdeCounts sde = parseInputFile(*options.sde, parseSdeMix);
  if (options.sdeMask)
    parseInputFile(*options.sdeMask, [&](std::string_view text) {
      applySdeMaskProfile(sde, text);
      return 0;
    });
  return sde;
}

void compareWithSde(const Census &census, const SdeCounts &sde,
                    const CompareOptions &options) {
  RoofScope scope = roofScopeOf(census, options.region);
  RoofKind kind = sde.maskAware ? RoofKind::Empirical : RoofKind::FullWidth;
  const char *roofKind = sde.maskAware ? "empirical" : "full_width";

  std::cout << "roof compare of " << scope.title << " with Intel SDE ("
            << *options.sde << (options.sdeMask ? " + " + *options.sdeMask : "")
            << ")\n";
  if (sde.maskAware)
    std::cout << "SDE:  sum W x (elements_fp_W + FMA forms of width W), FMA "
                 "= 2, less the lanes write\n"
                 "      masks switched off (mask profile: "
              << sde.maskedInstructions
              << (sde.maskedInstructions == 1 ? " write-masked FP instruction"
                                              : " write-masked FP "
                                                "instructions")
              << "): mask-aware\n"
                 "roof: empirical FLOPs, the same definition\n";
  else
    std::cout << "SDE:  sum W x (elements_fp_W + FMA forms of width W) (NERSC "
                 "formula), FMA = 2, every\n"
                 "      instruction at its full vector width, write masks "
                 "ignored (no --sde-mask)\n"
                 "roof: full_width FLOPs, the same definition\n";
  std::cout << "SDE counts FP elements: compares and min/max are in its "
               "elements_fp counts, not in\n"
               "roof's FLOPs; the rows \"+ compare, minmax\" add roof's "
               "counts of those.\n"
               "SDE bytes: every memory operand of every instruction "
               "(stack, spills, uninstrumented\n"
               "libraries too); roof: the loads and stores of the "
               "instrumented code.\n";

  std::vector<Row> rows;
  for (RoofPrecision precision : {ROOF_FP64, ROOF_FP32}) {
    double tool = static_cast<double>(sde.flops(precision));
    double roof = roofFlops(*scope.counts, precision, kind);
    if (tool == 0 && roof == 0)
      continue;
    std::string name = kPrecisionNames[precision];
    rows.push_back({name + " FLOPs", roof, tool});
    rows.push_back({name + " FLOPs + compare, minmax",
                    roofFlops(*scope.counts, precision, kind,
                              {ROOF_CLASS_COMPARE, ROOF_CLASS_MINMAX}),
                    tool});
  }
  rows.push_back({"bytes read", static_cast<double>(scope.counts->bytesLoaded),
                  static_cast<double>(sde.bytesRead)});
  rows.push_back({"bytes written",
                  static_cast<double>(scope.counts->bytesStored),
                  static_cast<double>(sde.bytesWritten)});
  printRows(rows, std::string("roof ") + roofKind, "SDE");
}

//===----------------------------------------------------------------------===//
// LIKWID
//===----------------------------------------------------------------------===//

void compareLikwidFlops(const LikwidFlops &flops, const Counts &counts) {
  std::cout << "LIKWID: " << flops.source
            << ";\n        hardware counters: full vector width, FMA = 2, "
               "write masks ignored, min/max\n"
               "        included, compares not\n"
               "roof:   full_width FLOPs, the same definition; the rows \"+ "
               "minmax\" add roof's\n"
               "        min/max operations\n";
  std::vector<Row> rows;
  auto addRows = [&](const std::string &name, double tool,
                     const std::vector<RoofPrecision> &precisions) {
    double roof = 0, withMinmax = 0;
    for (RoofPrecision precision : precisions) {
      roof += roofFlops(counts, precision, RoofKind::FullWidth);
      withMinmax += roofFlops(counts, precision, RoofKind::FullWidth,
                              {ROOF_CLASS_MINMAX});
    }
    rows.push_back({name + " FLOPs", roof, tool});
    rows.push_back({name + " FLOPs + minmax", withMinmax, tool});
  };
  for (const auto &[precision, tool] : flops.byPrecision)
    addRows(kPrecisionNames[precision], tool, {precision});
  if (flops.all)
    addRows("all", *flops.all, {ROOF_FP64, ROOF_FP32, ROOF_FP16, ROOF_BF16});
  printRows(rows, "roof full_width", "LIKWID");
}

void reportLikwidMemory(double dramBytes, const Counts &counts,
                        const std::optional<std::string> &region,
                        const std::string &censusPath) {
  std::cout << "LIKWID: memory data volume " << humanQuantity(dramBytes, "B")
            << " (DRAM, counted by the memory controllers)\n";
  if (std::optional<std::uint64_t> l1 = totalBytes(counts))
    std::cout << "roof:   L1 traffic (loads and stores of the instrumented "
                 "code) "
              << humanQuantity(static_cast<double>(*l1), "B") << ", "
              << decimal(static_cast<double>(*l1) / dramBytes)
              << " x the DRAM traffic\n";
  RoofPrecision precision = dominantPrecision(counts);
  double flops =
      static_cast<double>(counts.precisions[precision].flops.empirical);
  if (flops > 0)
    std::cout << "DRAM arithmetic intensity with roof's empirical "
              << kPrecisionNames[precision]
              << " FLOPs: " << decimal(flops / dramBytes) << " FLOP/byte\n";
  std::cout << "Not a comparison (another level): put it on the roofline "
               "with\n  roof report "
            << shellWord(censusPath)
            << " --ceilings ROOFLINE.json --bytes DRAM="
            << integerText(dramBytes)
            << (region ? " --region " + shellWord(*region) : "") << "\n";
}

// The LIKWID groups that can be compared, with the roof scope of each:
// checked before anything is printed.
struct LikwidComparison {
  const LikwidGroup *group;
  std::optional<std::string> region;
};

std::vector<LikwidComparison>
likwidComparisons(const std::vector<LikwidGroup> &groups,
                  const CompareOptions &options) {
  std::vector<LikwidComparison> comparisons;
  for (const LikwidGroup &group : groups) {
    // A marker region is compared with the roof region of its name; whole
    // runs with --region or the program.
    if (options.region && !group.region.empty() &&
        group.region != *options.region)
      continue;
    if (likwidFlops(group) || likwidMemoryBytes(group))
      comparisons.push_back({&group, group.region.empty()
                                         ? options.region
                                         : std::optional(group.region)});
  }
  if (comparisons.empty())
    throw InputError(*options.likwid +
                     ": no FLOPS_DP/FLOPS_SP counters or MEM volume to "
                     "compare" +
                     (options.region ? " for region " + *options.region : ""));
  return comparisons;
}

void compareWithLikwid(const Census &census, const std::string &censusPath,
                       const std::vector<LikwidComparison> &comparisons,
                       const CompareOptions &options) {
  bool compared = false;
  for (const LikwidComparison &comparison : comparisons) {
    const LikwidGroup &group = *comparison.group;
    const std::optional<std::string> &region = comparison.region;
    std::optional<LikwidFlops> flops = likwidFlops(group);
    std::optional<double> dram = likwidMemoryBytes(group);
    RoofScope scope;
    try {
      scope = roofScopeOf(census, region);
    } catch (const UsageError &) {
      std::cout << (compared ? "\n" : "") << "LIKWID region \"" << *region
                << "\" (group " << group.group
                << "): no roof region of that name, skipped\n";
      continue;
    }
    std::cout << (compared ? "\n" : "") << "roof compare of " << scope.title
              << " with LIKWID (" << *options.likwid << ", group "
              << group.group
              << (group.region.empty() ? "" : ", region " + group.region)
              << ")\n";
    compared = true;
    if (flops)
      compareLikwidFlops(*flops, *scope.counts);
    if (dram)
      reportLikwidMemory(*dram, *scope.counts, region, censusPath);
  }
}

//===----------------------------------------------------------------------===//
// GPU profilers: Nsight Compute, nvprof
//===----------------------------------------------------------------------===//

// What each profiler is called and how it defines what it reports.
struct GpuTool {
  const char *name;  // "ncu", as its option and the output call it
  const char *title; // "Nsight Compute"
  const char *definition; // of its FLOPs and bytes, for the heading
  // The levels its bytes are shown at, in ProfiledLevel order ("" for none).
  std::array<const char *, kNumProfiledLevels> levels;
};

const GpuTool kNcu = {
    "ncu", "Nsight Compute",
    "ncu:  sm__sass_thread_inst_executed_op_{dadd,dmul}_pred_on.sum + 2 x "
    "..._dfma_pred_on.sum\n"
    "      (f... for fp32, h... for fp16): per thread that executed, FMA = 2, "
    "MUFU\n"
    "      approximations not counted; bytes: L1 l1tex__t_bytes.sum, L2 "
    "lts__t_bytes.sum,\n"
    "      DRAM dram__bytes.sum\n",
    {"L1", "L2", "DRAM"}};

const GpuTool kNvprof = {
    "nvprof", "nvprof",
    "nvprof: flop_count_dp, flop_count_sp: add + mul + 2 x fma on "
    "non-predicated threads,\n"
    "        special functions apart; a kernel's count is Invocations x Avg, "
    "exact when\n"
    "        Min = Max (~ marks the others); bytes: L2 "
    "l2_{read,write}_transactions x 32,\n"
    "        DRAM dram_{read,write}_transactions x 32\n",
    {"", "L2", "DRAM"}};

// One roof kernel beside what the profiler measured of it.
struct GpuKernelComparison {
  KernelMatch match;
  ComparedLaunches launches;
  ProfiledKernel profiled; // summed over the profiler's names for it
};

// A profiler's whole file beside the census.
struct GpuComparison {
  const GpuTool *tool;
  std::string path;
  GpuProfile profile;
  KernelMatching matching;
  std::optional<std::uint64_t> window;
  std::vector<GpuKernelComparison> kernels;
};

// `sum` + `value` for a quantity every part must have.
void addMeasured(std::optional<double> &sum,
                 const std::optional<double> &value) {
  if (sum && value)
    *sum += *value;
  else
    sum.reset();
}

ProfiledKernel profiledKernelOf(const KernelMatch &match,
                                const GpuProfile &profile) {
  ProfiledKernel sum = profile.kernels[match.profiled.front()];
  for (std::size_t i = 1; i < match.profiled.size(); ++i) {
    const ProfiledKernel &part = profile.kernels[match.profiled[i]];
    sum.name += ", " + part.name;
    sum.launches += part.launches;
    for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
      addMeasured(sum.flops[p], part.flops[p]);
      sum.approximateFlops[p] =
          sum.approximateFlops[p] || part.approximateFlops[p];
    }
    for (std::size_t level = 0; level < kNumProfiledLevels; ++level)
      addMeasured(sum.bytes[level], part.bytes[level]);
    addMeasured(sum.timeS, part.timeS);
  }
  return sum;
}

GpuComparison compareWithProfile(const Census &census, const GpuTool &tool,
                                 std::string path, GpuProfile profile) {
  GpuComparison comparison{&tool, std::move(path), std::move(profile), {},
                           std::nullopt, {}};
  comparison.matching = matchKernels(comparison.profile, census.kernels);
  comparison.window =
      profiledWindow(comparison.profile, comparison.matching);
  for (const KernelMatch &match : comparison.matching.matched)
    comparison.kernels.push_back(
        {match,
         comparedLaunches(match, comparison.profile, comparison.window),
         profiledKernelOf(match, comparison.profile)});
  return comparison;
}

// The precisions a GPU comparison shows: fp64 and fp32 always, fp16 when
// either side has some.
std::vector<RoofPrecision> comparedPrecisions(const GpuKernelComparison &k) {
  std::vector<RoofPrecision> precisions = {ROOF_FP64, ROOF_FP32};
  const std::optional<double> &fp16 = k.profiled.flops[ROOF_FP16];
  if ((fp16 && *fp16 != 0) ||
      hasFlops(k.launches.counts.precisions[ROOF_FP16]))
    precisions.push_back(ROOF_FP16);
  return precisions;
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
std::string launchesText(const GpuKernelComparison &k, const char *tool) {
  using Basis = ComparedLaunches::Basis;
  const ComparedLaunches &launches = k.launches;
  const KernelRecord &kernel = *k.match.kernel;
  std::string profiled = std::string(tool) + " profiled " +
                         plural(launches.profiledLaunches, "launch",
                                "launches");
  std::string ofCounted = std::string(tool) + " profiled " +
                          std::to_string(launches.profiledLaunches) +
                          " of roof's " +
                          std::to_string(kernel.countedLaunches) +
                          " counted launches";
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

void printGpuKernel(const GpuKernelComparison &k, const GpuTool &tool) {
  const KernelRecord &kernel = *k.match.kernel;
  std::string name = readableFunctionName(kernel.name, kernel.demangled);
  std::cout << "\nkernel " << name << "  [" << kernel.module
            << "; matched by " << matchedByText(k.match.by);
  if (k.profiled.name != name && k.profiled.name != kernel.name)
    std::cout << ": " << k.profiled.name;
  std::cout << "]\n  " << launchesText(k, tool.name) << "\n";
  if (!k.launches.compared())
    return;

  std::vector<Row> rows;
  for (RoofPrecision precision : comparedPrecisions(k)) {
    const KindCounts &roof = k.launches.counts.precisions[precision].flops;
    std::string quantity = std::string(kPrecisionNames[precision]) + " FLOPs";
    if (!k.profiled.flops[precision]) {
      std::cout << "  " << quantity << ": not in the file\n";
      continue;
    }
    rows.push_back({quantity, static_cast<double>(roof.empirical),
                    *k.profiled.flops[precision],
                    static_cast<double>(roof.canonical),
                    k.profiled.approximateFlops[precision]});
  }
  printRows(rows, "roof empirical", tool.name, "roof canonical", "    ");

  const ComparedLaunches &launches = k.launches;
  std::optional<std::uint64_t> all = totalBytes(launches.counts);
  std::optional<std::uint64_t> global =
      totalBytes(launches.bytesBySpace[ROOF_SPACE_GLOBAL]);
  std::cout << "  bytes, not compared: roof "
            << (all ? std::to_string(*all) : kOverflowText) << ", global "
            << (global ? std::to_string(*global) : kOverflowText);
  std::string measured;
  for (std::size_t level = 0; level < kNumProfiledLevels; ++level)
    if (*tool.levels[level] && k.profiled.bytes[level])
      measured += std::string(measured.empty() ? "" : ", ") +
                  tool.levels[level] + " " +
                  integerText(*k.profiled.bytes[level]);
  if (!measured.empty())
    std::cout << "; " << (tool.name) << " " << measured;
  std::cout << "\n";
  if (k.profiled.timeS)
    std::cout << "  time, not compared: roof "
              << (launches.timeS ? humanSeconds(*launches.timeS)
                                 : std::string("not timed (ROOF_CUDA=total)"))
              << " (CUDA events); " << (tool.name) << " "
              << humanSeconds(*k.profiled.timeS) << "\n";
}

void printGpuComparison(const Census &census,
                        const GpuComparison &comparison) {
  const GpuTool &tool = *comparison.tool;
  const char *name = tool.name;
  const GpuProfile &profile = comparison.profile;
  std::cout << "roof compare of GPU kernels with " << tool.title << " ("
            << comparison.path << ": "
            << plural(profile.kernels.size(), "kernel", "kernels");
  if (!profile.launches.empty())
    std::cout << ", " << plural(profile.launches.size(), "launch", "launches");
  if (profile.processId)
    std::cout << ", process " << *profile.processId;
  std::cout << ")\n"
            << tool.definition
            << "roof: empirical FLOPs of each kernel, the same definition; its "
               "canonical FLOPs (the\n"
               "      source's count) beside them, for information\n"
               "difference = (roof empirical - "
            << name << ") / " << name
            << "; bytes and times are shown, not compared\n"
               "devices: roof "
            << roofDeviceText(census) << "; " << name << " "
            << (profile.device.empty() ? std::string("does not say")
                                       : profile.device)
            << "\n";
  bool windowUsed = std::any_of(
      comparison.kernels.begin(), comparison.kernels.end(),
      [](const GpuKernelComparison &k) {
        return k.launches.basis == ComparedLaunches::Basis::ProcessWindow;
      });
  if (windowUsed)
    std::cout << name << "'s launches are the process's launches "
              << *comparison.window << " to "
              << *comparison.window + profile.launches.size() - 1
              << " (roof's launch sequence), found from the kernels and their "
                 "grid sizes\n";

  for (const GpuKernelComparison &k : comparison.kernels)
    printGpuKernel(k, tool);

  const KernelMatching &matching = comparison.matching;
  if (!matching.unknownToRoof.empty()) {
    std::cout << "\n" << name << " kernels not in roof's census (not built "
                                 "with roof?):\n";
    for (std::size_t p : matching.unknownToRoof)
      std::cout << "  " << profile.kernels[p].name << " ("
                << plural(profile.kernels[p].launches, "launch", "launches")
                << ")\n";
  }
  if (!matching.notProfiled.empty()) {
    std::cout << "\nroof kernels " << name << " did not profile:\n";
    for (const KernelRecord *kernel : matching.notProfiled)
      std::cout << "  " << readableFunctionName(kernel->name, kernel->demangled)
                << " (" << plural(kernel->countedLaunches, "counted launch",
                                  "counted launches")
                << ")\n";
  }
}

//===----------------------------------------------------------------------===//
// GPU comparisons in JSON
//===----------------------------------------------------------------------===//

using OrderedJson = nlohmann::ordered_json;

OrderedJson optionalJson(const std::optional<double> &value) {
  return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

const char *basisName(ComparedLaunches::Basis basis) {
  using Basis = ComparedLaunches::Basis;
  switch (basis) {
  case Basis::KernelTotals:
    return "kernel_totals";
  case Basis::MoreThanCounted:
    return "kernel_totals_fewer_counted";
  case Basis::ProcessWindow:
    return "launch_records_process_window";
  case Basis::MatchingGeometry:
    return "launch_records_matching_geometry";
  case Basis::FirstRecords:
    return "launch_records_first";
  case Basis::NoRecords:
    return "not_compared_no_records";
  case Basis::NoMatchingRecords:
    return "not_compared_no_matching_records";
  }
  return "";
}

OrderedJson gpuKernelJson(const GpuKernelComparison &k) {
  const KernelRecord &kernel = *k.match.kernel;
  const ComparedLaunches &launches = k.launches;
  OrderedJson sequences = OrderedJson::array();
  for (const LaunchRecord *record : launches.records)
    sequences.push_back(record->sequence);
  OrderedJson json = {
      {"name", kernel.name},
      {"demangled", readableFunctionName(kernel.name, kernel.demangled)},
      {"profiled_name", k.profiled.name},
      {"matched_by", matchedByText(k.match.by)},
      {"profiled_launches", launches.profiledLaunches},
      {"counted_launches", kernel.countedLaunches},
      {"compared_with", basisName(launches.basis)},
      {"launch_sequences", sequences}};

  OrderedJson flops = OrderedJson::object();
  for (RoofPrecision precision : comparedPrecisions(k)) {
    const KindCounts &roof = launches.counts.precisions[precision].flops;
    const std::optional<double> &tool = k.profiled.flops[precision];
    bool compared = launches.compared();
    flops[kPrecisionNames[precision]] = {
        {"roof_empirical", compared ? OrderedJson(roof.empirical) : nullptr},
        {"roof_canonical", compared ? OrderedJson(roof.canonical) : nullptr},
        {"profiler", optionalJson(tool)},
        {"profiler_approximate", k.profiled.approximateFlops[precision]},
        {"difference",
         compared && tool ? optionalJson(difference(
                                static_cast<double>(roof.empirical), *tool))
                          : nullptr}};
  }
  json["flops"] = flops;

  std::optional<std::uint64_t> all = totalBytes(launches.counts);
  std::optional<std::uint64_t> global =
      totalBytes(launches.bytesBySpace[ROOF_SPACE_GLOBAL]);
  bool compared = launches.compared();
  json["bytes"] = {
      {"roof", compared && all ? OrderedJson(*all) : nullptr},
      {"roof_global", compared && global ? OrderedJson(*global) : nullptr},
      {"profiler_l1", optionalJson(k.profiled.bytes[0])},
      {"profiler_l2", optionalJson(k.profiled.bytes[1])},
      {"profiler_dram", optionalJson(k.profiled.bytes[2])}};
  json["time_s"] = {{"roof", compared ? optionalJson(launches.timeS) : nullptr},
                    {"profiler", optionalJson(k.profiled.timeS)}};
  return json;
}

OrderedJson gpuComparisonJson(const Census &census,
                              const GpuComparison &comparison) {
  const GpuProfile &profile = comparison.profile;
  OrderedJson kernels = OrderedJson::array();
  for (const GpuKernelComparison &k : comparison.kernels)
    kernels.push_back(gpuKernelJson(k));
  OrderedJson unknown = OrderedJson::array();
  for (std::size_t p : comparison.matching.unknownToRoof)
    unknown.push_back({{"name", profile.kernels[p].name},
                       {"launches", profile.kernels[p].launches}});
  OrderedJson notProfiled = OrderedJson::array();
  for (const KernelRecord *kernel : comparison.matching.notProfiled)
    notProfiled.push_back(
        {{"name", kernel->name},
         {"demangled", readableFunctionName(kernel->name, kernel->demangled)},
         {"counted_launches", kernel->countedLaunches}});
  return {{"tool", comparison.tool->name},
          {"file", comparison.path},
          {"roof_count", "empirical"},
          {"device", profile.device},
          {"roof_device", census.gpu ? OrderedJson{{"name", census.gpu->name},
                                                   {"compute_capability",
                                                    census.gpu
                                                        ->computeCapability}}
                                     : OrderedJson(nullptr)},
          {"process_window_start", comparison.window
                                       ? OrderedJson(*comparison.window)
                                       : OrderedJson(nullptr)},
          {"kernels", kernels},
          {"not_in_census", unknown},
          {"not_profiled", notProfiled}};
}

} // namespace

int compareCommand(const std::vector<std::string> &args) {
  CompareOptions options;
  std::vector<std::string> files;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg.empty() || arg[0] != '-') {
      files.push_back(arg);
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kHelp;
      return 0;
    } else if (auto sde = optionValue(args, i, "--sde")) {
      options.sde = *sde;
    } else if (auto mask = optionValue(args, i, "--sde-mask")) {
      options.sdeMask = *mask;
    } else if (auto likwid = optionValue(args, i, "--likwid")) {
      options.likwid = *likwid;
    } else if (auto region = optionValue(args, i, "--region")) {
      options.region = *region;
    } else if (auto ncu = optionValue(args, i, "--ncu")) {
      options.ncu = *ncu;
    } else if (auto nvprof = optionValue(args, i, "--nvprof")) {
      options.nvprof = *nvprof;
    } else if (arg == "--json") {
      options.json = true;
    } else {
      throw UsageError("unknown option '" + arg +
                       "' for roof compare (roof compare --help)");
    }
  }
  if (files.size() != 1)
    throw UsageError("roof compare takes one census file (roof compare "
                     "--help)");
  bool host = options.sde || options.likwid;
  bool device = options.ncu || options.nvprof;
  if (!host && !device)
    throw UsageError("roof compare needs --sde FILE, --likwid FILE, --ncu "
                     "FILE or --nvprof FILE");
  if (options.sdeMask && !options.sde)
    throw UsageError("--sde-mask needs --sde (the mix it corrects)");
  if (options.region && !host)
    throw UsageError("--region is for --sde and --likwid; kernels are "
                     "matched by name");
  if (options.json && (host || !device))
    throw UsageError("--json is for --ncu and --nvprof only");

  Census census;
  try {
    census = readCensusFile(files.front());
  } catch (const CensusError &error) {
    return printError(files.front() + ": " + error.what());
  }
  // Everything is read and checked before anything is printed: a bad file
  // or an unknown region is one line and exit status 2.
  if (device && census.kernels.empty())
    throw UsageError(files.front() + " has no GPU kernels to compare (built "
                                     "without CUDA, or run with "
                                     "ROOF_CUDA=off?)");
  if (options.region)
    roofScopeOf(census, options.region);
  std::vector<GpuComparison> gpuComparisons;
  if (options.ncu)
    gpuComparisons.push_back(compareWithProfile(
        census, kNcu, *options.ncu,
        parseInputFile(*options.ncu, [&](std::string_view text) {
          return parseNcuCsv(text, census.pid);
        })));
  if (options.nvprof)
    gpuComparisons.push_back(compareWithProfile(
        census, kNvprof, *options.nvprof,
        parseInputFile(*options.nvprof, parseNvprofCsv)));
  if (options.json) {
    OrderedJson comparisons = OrderedJson::array();
    for (const GpuComparison &comparison : gpuComparisons)
      comparisons.push_back(gpuComparisonJson(census, comparison));
    OrderedJson report = {{"schema", "roof-compare-gpu"},
                          {"schema_version", 1},
                          {"census", files.front()},
                          {"comparisons", comparisons}};
    std::cout << report.dump(2) << "\n";
    return 0;
  }
  std::optional<SdeCounts> sde;
  if (options.sde)
    sde = readSde(options);
  std::vector<LikwidGroup> groups;
  std::vector<LikwidComparison> comparisons;
  if (options.likwid) {
    groups = parseInputFile(*options.likwid, parseLikwid);
    comparisons = likwidComparisons(groups, options);
  }

  bool printed = false;
  auto separate = [&] {
    if (printed)
      std::cout << "\n";
    printed = true;
  };
  if (sde) {
    separate();
    compareWithSde(census, *sde, options);
  }
  if (options.likwid) {
    separate();
    compareWithLikwid(census, files.front(), comparisons, options);
  }
  for (const GpuComparison &comparison : gpuComparisons) {
    separate();
    printGpuComparison(census, comparison);
  }
  return 0;
}

} // namespace roof
