//===- SlowPaths.cpp - The data-dependent part of IEEE divide, sqrt, rcp --===//
//
// Evidence: docs/sass/{div,rcp,sqrt}.rn.{f64,f32}.sm_90.sass, `cuobjdump
// -sass` of ptxas 13.0 output for sm_90 (H200, 2026-11-26), and Nsight
// Compute's counts per operand class (docs/validation.md, "IEEE divide,
// sqrt and reciprocal"; H200 2026-11-26, H100 2026-11-27), which these
// models reproduce exactly. Notation: hi(x) the high word of a double, mag
// the operand without its sign, e the exponent field of a float; compares
// unsigned unless signed is said.
//
// div.rn.f64 (fast: 7 DFMA, 1 DMUL, 1 FFMA, before the call). With f(h) a
//   high word read as a float, the FFMA t = 0 * f(b_hi) + f(q_hi) and the
//   call unless |f(a_hi)| >= 2^-969 (0x03600000) and |t| > 2^-129
//   (0x00100000, a NaN t fails). The call: +7 DFMA, +1 DMUL; +1 DMUL
//   scaling b when hi(b) < 0x00100000, +1 DFMA scaling a when hi(a) <
//   0x00100000; then, unless a or b is zero, infinite or NaN: +1 DMUL
//   rescaling the quotient; when its high word is at most 0x00100000 (below
//   2^-1022) +1 DFMA for the remainder, and when that is not zero +1
//   DMUL.RP, +1 DFMA. t is NaN when hi(b) >= 0x7f800000 (|b| >= 2^1017)
//   and when MUFU.RCP64H flushes a subnormal or zero b (hi(b) < 0x00100000).
//
// div.rn.f32 (fast: 5 FFMA, before the call). FCHK a, b calls it unless,
//   with ea and eb the exponent fields, 25 <= ea <= 254, 2 <= eb <= 251 and
//   -124 <= ea - eb <= 126: every zero, subnormal, infinite or NaN operand
//   calls it (mantissas and signs play no part: 65,536 exponent pairs x 48
//   mantissa pairs timed, 328 under Nsight Compute, H100 2026-11-27). Then
//   NaN: 1 FADD; zero or infinity: nothing; else 1 FADD, 7 FFMA, +1 FFMA
//   scaling each subnormal operand, and +3 FFMA (.RZ, .RM, .RP) when the
//   quotient's biased exponent, rounded to 24 bits, is in [-24, 0].
//
// rcp.rn.f64 (fast: 5 DFMA, before the call). The call when, with h =
//   hi & 0x7fffffff, (h + 0x300402) & 0x7fffffff < 0x00400402 (FSETP.GEU on
//   it as a float): h < 0x00100000 or h >= 0x7fcffbfe. NaN, h == 0 (zero and
//   the subnormals below 2^-1042) and infinity: nothing more; h >= 0x01000001
//   (the huge ones): +1 DMUL, +8 DFMA; the other subnormals: +2 DMUL, +5 DFMA.
//
// sqrt.rn.f64 (fast: 3 DMUL, 5 DFMA, before the call). The call when
//   hi - 0x03500000 >= 0x7ca00000 (all but positive finite x >= 2^-970).
//   Then, in this order: 0x00100000 <= hi < 0x03500000: +2 DFMA; zero or
//   NaN (all 64 bits): +1 DADD; negative: nothing; +infinity: +1 DADD; a
//   positive subnormal: +4 DMUL, +5 DFMA.
//
// sqrt.rn.f32 (fast: 2 FMUL, 2 FFMA, after the branch: the call replaces
//   them). The call when bits - 0x0d000000 > 0x727fffff (all but positive
//   finite x >= 2^-101). Then zero, a negative normal or -infinity and
//   +infinity: nothing; NaN: 1 FADD; positive below 2^-101 and negative
//   subnormals (FSETP.GEU.FTZ flushes them to -0): 1 FADD, 3 FMUL, 3 FFMA.
//
// rcp.rn.f32 (fast: 1 FADD.FTZ negating, 2 FFMA, replaced by the call). The
//   call when (bits + 0x01800000) & 0x7f800000 <= 0x01ffffff: e is 0, 253,
//   254 or 255. Zero, infinity, NaN: nothing; a subnormal: 1 FADD, 4 FFMA;
//   e 253 or 254 (|x| >= 2^126): 1 FADD, 3 FFMA.
//
//===----------------------------------------------------------------------===//
#include "SlowPaths.h"
#include "CounterUpdates.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace roof {

