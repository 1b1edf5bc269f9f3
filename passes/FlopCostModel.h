//===- FlopCostModel.h - What each IR instruction adds to the census ------===//
//
// One place that answers, for every instruction of a function (after
// vectorization): which precision and class it belongs to, how many FLOPs
// it is canonically (source-level, per active element, FMA = 2) and how many
// bytes it moves. On NVPTX it also says how many the GPU executes
// (empirical, and full width): FMA contraction, shared reciprocals, and
// every expansion-sensitive operation (divide, square root, half precision,
// conversions) compiled alone by the NVPTX backend through ExpansionProbe.
// On x86 what executes is read off the machine code instead (CodegenTwin).
// The rules are documented in docs/counting.md; each has a lit test in
// test/lit/pass/.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_FLOP_COST_MODEL_H
#define ROOF_FLOP_COST_MODEL_H

#include "Contribution.h"
#include "ExpansionProbe.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"

#include <optional>
#include <string>

namespace roof {

/// Something the census has to say about an instruction, block or
/// function. Emitted as an optimisation remark of pass "roof"
/// (CounterPlan.cpp): an explanation of a count as an analysis remark
/// (-Rpass-analysis=roof), a count roof could not make exactly as a missed
/// one (-Rpass-missed=roof); and shown by print<roof-counter-plan>.
struct CensusRemark {
  enum KindType { Analysis, Missed };
  KindType Kind = Analysis;
  std::string Text;

  bool empty() const { return Text.empty(); }
};

class FlopCostModel {
public:
  FlopCostModel(llvm::Function &F, ExpansionProbe &Probe);

  /// Appends what \p I adds to the census. Instructions that are neither FP
  /// operations nor memory accesses add nothing.
  void contributions(llvm::Instruction &I, ContributionList &Out);

  /// What the model has to say about \p I (probed assembly, fusion, a
  /// failed probe), for the printer and the optimisation remarks. Empty
  /// when there is nothing to say.
  CensusRemark remark(llvm::Instruction &I) const;

private:
  /// Lanes of a vector that a governing mask keeps: the canonical count of
  /// an unmasked vector operation whose every result lane flows only into a
  /// masked store or a select on the same mask (tail-folded loops).
  struct LaneMask {
    llvm::Value *Mask;
    bool Inverted;
    llvm::Value *EVL;
    bool operator==(const LaneMask &O) const {
      return Mask == O.Mask && Inverted == O.Inverted && EVL == O.EVL;
    }
  };

  /// Work executed by one instance of an operation on the target, all lanes.
  struct Executed {
    ClassWork Flops{};
  };

  /// The canonical count of \p I; with CountsExecuted, also what executes
  /// (\p Exec, asked only then).
  void elementwise(llvm::Instruction &I, RoofPrecision P,
                   RoofClass CanonicalClass, unsigned CanonicalPerLane,
                   llvm::function_ref<Executed()> Exec, ContributionList &Out);
  void predicatedArithmetic(llvm::VPIntrinsic &VP, ContributionList &Out);
  void memory(llvm::Instruction &I, ContributionList &Out);
  void bytesMoved(llvm::Instruction &I, ContributionList &Out);
  void nvvmIntrinsic(llvm::IntrinsicInst &II, ContributionList &Out);
  void call(llvm::CallBase &Call, ContributionList &Out);
  void libraryCall(llvm::Instruction &Call, llvm::StringRef Name,
                   ContributionList &Out);
  void reduction(llvm::IntrinsicInst &II, ContributionList &Out);
  static void complexDivide(RoofPrecision P, ContributionList &Out);
  void fortranRuntimeCall(llvm::Instruction &Call, llvm::StringRef Entry);

  void addUnmasked(ContributionList &Out, const Executed &Exec) const;
  Executed simple(RoofPrecision P, RoofClass C, unsigned Lanes,
                  unsigned PerLane = 1) const;
  /// What the backend emits for \p I; if it cannot be asked, the canonical
  /// count (CanonicalClass, PerLane per lane) stands in.
  Executed probed(llvm::Instruction &I, RoofPrecision P,
                  RoofClass CanonicalClass, unsigned PerLane = 1,
                  llvm::Instruction *FoldedSqrt = nullptr);
  bool needsProbe(llvm::Type *Ty) const;

  std::optional<LaneMask> governingMask(llvm::Instruction &I,
                                        unsigned Depth = 0);
  llvm::APInt demandedLanes(const llvm::Value &V, unsigned Depth = 0);
  llvm::Instruction *fusedMultiply(llvm::Instruction &Add) const;

  llvm::Function &F;
  ExpansionProbe &Probe;
  /// Whether this model also says what executes: on NVPTX, from the IR and
  /// the PTX of probes. On x86 the census reads it off the machine code
  /// (CodegenTwin) and the model gives the canonical count only.
  bool CountsExecuted = false;
  bool IsNVPTX = false;
  bool UnsafeFPMath = false;
  /// fmul instructions that the backend fuses with their single fadd/fsub
  /// user into an FMA: they execute as part of that FMA.
  llvm::DenseSet<llvm::Instruction *> FusedMuls;
  llvm::SmallPtrSet<llvm::Instruction *, 8> FusedMulCandidates;
  llvm::DenseSet<llvm::Instruction *> FusedAdds;
  /// Divides that multiply by a reciprocal shared with other divides by the
  /// same divisor in their block, mapped to the one that computes it.
  llvm::DenseMap<llvm::Instruction *, llvm::Instruction *> SharedReciprocalOf;
  /// sqrt calls probed together with the fdiv that divides by them.
  llvm::DenseMap<llvm::Instruction *, llvm::Instruction *> SqrtFoldedInto;
  llvm::DenseMap<llvm::Instruction *, std::optional<LaneMask>> GoverningMasks;
  llvm::DenseMap<const llvm::Value *, llvm::APInt> DemandedLanes;
  /// Set when a walk of governingMask gave up at MaxMaskWalkDepth: its
  /// partial answers are not remembered.
  bool WalkCutOff = false;
  static constexpr unsigned MaxMaskWalkDepth = 64;
  llvm::DenseMap<llvm::Instruction *, CensusRemark> Remarks;
};

/// The precision of a floating-point scalar or vector type, if it has one of
/// the four counted precisions.
std::optional<RoofPrecision> precisionOf(llvm::Type *Ty);

/// The pointer that \p I (a load, store, atomic, memory transfer or call)
/// accesses memory through: the destination when \p Stored; for a call its
/// first pointer argument; null when it has none.
llvm::Value *memoryPointerOf(llvm::Instruction &I, bool Stored);

/// The memory space that \p I accesses (memoryPointerOf), by what its
/// pointer is based on; ROOF_SPACE_GENERIC when it cannot be told.
RoofSpace addressSpaceOf(llvm::Instruction &I, bool Stored);

} // namespace roof

#endif // ROOF_FLOP_COST_MODEL_H
