//===- CounterPlan.cpp - Static weights of a function's counters ----------===//
#include "CounterPlan.h"
#include "LibmCosts.h"
#include "LibmPathCalls.h"
#include "MachineAttribution.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>

using namespace llvm;

namespace roof {

StringRef precisionName(unsigned Precision) {
  static const char *Names[] = {ROOF_PRECISION_NAMES};
  return Names[Precision];
}

StringRef className(unsigned Class) {
  static const char *Names[] = {ROOF_CLASS_NAMES};
  return Names[Class];
}

StringRef kindName(unsigned Kind) {
  static const char *Names[] = {"canonical", "empirical", "full_width"};
  return Names[Kind];
}

// A call that will return and cannot throw cannot reach exit() or longjmp,
// nor roof_region_*() (which is neither, so no caller of it is inferred to
// be): library calls such as malloc or strtol do not split a block. Nor
// does a call of a math library function the module does not define
// (libraryCallWork knows its name), which returns and calls nothing back:
// clang declares some, erfc among them, without willreturn, and a loop of
// such calls would otherwise update the counter array on every iteration.
bool isCensusBoundary(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || isa<IntrinsicInst>(Call) ||
      (Call->hasFnAttr(Attribute::WillReturn) && Call->doesNotThrow()))
    return false;
  const Function *Callee = Call->getCalledFunction();
  return !isa<CallInst>(Call) || !Callee || !isMathLibrary(*Callee);
}

bool isMathLibrary(const Function &F) {
  return F.isDeclaration() && libraryCallWork(F.getName());
}

namespace {

/// Whether any block of \p L (the whole function when null) contains a call
/// that splits the census: then execution counts of its blocks may differ
/// by an exit or a region boundary in between, and are not merged.
bool hasBoundary(const Function &F, const Loop *L) {
  auto BlockHasBoundary = [](const BasicBlock *BB) {
    return llvm::any_of(
        *BB, [](const Instruction &I) { return isCensusBoundary(I); });
  };
  return L ? llvm::any_of(L->blocks(), BlockHasBoundary)
           : llvm::any_of(F, [&](const BasicBlock &BB) {
               return BlockHasBoundary(&BB);
             });
}

/// One slot for the active lanes of several masks in a part of a block
/// (from \p First, the block's first slot) whose weights are the same: an
/// unrolled vector body under four masks counts into one register, not four.
void joinLaneSlots(CounterPlan &Census, size_t First) {
  auto IsLanes = [](const CounterSlot &S) {
    return S.Scale.Kind == CountingScale::PerActiveLane;
  };
  for (size_t S = First; S < Census.Slots.size(); ++S) {
    if (!IsLanes(Census.Slots[S]))
      continue;
    for (size_t T = S + 1; T < Census.Slots.size();) {
      CounterSlot &Into = Census.Slots[S], &Other = Census.Slots[T];
      if (IsLanes(Other) && Other.Scale.After == Into.Scale.After &&
          Other.Weights == Into.Weights) {
        Into.Joined.push_back(Other.Scale);
        Census.Slots.erase(Census.Slots.begin() + T);
      } else {
        ++T;
      }
    }
  }
}

/// Moves the weights of each block's per-execution slot to the slot of the
/// highest dominator it is control-equivalent with: fewer counters, and
/// fewer induction variables once loops are promoted.
void mergeControlEquivalentBlocks(Function &F, CounterPlan &Census,
                                  FunctionAnalysisManager &FAM) {
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  DenseMap<const Loop *, bool> Splits; // per loop (null: top level)
  auto Mergeable = [&](const Loop *L) {
    auto [It, New] = Splits.try_emplace(L, false);
    if (New)
      It->second = hasBoundary(F, L);
    return !It->second;
  };
  auto IsPlain = [](const CounterSlot &S) {
    return S.Scale.Kind == CountingScale::PerExecution && !S.Scale.After;
  };
  DenseMap<BasicBlock *, size_t> PlainSlotOf;
  for (size_t S = 0; S < Census.Slots.size(); ++S)
    if (IsPlain(Census.Slots[S]))
      PlainSlotOf.try_emplace(Census.Slots[S].Block, S);

  for (size_t S = 0; S < Census.Slots.size(); ++S) {
    CounterSlot &Slot = Census.Slots[S];
    if (!IsPlain(Slot) || Slot.Weights.empty() || !DT.getNode(Slot.Block))
      continue;
    const Loop *L = LI.getLoopFor(Slot.Block);
    if (!Mergeable(L))
      continue;
    BasicBlock *Representative = Slot.Block;
    for (DomTreeNode *Up = DT.getNode(Slot.Block)->getIDom(); Up;
         Up = Up->getIDom()) {
      BasicBlock *Candidate = Up->getBlock();
      const Loop *Around = LI.getLoopFor(Candidate);
      if (Around != L) {
        // A loop left before reaching this block: look past it.
        if (Around && (!L || (L->contains(Around))))
          continue;
        break; // the candidate is outside this block's loop
      }
      if (!PDT.dominates(Slot.Block, Candidate))
        break;
      Representative = Candidate;
    }
    if (Representative == Slot.Block)
      continue;
    auto [It, New] =
        PlainSlotOf.try_emplace(Representative, Census.Slots.size());
    if (New)
      Census.Slots.push_back(
          {Representative, CountingScale::perExecution(), {}});
    SlotWeights Moved = std::move(Census.Slots[S].Weights);
    Census.Slots[S].Weights.clear();
    Census.Slots[It->second].Weights.add(Moved);
  }
}

} // namespace

