//===- FlopCostModel.cpp - What each IR instruction adds to the census ----===//
//
// Canonical counts follow the source: one per active element per add, sub,
// mul, div, sqrt or transcendental call, two per fma/fmuladd. Empirical
// counts follow the target (see FlopCostModel.h). Full-width counts are the
// empirical ones without write masks.
//
//===----------------------------------------------------------------------===//
#include "FlopCostModel.h"
#include "CudaKernels.h"
#include "LLVMCompat.h"
#include "LibmCosts.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace roof {

std::optional<RoofPrecision> precisionOf(Type *Ty) {
  Type *Scalar = Ty->getScalarType();
  if (Scalar->isHalfTy())
    return ROOF_FP16;
  if (Scalar->isBFloatTy())
    return ROOF_BF16;
  if (Scalar->isFloatTy())
    return ROOF_FP32;
  if (Scalar->isDoubleTy())
    return ROOF_FP64;
  return std::nullopt; // x86_fp80, fp128: not among the counted precisions
}

namespace {

unsigned lanesOf(Type *Ty) {
  if (auto *VT = dyn_cast<FixedVectorType>(Ty))
    return VT->getNumElements();
  return 1;
}

/// Number of set (or clear) lanes of a constant mask below a constant
/// explicit vector length, if both are constant.
std::optional<unsigned> constantActiveLanes(Value *Mask, bool Inverted,
                                            Value *EVL, unsigned Lanes) {
  auto *C = dyn_cast<Constant>(Mask);
  if (!C)
    return std::nullopt;
  if (EVL) {
    auto *Length = dyn_cast<ConstantInt>(EVL);
    if (!Length)
      return std::nullopt;
    Lanes = std::min<uint64_t>(Lanes, Length->getZExtValue());
  }
  unsigned Active = 0;
  for (unsigned L = 0; L < Lanes; ++L) {
    Constant *E = C->getAggregateElement(L);
    auto *CI = dyn_cast_or_null<ConstantInt>(E);
    if (!CI)
      return std::nullopt;
    Active += CI->isOne() != Inverted;
  }
  return Active;
}

void addOnce(ContributionList &Out, uint32_t Metric, uint64_t Amount) {
  if (Amount)
    Out.push_back({Metric, Amount, CountingScale::perExecution()});
}

/// Adds Amount per active lane of Mask, folding constant masks to a static
/// per-execution amount.
void addMasked(ContributionList &Out, uint32_t Metric, uint64_t PerLane,
               Value *Mask, bool Inverted, Value *EVL, unsigned Lanes) {
  if (PerLane == 0)
    return;
  if (std::optional<unsigned> Active =
          constantActiveLanes(Mask, Inverted, EVL, Lanes)) {
    addOnce(Out, Metric, PerLane * *Active);
    return;
  }
  Out.push_back(
      {Metric, PerLane, CountingScale::activeLanes(Mask, Inverted, EVL)});
}

/// `1.0 / x` and `-1.0 / x` are reciprocals already.
bool isUnitNumerator(const Instruction &Div) {
  auto *C = dyn_cast<ConstantFP>(Div.getOperand(0));
  if (!C) {
    if (auto *V = dyn_cast<Constant>(Div.getOperand(0)))
      C = dyn_cast_or_null<ConstantFP>(V->getSplatValue());
  }
  return C && (C->isExactlyValue(1.0) || C->isExactlyValue(-1.0));
}

} // namespace

//===----------------------------------------------------------------------===//
// Set-up: target facts and backend fusions that span two instructions
//===----------------------------------------------------------------------===//
FlopCostModel::FlopCostModel(Function &F, ExpansionProbe &Probe)
    : F(F), Probe(Probe) {
  IsNVPTX = Triple(compat::targetTriple(*F.getParent())).isNVPTX();
  CountsExecuted = IsNVPTX;
  UnsafeFPMath =
      F.getFnAttribute("unsafe-fp-math").getValueAsString() == "true";
  if (!CountsExecuted)
    return; // only the canonical count: the twin reads what executes

  DenseMap<std::pair<BasicBlock *, Value *>, SmallVector<Instruction *, 2>>
      DivisionsByDivisor;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (I.getOpcode() == Instruction::FAdd ||
          I.getOpcode() == Instruction::FSub)
        if (Instruction *Mul = fusedMultiply(I)) {
          FusedMulCandidates.insert(Mul);
          FusedAdds.insert(&I);
        }
      if (I.getOpcode() == Instruction::FDiv &&
          (UnsafeFPMath || I.hasAllowReciprocal()) && !isUnitNumerator(I))
        DivisionsByDivisor[{&BB, I.getOperand(1)}].push_back(&I);
      // 1/sqrt(x): DAGCombiner may turn the pair into an rsqrt estimate.
      if (I.getOpcode() == Instruction::FDiv)
        if (auto *Sqrt = dyn_cast<IntrinsicInst>(I.getOperand(1)))
          if (Sqrt->getIntrinsicID() == Intrinsic::sqrt && Sqrt->hasOneUse() &&
              Sqrt->getParent() == I.getParent())
            SqrtFoldedInto[Sqrt] = &I;
    }
  // An fmul disappears only if every use was fused (NVPTX fuses an fmul
  // into several fadds, and keeps it for its other uses).
  for (Instruction *Mul : FusedMulCandidates)
    if (llvm::all_of(Mul->users(), [&](User *U) {
          return FusedAdds.count(cast<Instruction>(U));
        }))
      FusedMuls.insert(Mul);
  // Several divides by one divisor in a block, all allowing reciprocals:
  // DAGCombiner computes 1/divisor once and multiplies (X86 and NVPTX from
  // 2 uses: test/lit/pass/shared-reciprocal*.ll).
  for (auto &[Key, Divisions] : DivisionsByDivisor)
    if (Divisions.size() >= 2)
      for (Instruction *Div : Divisions)
        SharedReciprocalOf[Div] = Divisions.front();
}

