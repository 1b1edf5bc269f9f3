//===- CudaKernels.h - What the device and host sides of CUDA share -------===//
//
// A CUDA translation unit is compiled twice: once per GPU architecture for
// the device (nvptx64-nvidia-cuda) and once for the host. The two passes
// never see each other's module, so they agree on names: the device side
// defines, per kernel, its counter header (counterHeaderType,
// counterHeaderSymbolOf(kernel)); the host side registers a shadow of it
// with the CUDA runtime (like any __device__ variable), so that
// libroofrt-cuda can read it and give the kernel its counts.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_CUDA_KERNELS_H
#define ROOF_CUDA_KERNELS_H

#include "AbiTypes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <cstddef>
#include <string>

namespace roof {

/// The counter header of kernel \p KernelName (a mangled name, which is
/// also a valid PTX identifier).
inline std::string counterHeaderSymbolOf(llvm::StringRef KernelName) {
  return ("__roof_kh_" + KernelName).str();
}

/// The IR type of a kernel's counter header (RoofCudaCounterHeader), on
/// the device and as the host's shadow: {columns, num_weights, counts,
/// row_mask, flags, reserved, traffic, traffic_capacity, traffic_threshold,
/// weights}, fields CounterHeaderField.
enum CounterHeaderField : unsigned {
  HeaderColumns,
  HeaderNumWeights,
  HeaderCounts,
  HeaderRowMask,
  HeaderFlags,
  HeaderReserved,
  HeaderTraffic,
  HeaderTrafficCapacity,
  HeaderTrafficThreshold,
  HeaderWeights
};
inline llvm::StructType *counterHeaderType(llvm::LLVMContext &Ctx) {
  static_assert(
      offsetof(RoofCudaCounterHeader, counts) == 8 &&
          offsetof(RoofCudaCounterHeader, row_mask) == 16 &&
          offsetof(RoofCudaCounterHeader, flags) == 24 &&
          offsetof(RoofCudaCounterHeader, traffic) == 32 &&
          offsetof(RoofCudaCounterHeader, traffic_capacity) == 40 &&
          offsetof(RoofCudaCounterHeader, traffic_threshold) == 48 &&
          offsetof(RoofCudaCounterHeader, weights) == 56 &&
          sizeof(RoofCudaCounterHeader) == 56 + 16 * ROOF_CUDA_MAX_WEIGHTS,
      "RoofCudaCounterHeader is laid out as counterHeaderType builds it");
  auto *Int32 = llvm::Type::getInt32Ty(Ctx),
       *Int64 = llvm::Type::getInt64Ty(Ctx);
  auto *Weight = llvm::StructType::get(Ctx, abiTypes(Ctx, AbiStruct::Weight));
  return llvm::StructType::get(
      Ctx, {Int32, Int32, Int64, Int64, Int32, Int32, Int64, Int64, Int64,
            llvm::ArrayType::get(Weight, ROOF_CUDA_MAX_WEIGHTS)});
}

/// A load of 64-bit field \p Field of kernel counter header \p Header, at
/// \p B: a value the runtime writes before the launch, the same for every
/// thread and read-only while the kernel runs (an invariant load, which the
/// backend reads through the non-coherent cache).
inline llvm::LoadInst *loadHeaderField(llvm::IRBuilderBase &B,
                                       llvm::GlobalVariable *Header,
                                       CounterHeaderField Field,
                                       const llvm::Twine &Name) {
  llvm::LoadInst *Load = B.CreateLoad(
      B.getInt64Ty(), B.CreateStructGEP(Header->getValueType(), Header, Field),
      Name);
  Load->setMetadata(llvm::LLVMContext::MD_invariant_load,
                    llvm::MDNode::get(B.getContext(), {}));
  return Load;
}

/// A __global__ function: the PTX_Kernel calling convention, or (as clang
/// 19 emits them) an `!nvvm.annotations` entry `{ptr @f, !"kernel", i32 1}`.
inline bool isCudaKernel(const llvm::Function &F) {
  if (F.getCallingConv() == llvm::CallingConv::PTX_Kernel)
    return true;
  const llvm::NamedMDNode *Annotations =
      F.getParent()->getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return false;
  for (const llvm::MDNode *Entry : Annotations->operands()) {
    if (Entry->getNumOperands() < 3)
      continue;
    auto *Subject =
        llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(Entry->getOperand(0));
    auto *Key = llvm::dyn_cast_or_null<llvm::MDString>(Entry->getOperand(1));
    auto *Value = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
        Entry->getOperand(2));
    if (Subject && Subject->getValue() == &F && Key &&
        Key->getString() == "kernel" && Value && Value->isOne())
      return true;
  }
  return false;
}

/// The SM number of "target-cpu"="sm_90" (0 when absent or unknown).
inline unsigned smVersionOf(const llvm::Function &F) {
  llvm::StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
  unsigned SM = 0;
  if (!CPU.consume_front("sm_") ||
      CPU.take_while([](char C) { return llvm::isDigit(C); })
          .getAsInteger(10, SM))
    return 0;
  return SM;
}

} // namespace roof

#endif // ROOF_CUDA_KERNELS_H
