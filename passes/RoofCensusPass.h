//===- RoofCensusPass.h - The roof FLOP and byte census passes ------------===//
//
// roof-census        instruments every function (CensusInstrumenter);
//                    what clang runs at OptimizerLast with -fpass-plugin.
//                    roof-census<O3> generates the twin's machine code as
//                    clang -O3 does (default: O2).
// print<roof-census> prints each function's counter slots and weights
//                    without changing the module (lit tests); also
//                    print<roof-census;O3>.
// print<roof-machine> prints the machine code of the twin the empirical
//                    counts are read from (CodegenTwin).
//
//   opt -load-pass-plugin=build/lib/libroofpass.so -passes=roof-census in.ll
//   opt -load-pass-plugin=build/lib/libroofpass.so \
//       -passes='print<roof-census>' -disable-output in.ll
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_CENSUS_PASS_H
#define ROOF_CENSUS_PASS_H

#include "LLVMCompat.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"

namespace roof {

struct RoofCensusPass : llvm::PassInfoMixin<RoofCensusPass> {
  /// \p CodeGenLevel: the level the module's machine code is generated at.
  explicit RoofCensusPass(compat::CodeGenOptLevel CodeGenLevel)
      : CodeGenLevel(CodeGenLevel) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  // Also at -O0 and on optnone functions: counts must not depend on them.
  static bool isRequired() { return true; }

private:
  compat::CodeGenOptLevel CodeGenLevel;
};

struct RoofCensusPrinter : llvm::PassInfoMixin<RoofCensusPrinter> {
  /// What is printed: the census, or the twin's machine code it is read
  /// from.
  enum What { Slots, MachineBlocks };
  RoofCensusPrinter(llvm::raw_ostream &OS, compat::CodeGenOptLevel CodeGenLevel,
                    What Printed)
      : OS(OS), CodeGenLevel(CodeGenLevel), Printed(Printed) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
  compat::CodeGenOptLevel CodeGenLevel;
  What Printed;
};

/// The code generator's optimisation level for a pipeline level, as clang
/// chooses it (-O1: Less, -O2/-Os/-Oz: Default, -O3: Aggressive).
compat::CodeGenOptLevel codeGenLevelOf(llvm::OptimizationLevel Level);

} // namespace roof

#endif // ROOF_CENSUS_PASS_H
