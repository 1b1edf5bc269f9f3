//===- RoofCensusPass.cpp - The roof FLOP and byte census passes ----------===//
//
// Thin wrappers over the worker classes: the instrumenter and the census.
//
//===----------------------------------------------------------------------===//
#include "RoofCensusPass.h"
#include "CensusInstrumenter.h"
#include "FlopCostModel.h"
#include "FunctionCensus.h"
#include "X86ExpansionProbe.h"

using namespace llvm;

namespace roof {

namespace {
FunctionAnalysisManager &functionAnalyses(Module &M,
                                          ModuleAnalysisManager &MAM) {
  return MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
}
} // namespace

PreservedAnalyses RoofCensusPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!CensusInstrumenter(M, functionAnalyses(M, MAM)).run())
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}

PreservedAnalyses RoofCensusPrinter::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  if (!isCountedTarget(M)) {
    OS << "roof-census: target '" << M.getTargetTriple()
       << "' is not counted\n";
    return PreservedAnalyses::all();
  }
  X86ExpansionProbe Probe;
  FunctionAnalysisManager &FAM = functionAnalyses(M, MAM);
  for (Function &F : M) {
    if (!isInstrumentable(F))
      continue;
    FlopCostModel Model(F, Probe);
    printFunctionCensus(OS, F, buildFunctionCensus(F, Model, FAM));
  }
  return PreservedAnalyses::all();
}

} // namespace roof
