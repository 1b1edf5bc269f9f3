//===- driver/analysis/Merge.h - One census from many -----------*- C++ -*-===//
//
// An MPI job writes one census per rank. CensusMerger folds them, one at a
// time, into a census of the whole job (docs/schema.md, "Merged censuses"):
//
//   - counts (FLOPs of every precision, kind and class, bytes, calls,
//     entries, launches) are summed over the ranks, saturating at 2^64-1
//     like the runtime ("overflow" says so);
//   - functions are matched by name and module, regions by name, kernels by
//     name and module, threads by index; every time (the program's wall
//     time, a region's, a function's, a kernel's) is the maximum over the
//     ranks, so that FLOPs over time is the job's rate;
//   - per scope, the rank statistics of RankStats.h say how the ranks
//     differed;
//   - program, command line, target and timer rate are those of the lowest
//     rank, the start time the earliest; pid is 0 and mpi_rank null;
//   - modelled traffic (docs/schema.md, Traffic) is summed level by level
//     like the other counts, and so are the model's sampled accesses.
//
// Memory does not grow with the number of censuses: each is folded in and
// dropped; what is kept grows with the distinct functions, regions, kernels
// and threads, and with the gaps in the list of ranks. A merged census
// folds into a larger merge like any other, so merges can be stacked.
//
// Refused, in one line naming the file: a census of another program than
// the first, a rank that is already merged (two runs in one folder, or a
// merged file merged again), for censuses without a rank a process (pid and
// start time) that is, and a census whose traffic model simulated another
// hierarchy than the first's (or none where it has one), unless
// MergeOptions::force; forced, censuses of different hierarchies merge
// without traffic (the merged census has none), which a warning says.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_MERGE_H
#define ROOF_DRIVER_MERGE_H

#include "Census.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roof {

struct MergeOptions {
  // Merge censuses of different programs, censuses of one rank twice, and
  // censuses of different traffic models (without their traffic).
  bool force = false;
};

// The census files `arguments` name: a file as it is, a folder as the
// .json files directly in it, in name order; never `output` (the merge's
// own result, which may lie in the folder). Throws InputError for an
// argument that is neither, and for a folder without .json files.
std::vector<std::string>
censusFilesOf(const std::vector<std::string> &arguments,
              const std::optional<std::string> &output = std::nullopt);

class CensusMerger {
public:
  explicit CensusMerger(MergeOptions options);
  ~CensusMerger();

  // Folds in `census`, read from `path`. Throws InputError (without the
  // path) when it cannot be merged with those before.
  void add(const Census &census, const std::string &path);

  // The merge of everything added (at least one census).
  Census result() const;

private:
  struct State;
  std::unique_ptr<State> state_;
};

// Reads the census at `path` and folds it into `merger`. Throws InputError
// "PATH: what is wrong".
void mergeCensusFile(CensusMerger &merger, const std::string &path);

// The census of `arguments` (files and folders, as censusFilesOf): one
// file's as it is, else the merge of all, each file read, folded in and
// dropped in turn. Throws InputError "PATH: what is wrong".
Census readCensusInputs(const std::vector<std::string> &arguments,
                        const MergeOptions &options);

// How a report names `arguments`: "run.json", "ranks/", "a.json and 3
// more".
std::string censusInputsName(const std::vector<std::string> &arguments);

} // namespace roof

#endif // ROOF_DRIVER_MERGE_H
