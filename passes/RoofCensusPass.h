//===- RoofCensusPass.h - The roof FLOP and byte census passes ------------===//
//
// roof-census        instruments every function (CensusInstrumenter);
//                    what clang runs at OptimizerLast with -fpass-plugin.
// print<roof-census> prints each function's counter slots and weights
//                    without changing the module (lit tests).
//
//   opt -load-pass-plugin=build/lib/libroofpass.so -passes=roof-census in.ll
//   opt -load-pass-plugin=build/lib/libroofpass.so \
//       -passes='print<roof-census>' -disable-output in.ll
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_CENSUS_PASS_H
#define ROOF_CENSUS_PASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

namespace roof {

struct RoofCensusPass : llvm::PassInfoMixin<RoofCensusPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  // Also at -O0 and on optnone functions: counts must not depend on them.
  static bool isRequired() { return true; }
};

struct RoofCensusPrinter : llvm::PassInfoMixin<RoofCensusPrinter> {
  explicit RoofCensusPrinter(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace roof

#endif // ROOF_CENSUS_PASS_H
