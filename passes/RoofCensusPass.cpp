//===- RoofCensusPass.cpp - The roof FLOP and byte census passes ----------===//
//
// Thin wrappers over the worker classes: the instrumenter and the census.
//
//===----------------------------------------------------------------------===//
#include "RoofCensusPass.h"
#include "LLVMCompat.h"
#include "CensusInstrumenter.h"
#include "CodegenTwin.h"
#include "CudaLaunchInstrumenter.h"
#include "DeviceInstrumenter.h"
#include "FlopCostModel.h"
#include "FunctionCensus.h"
#include "ExpansionProbe.h"
#include "TrafficInstrumenter.h"

using namespace llvm;

namespace roof {

namespace {
FunctionAnalysisManager &functionAnalyses(Module &M,
                                          ModuleAnalysisManager &MAM) {
  return MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
}
} // namespace

// A CUDA compilation runs the pass once on the host module and once per GPU
// architecture on the device module: each side does its part.
PreservedAnalyses RoofCensusPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM = functionAnalyses(M, MAM);
  bool Changed = DeviceInstrumenter(M, FAM).run();
  Changed |= instrumentCudaLaunches(M);
  Changed |= CensusInstrumenter(M, FAM, CodeGenLevel, trafficModeRequested())
                 .run();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses RoofCensusPrinter::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  if (!isCountedTarget(M)) {
    OS << "roof-census: target '" << compat::targetTriple(M)
       << "' is not counted\n";
    return PreservedAnalyses::all();
  }
  ExpansionProbe Probe;
  FunctionAnalysisManager &FAM = functionAnalyses(M, MAM);
  CodegenTwin Twin(M, FAM, CodeGenLevel);
  for (Function &F : M) {
    if (!isInstrumentable(F))
      continue;
    const MachineCode *Code = Twin.machineCode(F);
    if (Printed == MachineBlocks) {
      if (Code)
        printMachineCode(OS, F, *Code);
      continue;
    }
    FlopCostModel Model(F, Probe);
    printFunctionCensus(OS, F, buildFunctionCensus(F, Model, Code, FAM));
  }
  return PreservedAnalyses::all();
}

compat::CodeGenOptLevel codeGenLevelOf(OptimizationLevel Level) {
  if (Level == OptimizationLevel::O0)
    return compat::CodeGenOptLevel::None;
  if (Level == OptimizationLevel::O1)
    return compat::CodeGenOptLevel::Less;
  if (Level == OptimizationLevel::O3)
    return compat::CodeGenOptLevel::Aggressive;
  return compat::CodeGenOptLevel::Default;
}

} // namespace roof
