//===- CodegenTwin.h - What the X86 backend makes of each function -------===//
//
// roof's empirical counts are the FP work the target executes. Instead of
// predicting what the backend will do with the IR (DAG combines merge and
// fuse, MachineLICM hoists, MachineCSE merges, fast-math refolds), the pass
// compiles a twin of the module: a clone holding the functions with FP work,
// with their attributes, the compilation's TargetLibraryInfo and
// optimisation level, through LLVM's own X86 code generator, up to the end
// of machine-level optimisation (the SSA passes, PHI elimination: where the
// register allocator starts). Every MachineInstr is then read with the
// shared X86 classifier. The same IR, options and backend make the same
// instructions as the real compilation, which is the plain build's.
//
//   opt -load-pass-plugin=build/lib/libroofpass.so \
//       -passes='print<roof-machine>' -disable-output in.ll
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_CODEGEN_TWIN_H
#define ROOF_CODEGEN_TWIN_H

#include "CompilerTarget.h"
#include "Contribution.h"
#include "LLVMCompat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace roof {

/// One FP instruction with an AVX-512 write mask: it computes only the lanes
/// whose mask bit is set when it runs.
struct MaskedInstr {
  ClassWork FullWidth{}; // all lanes
  unsigned Lanes = 0;
  unsigned Part = 0; // of its block (MachineBlock::Parts)
  /// The IR instruction it was selected from, when the twin could tell.
  const llvm::Instruction *Origin = nullptr;
  /// With merge-masking, the IR instruction whose value the masked-off
  /// lanes keep, when the twin could tell.
  const llvm::Instruction *MergedInto = nullptr;
};

/// A basic block of the twin's machine code, and what it executes each time
/// it runs.
struct MachineBlock {
  /// The block of the original function it was selected from; null for a
  /// block the code generator created (a split edge, a preheader made by
  /// LoopSimplify, a branch CodeGenPrepare made of a select).
  const llvm::BasicBlock *Origin = nullptr;
  /// It runs exactly once each time its origin runs: instruction selection
  /// may expand a block into several (a select into a diamond), of which
  /// the ones dominated by the first and post-dominating it are.
  bool RunsWithOrigin = false;
  /// The first machine block of its origin, which the others are reached
  /// through.
  bool First = false;
  llvm::SmallVector<unsigned, 2> Predecessors, Successors;
  /// Calls, in order: symbol, empty for an indirect call.
  llvm::SmallVector<std::string, 2> Calls;
  /// Unmasked FP work by part: Parts[0] runs before the first call,
  /// Parts[I] between calls I-1 and I (the call itself included, for what a
  /// library call executes).
  llvm::SmallVector<ClassWork, 1> Parts{ClassWork{}};
  llvm::SmallVector<MaskedInstr, 2> Masked;
  /// The FP instructions and calls in order ("vmulpd zmm, call exp"), as
  /// evidence for print<roof-machine> and print<roof-counter-plan>.
  std::string Listing;
};

struct MachineCode {
  std::vector<MachineBlock> Blocks; // Blocks[0] is the entry
  /// Whether the function's subtarget has MaskConcatenationFeatures, as the
  /// code generator's subtarget says (kept in the cache with the rest, so
  /// that a warm compile need not build a subtarget to ask).
  bool ConcatenatesMasks = false;
  /// Set when the twin could not be compiled; the pass then falls back to
  /// the IR and says so.
  std::string Error;
};

/// The twin of a module: compiled once (or found in the disk cache,
/// DiskCache), read per function.
class CodegenTwin {
public:
  /// Compiles the functions of \p M that touch FP values. \p FAM gives the
  /// TargetLibraryInfo the compilation uses, \p Target the CPU and features
  /// of the functions without attributes naming them.
  CodegenTwin(llvm::Module &M, llvm::FunctionAnalysisManager &FAM,
              compat::CodeGenOptLevel OptLevel, const CompilerTarget &Target);
  ~CodegenTwin();

  /// The machine code of \p F, or null when F has no FP work (nothing to
  /// read) or is not an x86-64 function.
  const MachineCode *machineCode(const llvm::Function &F) const;

private:
  /// Compiles \p Functions of \p M into Code; the error, if any.
  std::string compile(const llvm::Module &M,
                      llvm::ArrayRef<const llvm::Function *> Functions,
                      compat::CodeGenOptLevel OptLevel,
                      compat::VectorLibrary Library,
                      const CompilerTarget &Target);

  llvm::DenseMap<const llvm::Function *, std::unique_ptr<MachineCode>> Code;
};

/// Whether the twin compiles \p F: it defines a function with FP values.
bool touchesFloatingPoint(const llvm::Function &F);

/// Prints each function's machine blocks with their origin and FP work
/// (print<roof-machine>).
void printMachineCode(llvm::raw_ostream &OS, const llvm::Function &F,
                      const MachineCode &Code);

} // namespace roof

#endif // ROOF_CODEGEN_TWIN_H
