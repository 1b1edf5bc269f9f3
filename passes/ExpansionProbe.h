//===- ExpansionProbe.h - Ask the NVPTX backend what an operation costs --===//
//
// A divide, a square root or a conversion is not one instruction on a GPU:
// an f32 divide is div.rn, div.full or div.approx depending on
// "unsafe-fp-math" and -nvptx-prec-divf32, and ptxas expands each into
// several SASS instructions. Rather than re-implementing the backend's
// decisions, the probe compiles the operation alone, in a function carrying
// the caller's attributes (target-cpu, target-features, unsafe-fp-math,
// ...), with LLVM's own NVPTX backend, and prices the PTX it emits with
// PTXInstrCosts. Results are cached per (operation, type, flags,
// attributes) for the compile. (On x86 what executes is read off the whole
// function's machine code instead: CodegenTwin.)
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_EXPANSION_PROBE_H
#define ROOF_EXPANSION_PROBE_H

#include "Contribution.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

#include <array>
#include <cstdint>
#include <string>

namespace roof {

/// FLOPs (or operations, for min/max, compare, convert) executed by one
/// instance of the probed operation, for all its lanes together.
struct ExpansionCost {
  ClassWork Flops{};
  /// The backend could not be run; the caller falls back to the canonical
  /// count and says so.
  bool Failed = false;
  /// The FP instructions of the emitted PTX in order ("rcp.rn.f64, ..."),
  /// for the printer (`print<roof-counter-plan>`).
  std::string Instructions;
};

class ExpansionProbe {
public:
  /// Cost of \p Root as emitted for its function. When \p FoldedSqrt is set,
  /// Root is `fdiv N, FoldedSqrt` and the pair is probed together, because
  /// the backend may fold it into a reciprocal square root estimate.
  const ExpansionCost &cost(const llvm::Instruction &Root,
                            const llvm::Instruction *FoldedSqrt = nullptr);

  /// Cost of the reciprocal `1.0 / Divisor` that the backend computes once
  /// for several divides of \p Div's block by the same divisor
  /// (DAGCombiner's combineRepeatedFPDivisors), with Div's flags.
  const ExpansionCost &reciprocalCost(const llvm::Instruction &Div);

private:
  const ExpansionCost &measure(const std::string &Source,
                               const llvm::Function &F);

  llvm::StringMap<ExpansionCost> Cache;
};

} // namespace roof

#endif // ROOF_EXPANSION_PROBE_H
