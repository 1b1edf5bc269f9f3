//===- DivideSlowPath.cpp - The data-dependent part of div.rn.f64 ---------===//
//
// Evidence: docs/sass/div.rn.f64.sm_90.sass, `cuobjdump -sass` of ptxas 13.0
// output for sm_90 (H200, 2026-11-26), and Nsight Compute's DMUL/DFMA counts
// for 22 operand classes (docs/validation.md, "div.rn.f64 slow path"), which
// this model reproduces exactly. With hi(x) the magnitude of x's high word
// (bits 62..32) and f(h) that word read as a float, the SASS:
//
//   fast path  q = a/b by Newton steps; FFMA t = 0 * f(b_hi) + f(q_hi)
//              calls the slow path unless  |f(a_hi)| >= 2^-969 (0x03600000)
//              and |t| > 2^-129 (0x00100000, a NaN t fails).
//   slow path  +7 DFMA, +1 DMUL always;
//              +1 DMUL scaling b when hi(b) < 0x00100000,
//              +1 DFMA scaling a when hi(a) < 0x00100000;
//              then, unless a or b is zero, infinite or NaN (no FLOP):
//              +1 DMUL rescaling the quotient; when its high word is at most
//              0x00100000 (a result below 2^-1022) +1 DFMA for the
//              remainder, and when that is not zero (the quotient is not
//              exact in 53 bits) +1 DMUL.RP, +1 DFMA.
//
// t is NaN when f(b_hi) is infinite or NaN (hi(b) >= 0x7f800000, |b| >=
// 2^1017) and when MUFU.RCP64H flushes a subnormal or zero b to an infinite
// reciprocal (hi(b) < 0x00100000); otherwise q is the quotient the program
// gets, and |f(q_hi)| > 2^-129 means 0x00100000 < hi(q) <= 0x7f800000.
//
//===----------------------------------------------------------------------===//
#include "DivideSlowPath.h"
#include "CounterUpdates.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace roof {

namespace {

constexpr uint32_t SmallestNormalHigh = 0x00100000; // hi(2^-1022)
constexpr uint32_t FastNumeratorHigh = 0x03600000;  // hi(2^-969)
constexpr uint32_t FloatInfinity = 0x7f800000;
constexpr uint32_t DoubleInfinityHigh = 0x7ff00000;

Value *highMagnitude(IRBuilder<> &B, Value *X) {
  Value *Bits = B.CreateBitCast(X, B.getInt64Ty());
  Value *High = B.CreateTrunc(B.CreateLShr(Bits, 32), B.getInt32Ty());
  return B.CreateAnd(High, 0x7fffffff);
}

/// Zero, infinite or NaN: the slow path's special cases.
Value *isSpecial(IRBuilder<> &B, Value *X, Value *High) {
  Value *Magnitude = B.CreateAnd(B.CreateBitCast(X, B.getInt64Ty()), INT64_MAX);
  return B.CreateOr(B.CreateICmpEQ(Magnitude, B.getInt64(0)),
                    B.CreateICmpUGE(High, B.getInt32(DoubleInfinityHigh)));
}

} // namespace

bool isDivRnF64(const Instruction &I) {
  if (I.getOpcode() != Instruction::FDiv || !I.getType()->isDoubleTy() ||
      I.hasAllowReciprocal() || I.hasApproxFunc())
    return false;
  auto *Numerator = dyn_cast<ConstantFP>(I.getOperand(0));
  return !Numerator || !Numerator->isExactlyValue(1.0);
}

void countDivRnF64SlowPath(BinaryOperator &Div, AllocaInst &Muls,
                           AllocaInst &Fmas) {
  Instruction *Next = Div.getNextNode();
  IRBuilder<> B(Next);
  Value *A = Div.getOperand(0), *D = Div.getOperand(1);
  Value *AHigh = highMagnitude(B, A), *DHigh = highMagnitude(B, D),
        *QHigh = highMagnitude(B, &Div);
  Value *QInRange =
      B.CreateAnd(B.CreateICmpUGT(QHigh, B.getInt32(SmallestNormalHigh)),
                  B.CreateICmpULE(QHigh, B.getInt32(FloatInfinity)));
  Value *DSubnormal = B.CreateICmpULT(DHigh, B.getInt32(SmallestNormalHigh));
  Value *Slow = B.CreateOr(
      B.CreateOr(B.CreateICmpULT(AHigh, B.getInt32(FastNumeratorHigh)),
                 B.CreateICmpUGE(DHigh, B.getInt32(FloatInfinity))),
      B.CreateOr(DSubnormal, B.CreateNot(QInRange)), "roof.div.slow");
  MDNode *Rare = MDBuilder(Div.getContext()).createBranchWeights(1, 1000);
  B.SetInsertPoint(SplitBlockAndInsertIfThen(Slow, Next, false, Rare));

  Value *ASubnormal = B.CreateICmpULT(AHigh, B.getInt32(SmallestNormalHigh));
  addToCount(
      B, &Muls,
      B.CreateAdd(B.getInt32(1), B.CreateZExt(DSubnormal, B.getInt32Ty())));
  addToCount(
      B, &Fmas,
      B.CreateAdd(B.getInt32(7), B.CreateZExt(ASubnormal, B.getInt32Ty())));
  Value *Special = B.CreateOr(isSpecial(B, A, AHigh), isSpecial(B, D, DHigh));
  B.SetInsertPoint(SplitBlockAndInsertIfThen(B.CreateNot(Special),
                                             &*B.GetInsertPoint(), false));
  addToCount(B, &Muls, B.getInt32(1));
  Value *Subnormal =
      B.CreateICmpULE(QHigh, B.getInt32(SmallestNormalHigh), "roof.div.tiny");
  B.SetInsertPoint(
      SplitBlockAndInsertIfThen(Subnormal, &*B.GetInsertPoint(), false));
  addToCount(B, &Fmas, B.getInt32(1));
  // Exactness in 53 bits, of the quotient scaled into the normal range (a
  // quotient below 2^-1022 has a numerator below 4, so a * 2^600 is exact
  // and finite): the remainder of a correctly rounded quotient is exact.
  Value *Scaled = B.CreateFMul(A, ConstantFP::get(A->getType(), 0x1p600));
  Value *Quotient = B.CreateFDiv(Scaled, D);
  Value *Remainder = B.CreateIntrinsic(Intrinsic::fma, {A->getType()},
                                       {B.CreateFNeg(Quotient), D, Scaled});
  Value *Inexact = B.CreateZExt(
      B.CreateFCmpUNE(Remainder, ConstantFP::get(A->getType(), 0.0)),
      B.getInt32Ty());
  addToCount(B, &Muls, Inexact);
  addToCount(B, &Fmas, Inexact);
}

} // namespace roof