// The NVPTX DAGCombiner fuses (fadd (fmul a, b), c) and (fsub ...) into an
// FMA when both nodes allow contraction (the `contract` flag, which clang
// sets for CUDA's default -ffp-contract=fast, or "unsafe-fp-math"). It sees
// one basic block at a time, and of two candidate multiplies it fuses the
// first operand. It fuses aggressively: an fmul with up to 4 uses is fused
// into each fadd that uses it (NVPTXISelLowering's PerformFADDCombine and
// enableAggressiveFMAFusion; `contraction` in test/lit/pass/nvptx-costs.ll).
Instruction *FlopCostModel::fusedMultiply(Instruction &Add) const {
  if (needsProbe(Add.getType()))
    return nullptr;
  auto FewEnoughUses = [&](const Instruction *Mul) {
    return Mul->hasNUsesOrMore(1) && !Mul->hasNUsesOrMore(5);
  };
  for (Value *Operand : Add.operands()) {
    auto *Mul = dyn_cast<Instruction>(Operand);
    if (Mul && Mul->getOpcode() == Instruction::FMul && FewEnoughUses(Mul) &&
        Mul->getParent() == Add.getParent() &&
        (UnsafeFPMath || (Mul->hasAllowContract() && Add.hasAllowContract())))
      return Mul;
  }
  return nullptr;
}

// f16 and bf16 are native from sm_53 / sm_90 only, and vectors are split:
// what executes is not what the IR says, ask the backend.
bool FlopCostModel::needsProbe(Type *Ty) const {
  Type *Scalar = Ty->getScalarType();
  return Scalar->isHalfTy() || Scalar->isBFloatTy() || Ty->isVectorTy();
}

//===----------------------------------------------------------------------===//
// Lane masks
//===----------------------------------------------------------------------===//

// Walks the uses of I through element-wise FP operations in the same block.
// If every path ends in a masked store or a select on one and the same mask,
// only that mask's lanes are live: the canonical count is per active lane.
std::optional<FlopCostModel::LaneMask>
FlopCostModel::governingMask(Instruction &I, unsigned Depth) {
  if (!I.getType()->isVectorTy() || I.use_empty())
    return std::nullopt;
  if (Depth == 0)
    WalkCutOff = false;
  if (Depth > MaxMaskWalkDepth) {
    WalkCutOff = true; // unknown, and nothing above may be remembered
    return std::nullopt;
  }
  auto Memo = GoverningMasks.find(&I);
  if (Memo != GoverningMasks.end())
    return Memo->second;

  std::optional<LaneMask> Found;
  bool Consistent = true;
  auto Merge = [&](std::optional<LaneMask> M) {
    if (!M || (Found && !(*Found == *M)))
      Consistent = false;
    else
      Found = M;
  };
  for (const Use &U : I.uses()) {
    auto *User = cast<Instruction>(U.getUser());
    if (!Consistent)
      break;
    if (User->getParent() != I.getParent()) {
      Consistent = false;
    } else if (auto *Sel = dyn_cast<SelectInst>(User)) {
      if (U.getOperandNo() == 0 ||
          !Sel->getCondition()->getType()->isVectorTy())
        Consistent = false;
      else
        Merge(LaneMask{Sel->getCondition(), U.getOperandNo() == 2, nullptr});
    } else if (auto *II = dyn_cast<IntrinsicInst>(User)) {
      switch (II->getIntrinsicID()) {
      case Intrinsic::masked_store:
      case Intrinsic::masked_scatter:
        if (U.getOperandNo() == 0)
          Merge(LaneMask{compat::maskedMemoryMask(*II), false, nullptr});
        else
          Consistent = false;
        break;
      case Intrinsic::vp_store:
      case Intrinsic::vp_scatter:
        if (U.getOperandNo() == 0)
          Merge(LaneMask{II->getArgOperand(2), false, II->getArgOperand(3)});
        else
          Consistent = false;
        break;
      case Intrinsic::fma:
      case Intrinsic::fmuladd:
      case Intrinsic::sqrt:
      case Intrinsic::minnum:
      case Intrinsic::maxnum:
      case Intrinsic::minimum:
      case Intrinsic::maximum:
      case Intrinsic::fabs:
        Merge(governingMask(*II, Depth + 1));
        break;
      default:
        Consistent = false;
      }
    } else if (isa<BinaryOperator>(User) || isa<UnaryOperator>(User) ||
               isa<FCmpInst>(User) || isa<FPExtInst>(User) ||
               isa<FPTruncInst>(User)) {
      if (User->getType()->getScalarType()->isFloatingPointTy() ||
          isa<FCmpInst>(User))
        Merge(governingMask(*User, Depth + 1));
      else
        Consistent = false;
    } else {
      Consistent = false;
    }
  }
  std::optional<LaneMask> Result = Consistent ? Found : std::nullopt;
  if (!WalkCutOff)
    GoverningMasks[&I] = Result;
  return Result;
}

