//===- ExpansionProbe.h - Ask the backend what an operation costs ---------===//
//
// A divide, a square root or a min/max is not one instruction in general:
// on x86 under fast-math an `fdiv <16 x float>` becomes vrcp14ps and a
// Newton step, `1/sqrt(x)` becomes vrsqrt14ps and a refinement, `maxnum`
// adds a NaN check; on NVPTX an f32 divide is div.rn, div.full or
// div.approx depending on "unsafe-fp-math" and -nvptx-prec-divf32. Rather
// than re-implementing the backends' decisions, the probe compiles the
// operation alone, in a function carrying the caller's attributes
// (target-cpu, target-features, reciprocal-estimates, unsafe-fp-math,
// prefer-vector-width, ...), with LLVM's own backend for the module's
// target, and counts the FP instructions it emits (X86InstrClassifier; for
// PTX, PTXInstrCosts, which adds what ptxas expands each into). Results are
// cached per (operation, type, flags, attributes), in memory and on disk.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_EXPANSION_PROBE_H
#define ROOF_EXPANSION_PROBE_H

#include "CensusModel.h"

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
  /// The operation became a single arithmetic instruction (so a select on
  /// its result can be folded into an AVX-512 write mask).
  bool SingleInstruction = false;
  /// A libm function the expansion calls that has no measured cost.
  std::string Unmeasured;
  /// The backend could not be run; the caller falls back to the canonical
  /// count and says so.
  bool Failed = false;
  /// The FP instructions of the emitted code in order ("vrcp14ps, vmulps,
  /// ..."), for the printer (`print<roof-census>`).
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
