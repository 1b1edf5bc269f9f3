//===- TrafficInstrumenter.cpp - Addresses for the runtime's cache model --===//
#include "TrafficInstrumenter.h"
#include "LLVMCompat.h"

#include "AbiTypes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace roof {

namespace {

constexpr const char *ThresholdName = ROOF_ABI_SYMBOL(__roof_traffic_threshold);
constexpr const char *SetMaskName = ROOF_ABI_SYMBOL(__roof_traffic_set_mask);
constexpr const char *SetValueName = ROOF_ABI_SYMBOL(__roof_traffic_set_value);
constexpr const char *AccessName = ROOF_ABI_SYMBOL(__roof_traffic_access);
constexpr const char *LanesName = ROOF_ABI_SYMBOL(__roof_traffic_lanes);
constexpr const char *LoopName = ROOF_ABI_SYMBOL(__roof_traffic_loop);
/// Accesses merged into one stream or one check span up to this width (the
/// runtime follows wider streams line by line).
constexpr uint64_t MaxMergedBytes = 512;
/// A loop that touches fewer bytes than this on entry checks each stream's
/// lines once an iteration, where it is: finding the first sampled line of each
/// stream and setting the streams up would cost the runtime more than the
/// checks.
constexpr uint64_t MinLoopBytes = 32 << 10;

/// What one instruction accesses: `Bytes` from `Pointer`, or, with `Mask`,
/// the active lanes of the vector of pointers `Pointer`.
struct Access {
  Value *Pointer = nullptr;
  Value *Bytes = nullptr;    // a constant for loads and stores
  Value *Mask = nullptr;     // <N x i1>: lanes
  uint64_t ElementBytes = 0; // lanes: bytes per lane
  bool Stored = false;
  bool Checked = false; // sampled inline (fixed size, one access)
  Align Alignment;
};

/// An access checked where it is, before instruction \p At.
struct CheckedAccess {
  Instruction *At;
  Access X;
};

/// The accesses of \p I (two for memcpy and memmove: its source and its
/// destination).
SmallVector<Access, 2> accessesOf(Instruction &I) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  IRBuilder<> B(&I);
  auto Fixed = [&](Value *Pointer, Type *Ty, bool Stored, Align A) {
    Access X;
    X.Pointer = Pointer;
    X.Bytes = B.getInt64(DL.getTypeStoreSize(Ty).getFixedValue());
    X.Stored = Stored;
    X.Checked = true;
    X.Alignment = A;
    return SmallVector<Access, 2>{X};
  };
  auto Range = [&](Value *Pointer, Value *Bytes, bool Stored) {
    Access X;
    X.Pointer = Pointer;
    X.Bytes = Bytes;
    X.Stored = Stored;
    return X;
  };
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return Fixed(LI->getPointerOperand(), LI->getType(), false, LI->getAlign());
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return Fixed(SI->getPointerOperand(), SI->getValueOperand()->getType(),
                 true, SI->getAlign());
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return Fixed(RMW->getPointerOperand(), RMW->getType(), true,
                 RMW->getAlign());
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return Fixed(CX->getPointerOperand(), CX->getNewValOperand()->getType(),
                 true, CX->getAlign());
  if (auto *MT = dyn_cast<MemTransferInst>(&I))
    return {Range(MT->getRawSource(), MT->getLength(), false),
            Range(MT->getRawDest(), MT->getLength(), true)};
  if (auto *MS = dyn_cast<MemSetInst>(&I))
    return {Range(MS->getRawDest(), MS->getLength(), true)};
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return {};
  auto Lanes = [&](Value *Pointers, Value *Mask, Type *Ty, bool Stored) {
    auto *VTy = dyn_cast<FixedVectorType>(Ty);
    if (!VTy || VTy->getNumElements() > 64)
      return SmallVector<Access, 2>{};
    Access X;
    X.Pointer = Pointers;
    X.Mask = Mask;
    X.ElementBytes = DL.getTypeStoreSize(VTy->getElementType()).getFixedValue();
    X.Stored = Stored;
    return SmallVector<Access, 2>{X};
  };
  // Lane i of a masked load or store is element i from the pointer.
  auto Consecutive = [&](Value *Pointer, Type *Ty) -> Value * {
    auto *VTy = dyn_cast<FixedVectorType>(Ty);
    if (!VTy)
      return nullptr;
    SmallVector<Constant *, 16> Index;
    for (unsigned L = 0; L < VTy->getNumElements(); ++L)
      Index.push_back(B.getInt64(L));
    return B.CreateGEP(VTy->getElementType(), Pointer,
                       ConstantVector::get(Index), "roof.lanes");
  };
  switch (II->getIntrinsicID()) {
  case Intrinsic::masked_load:
    if (Value *P = Consecutive(II->getArgOperand(0), II->getType()))
      return Lanes(P, compat::maskedMemoryMask(*II), II->getType(), false);
    return {};
  case Intrinsic::masked_store: {
    Type *Ty = II->getArgOperand(0)->getType();
    if (Value *P = Consecutive(II->getArgOperand(1), Ty))
      return Lanes(P, compat::maskedMemoryMask(*II), Ty, true);
    return {};
  }
  case Intrinsic::masked_gather:
    return Lanes(II->getArgOperand(0), compat::maskedMemoryMask(*II),
                 II->getType(), false);
  case Intrinsic::masked_scatter:
    return Lanes(II->getArgOperand(1), compat::maskedMemoryMask(*II),
                 II->getArgOperand(0)->getType(), true);
  case Intrinsic::masked_expandload:
  case Intrinsic::masked_compressstore: {
    // The active lanes take consecutive elements from the pointer.
    bool Stored = II->getIntrinsicID() == Intrinsic::masked_compressstore;
    Type *Ty = Stored ? II->getArgOperand(0)->getType() : II->getType();
    auto *VTy = dyn_cast<FixedVectorType>(Ty);
    if (!VTy || VTy->getNumElements() > 64)
      return {};
    Value *Mask = compat::maskedMemoryMask(*II);
    Value *Bits =
        B.CreateZExt(B.CreateBitCast(Mask, B.getIntNTy(VTy->getNumElements())),
                     B.getInt64Ty());
    Value *Active = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits);
    uint64_t Element =
        DL.getTypeStoreSize(VTy->getElementType()).getFixedValue();
    return {Range(II->getArgOperand(Stored ? 1 : 0),
                  B.CreateMul(Active, B.getInt64(Element)), Stored)};
  }
  default:
    return {};
  }
}

