//===- LibmPathCalls.cpp - Count a libm call by the path its argument takes
//===//
#include "LibmPathCalls.h"
#include "AbiTypes.h"
#include "CounterPlan.h"
#include "LibmCosts.h"

#include "llvm/ADT/StringSwitch.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <iterator>

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

namespace {

/// The runtime's counting form of libm function \p Name, or null.
const char *countingFormOf(StringRef Name) {
#define ROOF_LIBM_PATH_CALL_CASE(Fn, Type, Family)                             \
  .Case(#Fn, ROOF_ABI_SYMBOL(__roof_libm_##Fn))
  return StringSwitch<const char *>(Name)
      ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_CASE)
          .Default(nullptr);
#undef ROOF_LIBM_PATH_CALL_CASE
}

bool isPathLookup(const CallBase &Count) {
  const Function *Callee = Count.getCalledFunction();
  return Callee && Callee->getName() == ROOF_ABI_SYMBOL(__roof_libm_path);
}

/// The private table that maps the path keys of libm function \p Name onto
/// their groups, once per module.
std::string groupTableName(StringRef Name) {
  return ("roof.libm.paths." + Name).str();
}

} // namespace

PathLookup insertPathLookup(CallBase &Call, unsigned Lane, StringRef Callee,
                            const LibmPaths &Paths) {
  Module &M = *Call.getModule();
  LLVMContext &Ctx = M.getContext();
  IRBuilder<> B(&Call);
  // The key to group table of the callee, once per module.
  std::string TableName = groupTableName(Callee);
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
  // The counters and the first group's slot are the counter instrumenter's
  // to give (countPaths); until then, poison.
  Value *Counters = PoisonValue::get(Ptr);
  Value *First = PoisonValue::get(B.getInt32Ty());
  auto Declare = [&](StringRef Name, FunctionType *Ty) {
    FunctionCallee Fn = M.getOrInsertFunction(Name, Ty);
    if (auto *Declared = dyn_cast<Function>(Fn.getCallee())) {
      Declared->setDoesNotThrow();
      Declared->setWillReturn();
    }
    return Fn;
  };
  Value *X = Call.getArgOperand(0);
  // The function's counting form, for a call of its own: one call of the
  // runtime instead of two calls, which finds the table in the module's
  // descriptor (countingFormGroups).
  const char *Form = countingFormOf(Callee);
  if (Form && isa<CallInst>(Call) && libmNameOf(Call) == Callee &&
      Call.arg_size() == 1 && !X->getType()->isVectorTy() &&
      X->getType() == Call.getType() && !isCensusBoundary(Call)) {
    FunctionCallee Counting = Declare(
        Form, FunctionType::get(Call.getType(),
                                {Call.getType(), Ptr, B.getInt32Ty()}, false));
    return {B.CreateCall(Counting, {X, Counters, First}), Paths.Groups};
  }
  FunctionCallee Lookup = Declare(
      ROOF_ABI_SYMBOL(__roof_libm_path),
      FunctionType::get(
          B.getVoidTy(),
          {B.getInt32Ty(), B.getInt64Ty(), Ptr, Ptr, B.getInt32Ty()}, false));
  // The argument's bits, not a conversion: the census counts FP operations.
  if (X->getType()->isVectorTy())
    X = B.CreateExtractElement(X, Lane);
  Value *Bits = B.CreateZExt(
      B.CreateBitCast(X, B.getIntNTy(X->getType()->getPrimitiveSizeInBits())),
      B.getInt64Ty());
  Bits->setName("roof.libm.bits");
  return {B.CreateCall(
              Lookup, {B.getInt32(Paths.Family), Bits, Table, Counters, First}),
          Paths.Groups};
}

Constant *countingFormGroups(Module &M) {
  static const char *const Names[] = {
#define ROOF_LIBM_PATH_CALL_NAME(Fn, Type, Family) #Fn,
      ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_NAME)
#undef ROOF_LIBM_PATH_CALL_NAME
  };
  static_assert(std::size(Names) == ROOF_NUM_LIBM_PATH_CALLS);
  PointerType *Ptr = PointerType::getUnqual(M.getContext());
  SmallVector<Constant *, ROOF_NUM_LIBM_PATH_CALLS> Rows;
  bool Any = false;
  for (const char *Name : Names) {
    GlobalVariable *Table = M.getFunction(countingFormOf(Name))
                                ? M.getNamedGlobal(groupTableName(Name))
                                : nullptr;
    Rows.push_back(Table ? static_cast<Constant *>(Table)
                         : ConstantPointerNull::get(Ptr));
    Any |= Table != nullptr;
  }
  if (!Any)
    return ConstantPointerNull::get(Ptr);
  auto *Ty = ArrayType::get(Ptr, Rows.size());
  auto *Groups = new GlobalVariable(
      M, Ty, /*isConstant=*/true, GlobalValue::PrivateLinkage,
      ConstantArray::get(Ty, Rows), "roof.libm.groups");
  Groups->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return Groups;
}

unsigned countedCallCounters(const CallBase &Count) {
  return Count.arg_size() - 2;
}

Value *countedArgument(const CallBase &Count) {
  return Count.getArgOperand(isPathLookup(Count) ? 1 : 0);
}

void replaceCountedCall(CallBase &Count) {
  if (isPathLookup(Count))
    return;
  StringRef Form = Count.getCalledFunction()->getName();
  for (Instruction *I = Count.getNextNode(); I; I = I->getNextNode()) {
    auto *Call = dyn_cast<CallInst>(I);
    if (!Call || Call->arg_size() != 1 ||
        Call->getArgOperand(0) != Count.getArgOperand(0))
      continue;
    const char *CallsForm = countingFormOf(libmNameOf(*Call));
    if (!CallsForm || Form != CallsForm)
      continue;
    Count.takeName(Call);
    Call->replaceAllUsesWith(&Count);
    Call->eraseFromParent();
    return;
  }
  llvm_unreachable("a counting form without the call it stands for");
}

} // namespace roof
