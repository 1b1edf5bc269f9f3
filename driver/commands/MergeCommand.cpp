//===- driver/commands/MergeCommand.cpp - roof merge ----------------------===//
#include "Cli.h"
#include "Commands.h"
#include "Json.h"
#include "Merge.h"
#include "Text.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

namespace roof {

namespace {

const char *const kHelp =
    R"(usage: roof merge [-o OUT.json] [--force] CENSUS.json... | FOLDER...

Folds the censuses of an MPI job's ranks (or of any processes of one
program) into one census: counts summed over the ranks; functions, regions
and kernels matched by name; every time the maximum over the ranks, so that
GFLOP/s are the job's; per program, region, function and kernel the
minimum, mean and maximum over the ranks of time, FLOPs and GFLOP/s, and
the imbalance max/mean - 1 (docs/schema.md, "Merged censuses"). A folder
stands for the .json files directly in it. The files are read one at a
time: memory does not grow with the number of ranks. The result is a census
like any other: roof report, plot and merge read it.

options:
  -o, --output FILE  where to write the merged census (default: stdout);
                     the file is written whole or not at all
  --force            also merge censuses of different programs, a rank
                     that is merged already, and censuses whose traffic
                     models differ (refused otherwise): those are merged
                     without traffic, the result has none
  -h, --help         this help
)";

// Writes `text` to a temporary file beside `path` and renames it over
// `path`, so that a failed write never leaves half a census.
void writeWhole(const std::string &path, const std::string &text) {
  std::string temporary = path + "." + std::to_string(getpid()) + ".tmp";
  std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
  if (file)
    file << text;
  if (!file || !file.flush() ||
      (file.close(), std::rename(temporary.c_str(), path.c_str()) != 0)) {
    std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    throw std::runtime_error("cannot write " + path + ": " + reason);
  }
}

} // namespace

int mergeCommand(const std::vector<std::string> &args) {
  std::optional<std::string> output;
  MergeOptions options;
  std::vector<std::string> inputs;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg.empty() || arg[0] != '-') {
      inputs.push_back(arg);
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kHelp;
      return 0;
    } else if (arg == "--force") {
      options.force = true;
    } else if (auto path = optionValue(args, i, "--output")) {
      output = *path;
    } else if (auto shortPath = optionValue(args, i, "-o")) {
      output = *shortPath;
    } else {
      throw UsageError("unknown option '" + arg +
                       "' for roof merge (roof merge --help)");
    }
  }
  if (inputs.empty())
    throw UsageError("roof merge needs census files or folders (roof merge "
                     "--help)");

  CensusMerger merger(options);
  for (const std::string &path : censusFilesOf(inputs, output))
    mergeCensusFile(merger, path);
  Census merged = merger.result();
  std::string text = censusJson(merged).dump(1) + "\n";
  if (!output) {
    std::cout << text << std::flush;
    if (!std::cout)
      return printError("cannot write the merged census to stdout");
    return 0;
  }
  writeWhole(*output, text);
  const MergedRanks &ranks = *merged.ranks;
  std::cerr << "roof: wrote " << *output << " ("
            << plural(ranks.count, "census", "censuses");
  if (!ranks.mpiRanks.empty())
    std::cerr << ", MPI ranks " << rankRangesText(ranks.mpiRanks);
  std::cerr << ")\n";
  return 0;
}

} // namespace roof
