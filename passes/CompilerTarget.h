//===- CompilerTarget.h - What the compiler's backend compiles for --------===//
//
// The CPU and features a function is compiled for are its "target-cpu" and
// "target-features" attributes, or, for a function without them, those of
// the compiler's TargetMachine. clang writes both attributes on every
// function it defines; Flang 16 writes neither, and its -march reaches the
// backend through the TargetMachine alone. The plugin reads that
// TargetMachine when it is registered (RoofPlugin.cpp), so that the codegen
// twin compiles such functions for the CPU the binary is compiled for.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_COMPILER_TARGET_H
#define ROOF_COMPILER_TARGET_H

#include "llvm/IR/Function.h"

#include <string>

namespace roof {

/// The features with which a subtarget's vector masks are mask registers
/// that concatenate (KUNPCKBW/WD/DQ) and move to a general register whole
/// (KMOVB/W/D/Q): AVX-512 BW and DQ (unitsOf counts several masks' lanes
/// in one population count there).
inline constexpr char MaskConcatenationFeatures[] = "+avx512bw,+avx512dq";

struct CompilerTarget {
  /// The TargetMachine's CPU and feature string; empty where the pipeline
  /// has no TargetMachine or it names none (opt without -mcpu and -mattr):
  /// the target's baseline.
  std::string CPU, Features;

  /// The CPU \p F is compiled for.
  std::string cpuOf(const llvm::Function &F) const {
    return F.hasFnAttribute("target-cpu")
               ? F.getFnAttribute("target-cpu").getValueAsString().str()
               : CPU;
  }
  /// The features \p F is compiled for (those its CPU has, and these).
  std::string featuresOf(const llvm::Function &F) const {
    return F.hasFnAttribute("target-features")
               ? F.getFnAttribute("target-features").getValueAsString().str()
               : Features;
  }
  /// Whether \p F is compiled for a processor with every feature of
  /// \p Required ("+avx512bw,+avx512dq"), by its target's own feature table,
  /// in which a CPU implies its features; false on a target the registry
  /// does not know.
  bool hasFeatures(const llvm::Function &F, llvm::StringRef Required) const;
};

} // namespace roof

#endif // ROOF_COMPILER_TARGET_H
