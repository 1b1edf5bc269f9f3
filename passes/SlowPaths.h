//===- SlowPaths.h - The data-dependent part of IEEE divide, sqrt, rcp ----===//
//
// ptxas expands div.rn, rcp.rn and sqrt.rn (f32 and f64) into a fast path,
// booked statically by PTXInstrCosts, and a subroutine it calls when the
// operands leave the fast path's range (denormals, huge or tiny exponents,
// zero, infinity, NaN). What the subroutine executes depends on the
// operands; this evaluates, in the instrumented kernel, the tests the SASS
// makes and counts the FP instructions the call executes. For f64 the fast
// path's instructions run before the call, which adds to them; for rcp.rn.f32
// and sqrt.rn.f32 the call replaces them, which a slot of "fast paths
// skipped" takes off again (a negative weight: the runtime sums counts times
// weights modulo 2^64, and no thread skips a fast path it did not book).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_SLOW_PATHS_H
#define ROOF_SLOW_PATHS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Instructions.h"

#include <optional>

namespace roof {

/// The PTX instructions whose SASS has a slow path that executes FLOPs.
enum class SlowPathOp { DivF64, DivF32, RcpF64, RcpF32, SqrtF64, SqrtF32 };

/// The operation of \p PTX, the FP instructions an IR operation was emitted
/// as (ExpansionCost::Instructions), when it is one of them alone.
std::optional<SlowPathOp> slowPathOpOf(llvm::StringRef PTX);

/// What a slow path adds: SASS instructions of each kind, and the f32 fast
/// paths the call replaced.
enum SlowPathTally : unsigned {
  SlowDAdd,
  SlowDMul,
  SlowDFma,
  SlowFAdd,
  SlowFMul,
  SlowFFma,
  SkippedRcpF32,
  SkippedSqrtF32,
  NumSlowPathTallies
};

/// The tallies that \p Op's slow path may count.
llvm::ArrayRef<SlowPathTally> talliesOf(SlowPathOp Op);

/// After \p I (a scalar operation emitted as \p Op, its operand the last
/// one), adds to \p Tallies (i64 allocas, by SlowPathTally; those of
/// talliesOf(Op) set) what its slow path executes for this execution's
/// operands. Splits \p I's block.
void countSlowPath(llvm::Instruction &I, SlowPathOp Op,
                   llvm::ArrayRef<llvm::AllocaInst *> Tallies);

} // namespace roof

#endif // ROOF_SLOW_PATHS_H
