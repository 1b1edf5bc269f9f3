//===- RoofInstrumentPass.cpp - The roof passes ---------------------------===//
//
// Thin wrappers over the worker classes: the instrumenter and the census.
//
//===----------------------------------------------------------------------===//
#include "RoofInstrumentPass.h"
#include "CodegenTwin.h"
#include "CounterInstrumenter.h"
#include "CounterPlan.h"
#include "CudaLaunchInstrumenter.h"
#include "DeviceInstrumenter.h"
#include "ExpansionProbe.h"
#include "FlopCostModel.h"
#include "LLVMCompat.h"
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
PreservedAnalyses RoofInstrumentPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM = functionAnalyses(M, MAM);
  bool Traffic = trafficModeRequested();
  bool Changed = DeviceInstrumenter(M, FAM, Traffic).run();
  Changed |= instrumentCudaLaunches(M);
  Changed |= CounterInstrumenter(M, FAM, CodeGenLevel, Traffic, Target).run();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses RoofCounterPlanPrinter::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  if (!isCountedTarget(M)) {
    OS << "roof-counter-plan: target '" << compat::targetTriple(M)
       << "' is not counted\n";
    return PreservedAnalyses::all();
  }
  ExpansionProbe Probe;
  FunctionAnalysisManager &FAM = functionAnalyses(M, MAM);
  CodegenTwin Twin(M, FAM, CodeGenLevel, Target);
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
    printCounterPlan(OS, F, buildCounterPlan(F, Model, Code, FAM));
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
