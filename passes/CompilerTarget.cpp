//===- CompilerTarget.cpp - What the compiler's backend compiles for ------===//
#include "CompilerTarget.h"
#include "LLVMCompat.h"

#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"

#include <memory>

using namespace llvm;

namespace roof {

bool CompilerTarget::hasFeatures(const Function &F, StringRef Required) const {
  std::string TripleName = compat::targetTriple(*F.getParent());
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(TripleName, Error);
  if (!T)
    return false;
  std::unique_ptr<MCSubtargetInfo> Subtarget(
      compat::createMCSubtargetInfo(*T, TripleName, cpuOf(F), featuresOf(F)));
  return Subtarget && Subtarget->checkFeatures(Required);
}

} // namespace roof