bool accessesMemory(const Instruction &I) {
  if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst, MemIntrinsic>(
          I))
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    switch (II->getIntrinsicID()) {
    case Intrinsic::masked_load:
    case Intrinsic::masked_store:
    case Intrinsic::masked_gather:
    case Intrinsic::masked_scatter:
    case Intrinsic::masked_expandload:
    case Intrinsic::masked_compressstore:
      return true;
    default:
      break;
    }
  return false;
}

/// An innermost loop whose accesses the runtime is given at once, before
/// the loop runs (__roof_traffic_loop, include/roof/abi.h): every access
/// is a plain load or store made once per iteration at an address that
/// moves by a step known on entry, as is the trip count, and nothing
/// else in the loop touches memory the model would see.
struct LoopStreams {
  struct Stream {
    const SCEV *Start;
    const SCEV *Step; // i64, loop-invariant
    uint64_t Bytes;
    bool Stored;
    Instruction *First; // its first access in the iteration, at Start
  };
  const SCEV *Iterations; // i64
  SmallVector<Stream, 8> Streams;
};

/// Whether \p Call may be in such a loop: it touches no memory, or only
/// as a marker (lifetimes, assumptions, debug information).
bool isInvisibleCall(const CallBase &Call) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&Call))
    if (II->isAssumeLikeIntrinsic())
      return true;
  return !Call.mayReadOrWriteMemory();
}

