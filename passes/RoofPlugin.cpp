//===- RoofPlugin.cpp - Registration of the roof pass plugin --------------===//
//
// Loaded by `clang-19 -fpass-plugin=libroofpass.so` (the census runs at
// OptimizerLast, after vectorization, so it sees the vector widths, masks
// and remainder loops that will execute) or by `opt -load-pass-plugin`.
//
// ROOF_DISABLE=1 in the environment turns the plugin into a no-op, so a
// build can be compared with and without roof using the same command line.
//
//===----------------------------------------------------------------------===//
#include "RoofCensusPass.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace {

bool disabledByEnvironment() {
  const char *Value = std::getenv("ROOF_DISABLE");
  return Value && *Value && std::strcmp(Value, "0") != 0;
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "roof-census") {
          MPM.addPass(roof::RoofCensusPass());
          return true;
        }
        if (Name == "print<roof-census>") {
          MPM.addPass(roof::RoofCensusPrinter(outs()));
          return true;
        }
        return false;
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        if (!disabledByEnvironment())
          MPM.addPass(roof::RoofCensusPass());
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "roof", LLVM_VERSION_STRING,
          registerCallbacks};
}