//===----------------------------------------------------------------------===//
// Executed work
//===----------------------------------------------------------------------===//
// Work that executes whole, whatever the masks: empirical = full width.
void FlopCostModel::addUnmasked(ContributionList &Out,
                                const Executed &Exec) const {
  assert(CountsExecuted && "executed work is the twin's on x86");
  for (unsigned EP = 0; EP < ROOF_NUM_PRECISIONS; ++EP)
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
      for (RoofKind K : {ROOF_EMPIRICAL, ROOF_FULL_WIDTH})
        addOnce(Out, flopMetric(RoofPrecision(EP), RoofClass(C), K),
                Exec.Flops[EP][C]);
}

FlopCostModel::Executed FlopCostModel::simple(RoofPrecision P, RoofClass C,
                                              unsigned Lanes,
                                              unsigned PerLane) const {
  Executed E;
  E.Flops[P][C] = uint64_t(Lanes) * PerLane;
  return E;
}

FlopCostModel::Executed FlopCostModel::probed(Instruction &I, RoofPrecision P,
                                              RoofClass CanonicalClass,
                                              unsigned PerLane,
                                              Instruction *FoldedSqrt) {
  const ExpansionCost &Cost = Probe.cost(I, FoldedSqrt);
  // Never silently: the printer says why, and the canonical count stands in.
  if (Cost.Failed) {
    Remarks[&I] = {CensusRemark::Missed,
                   "backend probe failed; empirical = canonical"};
    return simple(P, CanonicalClass, lanesOf(I.getType()), PerLane);
  }
  Executed E;
  E.Flops = Cost.Flops;
  Remarks[&I] = {CensusRemark::Analysis, "backend: " + Cost.Instructions};
  return E;
}

//===----------------------------------------------------------------------===//
// Element-wise operations
//===----------------------------------------------------------------------===//
// The lanes of a vector value that a later instruction reads: an
// extractelement or a shuffle reads the lanes it picks, an element-wise
// operation reads of its operands the lanes of its own result that are read,
// an insertelement none at the lane it replaces; anything else (a store, a
// call, a phi) reads every lane. A lane no one reads is not work, and the
// backend does not compute it either (a vector fsub of which one lane is
// extracted, as in LULESH).
APInt FlopCostModel::demandedLanes(const Value &V, unsigned Depth) {
  unsigned Lanes = lanesOf(V.getType());
  APInt All = APInt::getAllOnes(Lanes);
  if (!V.getType()->isVectorTy() || Depth > MaxMaskWalkDepth)
    return All;
  if (auto It = DemandedLanes.find(&V); It != DemandedLanes.end())
    return It->second;
  APInt Demanded(Lanes, 0);
  for (const Use &U : V.uses()) {
    auto *User = dyn_cast<Instruction>(U.getUser());
    if (!User) {
      Demanded = All;
      break;
    }
    if (auto *Extract = dyn_cast<ExtractElementInst>(User)) {
      auto *Index = dyn_cast<ConstantInt>(Extract->getIndexOperand());
      if (Index && Index->getValue().ult(Lanes))
        Demanded.setBit(Index->getZExtValue());
      else
        Demanded = All;
    } else if (auto *Shuffle = dyn_cast<ShuffleVectorInst>(User)) {
      APInt Read = demandedLanes(*Shuffle, Depth + 1);
      for (unsigned L = 0; L < Read.getBitWidth(); ++L) {
        int From = Shuffle->getMaskValue(L);
        if (!Read[L] || From < 0)
          continue;
        bool First = unsigned(From) < Lanes;
        if ((First && U.getOperandNo() == 0) ||
            (!First && U.getOperandNo() == 1))
          Demanded.setBit(unsigned(From) % Lanes);
      }
    } else if (auto *Insert = dyn_cast<InsertElementInst>(User);
               Insert && U.getOperandNo() == 0) {
      APInt Read = demandedLanes(*Insert, Depth + 1);
      if (auto *Index = dyn_cast<ConstantInt>(Insert->getOperand(2)))
        if (Index->getValue().ult(Lanes))
          Read.clearBit(Index->getZExtValue());
      Demanded |= Read;
    } else if (lanesOf(User->getType()) == Lanes &&
               (isa<BinaryOperator>(User) || isa<UnaryOperator>(User) ||
                isa<CmpInst>(User) || isa<CastInst>(User) ||
                isa<SelectInst>(User) ||
                (isa<IntrinsicInst>(User) &&
                 isTriviallyVectorizable(
                     cast<IntrinsicInst>(User)->getIntrinsicID())))) {
      Demanded |= demandedLanes(*User, Depth + 1);
    } else {
      Demanded = All;
    }
    if (Demanded.isAllOnes())
      break;
  }
  DemandedLanes[&V] = Demanded;
  return Demanded;
}

