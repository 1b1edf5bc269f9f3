//===- DeviceTraffic.cpp - A sample of a CUDA kernel's global sectors -----===//
//
// Per access, before it:
//   sector = address >> 5; sampled = (sector * hash) >> 40 < threshold
//   (and, for a generic pointer not known to be global, isspacep.global);
//   if sampled:
//     peers = match.any.sync(activemask, sector)   // lanes on this sector
//     if lane == lowest of peers:
//       i = atomic add(buffer.count, 1)
//       if i < capacity: buffer.records[i] = record(sector, SM, access)
// The header's buffer, capacity and threshold are read once, at the
// kernel's entry; the threshold is 0 while the runtime models nothing.
// Global accesses are naturally aligned and at most 16 bytes, so one never
// spans two sectors.
//
//===----------------------------------------------------------------------===//
#include "DeviceTraffic.h"
#include "CudaKernels.h"
#include "FlopCostModel.h"
#include "LLVMCompat.h"

#include "roof/abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <optional>

using namespace llvm;

namespace roof {

namespace {

constexpr unsigned FirstSMWithMatch = 70;
constexpr unsigned GlobalAddressSpace = 1;

/// What \p I does to memory, for the model; none for what is not a global
/// access candidate.
std::optional<RoofCudaAccess> accessOf(Instruction &I) {
  if (isa<LoadInst>(I))
    return ROOF_CUDA_LOAD;
  if (isa<StoreInst>(I))
    return ROOF_CUDA_STORE;
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return ROOF_CUDA_ATOMIC;
  // __ldg and __ldlu, where clang still emits them as intrinsics.
  if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
    StringRef Name = II->getCalledFunction()->getName();
    if (Name.starts_with("llvm.nvvm.ldg.global.") ||
        Name.starts_with("llvm.nvvm.ldu.global."))
      return ROOF_CUDA_LOAD;
  }
  return std::nullopt;
}

} // namespace

bool deviceTrafficSupported(const Function &F) {
  return smVersionOf(F) >= FirstSMWithMatch;
}

SmallVector<DeviceAccess, 0> deviceAccesses(Function &F) {
  SmallVector<DeviceAccess, 0> Accesses;
  for (Instruction &I : instructions(F)) {
    std::optional<RoofCudaAccess> Kind = accessOf(I);
    if (!Kind)
      continue;
    bool Stored = *Kind != ROOF_CUDA_LOAD;
    RoofSpace Space = addressSpaceOf(I, Stored);
    if (Space != ROOF_SPACE_GLOBAL && Space != ROOF_SPACE_GENERIC)
      continue;
    Value *Pointer = memoryPointerOf(I, Stored);
    Accesses.push_back({&I, Pointer, *Kind,
                        Space == ROOF_SPACE_GLOBAL ||
                            Pointer->getType()->getPointerAddressSpace() ==
                                GlobalAddressSpace});
  }
  return Accesses;
}

void instrumentDeviceTraffic(ArrayRef<DeviceAccess> Accesses,
                             GlobalVariable *Header) {
  if (Accesses.empty())
    return;
  Function &F = *Accesses.front().I->getFunction();
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Type *Int64 = B.getInt64Ty();
  Value *Buffer = B.CreateIntToPtr(
      loadHeaderField(B, Header, HeaderTraffic, "roof.traffic"),
      B.getPtrTy(GlobalAddressSpace));
  Value *Capacity = loadHeaderField(B, Header, HeaderTrafficCapacity,
                                    "roof.traffic.capacity");
  Value *Threshold = loadHeaderField(B, Header, HeaderTrafficThreshold,
                                     "roof.traffic.threshold");

  for (const auto &[I, Pointer, Access, Global] : Accesses) {
    B.SetInsertPoint(I);
    Value *Sector = B.CreateLShr(B.CreatePtrToInt(Pointer, Int64),
                                 ROOF_CUDA_SECTOR_SHIFT, "roof.sector");
    Value *Hash =
        B.CreateMul(Sector, ConstantInt::get(Int64, ROOF_TRAFFIC_HASH));
    Value *Sampled =
        B.CreateICmpULT(B.CreateLShr(Hash, ROOF_TRAFFIC_HASH_SHIFT), Threshold,
                        "roof.sector.sampled");
    if (!Global)
      Sampled = B.CreateAnd(Sampled,
                            B.CreateIntrinsic(B.getInt1Ty(),
                                              Intrinsic::nvvm_isspacep_global,
                                              {Pointer}));
    B.SetInsertPoint(SplitBlockAndInsertIfThen(Sampled, I, false));
    // The lanes on this sector make one record, the lowest of them.
    Value *Peers =
        B.CreateIntrinsic(B.getInt32Ty(), Intrinsic::nvvm_match_any_sync_i64,
                          {compat::activeMask(B), Sector});
    Value *Lane = B.CreateIntrinsic(B.getInt32Ty(),
                                    Intrinsic::nvvm_read_ptx_sreg_laneid, {});
    Value *Lowest =
        B.CreateBinaryIntrinsic(Intrinsic::cttz, Peers, B.getTrue());
    B.SetInsertPoint(SplitBlockAndInsertIfThen(
        B.CreateICmpEQ(Lane, Lowest, "roof.sector.first"), &*B.GetInsertPoint(),
        false));
    Value *Index = B.CreateAtomicRMW(AtomicRMWInst::Add, Buffer, B.getInt64(1),
                                     MaybeAlign(8), AtomicOrdering::Monotonic);
    B.SetInsertPoint(SplitBlockAndInsertIfThen(
        B.CreateICmpULT(Index, Capacity, "roof.traffic.fits"),
        &*B.GetInsertPoint(), false));
    Value *SM =
        B.CreateZExt(B.CreateIntrinsic(B.getInt32Ty(),
                                       Intrinsic::nvvm_read_ptx_sreg_smid, {}),
                     Int64);
    // ROOF_CUDA_TRAFFIC_RECORD(sector, SM, access)
    Value *SectorBits = B.CreateShl(Sector, ROOF_CUDA_SM_BITS + 2);
    Value *SMBits =
        B.CreateShl(B.CreateAnd(SM, (1u << ROOF_CUDA_SM_BITS) - 1), 2);
    Value *Record = B.CreateOr(SectorBits, SMBits, "roof.traffic.record");
    if (Access != ROOF_CUDA_LOAD)
      Record = B.CreateOr(Record, B.getInt64(Access));
    B.CreateAlignedStore(Record,
                         B.CreateInBoundsGEP(Int64, Buffer,
                                             B.CreateAdd(Index, B.getInt64(1)),
                                             "roof.traffic.at"),
                         Align(8));
  }
}

} // namespace roof
