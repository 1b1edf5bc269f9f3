//===- driver/CompareCommand.cpp - roof compare: roof beside SDE, LIKWID --===//
//
// Each tool counts FLOPs by its own definition; roof counts three (docs/
// counting.md), so each comparison pairs the tool with the roof count of
// the same definition and says which:
//   SDE mix, NERSC formula   full vector width, FMA = 2   roof full_width
//   SDE mix + mask profile   active lanes, FMA = 2        roof empirical
//   LIKWID FLOPS_DP/SP       full width, FMA = 2          roof full_width
// Tools count some operations roof keeps out of its FLOPs: SDE's element
// counts include compares and min/max, LIKWID's FP_ARITH counters min/max.
// A second row adds roof's counts of those classes.
//
//===----------------------------------------------------------------------===//
#include "Cli.h"
#include "Commands.h"
#include "Format.h"
#include "InputFile.h"
#include "LikwidOutput.h"
#include "Metrics.h"
#include "Roofline.h"
#include "SdeOutput.h"

#include <cmath>
#include <cstdio>
#include <iostream>

namespace roof {

namespace {

const char *const kHelp =
    R"(usage: roof compare RUN.json [--sde MIX [--sde-mask PROFILE]]
                            [--likwid OUTPUT] [--region NAME]

Prints roof's counts beside those of Intel SDE or LIKWID for the same run,
each tool paired with roof's count of the same definition
(docs/roofline.md): SDE's NERSC formula (full vector width) with roof's
full_width FLOPs, SDE with its mask profile (active lanes) with roof's
empirical FLOPs, LIKWID's hardware counters with roof's full_width FLOPs.
difference = (roof - tool) / tool.

options:
  --sde FILE         sde-mix-out.txt of sde64 -mix -iform (global block)
  --sde-mask FILE    sde-dyn-mask-profile.txt of sde64 -dyn_mask_profile
  --likwid FILE      likwid-perfctr output, groups FLOPS_DP, FLOPS_SP, MEM
                     (marker regions are matched to roof regions by name)
  --region NAME      compare with this roof region instead of the whole
                     program (SDE runs restricted with -start_ssc_mark,
                     LIKWID runs without marker regions)
  -h, --help         this help
)";

struct CompareOptions {
  std::optional<std::string> sde, sdeMask, likwid, region;
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
};

std::string integerText(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.0f", value);
  return buffer;
}

std::string differenceText(double roof, double tool) {
  if (tool == 0)
    return roof == 0 ? "+0.00%" : "(tool 0)";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%+.2f%%", (roof - tool) / tool * 100);
  return buffer;
}

void printRows(const std::vector<Row> &rows, const std::string &roofHeader,
               const std::string &toolHeader) {
  TextTable table;
  table.addColumn("quantity", TextTable::Align::Left);
  table.addColumn(roofHeader, TextTable::Align::Right);
  table.addColumn(toolHeader, TextTable::Align::Right);
  table.addColumn("difference", TextTable::Align::Right);
  table.addHeader();
  for (const Row &row : rows)
    table.addRow({row.quantity, integerText(row.roof), integerText(row.tool),
                  differenceText(row.roof, row.tool)});
  std::cout << "\n";
  table.print(std::cout, "  ");
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
    } else {
      throw UsageError("unknown option '" + arg +
                       "' for roof compare (roof compare --help)");
    }
  }
  if (files.size() != 1)
    throw UsageError("roof compare takes one census file (roof compare "
                     "--help)");
  if (!options.sde && !options.likwid)
    throw UsageError("roof compare needs --sde FILE or --likwid FILE");
  if (options.sdeMask && !options.sde)
    throw UsageError("--sde-mask needs --sde (the mix it corrects)");

  Census census;
  try {
    census = readCensusFile(files.front());
  } catch (const CensusError &error) {
    return printError(files.front() + ": " + error.what());
  }
  // Everything is read and checked before anything is printed: a bad file
  // or an unknown region is one line and exit status 2.
  if (options.region)
    roofScopeOf(census, options.region);
  std::optional<SdeCounts> sde;
  if (options.sde)
    sde = readSde(options);
  std::vector<LikwidGroup> groups;
  std::vector<LikwidComparison> comparisons;
  if (options.likwid) {
    groups = parseInputFile(*options.likwid, parseLikwid);
    comparisons = likwidComparisons(groups, options);
  }

  if (sde)
    compareWithSde(census, *sde, options);
  if (options.likwid) {
    if (sde)
      std::cout << "\n";
    compareWithLikwid(census, files.front(), comparisons, options);
  }
  return 0;
}

} // namespace roof