void FlopCostModel::elementwise(Instruction &I, RoofPrecision P,
                                RoofClass CanonicalClass,
                                unsigned CanonicalPerLane,
                                function_ref<Executed()> Exec,
                                ContributionList &Out) {
  unsigned Lanes = lanesOf(I.getType());
  uint32_t Canonical = flopMetric(P, CanonicalClass, ROOF_CANONICAL);
  if (std::optional<LaneMask> M = governingMask(I))
    addMasked(Out, Canonical, CanonicalPerLane, M->Mask, M->Inverted, M->EVL,
              Lanes);
  else
    addOnce(Out, Canonical,
            uint64_t(CanonicalPerLane) * compat::popcount(demandedLanes(I)));
  if (CountsExecuted)
    addUnmasked(Out, Exec());
}

// llvm.vp.* arithmetic: the canonical count is per lane below the explicit
// vector length whose mask bit is set. What executes is what the backend
// makes of the intrinsic: on x86 ExpandVectorPredication turns speculatable
// operations into plain full-width instructions (test/lit/pass/
// vp-intrinsics.ll shows the llc output), so the intrinsic is probed.
void FlopCostModel::predicatedArithmetic(VPIntrinsic &VP,
                                         ContributionList &Out) {
  std::optional<RoofPrecision> P = precisionOf(VP.getType());
  if (!P)
    return;
  std::optional<unsigned> Opcode = VP.getFunctionalOpcode();
  std::optional<Intrinsic::ID> IntrinsicID = compat::functionalIntrinsicID(VP);
  RoofClass Class;
  unsigned PerLane = 1;
  if (Opcode == Instruction::FAdd || Opcode == Instruction::FSub)
    Class = ROOF_CLASS_ADD;
  else if (Opcode == Instruction::FMul)
    Class = ROOF_CLASS_MUL;
  else if (Opcode == Instruction::FDiv)
    Class = ROOF_CLASS_DIV;
  else if (IntrinsicID == Intrinsic::sqrt)
    Class = ROOF_CLASS_SQRT;
  else if (IntrinsicID == Intrinsic::fma || IntrinsicID == Intrinsic::fmuladd) {
    Class = ROOF_CLASS_FMA;
    PerLane = 2;
  } else if (IntrinsicID == Intrinsic::minnum ||
             IntrinsicID == Intrinsic::maxnum)
    Class = ROOF_CLASS_MINMAX;
  else
    return; // fneg, fabs, copysign: bit operations, not FLOPs
  unsigned Lanes = lanesOf(VP.getType());
  addMasked(Out, flopMetric(*P, Class, ROOF_CANONICAL), PerLane,
            VP.getMaskParam(), false, VP.getVectorLengthParam(), Lanes);
  if (CountsExecuted)
    addUnmasked(Out, probed(VP, *P, Class, PerLane));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//
// On NVPTX each byte count is also booked to the address space it reaches.
void FlopCostModel::memory(Instruction &I, ContributionList &Out) {
  size_t First = Out.size();
  bytesMoved(I, Out);
  if (!IsNVPTX)
    return;
  for (size_t C = First, End = Out.size(); C < End; ++C) {
    bool Stored = Out[C].Metric == ROOF_METRIC_BYTES_STORED;
    if (!Stored && Out[C].Metric != ROOF_METRIC_BYTES_LOADED)
      continue;
    Contribution BySpace = Out[C];
    BySpace.Metric = ROOF_METRIC_SPACE_BYTES(addressSpaceOf(I, Stored), Stored);
    Out.push_back(BySpace);
  }
}

// Kernel pointer parameters address global memory: NVPTXLowerArgs makes
// the same assumption when it turns them into global pointers. Anything
// else generic (a pointer loaded from memory, a device function's
// parameter) is flat addressing resolved by the hardware.
Value *memoryPointerOf(Instruction &I, bool Stored) {
  if (Value *Pointer = getLoadStorePointerOperand(&I))
    return Pointer;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return CX->getPointerOperand();
  if (auto *Transfer = dyn_cast<MemTransferInst>(&I))
    return Stored ? Transfer->getDest() : Transfer->getSource();
  if (auto *Set = dyn_cast<MemSetInst>(&I))
    return Set->getDest();
  if (auto *Call = dyn_cast<CallBase>(&I))
    for (Value *Arg : Call->args())
      if (Arg->getType()->isPointerTy())
        return Arg;
  return nullptr;
}

RoofSpace addressSpaceOf(Instruction &I, bool Stored) {
  Value *Pointer = memoryPointerOf(I, Stored);
  if (!Pointer)
    return ROOF_SPACE_GENERIC;

  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Pointer, Objects);
  std::optional<RoofSpace> Common;
  for (const Value *Object : Objects) {
    RoofSpace Space = ROOF_SPACE_GENERIC;
    switch (Object->getType()->getPointerAddressSpace()) {
    case 1:
      Space = ROOF_SPACE_GLOBAL;
      break;
    case 3:
      Space = ROOF_SPACE_SHARED;
      break;
    case 4:
      Space = ROOF_SPACE_CONSTANT;
      break;
    case 5:
      Space = ROOF_SPACE_LOCAL;
      break;
    default:
      if (isa<AllocaInst>(Object))
        Space = ROOF_SPACE_LOCAL;
      else if (auto *Arg = dyn_cast<Argument>(Object);
               Arg && isCudaKernel(*Arg->getParent()) && !Arg->hasByValAttr())
        Space = ROOF_SPACE_GLOBAL;
    }
    if (Common && *Common != Space)
      return ROOF_SPACE_GENERIC;
    Common = Space;
  }
  return Common.value_or(ROOF_SPACE_GENERIC);
}

