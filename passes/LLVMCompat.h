//===- passes/LLVMCompat.h - What differs between LLVM 16, 19 and 22 ------===//
//
// roof builds against LLVM 16, 19 and 22 (CMakeLists.txt, ROOF_LLVM_VERSION).
// Every API the tree uses that differs between them is wrapped here, once,
// so that the pass and the tracing tools read the same whatever the version:
// nothing else tests LLVM_VERSION_MAJOR.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_LLVM_COMPAT_H
#define ROOF_LLVM_COMPAT_H

#include "llvm/ADT/APInt.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/CodeGen/MachinePostDominators.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/OptBisect.h"
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
#include <optional>
#include <string>

namespace roof::compat {

//===----------------------------------------------------------------------===//
// Code generation
//===----------------------------------------------------------------------===//

/// The backend's optimisation level (CodeGenOpt::Level before LLVM 18); its
/// values are None, Less, Default and Aggressive in every version.
#if LLVM_VERSION_MAJOR >= 18
using CodeGenOptLevel = llvm::CodeGenOptLevel;
#else
using CodeGenOptLevel = llvm::CodeGenOpt::Level;
#endif

/// The output of addPassesToEmitFile that is assembly text.
#if LLVM_VERSION_MAJOR >= 18
constexpr llvm::CodeGenFileType AssemblyFile =
    llvm::CodeGenFileType::AssemblyFile;
#else
constexpr llvm::CodeGenFileType AssemblyFile = llvm::CGFT_AssemblyFile;
#endif

/// The post-dominator tree of a machine function, computed on construction
/// (before LLVM 19 a legacy pass that computes it when run).
class MachinePostDominatorTree : public llvm::MachinePostDominatorTree {
public:
#if LLVM_VERSION_MAJOR >= 19
  explicit MachinePostDominatorTree(llvm::MachineFunction &MF)
      : llvm::MachinePostDominatorTree(MF) {}
#else
  explicit MachinePostDominatorTree(llvm::MachineFunction &MF) {
    runOnMachineFunction(MF);
  }
#endif
};

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
inline llvm::TargetMachine *createTargetMachine(const llvm::Target &T,
                                                const std::string &TripleName,
                                                llvm::StringRef CPU,
                                                llvm::StringRef Features,
                                                CodeGenOptLevel OptLevel) {
#if LLVM_VERSION_MAJOR >= 22
  llvm::Triple TT(TripleName);
#else
  const std::string &TT = TripleName;
#endif
  return T.createTargetMachine(TT, CPU, Features, llvm::TargetOptions(),
                               llvm::Reloc::PIC_, std::nullopt, OptLevel);
}

/// The target's subtarget information for \p CPU and \p Features (LLVM 22
/// takes the triple as a Triple).
inline llvm::MCSubtargetInfo *
createMCSubtargetInfo(const llvm::Target &T, const std::string &TripleName,
                      llvm::StringRef CPU, llvm::StringRef Features) {
#if LLVM_VERSION_MAJOR >= 22
  return T.createMCSubtargetInfo(llvm::Triple(TripleName), CPU, Features);
#else
  return T.createMCSubtargetInfo(TripleName, CPU, Features);
#endif
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
constexpr VectorLibrary NoVectorLibrary =
    llvm::TargetLibraryInfoImpl::NoLibrary;
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
#elif LLVM_VERSION_MAJOR >= 18
      {llvm::TargetLibraryInfoImpl::SVML, "__svml_", "svml"},
      {llvm::TargetLibraryInfoImpl::AMDLIBM, "amd_vr", "amdlibm"},
#else
      {llvm::TargetLibraryInfoImpl::SVML, "__svml_", "svml"}, // no AMD LibM
#endif
  };
  return Libraries;
}

