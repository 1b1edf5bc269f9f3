//===- LibmPathCalls.cpp - Count a libm call by the path its argument takes
//===//
#include "LibmPathCalls.h"
#include "AbiTypes.h"
#include "LibmCosts.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace roof {

std::string libmNameOf(const CallBase &Call) {
  if (const auto *Intrinsic = dyn_cast<IntrinsicInst>(&Call))
    return libmNameOfIntrinsic(Intrinsic->getIntrinsicID(), Call.getType())
        .value_or("");
  if (const Function *F = Call.getCalledFunction())
    return F->getName().str();
  return "";
}

unsigned elementsOf(const CallBase &Call) {
  if (auto *Vector = dyn_cast<FixedVectorType>(Call.getType()))
    return Vector->getNumElements();
  return 1;
}

bool selectedFrom(StringRef Callee, const CallBase &Call) {
  std::string Name = libmNameOf(Call);
  if (Name == Callee)
    return true;
  if (Callee == "sincos")
    return Name == "sin" || Name == "cos";
  if (Callee == "sincosf")
    return Name == "sinf" || Name == "cosf";
  return false;
}

PathLookup insertPathLookup(CallBase &Call, unsigned Lane, StringRef Callee,
                            const LibmPaths &Paths) {
  std::optional<LibraryCallWork> Typical = libraryCallWork(Callee);
  // Groups of keys with the same work, numbered as they are met; the keys
  // the probe never met do the typical call's work.
  std::vector<ClassWork> Works;
  auto GroupFor = [&](const ClassWork &W) {
    auto It = std::find(Works.begin(), Works.end(), W);
    if (It != Works.end())
      return uint8_t(It - Works.begin());
    Works.push_back(W);
    return uint8_t(Works.size() - 1);
  };
  std::vector<std::optional<uint8_t>> Measured(ROOF_LIBM_MAX_PATH_KEYS);
  for (const auto &[Key, Work] : Paths.Keys)
    if (Key < ROOF_LIBM_MAX_PATH_KEYS)
      Measured[Key] = GroupFor(Work);
  SmallVector<uint8_t, ROOF_LIBM_MAX_PATH_KEYS> GroupOf;
  for (const std::optional<uint8_t> &Group : Measured)
    GroupOf.push_back(Group ? *Group
                            : GroupFor(Typical ? Typical->Work : ClassWork{}));

  Module &M = *Call.getModule();
  LLVMContext &Ctx = M.getContext();
  IRBuilder<> B(&Call);
  // The key to group table of the callee, once per module.
  std::string TableName = ("roof.libm.paths." + Callee).str();
  auto *TableTy = ArrayType::get(B.getInt8Ty(), ROOF_LIBM_MAX_PATH_KEYS);
  GlobalVariable *Table = M.getNamedGlobal(TableName);
  if (!Table) {
    Table = new GlobalVariable(M, TableTy, /*isConstant=*/true,
                               GlobalValue::PrivateLinkage,
                               ConstantDataArray::get(Ctx, GroupOf), TableName);
    Table->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  }
  FunctionCallee Lookup = M.getOrInsertFunction(
      ROOF_ABI_SYMBOL(__roof_libm_path),
      FunctionType::get(B.getInt32Ty(),
                        {B.getInt32Ty(), B.getInt64Ty(), B.getPtrTy()}, false));
  if (auto *Declared = dyn_cast<Function>(Lookup.getCallee())) {
    Declared->setDoesNotThrow();
    Declared->setWillReturn();
    Declared->setOnlyReadsMemory();
  }
  // The argument's bits, not a conversion: the census counts FP operations.
  Value *X = Call.getArgOperand(0);
  if (X->getType()->isVectorTy())
    X = B.CreateExtractElement(X, Lane);
  Value *Bits = B.CreateZExt(
      B.CreateBitCast(X, B.getIntNTy(X->getType()->getPrimitiveSizeInBits())),
      B.getInt64Ty());
  Value *Group = B.CreateCall(Lookup, {B.getInt32(Paths.Family), Bits, Table},
                              "roof.libm.path");
  return {Group, std::move(Works)};
}

} // namespace roof
