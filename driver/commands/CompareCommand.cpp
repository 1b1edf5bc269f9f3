//===- driver/commands/CompareCommand.cpp - roof compare ------------------===//
//
// Reads the census and the other tools' files, checks everything before
// anything is printed, and prints the comparisons ToolComparison.h derives.
//
//===----------------------------------------------------------------------===//
#include "Cli.h"
#include "Commands.h"
#include "InputFile.h"
#include "Json.h"
#include "LikwidOutput.h"
#include "NcuOutput.h"
#include "NvprofOutput.h"
#include "SdeOutput.h"
#include "Table.h"
#include "ToolComparison.h"

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
  --nvprof FILE      nvprof --csv --metrics output (the metric summary or
                     --print-gpu-trace)
  --json             with --ncu and --nvprof: one JSON object instead
  -h, --help         this help
)";

struct CompareOptions {
  std::optional<std::string> sde, sdeMask, likwid, region, ncu, nvprof;
  bool json = false;
};

SdeCounts readSde(const CompareOptions &options) {
  SdeCounts sde = parseInputFile(*options.sde, parseSdeMix);
  if (options.sdeMask)
    parseInputFile(*options.sdeMask, [&](std::string_view text) {
      applySdeMaskProfile(sde, text);
      return 0;
    });
  return sde;
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

  Census census = readCensusFile(files.front());
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
        census, GpuProfiler::Ncu, *options.ncu,
        parseInputFile(*options.ncu, [&](std::string_view text) {
          return parseNcuCsv(text, census.pid);
        })));
  if (options.nvprof)
    gpuComparisons.push_back(
        compareWithProfile(census, GpuProfiler::Nvprof, *options.nvprof,
                           parseInputFile(*options.nvprof, parseNvprofCsv)));
  if (options.json) {
    printGpuComparisonsJson(std::cout, census, files.front(), gpuComparisons);
    return 0;
  }
  std::optional<SdeComparison> sde;
  if (options.sde)
    sde = compareWithSde(census, readSde(options), options.region);
  std::vector<LikwidGroup> groups;
  std::vector<LikwidComparison> likwid;
  if (options.likwid) {
    groups = parseInputFile(*options.likwid, parseLikwid);
    likwid = compareWithLikwid(census, groups, options.region, *options.likwid);
  }

  bool printed = false;
  auto separate = [&] {
    if (printed)
      std::cout << "\n";
    printed = true;
  };
  if (sde) {
    separate();
    printSdeComparison(std::cout, *sde, *options.sde, options.sdeMask);
  }
  if (options.likwid) {
    separate();
    printLikwidComparisons(std::cout, likwid, *options.likwid, files.front());
  }
  for (const GpuComparison &comparison : gpuComparisons) {
    separate();
    printGpuComparison(std::cout, census, comparison);
  }
  return 0;
}

} // namespace roof
