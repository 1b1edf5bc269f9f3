//===- CounterUpdates.cpp - Where and by how much a counter slot grows ----===//
#include "CounterUpdates.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace roof {

// The run-time number of units one execution adds: 1, the number of active
// lanes of a mask (below the explicit vector length), or an amount.
static Value *unitsOf(IRBuilder<> &B, const CountingScale &S) {
  Type *Int64 = B.getInt64Ty();
  switch (S.Kind) {
  case CountingScale::PerExecution:
    return ConstantInt::get(Int64, 1);
  case CountingScale::PerUnit:
    return B.CreateZExtOrTrunc(S.Amount, Int64, "roof.units");
  case CountingScale::PerPath:
    // Only the host has them (libm calls of the x86 twin), and the runtime
    // counts a call's path group (CounterInstrumenter countPaths).
    llvm_unreachable("path groups are counted by the runtime");
  case CountingScale::PerActiveLane: {
    Value *Mask = S.Mask;
    auto *MaskTy = cast<FixedVectorType>(Mask->getType());
    unsigned Lanes = MaskTy->getNumElements();
    if (S.Inverted)
      Mask = B.CreateNot(Mask);
    if (S.EVL) {
      SmallVector<Constant *, 16> Steps;
      for (unsigned L = 0; L < Lanes; ++L)
        Steps.push_back(ConstantInt::get(S.EVL->getType(), L));
      Value *BelowEVL = B.CreateICmpULT(ConstantVector::get(Steps),
                                        B.CreateVectorSplat(Lanes, S.EVL));
      Mask = B.CreateAnd(Mask, BelowEVL);
    }
    Value *Bits = B.CreateBitCast(Mask, B.getIntNTy(Lanes));
    Value *Active = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits);
    return B.CreateZExtOrTrunc(Active, Int64, "roof.lanes");
  }
  }
  llvm_unreachable("unknown counting scale");
}

Value *unitsOf(IRBuilder<> &B, const CounterSlot &Slot) {
  Value *Units = unitsOf(B, Slot.Scale);
  for (const CountingScale &Also : Slot.Joined)
    Units = B.CreateAdd(Units, unitsOf(B, Also));
  return Units;
}

void addToCount(IRBuilder<> &B, Value *Address, Value *Amount) {
  Type *Int64 = B.getInt64Ty();
  Value *Old = B.CreateLoad(Int64, Address, "roof.count");
  B.CreateStore(B.CreateAdd(Old, B.CreateZExt(Amount, Int64)), Address);
}

// Per-execution counts go first in their part of the block (the block's
// start, or right after the call that begins the part), so that a block left
// through a call that does not return counts what ran. Counts that depend on
// a value go right after that value is defined, if that is later.
Instruction *firstIncrementPoint(const CounterSlot &Slot,
                                 Instruction *EntryPoint) {
  BasicBlock *BB = Slot.Block;
  Instruction *Point = Slot.Scale.After     ? Slot.Scale.After->getNextNode()
                       : BB->isEntryBlock() ? EntryPoint
                                            : &*BB->getFirstInsertionPt();
  SmallVector<const CountingScale *, 4> Scales = {&Slot.Scale};
  for (const CountingScale &Also : Slot.Joined)
    Scales.push_back(&Also);
  for (const CountingScale *S : Scales)
    for (Value *V : {S->Mask, S->EVL, S->Amount}) {
      auto *Def = dyn_cast_or_null<Instruction>(V);
      if (!Def || Def->getParent() != BB || isa<PHINode>(Def))
        continue;
      if (Point->comesBefore(Def->getNextNode()))
        Point = Def->getNextNode();
    }
  return Point;
}

std::optional<HeaderRuns> headerRuns(Loop &L, const CounterPlan &Census,
                                     ScalarEvolution &SE,
                                     SCEVExpander &Expander, Instruction *At) {
  if (!L.getExitingBlock())
    return std::nullopt;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken) || !SE.isLoopInvariant(Taken, &L) ||
      !Taken->getType()->isIntegerTy())
    return std::nullopt;
  Type *Int64 = Type::getInt64Ty(L.getHeader()->getContext());
  for (uint32_t S = 0; S < Census.Slots.size(); ++S) {
    const CounterSlot &Slot = Census.Slots[S];
    if (Slot.Block != L.getHeader() || Slot.Weights.empty() ||
        Slot.Scale.Kind != CountingScale::PerExecution || Slot.Scale.After)
      continue;
    const SCEV *Runs =
        SE.getAddExpr(SE.getZeroExtendExpr(Taken, Int64), SE.getOne(Int64));
    if (!Expander.isSafeToExpandAt(Runs, At))
      return std::nullopt;
    return HeaderRuns{S, Expander.expandCodeFor(Runs, Int64, At), At};
  }
  return std::nullopt;
}

std::optional<HeaderRuns> headerRunsAtExit(Loop &L, const CounterPlan &Census,
                                           ScalarEvolution &SE,
                                           SCEVExpander &Expander) {
  BasicBlock *Exit = L.getUniqueExitBlock();
  if (!Exit || !L.hasDedicatedExits())
    return std::nullopt;
  return headerRuns(L, Census, SE, Expander, &*Exit->getFirstInsertionPt());
}

} // namespace roof