namespace {

constexpr uint32_t SmallestNormalHigh = 0x00100000; // hi(2^-1022)
constexpr uint32_t FloatInfinity = 0x7f800000;
constexpr uint32_t DoubleInfinityHigh = 0x7ff00000;
constexpr uint64_t DoubleInfinity = 0x7ff0000000000000;

/// Builds the count of one operation's slow path: the test, the rarely
/// taken block, and the increments there.
class SlowPathBuilder {
public:
  SlowPathBuilder(Instruction &I, ArrayRef<AllocaInst *> Tallies)
      : I(I), B(I.getNextNode()), Tallies(Tallies) {}

  /// Operand \p Index of the operation: of a divide, or the argument of a
  /// call (llvm.sqrt, llvm.nvvm.div.rn.f...).
  Value *operand(unsigned Index) {
    auto *Call = dyn_cast<CallBase>(&I);
    return Call ? Call->getArgOperand(Index) : I.getOperand(Index);
  }
  /// The divisor of a reciprocal: of 1 / x, or of llvm.nvvm.rcp.rn.f(x).
  unsigned divisorIndex() const { return isa<CallBase>(I) ? 0 : 1; }
  Value *bitsOf(unsigned Index) {
    Value *X = operand(Index);
    return B.CreateBitCast(X,
                           B.getIntNTy(X->getType()->getPrimitiveSizeInBits()));
  }
  Value *highWord(Value *Bits) {
    return B.CreateTrunc(B.CreateLShr(Bits, 32), B.getInt32Ty());
  }
  Value *magnitude(Value *Bits) {
    return B.CreateAnd(
        Bits, APInt::getSignedMaxValue(Bits->getType()->getIntegerBitWidth()));
  }
  Value *c32(uint32_t V) { return B.getInt32(V); }
  Value *c64(uint64_t V) { return B.getInt64(V); }
  Value *pick(Value *If, uint32_t Then, Value *Else) {
    return B.CreateSelect(If, c32(Then), Else);
  }

  /// Continues in a block of its own that runs when \p Taken holds, once
  /// in a thousand times for the slow path's test.
  void enterIf(Value *Taken, bool Rare = false) {
    MDNode *Weights =
        Rare ? MDBuilder(I.getContext()).createBranchWeights(1, 1000) : nullptr;
    B.SetInsertPoint(
        SplitBlockAndInsertIfThen(Taken, &*B.GetInsertPoint(), false, Weights));
  }
  void add(SlowPathTally T, Value *Amount) {
    addToCount(B, Tallies[T], Amount);
  }
  void add(SlowPathTally T, uint32_t Amount) { add(T, c32(Amount)); }
  void addIf(SlowPathTally T, Value *Holds) {
    add(T, B.CreateZExt(Holds, B.getInt32Ty()));
  }

