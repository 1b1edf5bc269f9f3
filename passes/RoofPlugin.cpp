//===- RoofPlugin.cpp - Registration of the roof pass plugin --------------===//
//
// Loaded by `clang-19 -fpass-plugin=libroofpass.so` (the census runs at
// OptimizerLast, after vectorization, so it sees the vector widths, masks
// and remainder loops that will execute) or by `opt -load-pass-plugin`.
// The markers of other tools become regions at PipelineStart, before
// inlining hides them (ToolMarkers.h).
//
// The pass is given the CPU and features of the compiler's TargetMachine,
// which the backend compiles functions without "target-cpu" and
// "target-features" attributes for (Flang 16's: CompilerTarget.h).
//
// ROOF_DISABLE=1 in the environment turns the plugin into a no-op, so a
// build can be compared with and without roof using the same command line.
//
//===----------------------------------------------------------------------===//
#include "CompilerTarget.h"
#include "LLVMCompat.h"
#include "RoofInstrumentPass.h"
#include "ToolMarkers.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;
namespace compat = roof::compat;

namespace {

bool disabledByEnvironment() {
  const char *Value = std::getenv("ROOF_DISABLE");
  return Value && *Value && std::strcmp(Value, "0") != 0;
}

/// The code generation level in a pass name's parameter: "roof-instrument",
/// "roof-instrument<O3>", "print<roof-counter-plan>",
/// "print<roof-counter-plan;O3>" (O2 when none is given, as llc's default).
/// \p OldPass: the name it had until this release (roof-census, a word that
/// is the run's JSON), accepted with a deprecation note until the next one.
std::optional<compat::CodeGenOptLevel> levelOf(StringRef Name, StringRef Pass,
                                               StringRef OldPass = "") {
  bool Printer = Name.consume_front("print<");
  if (Printer && !Name.consume_back(">"))
    return std::nullopt;
  bool Old = !OldPass.empty() && Name.consume_front(OldPass);
  if (!Old && !Name.consume_front(Pass))
    return std::nullopt;
  std::optional<compat::CodeGenOptLevel> Level;
  if (Name.empty())
    Level = compat::CodeGenOptLevel::Default;
  else if (Printer ? Name.consume_front(";")
                   : Name.consume_front("<") && Name.consume_back(">"))
    Level = StringSwitch<std::optional<compat::CodeGenOptLevel>>(Name)
                .Case("O0", compat::CodeGenOptLevel::None)
                .Case("O1", compat::CodeGenOptLevel::Less)
                .Case("O2", compat::CodeGenOptLevel::Default)
                .Case("O3", compat::CodeGenOptLevel::Aggressive)
                .Default(std::nullopt);
  if (Level && Old)
    errs() << "roof: the pass name '" << OldPass << "' is deprecated: it is '"
           << Pass << "' now (the old name goes in the next release)\n";
  return Level;
}

// The TargetMachine a PassBuilder was made with, which it keeps private: the
// pointer to that member is named in an explicit instantiation, where access
// is not checked (C++17 [temp.explicit]/14), and handed out by a
// friend function the instantiation defines. PassBuilder has had the member
// `TargetMachine *TM` in every LLVM roof builds against (16, 19, 22).
TargetMachine *PassBuilder::*passBuilderTargetMachine();
template <TargetMachine *PassBuilder::*Member> struct PassBuilderTargetMachine {
  friend TargetMachine *PassBuilder::*passBuilderTargetMachine() {
    return Member;
  }
};
template struct PassBuilderTargetMachine<&PassBuilder::TM>;

roof::CompilerTarget compilerTarget(const PassBuilder &PB) {
  const TargetMachine *TM = PB.*passBuilderTargetMachine();
  if (!TM)
    return {};
  return {TM->getTargetCPU().str(), TM->getTargetFeatureString().str()};
}

void registerCallbacks(PassBuilder &PB) {
  roof::CompilerTarget Target = compilerTarget(PB);
  PB.registerPipelineParsingCallback(
      [Target](StringRef Name, ModulePassManager &MPM,
               ArrayRef<PassBuilder::PipelineElement>) {
        if (Name.starts_with("print<")) {
          using Printer = roof::RoofCounterPlanPrinter;
          if (std::optional<compat::CodeGenOptLevel> L =
                  levelOf(Name, "roof-machine")) {
            MPM.addPass(Printer(outs(), *L, Printer::MachineBlocks, Target));
            return true;
          }
          if (std::optional<compat::CodeGenOptLevel> L =
                  levelOf(Name, "roof-counter-plan", "roof-census")) {
            MPM.addPass(Printer(outs(), *L, Printer::Slots, Target));
            return true;
          }
          return false;
        }
        if (std::optional<compat::CodeGenOptLevel> L =
                levelOf(Name, "roof-instrument", "roof-census")) {
          MPM.addPass(roof::RoofInstrumentPass(*L, Target));
          return true;
        }
        if (Name == "roof-markers") {
          MPM.addPass(roof::ToolMarkersPass());
          return true;
        }
        return false;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        if (!disabledByEnvironment())
          MPM.addPass(roof::ToolMarkersPass());
      });
  roof::compat::registerOptimizerLast(
      PB, [Target](ModulePassManager &MPM, OptimizationLevel Level) {
        if (!disabledByEnvironment())
          MPM.addPass(
              roof::RoofInstrumentPass(roof::codeGenLevelOf(Level), Target));
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "roof", LLVM_VERSION_STRING,
          registerCallbacks};
}
