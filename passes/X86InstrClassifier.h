//===- X86InstrClassifier.h - FP class and lanes of an x86 instruction ----===//
//
// Reads an x86 instruction the way Intel SDE's FLOP census does: which
// floating-point class it belongs to, in which precision, on how many lanes,
// and how many FLOPs each lane is worth (FMA = 2). Moves, shuffles, blends
// and bitwise logic on FP registers are not FP operations and are ignored.
//
// Used on the machine instructions of the pass's codegen twin (CodegenTwin)
// and on instructions decoded from binaries by the libm probe, so both
// sides classify the same way.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_X86_INSTR_CLASSIFIER_H
#define ROOF_X86_INSTR_CLASSIFIER_H

#include "roof/abi.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace roof {

struct X86FPInstr {
  RoofClass Class;
  RoofPrecision Precision;
  unsigned Lanes;        // elements the instruction operates on
  unsigned FlopsPerLane; // 2 for FMA forms, else 1
};

/// Classifies an AT&T-syntax mnemonic (`vfmadd231pd`, `addsd`, `vrcp14ps`)
/// given the width in bits of the widest vector register among its operands
/// (128 for xmm or when none is named, 256 for ymm, 512 for zmm).
std::optional<X86FPInstr> classifyX86Mnemonic(llvm::StringRef Mnemonic,
                                              unsigned RegisterBits);

} // namespace roof

#endif // ROOF_X86_INSTR_CLASSIFIER_H
