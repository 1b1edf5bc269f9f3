//===- passes/LLVMCompat.h - What differs between LLVM 19 and 22 ----------===//
//
// roof builds against LLVM 19 and 22 (CMakeLists.txt, ROOF_LLVM_VERSION).
// Every API the tree uses that differs between them is wrapped here, once,
// so that the pass and the tracing tools read the same whatever the version:
// nothing else tests LLVM_VERSION_MAJOR.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_LLVM_COMPAT_H
#define ROOF_LLVM_COMPAT_H

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/CodeGen/CodeGenTargetMachineImpl.h"
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#include <functional>
#include <string>

namespace roof::compat {

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

/// The module's target triple as text (a Triple in LLVM 22).
inline std::string targetTriple(const llvm::Module &M) {
#if LLVM_VERSION_MAJOR >= 22
  return M.getTargetTriple().str();
#else
  return M.getTargetTriple();
#endif
}

/// The target machine of \p T for \p TripleName; null when \p T has none.
/// LLVM 22 takes a Triple where 19 takes its text.
inline llvm::TargetMachine *
createTargetMachine(const llvm::Target &T, const std::string &TripleName,
                    llvm::StringRef CPU, llvm::StringRef Features,
                    llvm::CodeGenOptLevel OptLevel) {
#if LLVM_VERSION_MAJOR >= 22
  llvm::Triple TT(TripleName);
#else
  const std::string &TT = TripleName;
#endif
  return T.createTargetMachine(TT, CPU, Features, llvm::TargetOptions(),
                               llvm::Reloc::PIC_, std::nullopt, OptLevel);
}

/// The target machines that run LLVM's code generator (LLVMTargetMachine
/// before LLVM 22).
#if LLVM_VERSION_MAJOR >= 22
using CodeGenTargetMachine = llvm::CodeGenTargetMachineImpl;
#else
using CodeGenTargetMachine = llvm::LLVMTargetMachine;
#endif

/// The mnemonic the printer writes for \p Inst, possibly followed by the
/// start of its operands; null when it has none. LLVM 22 takes the
/// instruction by reference, 19 by pointer.
inline const char *mnemonic(llvm::MCInstPrinter &Printer,
                            const llvm::MCInst &Inst) {
#if LLVM_VERSION_MAJOR >= 22
  return Printer.getMnemonic(Inst).first;
#else
  return Printer.getMnemonic(&Inst).first;
#endif
}

//===----------------------------------------------------------------------===//
// Vector math libraries (-fveclib=)
//===----------------------------------------------------------------------===//

/// LLVM 22 moved the enum out of TargetLibraryInfoImpl and renamed the
/// glibc one.
#if LLVM_VERSION_MAJOR >= 22
using VectorLibrary = llvm::VectorLibrary;
constexpr VectorLibrary NoVectorLibrary = VectorLibrary::NoLibrary;
constexpr VectorLibrary Libmvec = VectorLibrary::LIBMVEC;
#else
using VectorLibrary = llvm::TargetLibraryInfoImpl::VectorLibrary;
constexpr VectorLibrary NoVectorLibrary = llvm::TargetLibraryInfoImpl::NoLibrary;
constexpr VectorLibrary Libmvec = llvm::TargetLibraryInfoImpl::LIBMVEC_X86;
#endif

/// An x86 vector library, known by the prefix of its function names.
struct X86VectorLibrary {
  VectorLibrary Library;
  const char *Prefix;
  const char *Name;
};

/// The x86 vector libraries this LLVM can map calls to.
inline llvm::ArrayRef<X86VectorLibrary> x86VectorLibraries() {
  static const X86VectorLibrary Libraries[] = {
      {Libmvec, "_ZGV", "libmvec"},
#if LLVM_VERSION_MAJOR >= 22
      {VectorLibrary::SVML, "__svml_", "svml"},
      {VectorLibrary::AMDLIBM, "amd_vr", "amdlibm"},
#else
      {llvm::TargetLibraryInfoImpl::SVML, "__svml_", "svml"},
      {llvm::TargetLibraryInfoImpl::AMDLIBM, "amd_vr", "amdlibm"},
#endif
  };
  return Libraries;
}

//===----------------------------------------------------------------------===//
// Intrinsics
//===----------------------------------------------------------------------===//

/// The lane mask of a llvm.masked.{load,store,gather,scatter,expandload,
/// compressstore} call. LLVM 22 dropped the alignment operand of the first
/// four (it is an attribute of the pointer), which came before the mask.
inline llvm::Value *maskedMemoryMask(const llvm::IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case llvm::Intrinsic::masked_expandload:
    return II.getArgOperand(1);
  case llvm::Intrinsic::masked_compressstore:
    return II.getArgOperand(2);
  case llvm::Intrinsic::masked_load:
  case llvm::Intrinsic::masked_gather:
    return II.getArgOperand(LLVM_VERSION_MAJOR >= 22 ? 1 : 2);
  case llvm::Intrinsic::masked_store:
  case llvm::Intrinsic::masked_scatter:
    return II.getArgOperand(LLVM_VERSION_MAJOR >= 22 ? 2 : 3);
  default:
    llvm_unreachable("not a masked memory intrinsic");
  }
}

//===----------------------------------------------------------------------===//
// Debug information
//===----------------------------------------------------------------------===//

/// The DW_LANG code of \p CU's language; LLVM 22 may hold a versioned
/// DW_LNAME code instead (a DISourceLanguageName), converted here.
inline unsigned sourceLanguage(const llvm::DICompileUnit &CU) {
#if LLVM_VERSION_MAJOR >= 22
  llvm::DISourceLanguageName Name = CU.getSourceLanguage();
  if (!Name.hasVersionedName())
    return Name.getName();
  std::optional<llvm::dwarf::SourceLanguage> Language =
      llvm::dwarf::toDW_LANG(
          static_cast<llvm::dwarf::SourceLanguageName>(Name.getName()),
          Name.getVersion());
  return Language ? *Language : 0;
#else
  return CU.getSourceLanguage();
#endif
}

//===----------------------------------------------------------------------===//
// Passes
//===----------------------------------------------------------------------===//

/// A SCEVExpander built the same way everywhere (LLVM 22 dropped the
/// DataLayout argument).
class SCEVExpander : public llvm::SCEVExpander {
public:
  SCEVExpander(llvm::ScalarEvolution &SE, const llvm::DataLayout &DL,
               const char *Name)
#if LLVM_VERSION_MAJOR >= 22
      : llvm::SCEVExpander(SE, Name) {
    (void)DL;
  }
#else
      : llvm::SCEVExpander(SE, DL, Name) {
  }
#endif
};

/// Runs \p Callback at the end of the optimisation pipeline. LLVM 22 also
/// passes the LTO phase, which roof does not need.
inline void registerOptimizerLast(
    llvm::PassBuilder &PB,
    std::function<void(llvm::ModulePassManager &, llvm::OptimizationLevel)>
        Callback) {
#if LLVM_VERSION_MAJOR >= 22
  PB.registerOptimizerLastEPCallback(
      [Callback](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
                 llvm::ThinOrFullLTOPhase) { Callback(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(Callback);
#endif
}

} // namespace roof::compat

#endif // ROOF_LLVM_COMPAT_H
