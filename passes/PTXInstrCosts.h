//===- PTXInstrCosts.h - What a PTX instruction executes as SASS ----------===//
//
// The NVPTX backend stops at PTX; ptxas then expands some PTX instructions
// into several SASS instructions (a `div.rn.f64` is a MUFU.RCP64H seed and
// a Newton iteration of DFMAs). Nsight Compute counts FLOPs on the executed
// SASS: dadd + dmul + 2 x dfma (likewise for f32 and f16), MUFU not
// counted. This table says, for each FP PTX instruction, what SASS it
// executes on its fast path (sm_80/sm_90, ptxas 13), in those terms; each
// row cites where it was read. ExpansionProbe compiles an operation with the
// NVPTX backend and adds up the rows of the PTX it emits.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_PTX_INSTR_COSTS_H
#define ROOF_PTX_INSTR_COSTS_H

#include "Contribution.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace roof {

/// Executed work of one PTX instruction, all its lanes (an `f16x2`
/// instruction is two lanes): FLOPs per class, plus operations of the
/// non-FLOP classes (min/max, compare, convert, special).
struct PTXInstrCost {
  ClassWork Work{};
  /// The row rests on ptxas output read on a GPU machine (lowering.md) or
  /// on the PTX ISA alone; the printer says which.
  bool ConfirmedWithSASS = false;
};

/// The cost of the instruction on one line of PTX assembly, or nullopt for
/// lines that are not FP work (integer arithmetic, moves, loads, branches,
/// `abs`/`neg`/`selp`, which ptxas folds into operand modifiers or selects).
std::optional<PTXInstrCost> classifyPTXLine(llvm::StringRef Line);

/// The mnemonic of a PTX instruction line (`div.rn.f64`), without predicate
/// guard and operands; empty for labels, directives and comments.
llvm::StringRef ptxMnemonic(llvm::StringRef Line);

} // namespace roof

#endif // ROOF_PTX_INSTR_COSTS_H
