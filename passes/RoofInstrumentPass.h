//===- RoofInstrumentPass.h - The roof passes -----------------------------===//
//
// roof-instrument          instruments every function (CounterInstrumenter);
//                          what clang runs at OptimizerLast with
//                          -fpass-plugin. roof-instrument<O3> generates the
//                          twin's machine code as clang -O3 does (default:
//                          O2).
// print<roof-counter-plan> prints each function's counter plan, its slots
//                          and weights, without changing the module (lit
//                          tests); also print<roof-counter-plan;O3>.
// print<roof-machine>      prints the machine code of the twin the empirical
//                          counts are read from (CodegenTwin).
// Until this release the first two were roof-census and print<roof-census>,
// still accepted with a deprecation note.
//
//   opt -load-pass-plugin=build/lib/libroofpass.so -passes=roof-instrument
//   in.ll
//   opt -load-pass-plugin=build/lib/libroofpass.so \
//       -passes='print<roof-counter-plan>' -disable-output in.ll
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_INSTRUMENT_PASS_H
#define ROOF_INSTRUMENT_PASS_H

#include "CompilerTarget.h"
#include "LLVMCompat.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"

namespace roof {

struct RoofInstrumentPass : llvm::PassInfoMixin<RoofInstrumentPass> {
  /// \p CodeGenLevel: the level the module's machine code is generated at;
  /// \p Target: what the compiler's backend compiles for.
  RoofInstrumentPass(compat::CodeGenOptLevel CodeGenLevel,
                     CompilerTarget Target)
      : CodeGenLevel(CodeGenLevel), Target(std::move(Target)) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  // Also at -O0 and on optnone functions: counts must not depend on them.
  static bool isRequired() { return true; }

private:
  compat::CodeGenOptLevel CodeGenLevel;
  CompilerTarget Target;
};

struct RoofCounterPlanPrinter : llvm::PassInfoMixin<RoofCounterPlanPrinter> {
  /// What is printed: the census, or the twin's machine code it is read
  /// from.
  enum What { Slots, MachineBlocks };
  RoofCounterPlanPrinter(llvm::raw_ostream &OS,
                         compat::CodeGenOptLevel CodeGenLevel, What Printed,
                         CompilerTarget Target)
      : OS(OS), CodeGenLevel(CodeGenLevel), Printed(Printed),
        Target(std::move(Target)) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
  compat::CodeGenOptLevel CodeGenLevel;
  What Printed;
  CompilerTarget Target;
};

/// The code generator's optimisation level for a pipeline level, as clang
/// chooses it (-O1: Less, -O2/-Os/-Oz: Default, -O3: Aggressive).
compat::CodeGenOptLevel codeGenLevelOf(llvm::OptimizationLevel Level);

} // namespace roof

#endif // ROOF_INSTRUMENT_PASS_H