/// The bytes from the start of a range of \p Bytes to the end of the range
/// or of an access of \p Size at \p Gap bytes from that start, whichever
/// ends later, when the access is merged into the range: it begins within
/// the range, right after it or less than a line after it (`a[i]`,
/// `a[i+1]`; `in[i-1]`, `in[i]`, `in[i+1]`; `a[2*i]`, `a[2*i+2]`; the rows
/// of `a[8*i]`, `a[8*i+8]`); else 0, as beyond MaxMergedBytes. No line fits in
/// a gap shorter than a line, so the lines of the merged range are those of the
/// range and of the access, whatever the alignment. Touching the lines of the
/// range, then those of the access, leaves the model as touching the lines of
/// both once, in ascending order, does: the last touches of the lines are in
/// that order. A line touched twice is touched again at a depth under the
/// lines of both (at most 9), an L1 hit where L1 holds that many sampled
/// lines. (An access that begins before the range is not merged: its lines
/// would be touched before the range's, not after.)
uint64_t mergedBytes(const SCEV *Gap, uint64_t Bytes, uint64_t Size) {
  constexpr uint64_t LineBytes = uint64_t(1) << ROOF_TRAFFIC_LINE_SHIFT;
  auto *C = dyn_cast<SCEVConstant>(Gap);
  if (!C || C->getAPInt().isNegative() ||
      C->getAPInt().ugt(Bytes + LineBytes - 1))
    return 0;
  uint64_t End = std::max(C->getAPInt().getZExtValue() + Size, Bytes);
  return End <= MaxMergedBytes ? End : 0;
}

/// Merges access \p X of \p I into one checked before it, if any: the
/// latest plain load or store of the same block, with no call that may
/// touch memory between them, of the same kind, whose bytes \p X's are
/// merged into (mergedBytes), or that are the same bytes (`a[k]++`: then
/// stored if either is). Other accesses may come between, as in a loop
/// unrolled by the compiler (`val[e]`, `col[e]`, `x[col[e]]`,
/// `val[e+1]`, ...: `val[e..e+7]` is one check): the latest touches of the
/// lines of both move as those of the streams merged in a loop passed whole
/// (mergeStream).
bool mergeChecked(MutableArrayRef<CheckedAccess> Checked, Instruction &I,
                  const Access &X, ScalarEvolution &SE) {
  if (!X.Checked || !isa<LoadInst, StoreInst>(I))
    return false;
  constexpr unsigned MostLooked = 8;
  uint64_t Size = cast<ConstantInt>(X.Bytes)->getZExtValue();
  const SCEV *Address = SE.getSCEV(X.Pointer);
  Instruction *Until = &I;
  unsigned Looked = 0;
  for (CheckedAccess &Prev : reverse(Checked)) {
    if (Prev.At->getParent() != I.getParent() || !Prev.At->comesBefore(Until))
      return false;
    for (Instruction *J = Prev.At->getNextNode(); J != Until;
         J = J->getNextNode())
      if (auto *Call = dyn_cast<CallBase>(J); Call && !isInvisibleCall(*Call))
        return false;
    Until = Prev.At;
    if (++Looked > MostLooked)
      return false;
    if (!Prev.X.Checked || !isa<LoadInst, StoreInst>(Prev.At) ||
        Prev.X.Pointer->getType() != X.Pointer->getType())
      continue;
    const SCEV *Gap = SE.getMinusSCEV(Address, SE.getSCEV(Prev.X.Pointer));
    uint64_t Before = cast<ConstantInt>(Prev.X.Bytes)->getZExtValue();
    if (Gap->isZero() && Size == Before) {
      Prev.X.Stored |= X.Stored;
      return true;
    }
    if (Prev.X.Stored != X.Stored)
      continue;
    if (uint64_t Merged = mergedBytes(Gap, Before, Size)) {
      Prev.X.Bytes = ConstantInt::get(X.Bytes->getType(), Merged);
      return true;
    }
  }
  return false;
}

/// Merges stream \p S into the latest of \p Streams of the same kind and
/// step whose bytes it continues (mergedBytes), if any: the one before it
/// (`a[i]`, `a[i+1]`), or one that other streams' accesses came between (the
/// loads of `a[i]`, `b[i]`, `a[i+1]`, `b[i+1]`, ... of a dot product unrolled
/// 8 times: two streams of 64 bytes, not 16 of 8). The lines of an iteration
/// are then touched stream by stream (those of `a`, then those of `b`),
/// which moves the last touches of the lines of one iteration: a later
/// access to one of them is at a depth that differs by at most the lines
/// of an iteration, and only while it is within the lines of a few.
bool mergeStream(SmallVectorImpl<LoopStreams::Stream> &Streams,
                 const LoopStreams::Stream &S, ScalarEvolution &SE) {
  for (LoopStreams::Stream &T : reverse(Streams)) {
    if (T.Stored != S.Stored || T.Step != S.Step)
      continue;
    if (uint64_t Merged =
            mergedBytes(SE.getMinusSCEV(S.Start, T.Start), T.Bytes, S.Bytes)) {
      T.Bytes = Merged;
      return true;
    }
  }
  return false;
}