void FlopCostModel::bytesMoved(Instruction &I, ContributionList &Out) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  auto Size = [&](Type *Ty) { return DL.getTypeStoreSize(Ty).getFixedValue(); };
  auto ElementSize = [&](Type *Ty) { return Size(Ty->getScalarType()); };

  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    addOnce(Out, ROOF_METRIC_BYTES_LOADED, Size(LI->getType()));
    return;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    addOnce(Out, ROOF_METRIC_BYTES_STORED,
            Size(SI->getValueOperand()->getType()));
    return;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    addOnce(Out, ROOF_METRIC_BYTES_LOADED, Size(RMW->getType()));
    addOnce(Out, ROOF_METRIC_BYTES_STORED, Size(RMW->getType()));
    // `#pragma omp atomic` updates: the operation runs once in the
    // compare-exchange loop that succeeds.
    if (RMW->isFloatingPointOperation())
      if (std::optional<RoofPrecision> P = precisionOf(RMW->getType())) {
        RoofClass Class = RMW->getOperation() == AtomicRMWInst::FAdd ||
                                  RMW->getOperation() == AtomicRMWInst::FSub
                              ? ROOF_CLASS_ADD
                              : ROOF_CLASS_MINMAX;
        addOnce(Out, flopMetric(*P, Class, ROOF_CANONICAL), 1);
        if (CountsExecuted)
          for (RoofKind K : {ROOF_EMPIRICAL, ROOF_FULL_WIDTH})
            addOnce(Out, flopMetric(*P, Class, K), 1);
      }
    return;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Type *Ty = CX->getNewValOperand()->getType();
    addOnce(Out, ROOF_METRIC_BYTES_LOADED, Size(Ty));
    addOnce(Out, ROOF_METRIC_BYTES_STORED, Size(Ty));
    return;
  }
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return;
  auto Masked = [&](uint32_t Metric, Type *Ty, Value *Mask, Value *EVL) {
    addMasked(Out, Metric, ElementSize(Ty), Mask, false, EVL, lanesOf(Ty));
  };
  auto Length = [&](uint32_t Metric, Value *Len) {
    if (auto *C = dyn_cast<ConstantInt>(Len))
      addOnce(Out, Metric, C->getZExtValue());
    else
      Out.push_back({Metric, 1, CountingScale::perUnit(Len)});
  };
  switch (II->getIntrinsicID()) {
  case Intrinsic::masked_load:
  case Intrinsic::masked_gather:
  case Intrinsic::masked_expandload:
    return Masked(ROOF_METRIC_BYTES_LOADED, II->getType(),
                  compat::maskedMemoryMask(*II), nullptr);
  case Intrinsic::masked_store:
  case Intrinsic::masked_scatter:
  case Intrinsic::masked_compressstore:
    return Masked(ROOF_METRIC_BYTES_STORED, II->getArgOperand(0)->getType(),
                  compat::maskedMemoryMask(*II), nullptr);
  case Intrinsic::vp_load:
  case Intrinsic::vp_gather:
    return Masked(ROOF_METRIC_BYTES_LOADED, II->getType(), II->getArgOperand(1),
                  II->getArgOperand(2));
  case Intrinsic::experimental_vp_strided_load:
    return Masked(ROOF_METRIC_BYTES_LOADED, II->getType(), II->getArgOperand(2),
                  II->getArgOperand(3));
  case Intrinsic::vp_store:
  case Intrinsic::vp_scatter:
    return Masked(ROOF_METRIC_BYTES_STORED, II->getArgOperand(0)->getType(),
                  II->getArgOperand(2), II->getArgOperand(3));
  case Intrinsic::experimental_vp_strided_store:
    return Masked(ROOF_METRIC_BYTES_STORED, II->getArgOperand(0)->getType(),
                  II->getArgOperand(3), II->getArgOperand(4));
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
    Length(ROOF_METRIC_BYTES_LOADED, II->getArgOperand(2));
    Length(ROOF_METRIC_BYTES_STORED, II->getArgOperand(2));
    return;
  case Intrinsic::memset:
  case Intrinsic::memset_inline:
    return Length(ROOF_METRIC_BYTES_STORED, II->getArgOperand(2));
  default:
    return;
  }
}

