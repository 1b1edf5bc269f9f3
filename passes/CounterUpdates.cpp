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

// The lanes a per-active-lane scale counts: its mask's, those below its
// explicit vector length.
static Value *activeMask(IRBuilder<> &B, const CountingScale &S) {
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
  return Mask;
}

// The set lanes of Masks, one population count per mask. With SideBySide,
// masks of the same width are first concatenated, up to 64 lanes, and each
// result counted once: where the target keeps masks in mask registers
// (AVX-512), the four masks of an unrolled vector body are three kunpck
// and one popcnt, and cost the code generator much less than four popcnts
// and their adds (llc-19 -O3 on corpus/masked's conditional_add, 8 lanes:
// 1.24 M instructions less; 4 lanes, 256-bit vectors: 1.78 M). With AVX2's
// masks in vector registers the concatenation costs more (2.2 M).
static Value *activeLanes(IRBuilder<> &B, SmallVectorImpl<Value *> &Masks,
                          bool SideBySide) {
  auto LanesOf = [](Value *Mask) {
    return cast<FixedVectorType>(Mask->getType())->getNumElements();
  };
  for (bool Merged = SideBySide; Merged;) {
    Merged = false;
    for (size_t I = 0; I < Masks.size() && !Merged; ++I)
      for (size_t J = I + 1; J < Masks.size() && !Merged; ++J)
        if (Masks[I]->getType() == Masks[J]->getType() &&
            2 * LanesOf(Masks[I]) <= 64) {
          SmallVector<int, 64> Order;
          for (unsigned L = 0; L < 2 * LanesOf(Masks[I]); ++L)
            Order.push_back(int(L));
          Masks[I] = B.CreateShuffleVector(Masks[I], Masks[J], Order);
          Masks.erase(Masks.begin() + J);
          Merged = true;
        }
  }
  Value *Sum = nullptr;
  for (Value *Mask : Masks) {
    Value *Bits = B.CreateBitCast(Mask, B.getIntNTy(LanesOf(Mask)));
    Value *Active =
        B.CreateZExtOrTrunc(B.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits),
                            B.getInt64Ty(), "roof.lanes");
    Sum = Sum ? B.CreateAdd(Sum, Active) : Active;
  }
  return Sum;
}

// The run-time number of units one execution adds: 1, or an amount (active
// lanes are activeLanes').
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
  case CountingScale::PerActiveLane:
    break;
  }
  llvm_unreachable("active lanes are counted by activeLanes");
}