/// The streams of loop \p L whose accesses are \p InLoop, if it is such a
/// loop. Accesses of the same kind and step, each merged into the bytes of
/// those before it (mergedBytes, mergeStream), are one stream.
std::optional<LoopStreams>
streamsOf(Loop &L, const SmallPtrSetImpl<Instruction *> &InLoop,
          ScalarEvolution &SE, DominatorTree &DT, SCEVExpander &Expander) {
  BasicBlock *Entered = L.getLoopPredecessor(), *Latch = L.getLoopLatch();
  if (!L.isInnermost() || !Entered || !Latch || L.getExitingBlock() != Latch ||
      !isa<BranchInst, SwitchInst>(Entered->getTerminator()))
    return std::nullopt;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  Type *I64 = Type::getInt64Ty(L.getHeader()->getContext());
  if (isa<SCEVCouldNotCompute>(Taken) || !Taken->getType()->isIntegerTy() ||
      SE.getTypeSizeInBits(Taken->getType()) > 64)
    return std::nullopt;
  Instruction *At = Entered->getTerminator();
  LoopStreams Result{
      SE.getAddExpr(SE.getZeroExtendExpr(Taken, I64), SE.getOne(I64)), {}};
  if (!Expander.isSafeToExpandAt(Result.Iterations, At))
    return std::nullopt;

  // The blocks that run once per iteration, in their order: the latch and
  // its dominators in the loop.
  SmallVector<BasicBlock *, 8> EveryIteration;
  for (DomTreeNode *N = DT.getNode(Latch); N && L.contains(N->getBlock());
       N = N->getIDom())
    EveryIteration.push_back(N->getBlock());
  std::reverse(EveryIteration.begin(), EveryIteration.end());
  SmallPtrSet<BasicBlock *, 8> Once(EveryIteration.begin(),
                                    EveryIteration.end());
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (InLoop.contains(&I)) {
        if (!Once.contains(BB))
          return std::nullopt;
      } else if (auto *Call = dyn_cast<CallBase>(&I);
                 Call && !isInvisibleCall(*Call)) {
        return std::nullopt;
      }
    }

  const DataLayout &DL = L.getHeader()->getModule()->getDataLayout();
  for (BasicBlock *BB : EveryIteration)
    for (Instruction &I : *BB) {
      if (!InLoop.contains(&I))
        continue;
      auto *Load = dyn_cast<LoadInst>(&I);
      auto *Store = dyn_cast<StoreInst>(&I);
      if (!(Load && Load->isSimple()) && !(Store && Store->isSimple()))
        return std::nullopt;
      Type *Ty = Load ? Load->getType() : Store->getValueOperand()->getType();
      TypeSize Size = DL.getTypeStoreSize(Ty);
      if (Size.isScalable() || !Size.getFixedValue())
        return std::nullopt;
      const SCEV *Address = SE.getSCEV(getLoadStorePointerOperand(&I));
      LoopStreams::Stream S{Address, SE.getZero(I64), Size.getFixedValue(),
                            Store != nullptr, &I};
      if (!SE.isLoopInvariant(Address, &L)) {
        auto *Rec = dyn_cast<SCEVAddRecExpr>(Address);
        if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
          return std::nullopt;
        S.Start = Rec->getStart();
        S.Step = Rec->getStepRecurrence(SE);
        if (S.Step->getType() != I64 || !SE.isLoopInvariant(S.Step, &L))
          return std::nullopt;
      }
      if (!Expander.isSafeToExpandAt(S.Start, At) ||
          !Expander.isSafeToExpandAt(S.Step, At))
        return std::nullopt;
      if (!mergeStream(Result.Streams, S, SE))
        Result.Streams.push_back(S);
    }
  // A load and a store of the same bytes, one right after the other
  // (`a[i] += ...`), touch the same lines in a row: one stream, stored. The
  // second touch of each line would change nothing but its dirty bit.
  auto &Streams = Result.Streams;
  for (size_t K = 1; K < Streams.size(); ++K) {
    LoopStreams::Stream &Last = Streams[K - 1], &S = Streams[K];
    if (Last.Start == S.Start && Last.Step == S.Step && Last.Bytes == S.Bytes) {
      Last.Stored |= S.Stored;
      Streams.erase(Streams.begin() + K--);
    }
  }
  if (Result.Streams.empty() ||
      Result.Streams.size() > ROOF_TRAFFIC_MAX_STREAMS)
    return std::nullopt;
  return Result;
}