//===----------------------------------------------------------------------===//
// Calls: intrinsics with FP semantics, libm and libmvec
//===----------------------------------------------------------------------===//
// Canonically a reduction of N lanes is N-1 operations, plus one for a start
// value that is not the identity. What executes depends on reassociation
// (a shuffle tree whose first step runs on the full register, or a chain of
// scalar operations) and is read off the backend.
void FlopCostModel::reduction(IntrinsicInst &II, ContributionList &Out) {
  Value *Vec = II.getArgOperand(II.arg_size() - 1);
  std::optional<RoofPrecision> P = precisionOf(Vec->getType());
  if (!P)
    return;
  unsigned Ops = lanesOf(Vec->getType()) - 1;
  RoofClass Class = ROOF_CLASS_MINMAX;
  if (II.getIntrinsicID() == Intrinsic::vector_reduce_fadd ||
      II.getIntrinsicID() == Intrinsic::vector_reduce_fmul) {
    bool IsAdd = II.getIntrinsicID() == Intrinsic::vector_reduce_fadd;
    Class = IsAdd ? ROOF_CLASS_ADD : ROOF_CLASS_MUL;
    auto *Start = dyn_cast<ConstantFP>(II.getArgOperand(0));
    bool Identity = Start && (IsAdd ? Start->isNegativeZeroValue()
                                    : Start->isExactlyValue(1.0));
    Ops += !Identity;
  }
  addOnce(Out, flopMetric(*P, Class, ROOF_CANONICAL), Ops);
  if (CountsExecuted)
    addUnmasked(Out, probed(II, *P, Class));
}

// A libm or libmvec function is canonically one transcendental operation
// per element (two for sincos). What its body executes is the machine
// code's business: on x86 the twin's calls are priced with the measured
// table (LibmCosts); device code has none (libdevice is inlined).
void FlopCostModel::libraryCall(Instruction &Call, StringRef Name,
                                ContributionList &Out) {
  // sincos returns its two results through pointers: its argument says
  // the precision and width.
  Type *Ty = Call.getType()->isVoidTy() && Call.getNumOperands() > 0
                 ? Call.getOperand(0)->getType()
                 : Call.getType();
  std::optional<RoofPrecision> P = precisionOf(Ty);
  if (!P)
    return;
  unsigned Lanes = Call.getType()->isVoidTy()
                       ? lanesOf(Ty)
                       : compat::popcount(demandedLanes(Call));
  unsigned PerCall = Name.contains("sincos") ? 2 : 1;
  addOnce(Out, flopMetric(*P, ROOF_CLASS_TRANSCENDENTAL, ROOF_CANONICAL),
          uint64_t(Lanes) * PerCall);
}

// A complex divide that the compiler leaves to the compiler runtime (C's
// _Complex and Fortran's complex `/` without -ffast-math call
// __divdc3/__divsc3) is canonically the textbook formula,
//   (a + bi) / (c + di) = ((ac + bd) + (bc - ad) i) / (c^2 + d^2):
// mul 6, add 3, div 2 = 11 FLOPs, as the hand counts of the examples
// (complex_divsqrt.c) count it. What the helper executes (Smith's
// algorithm, with its scaling tests) is the machine code's: the measured
// table (docs/libm-costs.md).
void FlopCostModel::complexDivide(RoofPrecision P, ContributionList &Out) {
  addOnce(Out, flopMetric(P, ROOF_CLASS_MUL, ROOF_CANONICAL), 6);
  addOnce(Out, flopMetric(P, ROOF_CLASS_ADD, ROOF_CANONICAL), 3);
  addOnce(Out, flopMetric(P, ROOF_CLASS_DIV, ROOF_CANONICAL), 2);
}

static std::optional<RoofPrecision> complexDividePrecision(StringRef Name) {
  if (Name == "__divdc3")
    return ROOF_FP64;
  if (Name == "__divsc3")
    return ROOF_FP32;
  return std::nullopt;
}

// The Fortran runtime (libFortranRuntime, not compiled with roof) computes
// the intrinsics Flang does not inline: MATMUL, and DOT_PRODUCT, SUM,
// PRODUCT, NORM2, MAXVAL... of arrays it passes by descriptor. Their FLOPs
// are not in the census; the remark says which call dropped them, at its
// source line (-Rpass-analysis=roof).
void FlopCostModel::fortranRuntimeCall(Instruction &Call, StringRef Entry) {
  static constexpr StringLiteral Numeric[] = {
      "Matmul", "DotProduct", "Sum",    "CppSum", "Product", "CppProduct",
      "Norm2",  "Maxval",     "Minval", "Maxloc", "Minloc"};
  for (StringRef Family : Numeric)
    if (Entry.starts_with(Family)) {
      Remarks[&Call] = {CensusRemark::Missed,
                        ("the Fortran runtime's _FortranA" + Entry +
                         " is not compiled with roof: its floating-point "
                         "work is not counted")
                            .str()};
      return;
    }
}

