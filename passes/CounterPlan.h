//===- CounterPlan.h - Static weights of a function's counters ------------===//
//
// Groups the contributions of every instruction of a function into counter
// slots: one slot per basic block (per part of a block between calls) for
// what happens once per execution, and one per (block, mask) or (block,
// run-time amount) for what scales with active lanes or bytes (masks whose
// lanes are worth the same share one: CounterSlot::Joined). A slot's weights
// are what one unit of it is worth. Blocks that contribute nothing get no
// counter, except the entry block, whose count is the number of calls.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_COUNTER_PLAN_H
#define ROOF_COUNTER_PLAN_H

#include "CodegenTwin.h"
#include "Contribution.h"
#include "FlopCostModel.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <vector>

namespace roof {

struct CounterSlot {
  llvm::BasicBlock *Block;
  CountingScale Scale;
  std::map<uint32_t, uint64_t> Weights; // metric -> amount per unit
  /// Active lanes of other masks in the same part of the block, with the
  /// same weights, that this slot counts too (an unrolled vector body whose
  /// parts each have their own mask): one counter for all.
  std::vector<CountingScale> Joined = {};
};

struct CounterPlan {
  std::vector<CounterSlot> Slots; // Slots[0]: entry block, per execution
  /// Instructions, blocks and the function with something to say (probed
  /// assembly, unmeasured calls, machine blocks counted approximately),
  /// in the order print<roof-counter-plan> shows them.
  std::vector<std::pair<const llvm::Value *, CensusRemark>> Remarks;
  /// FP instructions and calls of the machine code, per IR block (x86).
  std::vector<std::pair<const llvm::BasicBlock *, std::string>> Machine;
};

/// Calls that may not return, or may read the counters, split a block's
/// counts: what follows such a call is counted after it.
bool isCensusBoundary(const llvm::Instruction &I);

/// Whether \p F is a math library function the module does not define
/// (libraryCallWork knows its name): it returns and calls nothing back.
bool isMathLibrary(const llvm::Function &F);

/// The census of \p F: canonical counts and bytes from \p Model; what
/// executes from \p Machine, the twin's machine code of F, on x86 (null:
/// F has no FP work there, or, on NVPTX, the model says). Blocks that
/// always execute together (one dominates, the other post-dominates, same
/// loop, no call in between that may leave or read the counters) share one
/// per-execution counter.
CounterPlan buildCounterPlan(llvm::Function &F, FlopCostModel &Model,
                             const MachineCode *Machine,
                             llvm::FunctionAnalysisManager &FAM);

/// The census as `print<roof-counter-plan>` shows it, for lit tests.
void printCounterPlan(llvm::raw_ostream &OS, const llvm::Function &F,
                      const CounterPlan &Census);

} // namespace roof

#endif // ROOF_COUNTER_PLAN_H