/// Versions loop \p L, whose accesses are \p LS's streams: a loop that
/// touches at least MinLoopBytes on entry passes its streams and trip count
/// to the runtime first; a shorter one runs a copy of it, in which each
/// stream checks the lines of its bytes of the iteration where its first
/// access is (the accesses returned): there, finding the first sampled line
/// of each stream would cost the runtime more than the checks. One check of
/// a stream's lines is the checks of its accesses (mergedBytes).
/// Returns nothing when \p L is no longer entered from one block.
std::optional<SmallVector<CheckedAccess, 8>>
passLoop(Loop &L, const LoopStreams &LS, Value *Slots, SCEVExpander &Expander,
         FunctionCallee LoopFn, IRBuilder<> &AllocaB, DominatorTree &DT,
         LoopInfo &LI, ScalarEvolution &SE) {
  BasicBlock *Entered = L.getLoopPredecessor(), *Header = L.getHeader();
  BasicBlock *Latch = L.getLoopLatch(), *Exit = L.getExitBlock();
  if (!Entered || !Exit ||
      !isa<BranchInst, SwitchInst>(Entered->getTerminator()))
    return std::nullopt;
  // Entered -> Decide -> (Preheader -> L | copy) -> Exit, with Exit reached
  // from the loop only and in LCSSA form, so that the copy's exit values
  // join the loop's there.
  BasicBlock *Decide = SplitEdge(Entered, Header, &DT, &LI);
  BasicBlock *Preheader = SplitEdge(Decide, Header, &DT, &LI);
  if (!Exit->getSinglePredecessor())
    Exit = SplitEdge(Latch, Exit, &DT, &LI);
  formLCSSA(L, DT, &LI, &SE);
  SE.forgetLoop(&L);
  ValueToValueMapTy Map;
  SmallVector<BasicBlock *, 8> Blocks;
  Loop *Copy = cloneLoopWithPreheader(Preheader, Decide, &L, Map, ".roof.short",
                                      &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, Map);
  Decide->setName("roof.decide");
  Preheader->setName("roof.whole");
  Copy->getLoopPreheader()->setName("roof.short");
  BasicBlock *CopyLatch = cast<BasicBlock>(Map[Latch]);
  for (PHINode &Phi : Exit->phis()) {
    Value *V = Phi.getIncomingValueForBlock(Latch);
    Phi.addIncoming(Map.count(V) ? static_cast<Value *>(Map[V]) : V, CopyLatch);
  }
  DT.changeImmediateDominator(Exit, Decide);

  LLVMContext &Ctx = Header->getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx);
  Value *Iterations =
      Expander.expandCodeFor(LS.Iterations, I64, Decide->getTerminator());
  uint64_t PerIteration = 0;
  for (const LoopStreams::Stream &S : LS.Streams)
    PerIteration += S.Bytes;
  IRBuilder<> B(Decide->getTerminator());
  Value *Short = B.CreateICmpULT(
      Iterations, B.getInt64(divideCeil(MinLoopBytes, PerIteration)),
      "roof.short");
  Instruction *Old = Decide->getTerminator();
  B.CreateCondBr(Short, Copy->getLoopPreheader(), Preheader);
  Old->eraseFromParent();

  auto *StreamTy =
      StructType::get(Ctx, abiTypes(Ctx, AbiStruct::TrafficStream));
  auto *ArrayTy = ArrayType::get(StreamTy, LS.Streams.size());
  AllocaInst *Array = AllocaB.CreateAlloca(ArrayTy, nullptr, "roof.streams");
  Instruction *At = Preheader->getTerminator();
  B.SetInsertPoint(At);
  for (auto [K, S] : enumerate(LS.Streams)) {
    Value *Start = Expander.expandCodeFor(S.Start, Ptr, At);
    Value *Step = Expander.expandCodeFor(S.Step, I64, At);
    B.SetInsertPoint(At);
    Value *Fields[] = {Start, Step, B.getInt32(S.Bytes), B.getInt32(S.Stored)};
    for (auto [F, V] : enumerate(Fields))
      B.CreateStore(V, B.CreateConstInBoundsGEP2_32(StreamTy, Array, K, F));
  }
  B.CreateCall(LoopFn,
               {Slots, Array, B.getInt32(LS.Streams.size()), Iterations});

  SmallVector<CheckedAccess, 8> Checked;
  for (const LoopStreams::Stream &S : LS.Streams) {
    auto *First = cast<Instruction>(Map[S.First]);
    Access X;
    X.Pointer = getLoadStorePointerOperand(First);
    X.Bytes = ConstantInt::get(I64, S.Bytes);
    X.Stored = S.Stored;
    X.Checked = true;
    X.Alignment = getLoadStoreAlignment(First);
    Checked.push_back({First, X});
  }
  return Checked;
}