// NVVM intrinsics with FP semantics: CUDA's __dmul_rn, __fdividef,
// __expf... and what the inlined bodies of libdevice functions are made of.
// The canonical class is the operation the intrinsic names; MUFU
// approximations of exp2, log2, sin, cos and tanh are canonically one
// transcendental operation. What executes is read off the backend and
// PTXInstrCosts (a MUFU is `special`, not a FLOP).
void FlopCostModel::nvvmIntrinsic(IntrinsicInst &II, ContributionList &Out) {
  StringRef Name = II.getCalledFunction()->getName().drop_front(10);
  StringRef Op = Name.split('.').first;
  if (Op.starts_with("ldg") || Op.starts_with("ldu")) // __ldg: global loads
    return memory(II, Out);
  Type *Ty = II.getType()->isFloatingPointTy() || II.arg_size() == 0
                 ? II.getType()
                 : II.getArgOperand(0)->getType();
  std::optional<RoofPrecision> P = precisionOf(Ty);
  if (!P)
    return;
  RoofClass Class;
  unsigned PerLane = 1;
  if (Op == "add")
    Class = ROOF_CLASS_ADD;
  else if (Op == "mul")
    Class = ROOF_CLASS_MUL;
  else if (Op == "fma") {
    Class = ROOF_CLASS_FMA;
    PerLane = 2;
  } else if (Op == "div" || Op == "rcp")
    Class = ROOF_CLASS_DIV;
  else if (Op == "sqrt" || Op == "rsqrt")
    Class = ROOF_CLASS_SQRT;
  else if (Op == "ex2" || Op == "lg2" || Op == "sin" || Op == "cos" ||
           Op == "tanh")
    Class = ROOF_CLASS_TRANSCENDENTAL;
  else if (Op == "fmin" || Op == "fmax")
    Class = ROOF_CLASS_MINMAX;
  else if (Op.size() >= 3 && Op.contains('2') && !Op.starts_with("ex"))
    Class = ROOF_CLASS_CONVERT; // d2i, f2h, i2d, ull2d ...
  else
    return; // fabs, saturate, copysign: bit operations
  elementwise(
      II, *P, Class, PerLane, [&] { return probed(II, *P, Class, PerLane); },
      Out);
}

