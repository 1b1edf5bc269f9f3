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
  Module &M = *Call.getModule();
  LLVMContext &Ctx = M.getContext();
  IRBuilder<> B(&Call);
  // The key to group table of the callee, once per module.
  std::string TableName = ("roof.libm.paths." + Callee).str();
  auto *TableTy = ArrayType::get(B.getInt8Ty(), ROOF_LIBM_MAX_PATH_KEYS);
  GlobalVariable *Table = M.getNamedGlobal(TableName);
  if (!Table) {
    Table = new GlobalVariable(
        M, TableTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
        ConstantDataArray::get(Ctx, ArrayRef<uint8_t>(Paths.GroupOf)),
        TableName);
    Table->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  }
  auto *Ptr = B.getPtrTy();
  FunctionCallee Lookup = M.getOrInsertFunction(
      ROOF_ABI_SYMBOL(__roof_libm_path),
      FunctionType::get(B.getVoidTy(),
                        {B.getInt32Ty(), B.getInt64Ty(), Ptr, Ptr}, false));
  if (auto *Declared = dyn_cast<Function>(Lookup.getCallee())) {
    Declared->setDoesNotThrow();
    Declared->setWillReturn();
  }
  // The argument's bits, not a conversion: the census counts FP operations.
  Value *X = Call.getArgOperand(0);
  if (X->getType()->isVectorTy())
    X = B.CreateExtractElement(X, Lane);
  Value *Bits = B.CreateZExt(
      B.CreateBitCast(X, B.getIntNTy(X->getType()->getPrimitiveSizeInBits())),
      B.getInt64Ty());
  Bits->setName("roof.libm.bits");
  // The slots of the groups are the counter instrumenter's to give
  // (countPaths); until then, poison.
  CallInst *Count = B.CreateCall(
      Lookup, {B.getInt32(Paths.Family), Bits, Table, PoisonValue::get(Ptr)});
  return {Count, Paths.Groups};
}

} // namespace roof