/// The hash of line \p Line, line * ROOF_TRAFFIC_HASH (include/roof/abi.h);
/// the next line's is ROOF_TRAFFIC_HASH more. \p Line may be a vector.
Value *lineHash(IRBuilder<> &B, Value *Line) {
  return B.CreateMul(Line, ConstantInt::get(Line->getType(), ROOF_TRAFFIC_HASH),
                     "roof.hash");
}

/// The loads, once per function, of what decides whether a line is
/// sampled: by its hash, or as a line of one of the L1's sampled sets.
struct Sampling {
  Value *Limit = nullptr;
  Value *SetMask = nullptr, *SetValue = nullptr;
};

/// Whether line \p Line is one of the L1's sampled sets: line & mask is
/// the value.
Value *inSampledSet(IRBuilder<> &B, Value *Line, const Sampling &S) {
  return B.CreateICmpEQ(B.CreateAnd(Line, S.SetMask), S.SetValue,
                        "roof.sampled.set");
}

/// Whether the line of hash \p Hash is sampled: hash >> HASH_SHIFT is below
/// the threshold, that is, the hash is at most \p Limit, (threshold <<
/// HASH_SHIFT) - 1 (all ones when every line is sampled).
Value *isSampled(IRBuilder<> &B, Value *Hash, Value *Limit) {
  return B.CreateICmpULE(Hash, Limit, "roof.sampled");
}

/// Whether line \p Line, of hash \p Hash, is sampled: by its hash, or as a
/// line of one of the L1's sampled sets. The two checks in turn (an
/// operand's order of evaluation is not the IR's).
Value *lineSampled(IRBuilder<> &B, Value *Line, Value *Hash,
                   const Sampling &S) {
  Value *ByHash = isSampled(B, Hash, S.Limit);
  return B.CreateOr(ByHash, inSampledSet(B, Line, S));
}

/// \p S splat to vectors of \p N lanes.
Sampling splat(IRBuilder<> &B, const Sampling &S, unsigned N) {
  Sampling Lanes;
  Lanes.Limit = B.CreateVectorSplat(N, S.Limit);
  Lanes.SetMask = B.CreateVectorSplat(N, S.SetMask);
  Lanes.SetValue = B.CreateVectorSplat(N, S.SetValue);
  return Lanes;
}