void FlopCostModel::call(CallBase &Call, ContributionList &Out) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return;
  if (auto *VP = dyn_cast<VPIntrinsic>(&Call)) {
    if (VP->getMemoryPointerParam())
      memory(Call, Out);
    else
      predicatedArithmetic(*VP, Out);
    return;
  }
  Type *Ty = Call.getType();
  std::optional<RoofPrecision> P = precisionOf(Ty);
  unsigned Lanes = lanesOf(Ty);
  if (auto *II = dyn_cast<IntrinsicInst>(&Call)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::fmuladd:
    case Intrinsic::fma: {
      if (!P)
        return;
      return elementwise(
          Call, *P, ROOF_CLASS_FMA, 2,
          [&] {
            return needsProbe(Ty) ? probed(Call, *P, ROOF_CLASS_FMA, 2)
                                  : simple(*P, ROOF_CLASS_FMA, Lanes, 2);
          },
          Out);
    }
    case Intrinsic::sqrt:
      if (!P)
        return;
      if (SqrtFoldedInto.count(&Call)) {
        // Probed with its fdiv; canonical sqrt stays here.
        return elementwise(
            Call, *P, ROOF_CLASS_SQRT, 1, [] { return Executed(); }, Out);
      }
      return elementwise(
          Call, *P, ROOF_CLASS_SQRT, 1,
          [&] { return probed(Call, *P, ROOF_CLASS_SQRT); }, Out);
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
    case Intrinsic::minimum:
    case Intrinsic::maximum:
      if (!P)
        return;
      return elementwise(
          Call, *P, ROOF_CLASS_MINMAX, 1,
          [&] { return probed(Call, *P, ROOF_CLASS_MINMAX); }, Out);
    case Intrinsic::floor:
    case Intrinsic::ceil:
    case Intrinsic::trunc:
    case Intrinsic::rint:
    case Intrinsic::nearbyint:
    case Intrinsic::round:
    case Intrinsic::roundeven:
      if (!P)
        return;
      return elementwise(
          Call, *P, ROOF_CLASS_CONVERT, 1,
          [&] { return simple(*P, ROOF_CLASS_CONVERT, Lanes); }, Out);
    case Intrinsic::vector_reduce_fadd:
    case Intrinsic::vector_reduce_fmul:
    case Intrinsic::vector_reduce_fmin:
    case Intrinsic::vector_reduce_fmax:
    case compat::intrinsic::vector_reduce_fminimum:
    case compat::intrinsic::vector_reduce_fmaximum:
      return reduction(*II, Out);
    case Intrinsic::powi:
      // x**n with an integer n (Fortran's **, __builtin_powi): a power,
      // as pow(x, n) in C. A constant n the backend expands into
      // multiplies, a run-time one calls __powidf2 (libraryCallWork).
      return libraryCall(Call, "powi", Out);
    default:
      if (std::optional<std::string> Name =
              libmNameOfIntrinsic(II->getIntrinsicID(), Ty))
        libraryCall(Call, *Name, Out);
      else if (Callee->getName().starts_with("llvm.nvvm."))
        nvvmIntrinsic(*II, Out);
      else
        memory(Call, Out);
      return;
    }
  }
  StringRef Name = Callee->getName();
  unsigned VectorLanes;
  StringRef Scalar;
  if (parseVectorFunctionName(Name, VectorLanes, Scalar)) {
    if (isTranscendentalName(Scalar))
      libraryCall(Call, Name, Out);
    return;
  }
  if (!Callee->isDeclaration())
    return;
  if (isTranscendentalName(Name)) {
    libraryCall(Call, Name, Out);
    return;
  }
  if (std::optional<RoofPrecision> Complex = complexDividePrecision(Name)) {
    complexDivide(*Complex, Out);
    return;
  }
  if (Name.starts_with("_FortranA") && !Name.starts_with("_FortranAio"))
    fortranRuntimeCall(Call, Name.drop_front(9));
  if (!P)
    return;
  if (Name == "sqrt" || Name == "sqrtf") {
    // With -fmath-errno clang calls sqrt(); the backend inlines the square
    // root and keeps the call for negative arguments only.
    elementwise(
        Call, *P, ROOF_CLASS_SQRT, 1,
        [&] { return probed(Call, *P, ROOF_CLASS_SQRT); }, Out);
  } else if (Name == "fma" || Name == "fmaf") {
    elementwise(
        Call, *P, ROOF_CLASS_FMA, 2,
        [&] { return simple(*P, ROOF_CLASS_FMA, Lanes, 2); }, Out);
  } else if (Name == "fmin" || Name == "fmax" || Name == "fminf" ||
             Name == "fmaxf") {
    elementwise(
        Call, *P, ROOF_CLASS_MINMAX, 1,
        [&] { return probed(Call, *P, ROOF_CLASS_MINMAX); }, Out);
  }
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//
void FlopCostModel::contributions(Instruction &I, ContributionList &Out) {
  if (auto *Call = dyn_cast<CallBase>(&I))
    return call(*Call, Out);

  Type *Ty = I.getType();
  switch (I.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul: {
    std::optional<RoofPrecision> P = precisionOf(Ty);
    if (!P)
      return;
    bool IsMul = I.getOpcode() == Instruction::FMul;
    RoofClass Class = IsMul ? ROOF_CLASS_MUL : ROOF_CLASS_ADD;
    unsigned Lanes = lanesOf(Ty);
    auto Exec = [&] {
      if (needsProbe(Ty))
        return probed(I, *P, Class);
      if (IsMul && FusedMuls.count(&I)) {
        Remarks[&I] = {CensusRemark::Analysis, "fused into the FMA of its add"};
        return Executed();
      }
      if (FusedAdds.count(&I)) {
        Remarks[&I] = {CensusRemark::Analysis,
                       "executes as an FMA with its fmul operand"};
        return simple(*P, ROOF_CLASS_FMA, Lanes, 2);
      }
      return simple(*P, Class, Lanes);
    };
    return elementwise(I, *P, Class, 1, Exec, Out);
  }
  case Instruction::FDiv: {
    std::optional<RoofPrecision> P = precisionOf(Ty);
    if (!P)
      return;
    if (Instruction *First = SharedReciprocalOf.lookup(&I)) {
      auto Exec = [&] {
        Executed E = simple(*P, ROOF_CLASS_MUL, lanesOf(Ty));
        Remarks[&I] = {CensusRemark::Analysis,
                       "multiplies by the shared reciprocal of its divisor"};
        if (First == &I) { // the reciprocal is computed here
          const ExpansionCost &Reciprocal = Probe.reciprocalCost(I);
          if (!Reciprocal.Failed) {
            addWork(E.Flops, Reciprocal.Flops);
            Remarks[&I].Text += "; reciprocal: " + Reciprocal.Instructions;
          }
        }
        return E;
      };
      return elementwise(I, *P, ROOF_CLASS_DIV, 1, Exec, Out);
    }
    auto *Sqrt = dyn_cast<Instruction>(I.getOperand(1));
    bool WithSqrt = Sqrt && SqrtFoldedInto.lookup(Sqrt) == &I;
    return elementwise(
        I, *P, ROOF_CLASS_DIV, 1,
        [&] {
          return probed(I, *P, ROOF_CLASS_DIV, 1, WithSqrt ? Sqrt : nullptr);
        },
        Out);
  }
  case Instruction::FRem: {
    std::optional<RoofPrecision> P = precisionOf(Ty);
    if (P)
      libraryCall(I, Ty->getScalarType()->isFloatTy() ? "fmodf" : "fmod", Out);
    return;
  }
  case Instruction::FCmp: {
    std::optional<RoofPrecision> P = precisionOf(I.getOperand(0)->getType());
    if (P)
      elementwise(
          I, *P, ROOF_CLASS_COMPARE, 1,
          [&] { return simple(*P, ROOF_CLASS_COMPARE, lanesOf(Ty)); }, Out);
    return;
  }
  case Instruction::FPExt:
  case Instruction::FPTrunc:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPToSI:
  case Instruction::FPToUI: {
    // The FP side of the conversion names the precision; for FP-to-FP the
    // result does.
    Type *FPSide = Ty->getScalarType()->isFloatingPointTy()
                       ? Ty
                       : I.getOperand(0)->getType();
    // Unsigned and 64-bit integer conversions may be integer tricks plus
    // FP adds: ask the backend.
    std::optional<RoofPrecision> P = precisionOf(FPSide);
    if (P)
      elementwise(
          I, *P, ROOF_CLASS_CONVERT, 1,
          [&] { return probed(I, *P, ROOF_CLASS_CONVERT); }, Out);
    return;
  }
  default:
    return memory(I, Out);
  }
}

CensusRemark FlopCostModel::remark(Instruction &I) const {
  return Remarks.lookup(&I);
}

} // namespace roof