  Instruction &I;
  IRBuilder<> B;
  ArrayRef<AllocaInst *> Tallies;
};

/// Zero, infinite or NaN: a double and its high word's magnitude.
Value *isSpecialDouble(SlowPathBuilder &S, Value *Bits, Value *High) {
  IRBuilder<> &B = S.B;
  return B.CreateOr(B.CreateICmpEQ(S.magnitude(Bits), S.c64(0)),
                    B.CreateICmpUGE(High, S.c32(DoubleInfinityHigh)));
}

void countDivF64(SlowPathBuilder &S) {
  IRBuilder<> &B = S.B;
  Value *A = S.operand(0), *D = S.operand(1);
  Value *ABits = S.bitsOf(0), *DBits = S.bitsOf(1);
  Value *AHigh = B.CreateAnd(S.highWord(ABits), 0x7fffffff);
  Value *DHigh = B.CreateAnd(S.highWord(DBits), 0x7fffffff);
  Value *QHigh = B.CreateAnd(S.highWord(B.CreateBitCast(&S.I, B.getInt64Ty())),
                             0x7fffffff);
  Value *QInRange =
      B.CreateAnd(B.CreateICmpUGT(QHigh, S.c32(SmallestNormalHigh)),
                  B.CreateICmpULE(QHigh, S.c32(FloatInfinity)));
  Value *DSubnormal = B.CreateICmpULT(DHigh, S.c32(SmallestNormalHigh));
  Value *Slow = B.CreateOr(
      B.CreateOr(B.CreateICmpULT(AHigh, S.c32(0x03600000)), // 2^-969
                 B.CreateICmpUGE(DHigh, S.c32(FloatInfinity))),
      B.CreateOr(DSubnormal, B.CreateNot(QInRange)), "roof.div.slow");
  S.enterIf(Slow, true);
  Value *ASubnormal = B.CreateICmpULT(AHigh, S.c32(SmallestNormalHigh));
  S.add(SlowDMul,
        B.CreateAdd(S.c32(1), B.CreateZExt(DSubnormal, B.getInt32Ty())));
  S.add(SlowDFma,
        B.CreateAdd(S.c32(7), B.CreateZExt(ASubnormal, B.getInt32Ty())));
  Value *Special = B.CreateOr(isSpecialDouble(S, ABits, AHigh),
                              isSpecialDouble(S, DBits, DHigh));
  S.enterIf(B.CreateNot(Special));
  S.add(SlowDMul, 1);
  S.enterIf(B.CreateICmpULE(QHigh, S.c32(SmallestNormalHigh), "roof.div.tiny"));
  S.add(SlowDFma, 1);
  // Exactness in 53 bits, of the quotient scaled into the normal range (a
  // quotient below 2^-1022 has a numerator below 4, so a * 2^600 is exact
  // and finite): the remainder of a correctly rounded quotient is exact.
  Value *Scaled = B.CreateFMul(A, ConstantFP::get(A->getType(), 0x1p600));
  Value *Quotient = B.CreateFDiv(Scaled, D);
  Value *Remainder = B.CreateIntrinsic(Intrinsic::fma, {A->getType()},
                                       {B.CreateFNeg(Quotient), D, Scaled});
  Value *Inexact =
      B.CreateFCmpUNE(Remainder, ConstantFP::get(A->getType(), 0.0));
  S.addIf(SlowDMul, Inexact);
  S.addIf(SlowDFma, Inexact);
}

/// FCHK a, b: whether div.rn.f32 calls its slow path. With ea and eb the
/// exponent fields, the fast path needs 25 <= ea <= 254, 2 <= eb <= 251 and
/// -124 <= ea - eb <= 126 (a quotient within (2^-125, 2^127)).
Value *fchkFails(SlowPathBuilder &S, Value *ABits, Value *DBits) {
  IRBuilder<> &B = S.B;
  auto Field = [&](Value *Bits) {
    return B.CreateAnd(B.CreateLShr(Bits, 23), 0xff);
  };
  // Whether Low <= X <= High fails, as one unsigned compare.
  auto Outside = [&](Value *X, int32_t Low, int32_t High) {
    return B.CreateICmpUGT(B.CreateSub(X, S.c32(Low)), S.c32(High - Low));
  };
  Value *A = Field(ABits), *D = Field(DBits);
  return B.CreateOr(B.CreateOr(Outside(A, 25, 254), Outside(D, 2, 251)),
                    Outside(B.CreateSub(A, D), -124, 126), "roof.div.slow");
}

void countDivF32(SlowPathBuilder &S) {
  IRBuilder<> &B = S.B;
  Value *ABits = S.bitsOf(0), *DBits = S.bitsOf(1);
  S.enterIf(fchkFails(S, ABits, DBits), true);
  Value *AMagnitude = S.magnitude(ABits), *DMagnitude = S.magnitude(DBits);
  Value *NaN = B.CreateOr(B.CreateICmpUGT(AMagnitude, S.c32(FloatInfinity)),
                          B.CreateICmpUGT(DMagnitude, S.c32(FloatInfinity)));
  auto ZeroOrInfinite = [&](Value *Magnitude) {
    return B.CreateOr(B.CreateICmpEQ(Magnitude, S.c32(0)),
                      B.CreateICmpEQ(Magnitude, S.c32(FloatInfinity)));
  };
  Value *Special =
      B.CreateOr(ZeroOrInfinite(AMagnitude), ZeroOrInfinite(DMagnitude));
  S.addIf(SlowFAdd, NaN);
  S.enterIf(B.CreateNot(B.CreateOr(NaN, Special)));
  auto Scales = [&](Value *Magnitude) { // a subnormal operand
    return B.CreateZExt(B.CreateICmpULT(Magnitude, S.c32(0x00800000)),
                        B.getInt32Ty());
  };
  S.add(SlowFAdd, 1);
  S.add(SlowFFma, B.CreateAdd(S.c32(7), B.CreateAdd(Scales(AMagnitude),
                                                    Scales(DMagnitude))));
  // The quotient rounded to 24 bits in an unbounded exponent range, scaled
  // by 2^126: in double, a * 2^126 / b is exact to 53 bits, and rounding
  // that to 24 is the correct rounding (53 >= 2 x 24 + 2). Its biased
  // exponent is in [-24, 0] when it lies in [2^-25, 1).
  Type *Double = B.getDoubleTy();
  Value *Scaled = B.CreateFDiv(B.CreateFMul(B.CreateFPExt(S.operand(0), Double),
                                            ConstantFP::get(Double, 0x1p126)),
                               B.CreateFPExt(S.operand(1), Double));
  Value *Rounded =
      B.CreateBitCast(B.CreateFPTrunc(Scaled, B.getFloatTy()), B.getInt32Ty());
  Value *RoundedMagnitude = S.magnitude(Rounded);
  Value *Subnormal =
      B.CreateAnd(B.CreateICmpUGE(RoundedMagnitude, S.c32(0x33000000)), // 2^-25
                  B.CreateICmpULT(RoundedMagnitude, S.c32(0x3f800000)), // 1
                  "roof.div.tiny");
  S.add(SlowFFma, S.pick(Subnormal, 3, S.c32(0)));
}

void countRcpF64(SlowPathBuilder &S) {
  IRBuilder<> &B = S.B;
  Value *Bits = S.bitsOf(S.divisorIndex());
  Value *High = B.CreateAnd(S.highWord(Bits), 0x7fffffff);
  Value *Slow = B.CreateICmpULT(
      B.CreateAnd(B.CreateAdd(High, S.c32(0x300402)), 0x7fffffff),
      S.c32(0x00400402), "roof.rcp.slow");
  S.enterIf(Slow, true);
  Value *Nothing = B.CreateOr(
      B.CreateICmpUGT(S.magnitude(Bits), S.c64(DoubleInfinity)),
      B.CreateICmpUGE(B.CreateSub(High, S.c32(1)), S.c32(0x7fefffff)));
  Value *Huge = B.CreateICmpUGE(High, S.c32(0x01000001));
  S.add(SlowDMul, S.pick(Nothing, 0, S.pick(Huge, 1, S.c32(2))));
  S.add(SlowDFma, S.pick(Nothing, 0, S.pick(Huge, 8, S.c32(5))));
}

void countSqrtF64(SlowPathBuilder &S) {
  IRBuilder<> &B = S.B;
  Value *Bits = S.bitsOf(0);
  Value *High = S.highWord(Bits); // with the sign
  Value *Offset = B.CreateSub(High, S.c32(0x03500000));
  S.enterIf(B.CreateICmpUGE(Offset, S.c32(0x7ca00000), "roof.sqrt.slow"), true);
  Value *Magnitude = S.magnitude(Bits);
  Value *SmallNormal = B.CreateICmpUGE(Offset, S.c32(0xfcc00000));
  Value *ZeroOrNaN =
      B.CreateOr(B.CreateICmpEQ(Magnitude, S.c64(0)),
                 B.CreateICmpUGT(Magnitude, S.c64(DoubleInfinity)));
  Value *Negative = B.CreateICmpSLT(High, S.c32(0));
  Value *Infinite = B.CreateICmpSGT(High, S.c32(0x7fefffff));
  Value *Subnormal = B.CreateNot(B.CreateOr(B.CreateOr(SmallNormal, ZeroOrNaN),
                                            B.CreateOr(Negative, Infinite)));
  S.addIf(SlowDAdd,
          B.CreateOr(ZeroOrNaN, B.CreateAnd(B.CreateNot(Negative), Infinite)));
  S.add(SlowDMul, S.pick(Subnormal, 4, S.c32(0)));
  S.add(SlowDFma, S.pick(Subnormal, 5, S.pick(SmallNormal, 2, S.c32(0))));
}

void countSqrtF32(SlowPathBuilder &S) {
  IRBuilder<> &B = S.B;
  Value *Bits = S.bitsOf(0);
  S.enterIf(B.CreateICmpUGT(B.CreateSub(Bits, S.c32(0x0d000000)),
                            S.c32(0x727fffff), "roof.sqrt.slow"),
            true);
  S.add(SkippedSqrtF32, 1);
  Value *Magnitude = S.magnitude(Bits);
  Value *Below = B.CreateSelect(B.CreateICmpSLT(Bits, S.c32(0)),
                                S.c32(0x00800000), S.c32(0x0d000000));
  Value *Computes = B.CreateAnd(B.CreateICmpNE(Magnitude, S.c32(0)),
                                B.CreateICmpULT(Magnitude, Below));
  S.addIf(SlowFAdd, B.CreateOr(Computes, B.CreateICmpUGT(
                                             Magnitude, S.c32(FloatInfinity))));
  S.add(SlowFMul, S.pick(Computes, 3, S.c32(0)));
  S.add(SlowFFma, S.pick(Computes, 3, S.c32(0)));
}

void countRcpF32(SlowPathBuilder &S) {
  IRBuilder<> &B = S.B;
  Value *Bits = S.bitsOf(S.divisorIndex());
  S.enterIf(B.CreateICmpULE(B.CreateAnd(B.CreateAdd(Bits, S.c32(0x01800000)),
                                        FloatInfinity),
                            S.c32(0x01ffffff), "roof.rcp.slow"),
            true);
  S.add(SkippedRcpF32, 1);
  Value *Magnitude = S.magnitude(Bits);
  Value *Subnormal = B.CreateAnd(B.CreateICmpNE(Magnitude, S.c32(0)),
                                 B.CreateICmpULT(Magnitude, S.c32(0x00800000)));
  // Past the test, a finite normal has exponent field 253 or 254.
  Value *Huge = B.CreateAnd(B.CreateICmpUGE(Magnitude, S.c32(0x00800000)),
                            B.CreateICmpULT(Magnitude, S.c32(FloatInfinity)));
  Value *Computes = B.CreateOr(Subnormal, Huge);
  S.addIf(SlowFAdd, Computes);
  S.add(SlowFFma, S.pick(Subnormal, 4, S.pick(Computes, 3, S.c32(0))));
}

} // namespace