/// The lanes of \p X (a gather, scatter, or masked load or store) that the
/// model takes: the active ones whose first or last byte's line is sampled
/// (\p Lanes: the sampling splat to its lanes), as the bits of an i64
/// (lane i: bit i). The others would touch no sampled line, so the call is
/// made only when one lane is left.
Value *sampledLanes(IRBuilder<> &B, const Access &X, const Sampling &Lanes) {
  auto *VTy = cast<FixedVectorType>(X.Pointer->getType());
  unsigned N = VTy->getNumElements();
  Value *Address =
      B.CreatePtrToInt(X.Pointer, FixedVectorType::get(B.getInt64Ty(), N));
  auto LineSampled = [&](Value *ByteAddress) {
    Value *Line =
        B.CreateLShr(ByteAddress, ROOF_TRAFFIC_LINE_SHIFT, "roof.line");
    return lineSampled(B, Line, lineHash(B, Line), Lanes);
  };
  Value *Sampled = LineSampled(Address);
  if (X.ElementBytes > 1)
    Sampled = B.CreateOr(Sampled,
                         LineSampled(B.CreateAdd(
                             Address, ConstantInt::get(Address->getType(),
                                                       X.ElementBytes - 1))));
  Value *Taken = B.CreateAnd(Sampled, X.Mask, "roof.lanes.taken");
  return B.CreateZExt(B.CreateBitCast(Taken, B.getIntNTy(N)), B.getInt64Ty());
}

} // namespace

bool trafficModeRequested() {
  const char *Value = std::getenv("ROOF_TRAFFIC");
  return Value && *Value && std::strcmp(Value, "0") != 0;
}

/// ROOF_TRAFFIC=each: every access checked where it is, loops included, and
/// none merged with the one before (the reference the loop streams and the
/// merged checks are tested against).
static bool groupingRequested() {
  const char *Value = std::getenv("ROOF_TRAFFIC");
  return !Value || std::strcmp(Value, "each") != 0;
}

SmallVector<Instruction *, 0> memoryAccesses(Function &F) {
  SmallVector<Instruction *, 0> Accesses;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (accessesMemory(I))
        Accesses.push_back(&I);
  return Accesses;
}

