//===- CudaLaunchInstrumenter.cpp - Host side of CUDA kernel counting -----===//
#include "CudaLaunchInstrumenter.h"
#include "CudaKernels.h"
#include "LLVMCompat.h"

#include "AbiTypes.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace roof {

namespace {

// CUDA runtime registration entry points, as clang's CGCUDANV calls them.
constexpr char RegisterFunctionName[] = "__cudaRegisterFunction";
constexpr char RegisterVarName[] = "__cudaRegisterVar";
// libroofrt-cuda (runtime/cuda_launch.c).
constexpr const char *RegisterKernelName =
    ROOF_ABI_SYMBOL(__roof_cuda_register_kernel);
constexpr char LaunchWrapperPrefix[] = "__roof_";
constexpr StringRef LaunchFunctions[] = {"cudaLaunchKernel",
                                         "cudaLaunchKernel_ptsz"};

void registerCounters(Module &M, CallInst &RegisterFunction) {
  StringRef Kernel;
  if (!getConstantStringInfo(RegisterFunction.getArgOperand(2), Kernel))
    return;
  LLVMContext &Ctx = M.getContext();
  auto *Ptr = PointerType::getUnqual(Ctx);
  auto *Int32 = Type::getInt32Ty(Ctx);
  auto *Int64 = Type::getInt64Ty(Ctx);
  IRBuilder<> B(RegisterFunction.getNextNode());
  Value *Handle = RegisterFunction.getArgOperand(0);
  FunctionCallee RegisterVar =
      M.getOrInsertFunction(RegisterVarName, Type::getVoidTy(Ctx), Ptr, Ptr,
                            Ptr, Ptr, Int32, Int64, Int32, Int32);
  StructType *HeaderTy = counterHeaderType(Ctx);
  auto *Header = new GlobalVariable(
      M, HeaderTy, false, GlobalValue::InternalLinkage,
      Constant::getNullValue(HeaderTy), "roof.kernel.header");
  Value *Symbol =
      B.CreateGlobalStringPtr(counterHeaderSymbolOf(Kernel), "roof.str");
  // extern = 0, size, constant = 0, global = 0: a plain __device__ variable.
  B.CreateCall(RegisterVar,
               {Handle, Header, Symbol, Symbol, B.getInt32(0),
                B.getInt64(M.getDataLayout().getTypeAllocSize(HeaderTy)),
                B.getInt32(0), B.getInt32(0)});
  FunctionCallee RegisterKernel = M.getOrInsertFunction(
      RegisterKernelName, Type::getVoidTy(Ctx), Ptr, Ptr, Ptr, Ptr, Ptr);
  B.CreateCall(RegisterKernel,
               {RegisterFunction.getArgOperand(1),
                B.CreateGlobalStringPtr(Kernel, "roof.str"),
                B.CreateGlobalStringPtr(demangle(Kernel.str()), "roof.str"),
                Header,
                B.CreateGlobalStringPtr(M.getSourceFileName(), "roof.str")});
}

} // namespace

bool instrumentCudaLaunches(Module &M) {
  if (Triple(compat::targetTriple(M)).isNVPTX())
    return false;
  bool Changed = false;
  if (Function *Register = M.getFunction(RegisterFunctionName)) {
    SmallVector<CallInst *, 8> Registrations;
    for (User *U : Register->users())
      if (auto *Call = dyn_cast<CallInst>(U);
          Call && Call->getCalledFunction() == Register &&
          Call->arg_size() >= 3)
        Registrations.push_back(Call);
    for (CallInst *Call : Registrations)
      registerCounters(M, *Call);
    Changed |= !Registrations.empty();
  }
  for (StringRef Name : LaunchFunctions) {
    Function *Launch = M.getFunction(Name);
    if (!Launch)
      continue;
    FunctionCallee Wrapper = M.getOrInsertFunction(
        (LaunchWrapperPrefix + Name).str(), Launch->getFunctionType());
    SmallVector<CallBase *, 8> Calls;
    for (User *U : Launch->users())
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getCalledOperand() == Launch)
        Calls.push_back(Call);
    for (CallBase *Call : Calls)
      Call->setCalledFunction(Wrapper);
    Changed |= !Calls.empty();
  }
  return Changed;
}

} // namespace roof
