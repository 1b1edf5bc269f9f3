//===- LibmPathCalls.h - Count a libm call by the path its argument takes -===//
//
// glibc's sin, cos, erf and their float forms execute different work for
// different arguments. Before the IR call a machine call of such a function
// was selected from, the pass calls the runtime, which finds the group of
// path keys the argument's falls in (__roof_libm_path, roof/abi.h) through a
// table of the module that groups the keys executing the same work
// (LibmCosts.inc, measured by roof-libm-probe), and counts the call in that
// group's counter, one per group (CountingScale::PerPath). Keys the probe
// never met count as the function's typical call. A call replaced by the
// function's counting form does not pass the table: the module descriptor
// lists the tables (countingFormGroups).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_LIBM_PATH_CALLS_H
#define ROOF_LIBM_PATH_CALLS_H

#include "Contribution.h"
#include "LibmCosts.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Constant.h"
#include "llvm/IR/InstrTypes.h"

#include <vector>

namespace roof {

/// The call that counts the group of path keys a call takes, and what a
/// call of each group executes. Its last two operands, the counter array and
/// the first group's slot, are the counter instrumenter's to set
/// (countedCallCounters).
struct PathLookup {
  llvm::CallInst *Count;
  const std::vector<ClassWork> &Works;
};

/// The name of the scalar library function \p Call calls per element: its
/// callee, or for an intrinsic with a libm equivalent that function
/// (llvm.sin.f32 and llvm.sin.v8f32: sinf).
std::string libmNameOf(const llvm::CallBase &Call);

/// The elements \p Call computes: 1, or the lanes of a vector intrinsic,
/// which the code generator unrolls into a library call per lane.
unsigned elementsOf(const llvm::CallBase &Call);

/// Whether a machine call of \p Callee may have been selected from the IR
/// call \p Call: the same function, or sin or cos merged into sincos.
bool selectedFrom(llvm::StringRef Callee, const llvm::CallBase &Call);

/// Inserts before \p Call the count of its argument's path group (element
/// \p Lane of a vector argument), for the machine call of \p Callee, whose
/// paths are \p Paths (libmPaths). Where the machine call is \p Call's own
/// and the runtime has the function's counting form (ROOF_LIBM_PATH_CALLS,
/// roof/abi.h), the count is a call of that form, which is to replace
/// \p Call once the plan is made (replaceCountedCall); otherwise a call of
/// __roof_libm_path.
PathLookup insertPathLookup(llvm::CallBase &Call, unsigned Lane,
                            llvm::StringRef Callee, const LibmPaths &Paths);

/// The group tables of the counting forms \p M calls, as
/// RoofModule.libm_groups points to them (roof/abi.h): a constant array in
/// \p M, or null where it calls none.
llvm::Constant *countingFormGroups(llvm::Module &M);

/// The operand of \p Count (a PathLookup's) that takes the counter array;
/// the next one takes the slot of its first group, the others following it.
unsigned countedCallCounters(const llvm::CallBase &Count);

/// The value whose path \p Count counts: the argument's bits for
/// __roof_libm_path, the argument itself for a counting form.
llvm::Value *countedArgument(const llvm::CallBase &Count);

/// Where \p Count is a counting form, replaces the libm call it stands
/// for, the first call after it that computes the same function of its
/// argument, with it.
void replaceCountedCall(llvm::CallBase &Count);

} // namespace roof

#endif // ROOF_LIBM_PATH_CALLS_H