void instrumentTraffic(ArrayRef<Instruction *> Accesses, Value *Slots,
                       Instruction *EntryPoint, DominatorTree &DT, LoopInfo &LI,
                       ScalarEvolution &SE) {
  if (Accesses.empty())
    return;
  Module &M = *EntryPoint->getModule();
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *Void = Type::getVoidTy(Ctx);
  auto *ThresholdVar =
      cast<GlobalVariable>(M.getOrInsertGlobal(ThresholdName, I64));
  FunctionCallee AccessFn =
      M.getOrInsertFunction(AccessName, Void, Ptr, Ptr, I64, I32);
  FunctionCallee LanesFn =
      M.getOrInsertFunction(LanesName, Void, Ptr, Ptr, I64, I32, I32, I32);

  IRBuilder<> EntryB(EntryPoint);
  Sampling Sample;
  Sample.Limit = EntryB.CreateSub(
      EntryB.CreateShl(EntryB.CreateLoad(I64, ThresholdVar, "roof.threshold"),
                       ROOF_TRAFFIC_HASH_SHIFT),
      EntryB.getInt64(1), "roof.limit");
  Sample.SetMask = EntryB.CreateLoad(I64, M.getOrInsertGlobal(SetMaskName, I64),
                                     "roof.set.mask");
  Sample.SetValue = EntryB.CreateLoad(
      I64, M.getOrInsertGlobal(SetValueName, I64), "roof.set.value");
  // The same, splat once per function to the lane counts of its gathers,
  // scatters and masked accesses (sampledLanes).
  SmallDenseMap<unsigned, Sampling, 2> ByLanes;
  MDNode *Unlikely = MDBuilder(Ctx).createBranchWeights(1, 64);
  Function &F = *EntryPoint->getFunction();
  IRBuilder<> AllocaB(&*F.getEntryBlock().getFirstInsertionPt());

  // Loops first, while the analyses describe the function: their accesses
  // are passed whole, or those of their short copies checked where they are.
  SmallVector<CheckedAccess, 0> CheckedHere;
  SmallPtrSet<Instruction *, 32> Whole;
  bool Grouping = groupingRequested();
  if (Grouping) {
    MapVector<Loop *, SmallPtrSet<Instruction *, 8>> ByLoop;
    for (Instruction *I : Accesses)
      if (Loop *L = LI.getLoopFor(I->getParent()))
        ByLoop[L].insert(I);
    compat::SCEVExpander Expander(SE, M.getDataLayout(), "roof.streams");
    SmallVector<std::pair<LoopStreams, Loop *>, 4> Loops;
    for (auto &[L, InLoop] : ByLoop)
      if (std::optional<LoopStreams> LS =
              streamsOf(*L, InLoop, SE, DT, Expander))
        Loops.push_back({std::move(*LS), L});
    FunctionCallee LoopFn =
        M.getOrInsertFunction(LoopName, Void, Ptr, Ptr, I32, I64);
    for (auto &[LS, L] : Loops)
      if (auto Copies =
              passLoop(*L, LS, Slots, Expander, LoopFn, AllocaB, DT, LI, SE)) {
        Whole.insert(ByLoop[L].begin(), ByLoop[L].end());
        CheckedHere.append(Copies->begin(), Copies->end());
      }
  }
  for (Instruction *I : Accesses)
    if (!Whole.contains(I))
      for (const Access &X : accessesOf(*I))
        if (!Grouping || !mergeChecked(CheckedHere, *I, X, SE))
          CheckedHere.push_back({I, X});

  for (auto &[I, X] : CheckedHere) {
    IRBuilder<> B(I);
    Value *Stored = B.getInt32(X.Stored);
    if (X.Mask) {
      auto *VTy = cast<FixedVectorType>(X.Pointer->getType());
      AllocaInst *Lanes = AllocaB.CreateAlloca(VTy, nullptr, "roof.lanes");
      Sampling &LaneSampling = ByLanes[VTy->getNumElements()];
      if (!LaneSampling.Limit)
        LaneSampling = splat(EntryB, Sample, VTy->getNumElements());
      Value *Bits = sampledLanes(B, X, LaneSampling);
      Instruction *Then = SplitBlockAndInsertIfThen(
          B.CreateICmpNE(Bits, B.getInt64(0)), I, false, Unlikely);
      IRBuilder<> T(Then);
      T.CreateStore(X.Pointer, Lanes);
      T.CreateCall(LanesFn,
                   {Slots, Lanes, Bits, T.getInt32(VTy->getNumElements()),
                    T.getInt32(X.ElementBytes), Stored});
      continue;
    }
    Value *Bytes = B.CreateZExtOrTrunc(X.Bytes, I64);
    if (!X.Checked) {
      B.CreateCall(AccessFn, {Slots, X.Pointer, Bytes, Stored});
      continue;
    }
    // One line when the access is aligned to its size and no larger
    // than a line; else the lines from its first to its last, which are
    // the first and the (Size - 1) / 64 after it, and maybe one more: that
    // one is checked too, its hash one addition away (the last byte's line
    // would be a shift and a multiplication). When the access does not
    // reach it, its being sampled calls the runtime with the access's
    // bytes, in which no line is sampled then: nothing is touched.
    uint64_t Size = cast<ConstantInt>(X.Bytes)->getZExtValue();
    uint64_t After = (Size - 1) >> ROOF_TRAFFIC_LINE_SHIFT;
    if (X.Alignment.value() < Size ||
        Size > (uint64_t(1) << ROOF_TRAFFIC_LINE_SHIFT))
      ++After;
    Value *Line = B.CreateLShr(B.CreatePtrToInt(X.Pointer, I64),
                               ROOF_TRAFFIC_LINE_SHIFT, "roof.line");
    // Each line's two checks in turn (an operand's order of evaluation is
    // not the IR's).
    Value *Hash = lineHash(B, Line);
    Value *Sampled = lineSampled(B, Line, Hash, Sample);
    for (uint64_t J = 1; J <= After; ++J) {
      Value *Next = B.CreateAdd(Hash, B.getInt64(J * ROOF_TRAFFIC_HASH));
      Sampled = B.CreateOr(Sampled, isSampled(B, Next, Sample.Limit));
      Value *NextLine = B.CreateAdd(Line, B.getInt64(J));
      Sampled = B.CreateOr(Sampled, inSampledSet(B, NextLine, Sample));
    }
    Instruction *Then = SplitBlockAndInsertIfThen(Sampled, I, false, Unlikely);
    IRBuilder<> T(Then);
    T.CreateCall(AccessFn, {Slots, X.Pointer, Bytes, Stored});
  }
}

} // namespace roof