namespace {

void addExecuted(CounterSlot &Slot, const ExecutedWork &W) {
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C) {
      if (uint64_t E = W.Empirical[P][C])
        Slot.Weights.add(ROOF_FLOP_METRIC(P, C, ROOF_EMPIRICAL), E);
      if (uint64_t Full = W.FullWidth[P][C])
        Slot.Weights.add(ROOF_FLOP_METRIC(P, C, ROOF_FULL_WIDTH), Full);
    }
}

/// When the twin could not be compiled, what executes is taken to be the
/// canonical count of the IR.
void executedAsCanonical(ContributionList &Contributions) {
  size_t N = Contributions.size();
  for (size_t I = 0; I < N; ++I) {
    uint32_t Metric = Contributions[I].Metric;
    if (Metric >= ROOF_METRIC_BYTES_LOADED ||
        Metric % ROOF_NUM_KINDS != ROOF_CANONICAL)
      continue;
    for (uint32_t Kind : {ROOF_EMPIRICAL, ROOF_FULL_WIDTH}) {
      Contribution Executed = Contributions[I];
      Executed.Metric = Metric - ROOF_CANONICAL + Kind;
      Contributions.push_back(Executed);
    }
  }
}

} // namespace

namespace {

/// Where a remark about \p BB is: at its first instruction, past the
/// llvm.dbg.* calls that are instructions in LLVM 16 (at line 0).
DebugLoc locationOf(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (!I.isDebugOrPseudoInst())
      return I.getDebugLoc();
  return DebugLoc();
}

/// A remark of kind \p Remark (OptimizationRemark, ...Missed, ...Analysis)
/// of pass "roof" named \p Name at \p V: an instruction, a block (at its
/// first instruction's line) or the function \p F.
template <typename Remark>
Remark remarkAt(const char *Name, const Value *V, const Function &F) {
  if (const auto *I = dyn_cast<Instruction>(V))
    return Remark("roof", Name, I);
  if (const auto *BB = dyn_cast<BasicBlock>(V))
    return Remark("roof", Name, locationOf(*BB), BB);
  return Remark("roof", Name, &F);
}

} // namespace

