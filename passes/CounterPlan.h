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

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace roof {

/// What one unit of a counter is worth: an amount per metric, in
/// increasing metric order (the descriptor's), few per slot. A sorted
/// vector: slots are many (a libm call counted by path has one per group),
/// and a tree node per weight cost the pass more than the rest of its plan.
class SlotWeights {
public:
  using Entry = std::pair<uint32_t, uint64_t>; // metric, amount
  void add(uint32_t Metric, uint64_t Amount) {
    if (Entries.empty())
      Entries.reserve(8); // an empirical and a full-width amount per class
    auto It = llvm::lower_bound(Entries, Entry{Metric, 0}, byMetric);
    if (It != Entries.end() && It->first == Metric)
      It->second += Amount;
    else
      Entries.insert(It, {Metric, Amount});
  }
  void add(const SlotWeights &Other) {
    for (const Entry &E : Other.Entries)
      add(E.first, E.second);
  }
  /// The amount of \p Metric (0 where the slot has none).
  uint64_t of(uint32_t Metric) const {
    auto It = llvm::lower_bound(Entries, Entry{Metric, 0}, byMetric);
    return It != Entries.end() && It->first == Metric ? It->second : 0;
  }
  bool empty() const { return Entries.empty(); }
  size_t size() const { return Entries.size(); }
  void clear() { Entries.clear(); }
  std::vector<Entry>::const_iterator begin() const { return Entries.begin(); }
  std::vector<Entry>::const_iterator end() const { return Entries.end(); }
  bool operator==(const SlotWeights &Other) const {
    return Entries == Other.Entries;
  }

private:
  static bool byMetric(const Entry &A, const Entry &B) {
    return A.first < B.first;
  }
  std::vector<Entry> Entries;
};

struct CounterSlot {
  llvm::BasicBlock *Block;
  CountingScale Scale;
  SlotWeights Weights;
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
