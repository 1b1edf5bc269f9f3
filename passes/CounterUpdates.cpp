//===- CounterUpdates.cpp - Where and by how much a counter slot grows ----===//
#include "CounterUpdates.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace roof {

// The run-time number of units one execution adds: 1, the number of active
// lanes of a mask (below the explicit vector length), or an amount.
Value *unitsOf(IRBuilder<> &B, const CountingScale &S) {
  Type *Int64 = B.getInt64Ty();
  switch (S.Kind) {
  case CountingScale::PerExecution:
    return ConstantInt::get(Int64, 1);
  case CountingScale::PerUnit:
    return B.CreateZExtOrTrunc(S.Amount, Int64, "roof.units");
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
  for (Value *V : {Slot.Scale.Mask, Slot.Scale.EVL, Slot.Scale.Amount}) {
    auto *Def = dyn_cast_or_null<Instruction>(V);
    if (!Def || Def->getParent() != BB || isa<PHINode>(Def))
      continue;
    if (Point->comesBefore(Def->getNextNode()))
      Point = Def->getNextNode();
  }
  return Point;
}

} // namespace roof
