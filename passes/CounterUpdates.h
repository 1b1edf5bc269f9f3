//===- CounterUpdates.h - Where and by how much a counter slot grows ------===//
//
// Shared by the host instrumenter (thread_local arrays, CounterInstrumenter)
// and the device instrumenter (per-thread registers, DeviceInstrumenter):
// a census slot (CounterPlan) grows by unitsOf its scale at
// firstIncrementPoint of its block.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_COUNTER_UPDATES_H
#define ROOF_COUNTER_UPDATES_H

#include "CounterPlan.h"

#include "llvm/IR/IRBuilder.h"

#include <optional>

namespace llvm {
class Loop;
class ScalarEvolution;
class SCEVExpander;
} // namespace llvm

namespace roof {

/// The run-time number of units one execution of \p Slot's part of a block
/// adds, as an i64: 1, the number of active lanes of a mask (below the
/// explicit vector length; of each mask it joins, summed), or an amount.
/// \p SideBySide counts the lanes of masks of the same width in one
/// population count of their concatenation, for targets whose masks are in
/// mask registers (AVX-512). Not for a libm call's path groups
/// (CountingScale::PerPath), which the runtime counts (__roof_libm_path).
llvm::Value *unitsOf(llvm::IRBuilder<> &B, const CounterSlot &Slot,
                     bool SideBySide);

/// Adds \p Amount (an integer, zero-extended to i64) to the i64 count at
/// \p Address with a plain load, add and store: the count is this thread's
/// own (a thread's counter array on the host, a register-promoted local on
/// the device).
void addToCount(llvm::IRBuilder<> &B, llvm::Value *Address,
                llvm::Value *Amount);

/// Where \p Slot's increment goes. \p EntryPoint is the first instruction
/// of the entry block after the instrumenter's own set-up code.
llvm::Instruction *firstIncrementPoint(const CounterSlot &Slot,
                                       llvm::Instruction *EntryPoint);

/// A loop header runs (backedge-taken count + 1) times per entry. Where
/// scalar evolution knows that count (\p L is left from one block), the
/// header's slot can get it once per exit instead of an increment per
/// iteration: returns that slot and the count, expanded before \p At, a
/// point outside the loop that dominates where the count is used.
struct HeaderRuns {
  uint32_t Slot;
  llvm::Value *Count;
  llvm::Instruction *At;
};
std::optional<HeaderRuns> headerRuns(llvm::Loop &L, const CounterPlan &Census,
                                     llvm::ScalarEvolution &SE,
                                     llvm::SCEVExpander &Expander,
                                     llvm::Instruction *At);
/// headerRuns where \p L has one exit, reached only from the loop: the count
/// expanded at the exit (its first instruction after the instrumenter's
/// own), where one add gives it to the slot and nothing runs inside the
/// loop.
std::optional<HeaderRuns> headerRunsAtExit(llvm::Loop &L,
                                           const CounterPlan &Census,
                                           llvm::ScalarEvolution &SE,
                                           llvm::SCEVExpander &Expander);

} // namespace roof

#endif // ROOF_COUNTER_UPDATES_H