std::optional<SlowPathOp> slowPathOpOf(StringRef PTX) {
  return StringSwitch<std::optional<SlowPathOp>>(PTX)
      .Case("div.rn.f64", SlowPathOp::DivF64)
      .Case("div.rn.f32", SlowPathOp::DivF32)
      .Case("rcp.rn.f64", SlowPathOp::RcpF64)
      .Case("rcp.rn.f32", SlowPathOp::RcpF32)
      .Case("sqrt.rn.f64", SlowPathOp::SqrtF64)
      .Case("sqrt.rn.f32", SlowPathOp::SqrtF32)
      .Default(std::nullopt);
}

ArrayRef<SlowPathTally> talliesOf(SlowPathOp Op) {
  static constexpr SlowPathTally F64Div[] = {SlowDMul, SlowDFma},
                                 F64Sqrt[] = {SlowDAdd, SlowDMul, SlowDFma},
                                 F32Div[] = {SlowFAdd, SlowFFma},
                                 F32Rcp[] = {SlowFAdd, SlowFFma, SkippedRcpF32},
                                 F32Sqrt[] = {SlowFAdd, SlowFMul, SlowFFma,
                                              SkippedSqrtF32};
  switch (Op) {
  case SlowPathOp::DivF64:
  case SlowPathOp::RcpF64:
    return F64Div;
  case SlowPathOp::SqrtF64:
    return F64Sqrt;
  case SlowPathOp::DivF32:
    return F32Div;
  case SlowPathOp::RcpF32:
    return F32Rcp;
  case SlowPathOp::SqrtF32:
    return F32Sqrt;
  }
  llvm_unreachable("every SlowPathOp has its tallies");
}

void countSlowPath(Instruction &I, SlowPathOp Op,
                   ArrayRef<AllocaInst *> Tallies) {
  SlowPathBuilder S(I, Tallies);
  switch (Op) {
  case SlowPathOp::DivF64:
    return countDivF64(S);
  case SlowPathOp::DivF32:
    return countDivF32(S);
  case SlowPathOp::RcpF64:
    return countRcpF64(S);
  case SlowPathOp::RcpF32:
    return countRcpF32(S);
  case SlowPathOp::SqrtF64:
    return countSqrtF64(S);
  case SlowPathOp::SqrtF32:
    return countSqrtF32(S);
  }
}

} // namespace roof