/// The census as LLVM optimisation remarks of pass "roof" (clang
/// -Rpass=roof, -Rpass-missed=roof, -Rpass-analysis=roof,
/// -fsave-optimization-record; opt -pass-remarks*=roof): that the function
/// is counted, and with how many counters (passed, "Counted"); what roof
/// could not count exactly (missed, "NotExact"); how a count came about
/// (analysis, "Census"), at the instruction, block or function.
static void emitRemarks(const CounterPlan &Census, Function &F,
                        FunctionAnalysisManager &FAM) {
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  ORE.emit([&] {
    return OptimizationRemark("roof", "Counted", &F)
           << "counted with " << ore::NV("Counters", Census.Slots.size())
           << (Census.Slots.size() == 1 ? " counter" : " counters");
  });
  for (const auto &[V, Remark] : Census.Remarks) {
    if (Remark.Kind == CensusRemark::Missed)
      ORE.emit([&, V = V, &Text = Remark.Text] {
        return remarkAt<OptimizationRemarkMissed>("NotExact", V, F) << Text;
      });
    else
      ORE.emit([&, V = V, &Text = Remark.Text] {
        return remarkAt<OptimizationRemarkAnalysis>("Census", V, F) << Text;
      });
  }
}

CounterPlan buildCounterPlan(Function &F, FlopCostModel &Model,
                             const MachineCode *Machine,
                             FunctionAnalysisManager &FAM) {
  CounterPlan Census;
  MachineAttribution Attribution;
  bool Fallback = Machine && !Machine->Error.empty();
  if (Fallback)
    Census.Remarks.push_back(
        {&F,
         {CensusRemark::Missed,
          "no machine code (" + Machine->Error + "): empirical = canonical"}});
  else if (Machine)
    Attribution = attributeMachineCode(F, *Machine);
  // Machine code tied to a counter only approximately: not exact.
  for (auto &[Block, Text] : Attribution.Remarks)
    Census.Remarks.push_back({Block, {CensusRemark::Missed, std::move(Text)}});
  Census.Machine = std::move(Attribution.Listings);
  DenseMap<const BasicBlock *, SmallVector<const ExecutedWork *, 4>> WorkOf;
  for (const ExecutedWork &W : Attribution.Work)
    WorkOf[W.Block].push_back(&W);
  DenseMap<CountingScale, size_t> SlotOfScale; // the block's
  for (BasicBlock &BB : F) {
    // Slots in order of first appearance, so that the descriptor is the
    // same from one compilation to the next.
    size_t FirstOfBlock = Census.Slots.size();
    SlotOfScale.clear();
    auto SlotOf = [&](const CountingScale &Scale) -> CounterSlot & {
      auto [It, New] = SlotOfScale.try_emplace(Scale, Census.Slots.size());
      if (New)
        Census.Slots.push_back({&BB, Scale, {}});
      return Census.Slots[It->second];
    };
    if (BB.isEntryBlock())
      SlotOf(CountingScale::perExecution()); // counts calls
    ContributionList Contributions;
    Instruction *SegmentStart = nullptr;
    for (Instruction &I : BB) {
      Contributions.clear();
      Model.contributions(I, Contributions);
      if (Fallback)
        executedAsCanonical(Contributions);
      for (Contribution &C : Contributions) {
        C.Scale.After = SegmentStart;
        SlotOf(C.Scale).Weights.add(C.Metric, C.Amount);
      }
      if (isCensusBoundary(I))
        SegmentStart = &I;
      CensusRemark Remark = Model.remark(I);
      if (!Remark.empty())
        Census.Remarks.emplace_back(&I, std::move(Remark));
    }
    for (const ExecutedWork *W : WorkOf.lookup(&BB))
      addExecuted(SlotOf(W->Scale), *W);
    // Per-execution slots first (the entry block's first slot counts calls).
    std::stable_sort(Census.Slots.begin() + FirstOfBlock, Census.Slots.end(),
                     [](const CounterSlot &A, const CounterSlot &B) {
                       return A.Scale.Kind < B.Scale.Kind;
                     });
    joinLaneSlots(Census, FirstOfBlock);
  }
  mergeControlEquivalentBlocks(F, Census, FAM);
  emitRemarks(Census, F, FAM);
  return Census;
}