Value *unitsOf(IRBuilder<> &B, const CounterSlot &Slot, bool SideBySide) {
  if (Slot.Scale.Kind != CountingScale::PerActiveLane) {
    assert(Slot.Joined.empty() && "only active lanes are joined");
    return unitsOf(B, Slot.Scale);
  }
  SmallVector<Value *, 4> Masks = {activeMask(B, Slot.Scale)};
  for (const CountingScale &Also : Slot.Joined)
    Masks.push_back(activeMask(B, Also));
  return activeLanes(B, Masks, SideBySide);
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

// The header runs of a loop in the form most loops reach the backend in:
// its latch is its one exiting block and leaves when a 64-bit induction
// variable, stepped by a constant +-2^s from Start, plus a constant Offset
// equals a loop-invariant End (a vector body, its scalar remainder, an
// unrolled loop's counter, compared after the step, Offset = Step, or
// before its last copy's, as runtime unrolling does). The header runs k
// times, k the first with Start + (k - 1) Step + Offset = End:
// (End - Start + Step - Offset) >> s, or (Start - End + Offset - Step) >> s
// for a negative step, modulo 2^64 (a loop that leaves is one whose End is
// reached; the count is wrong only for one that would run 2^(64-s) times).
// Expanded in at most three instructions (none when Start is 0 and the
// step 1, compared after it) where scalar evolution gives three or four,
// and without computing its backedge-taken count: both are paid for again
// by every compile (docs/performance.md). Null for any other loop.
static Value *steppedHeaderRuns(Loop &L, Instruction *At) {
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Entering = L.getLoopPredecessor();
  if (!Latch || !Entering || L.getExitingBlock() != Latch)
    return nullptr;
  auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition())
                                        : nullptr;
  if (!Cmp || !Cmp->isEquality() ||
      (Cmp->getPredicate() == ICmpInst::ICMP_EQ) ==
          L.contains(Br->getSuccessor(0)))
    return nullptr; // not "leave when equal"
  // The induction variable of a compared value (itself or itself + C).
  auto InductionOf = [&](Value *V, APInt &Offset) -> PHINode * {
    Offset = APInt(64, 0);
    if (auto *Add = dyn_cast<BinaryOperator>(V);
        Add && Add->getOpcode() == Instruction::Add)
      if (auto *C = dyn_cast<ConstantInt>(Add->getOperand(1))) {
        Offset = C->getValue();
        V = Add->getOperand(0);
      }
    auto *IV = dyn_cast<PHINode>(V);
    return IV && IV->getParent() == L.getHeader() &&
                   IV->getType()->isIntegerTy(64) &&
                   IV->getNumIncomingValues() == 2
               ? IV
               : nullptr;
  };
  for (unsigned Side = 0; Side < 2; ++Side) {
    APInt Offset;
    PHINode *IV = InductionOf(Cmp->getOperand(Side), Offset);
    Value *End = Cmp->getOperand(1 - Side);
    if (!IV || !L.isLoopInvariant(End) || End == At)
      continue;
    auto *Next = dyn_cast<BinaryOperator>(IV->getIncomingValueForBlock(Latch));
    auto *Step = Next && Next->getOpcode() == Instruction::Add &&
                         Next->getOperand(0) == IV
                     ? dyn_cast<ConstantInt>(Next->getOperand(1))
                     : nullptr;
    Value *Start = IV->getIncomingValueForBlock(Entering);
    if (!Step || Start == At)
      continue;
    const APInt &By = Step->getValue();
    bool Down = By.isNegative();
    APInt Magnitude = Down ? -By : By;
    if (!Magnitude.isPowerOf2())
      continue;
    IRBuilder<> B(At);
    Value *From = Down ? End : Start, *To = Down ? Start : End;
    auto *Zero = dyn_cast<ConstantInt>(From);
    Value *Distance =
        Zero && Zero->isZero() ? To : B.CreateSub(To, From, "roof.trips");
    APInt Adjust = Down ? Offset - By : By - Offset;
    if (!Adjust.isZero())
      Distance = B.CreateAdd(Distance, B.getInt(Adjust), "roof.trips");
    unsigned Shift = Magnitude.logBase2();
    return Shift ? B.CreateLShr(Distance, Shift, "roof.trips") : Distance;
  }
  return nullptr;
}

std::optional<HeaderRuns> headerRuns(Loop &L, const CounterPlan &Census,
                                     ScalarEvolution &SE,
                                     SCEVExpander &Expander, Instruction *At) {
  if (!L.getExitingBlock())
    return std::nullopt;
  std::optional<uint32_t> HeaderSlot;
  for (uint32_t S = 0; S < Census.Slots.size() && !HeaderSlot; ++S) {
    const CounterSlot &Slot = Census.Slots[S];
    if (Slot.Block == L.getHeader() && !Slot.Weights.empty() &&
        Slot.Scale.Kind == CountingScale::PerExecution && !Slot.Scale.After)
      HeaderSlot = S;
  }
  if (!HeaderSlot)
    return std::nullopt;
  if (Value *Runs = steppedHeaderRuns(L, At))
    return HeaderRuns{*HeaderSlot, Runs, At};
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken) || !SE.isLoopInvariant(Taken, &L) ||
      !Taken->getType()->isIntegerTy())
    return std::nullopt;
  Type *Int64 = Type::getInt64Ty(L.getHeader()->getContext());
  const SCEV *Runs =
      SE.getAddExpr(SE.getZeroExtendExpr(Taken, Int64), SE.getOne(Int64));
  if (!Expander.isSafeToExpandAt(Runs, At))
    return std::nullopt;
  return HeaderRuns{*HeaderSlot, Expander.expandCodeFor(Runs, Int64, At), At};
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
