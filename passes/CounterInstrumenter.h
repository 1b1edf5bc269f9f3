//===- CounterInstrumenter.h - Counters, promotion, module descriptor -----===//
//
// Turns each function's census (CounterPlan) into code:
//   - one thread_local array of 64-bit counters per module, so threads
//     count privately and never contend (no atomics);
//   - in loops that cannot leave the function abnormally, counts are kept in
//     registers and added to the array once per loop exit (counter
//     promotion, as LLVM's PGO does);
//   - functions with loops or OpenMP parallel regions are timed with
//     llvm.readcyclecounter;
//   - what executes read off the machine code of a twin of the module
//     (CodegenTwin), canonical counts and bytes off the IR (FlopCostModel);
//   - a constant RoofModule descriptor (include/roof/abi.h) with the static
//     weights, which libroofrt finds in the modules section; each thread
//     registers its counter array on its first call into the module.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_COUNTER_INSTRUMENTER_H
#define ROOF_COUNTER_INSTRUMENTER_H

#include "CompilerTarget.h"
#include "LLVMCompat.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/CodeGen.h"

namespace roof {

class CounterInstrumenter {
public:
  /// \p CodeGenLevel: the optimisation level the module's machine code is
  /// generated at, which the twin must use too. \p Traffic: traffic mode
  /// (TrafficInstrumenter.h). \p Target: what the compiler's backend
  /// compiles for.
  CounterInstrumenter(llvm::Module &M, llvm::FunctionAnalysisManager &FAM,
                      compat::CodeGenOptLevel CodeGenLevel, bool Traffic,
                      CompilerTarget Target)
      : M(M), FAM(FAM), CodeGenLevel(CodeGenLevel), Traffic(Traffic),
        Target(std::move(Target)) {}

  /// Instruments every defined function; false when nothing was changed
  /// (module already instrumented, or a target roof does not count).
  bool run();

private:
  llvm::Module &M;
  llvm::FunctionAnalysisManager &FAM;
  compat::CodeGenOptLevel CodeGenLevel;
  bool Traffic;
  CompilerTarget Target;
};

/// Whether roof counts code for this module's target.
bool isCountedTarget(const llvm::Module &M);

/// Whether roof instruments \p F (defined here, not one of roof's own).
bool isInstrumentable(const llvm::Function &F);

} // namespace roof

#endif // ROOF_COUNTER_INSTRUMENTER_H