namespace {

void printScale(raw_ostream &OS, const CountingScale &S) {
  if (S.After) {
    OS << "after call @"
       << cast<CallBase>(S.After)->getCalledOperand()->getName() << ", ";
  }
  switch (S.Kind) {
  case CountingScale::PerExecution:
    OS << "per execution";
    return;
  case CountingScale::PerActiveLane:
    OS << "per active lane of " << (S.Inverted ? "!" : "");
    S.Mask->printAsOperand(OS, false);
    if (S.EVL) {
      OS << " below ";
      S.EVL->printAsOperand(OS, false);
    }
    return;
  case CountingScale::PerUnit:
    OS << "per unit of ";
    S.Amount->printAsOperand(OS, false);
    return;
  case CountingScale::PerPath:
    OS << "per call taking path group " << S.Path << " of ";
    countedArgument(*cast<CallBase>(S.Amount))->printAsOperand(OS, false);
    return;
  }
}

} // namespace

void printCounterPlan(raw_ostream &OS, const Function &F,
                      const CounterPlan &Census) {
  OS << "roof-counter-plan: function '" << F.getName() << "'\n";
  for (const CounterSlot &Slot : Census.Slots) {
    if (Slot.Weights.empty() && !Slot.Block->isEntryBlock())
      continue;
    OS << "  block ";
    Slot.Block->printAsOperand(OS, false);
    OS << ": ";
    printScale(OS, Slot.Scale);
    for (const CountingScale &Also : Slot.Joined) {
      OS << " + ";
      printScale(OS, Also);
    }
    OS << '\n';
    // One line per (precision, class) with its three kinds.
    for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
      for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C) {
        uint64_t Kinds[ROOF_NUM_KINDS];
        bool Any = false;
        for (unsigned K = 0; K < ROOF_NUM_KINDS; ++K) {
          Kinds[K] = Slot.Weights.of(ROOF_FLOP_METRIC(P, C, K));
          Any |= Kinds[K] != 0;
        }
        if (!Any)
          continue;
        OS << "    " << precisionName(P) << '.' << className(C);
        for (unsigned K = 0; K < ROOF_NUM_KINDS; ++K)
          OS << ' ' << kindName(K) << '=' << Kinds[K];
        OS << '\n';
      }
    auto Bytes = [&](uint32_t Metric) { return Slot.Weights.of(Metric); };
    uint64_t Loaded = Bytes(ROOF_METRIC_BYTES_LOADED);
    uint64_t Stored = Bytes(ROOF_METRIC_BYTES_STORED);
    if (Loaded || Stored)
      OS << "    bytes loaded=" << Loaded << " stored=" << Stored << '\n';
    static const char *SpaceNames[] = {ROOF_SPACE_NAMES};
    for (unsigned Space = 0; Space < ROOF_NUM_SPACES; ++Space) {
      uint64_t SpaceLoaded = Bytes(ROOF_METRIC_SPACE_BYTES(Space, 0));
      uint64_t SpaceStored = Bytes(ROOF_METRIC_SPACE_BYTES(Space, 1));
      if (SpaceLoaded || SpaceStored)
        OS << "    " << SpaceNames[Space] << " loaded=" << SpaceLoaded
           << " stored=" << SpaceStored << '\n';
    }
  }
  for (const auto &[Block, Listing] : Census.Machine) {
    OS << "  machine: block ";
    Block->printAsOperand(OS, false);
    OS << ": " << Listing << '\n';
  }
  for (const auto &[V, Remark] : Census.Remarks) {
    OS << "  remark:";
    if (isa<Instruction>(V)) {
      V->print(OS);
    } else if (isa<BasicBlock>(V)) {
      OS << " block ";
      V->printAsOperand(OS, false);
    } else {
      OS << " function '" << V->getName() << "'";
    }
    OS << " ; " << Remark.Text << '\n';
  }
}

} // namespace roof
