//===- MachineAttribution.h - Which counter counts each machine block -----===//
//
// The census counts executions of IR blocks; the FP work executes in the
// twin's machine blocks (CodegenTwin). Most machine blocks run exactly with
// an IR block. The others lie on IR edges: MachineSink and MachineLICM
// split edges, LoopSimplify adds preheaders; a block copied by tail
// duplication into its predecessors runs fewer times than its IR block.
// For each machine block with FP work this finds, from the machine CFG held
// against the IR CFG, the IR block or part of a block (between census
// boundary calls) whose executions are exactly its own; a write-masked
// instruction counts per active lane of the IR mask it was selected from.
// What cannot be tied to a counter is said in a remark, never dropped.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_MACHINE_ATTRIBUTION_H
#define ROOF_MACHINE_ATTRIBUTION_H

#include "CodegenTwin.h"
#include "Contribution.h"

#include "llvm/IR/Function.h"

#include <string>
#include <utility>
#include <vector>

namespace roof {

/// Executed work that one unit of a census scale adds.
struct ExecutedWork {
  llvm::BasicBlock *Block;
  CountingScale Scale; // per execution (of a part of Block), or per lane
  ClassWork Empirical{};
  ClassWork FullWidth{};
};

struct MachineAttribution {
  std::vector<ExecutedWork> Work;
  /// Machine blocks tied to a counter only approximately, and why.
  std::vector<std::pair<const llvm::BasicBlock *, std::string>> Remarks;
  /// The FP instructions and calls of each machine block with some, under
  /// the IR block counting it: the evidence print<roof-counter-plan> shows.
  std::vector<std::pair<const llvm::BasicBlock *, std::string>> Listings;
};

MachineAttribution attributeMachineCode(llvm::Function &F,
                                        const MachineCode &Code);

} // namespace roof

#endif // ROOF_MACHINE_ATTRIBUTION_H