/// The vector function \p TLI maps \p Name to at \p VF lanes, unmasked
/// (empty: none). LLVM 16 knows no masked variants.
inline llvm::StringRef vectorizedFunction(const llvm::TargetLibraryInfo &TLI,
                                          llvm::StringRef Name,
                                          llvm::ElementCount VF) {
#if LLVM_VERSION_MAJOR >= 17
  return TLI.getVectorizedFunction(Name, VF, /*Masked=*/false);
#else
  return TLI.getVectorizedFunction(Name, VF);
#endif
}

//===----------------------------------------------------------------------===//
// Intrinsics
//===----------------------------------------------------------------------===//

/// Intrinsics that switches name but LLVM 16 lacks (it calls libm's tan,
/// asin, ..., exp10 instead, and has no NaN-propagating vector min/max
/// reductions). In LLVM 16 they are IDs past its last intrinsic, which no
/// call has, so that their cases never match.
namespace intrinsic {
#if LLVM_VERSION_MAJOR >= 19
using namespace llvm::Intrinsic;
#else
enum : llvm::Intrinsic::ID {
  tan = llvm::Intrinsic::num_intrinsics,
  asin,
  acos,
  atan,
  sinh,
  cosh,
  tanh,
  exp10,
  vector_reduce_fminimum,
  vector_reduce_fmaximum,
};
#endif
} // namespace intrinsic

/// The intrinsic whose operation a VP intrinsic applies to its active lanes
/// (llvm.vp.sqrt: llvm.sqrt); none for those that are an instruction. LLVM
/// 16 names none of those the cost model asks for.
inline std::optional<llvm::Intrinsic::ID>
functionalIntrinsicID(const llvm::VPIntrinsic &VP) {
#if LLVM_VERSION_MAJOR >= 17
  return VP.getFunctionalIntrinsicID();
#else
  switch (VP.getIntrinsicID()) {
  case llvm::Intrinsic::vp_sqrt:
    return llvm::Intrinsic::sqrt;
  case llvm::Intrinsic::vp_fma:
    return llvm::Intrinsic::fma;
  case llvm::Intrinsic::vp_fmuladd:
    return llvm::Intrinsic::fmuladd;
  case llvm::Intrinsic::vp_minnum:
    return llvm::Intrinsic::minnum;
  case llvm::Intrinsic::vp_maxnum:
    return llvm::Intrinsic::maxnum;
  default:
    return std::nullopt;
  }
#endif
}

/// The lanes of the warp that execute this call, as a 32-bit mask (PTX's
/// activemask.b32, an NVVM intrinsic from LLVM 17, inline assembly before).
inline llvm::Value *activeMask(llvm::IRBuilderBase &B) {
#if LLVM_VERSION_MAJOR >= 17
  return B.CreateIntrinsic(B.getInt32Ty(), llvm::Intrinsic::nvvm_activemask,
                           {});
#else
  llvm::InlineAsm *Asm =
      llvm::InlineAsm::get(llvm::FunctionType::get(B.getInt32Ty(), false),
                           "activemask.b32 $0;", "=r", /*hasSideEffects=*/true);
  return B.CreateCall(Asm);
#endif
}

/// The number of set bits (APInt::countPopulation before LLVM 17).
inline unsigned popcount(const llvm::APInt &Bits) {
#if LLVM_VERSION_MAJOR >= 17
  return Bits.popcount();
#else
  return Bits.countPopulation();
#endif
}

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
  std::optional<llvm::dwarf::SourceLanguage> Language = llvm::dwarf::toDW_LANG(
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

/// A pass gate that decides in allowsPass (LLVM 22 made shouldRunPass
/// const).
class OptPassGate : public llvm::OptPassGate {
public:
  virtual bool allowsPass(llvm::StringRef PassName,
                          llvm::StringRef IRDescription) const = 0;

#if LLVM_VERSION_MAJOR >= 22
  bool shouldRunPass(llvm::StringRef PassName,
                     llvm::StringRef IRDescription) const override {
    return allowsPass(PassName, IRDescription);
  }
#else
  bool shouldRunPass(llvm::StringRef PassName,
                     llvm::StringRef IRDescription) override {
    return allowsPass(PassName, IRDescription);
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
