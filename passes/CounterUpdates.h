//===- CounterUpdates.h - Where and by how much a counter slot grows ------===//
//
// Shared by the host instrumenter (thread_local arrays, CensusInstrumenter)
// and the device instrumenter (per-thread registers, DeviceInstrumenter):
// a census slot (FunctionCensus) grows by unitsOf its scale at
// firstIncrementPoint of its block.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_COUNTER_UPDATES_H
#define ROOF_COUNTER_UPDATES_H

#include "FunctionCensus.h"

#include "llvm/IR/IRBuilder.h"

namespace roof {

/// The run-time number of units one execution of \p Scale's part of a block
/// adds, as an i64: 1, the number of active lanes of a mask (below the
/// explicit vector length), or an amount.
llvm::Value *unitsOf(llvm::IRBuilder<> &B, const CountingScale &Scale);

/// Where \p Slot's increment goes. \p EntryPoint is the first instruction
/// of the entry block after the instrumenter's own set-up code.
llvm::Instruction *firstIncrementPoint(const CounterSlot &Slot,
                                       llvm::Instruction *EntryPoint);

} // namespace roof

#endif // ROOF_COUNTER_UPDATES_H
