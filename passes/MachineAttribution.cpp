//===- MachineAttribution.cpp - Which counter counts each machine block ---===//
//
// A machine block M with FP work is counted by:
//   - its origin B, when M runs with B (CodegenTwin) and B's machine blocks
//     are entered from every IR predecessor of B: then M runs count(B)
//     times. Within B, the part between census boundary calls in which M's
//     instructions are (CounterPlan: work after a call that may not
//     return is counted after it returns);
//   - the IR edge P->S it lies on, when M was made by the code generator
//     (a split edge, a preheader): count(P) when S is P's only successor,
//     count(S) when P is S's only predecessor;
// and anything else by the nearest origin, with a remark. A call of a libm
// function whose work depends on its argument (sin, erf) is counted by the
// path the argument takes, before the IR call it was selected from.
//
//===----------------------------------------------------------------------===//
#include "MachineAttribution.h"
#include "CounterPlan.h"
#include "LibmCosts.h"
#include "LibmPathCalls.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace roof {

namespace {

/// The census boundary calls of \p BB in order (CounterPlan).
SmallVector<const CallBase *, 2> boundaryCalls(const BasicBlock &BB) {
  SmallVector<const CallBase *, 2> Calls;
  for (const Instruction &I : BB)
    if (isCensusBoundary(I))
      Calls.push_back(cast<CallBase>(&I));
  return Calls;
}

std::string calleeName(const CallBase &Call) {
  if (const Function *F = Call.getCalledFunction())
    return F->getName().str();
  return "";
}

class Attributor {
public:
  Attributor(Function &F, const MachineCode &Code) : F(F), Code(Code) {
    for (size_t B = 0; B < Code.Blocks.size(); ++B)
      if (const BasicBlock *Origin = Code.Blocks[B].Origin)
        BlocksOf[Origin].push_back(B);
  }

  MachineAttribution run();

private:
  struct Counted {
    BasicBlock *Block = nullptr;
    const Instruction *After = nullptr; // census part of Block
  };

  bool enteredFromAllPredecessors(const BasicBlock *BB);
  bool sources(unsigned B, SmallPtrSetImpl<const BasicBlock *> &Out,
               DenseSet<unsigned> &Seen) const;
  const BasicBlock *destination(unsigned B) const;
  std::optional<Counted> edgeCounter(const BasicBlock *From,
                                     const BasicBlock *To) const;
  Counted nearestOrigin(unsigned B) const;
  std::vector<const Instruction *> partsOf(const BasicBlock *BB);
  void add(BasicBlock *Block, const CountingScale &Scale,
           const ClassWork &Empirical, const ClassWork &FullWidth);
  void add(const Counted &C, const ClassWork &Empirical,
           const ClassWork &FullWidth);
  bool countActiveLanes(const MaskedInstr &M, const MachineBlock &Block);
  bool countByPath(const BasicBlock &Origin, StringRef Callee);
  void countInside(unsigned B, BasicBlock *Origin, const ClassWork &Empirical,
                   const ClassWork &FullWidth);

  Function &F;
  const MachineCode &Code;
  DenseMap<const BasicBlock *, SmallVector<unsigned, 2>> BlocksOf;
  DenseMap<const BasicBlock *, bool> Entered;
  /// IR calls with elements counted by path already, and how many (the
  /// lanes of a vector intrinsic go one per machine call, in order).
  DenseMap<const CallBase *, unsigned> ByPath;
  MachineAttribution Result;
};

BasicBlock *mutableBlock(const BasicBlock *BB) {
  return const_cast<BasicBlock *>(BB);
}

// Every IR predecessor of BB reaches the first of BB's machine blocks,
// directly or through blocks the code generator made: then it runs count(BB)
// times, and so do the blocks that run with it. Tail duplication breaks
// this, by running a copy of BB at the end of a predecessor instead.
bool Attributor::enteredFromAllPredecessors(const BasicBlock *BB) {
  auto [It, New] = Entered.try_emplace(BB, false);
  if (!New)
    return It->second;
  SmallPtrSet<const BasicBlock *, 4> Reached;
  for (unsigned B : BlocksOf.lookup(BB)) {
    if (!Code.Blocks[B].First)
      continue;
    for (unsigned P : Code.Blocks[B].Predecessors) {
      DenseSet<unsigned> Seen;
      if (!sources(P, Reached, Seen))
        return false;
    }
  }
  SmallPtrSet<const BasicBlock *, 4> Expected(pred_begin(BB), pred_end(BB));
  It = Entered.find(BB);
  It->second = Reached == Expected;
  return It->second;
}

// The IR blocks whose edges lead into machine block B: its origin, or
// through blocks without one, theirs.
bool Attributor::sources(unsigned B, SmallPtrSetImpl<const BasicBlock *> &Out,
                         DenseSet<unsigned> &Seen) const {
  if (const BasicBlock *Origin = Code.Blocks[B].Origin) {
    Out.insert(Origin);
    return true;
  }
  if (!Seen.insert(B).second || Code.Blocks[B].Predecessors.empty())
    return false;
  for (unsigned P : Code.Blocks[B].Predecessors)
    if (!sources(P, Out, Seen))
      return false;
  return true;
}

// The one IR block machine block B leads to, through blocks without an
// origin that have one successor.
const BasicBlock *Attributor::destination(unsigned B) const {
  DenseSet<unsigned> Seen;
  while (Seen.insert(B).second) {
    const MachineBlock &Block = Code.Blocks[B];
    if (Block.Origin)
      return Block.Origin;
    if (Block.Successors.size() != 1)
      return nullptr;
    B = Block.Successors.front();
  }
  return nullptr;
}

// The executions of IR edge From->To, when a block counter holds them.
std::optional<Attributor::Counted>
Attributor::edgeCounter(const BasicBlock *From, const BasicBlock *To) const {
  if (!is_contained(successors(From), To))
    return std::nullopt;
  if (From->getSingleSuccessor() == To) {
    std::vector<const Instruction *> Parts =
        const_cast<Attributor *>(this)->partsOf(From);
    return Counted{mutableBlock(From), Parts.back()};
  }
  if (To->getSinglePredecessor() == From)
    return Counted{mutableBlock(To), nullptr};
  return std::nullopt;
}

Attributor::Counted Attributor::nearestOrigin(unsigned B) const {
  DenseSet<unsigned> Seen;
  while (Seen.insert(B).second) {
    const MachineBlock &Block = Code.Blocks[B];
    if (Block.Origin)
      return {mutableBlock(Block.Origin), nullptr};
    if (Block.Predecessors.empty())
      break;
    B = Block.Predecessors.front();
  }
  return {&F.getEntryBlock(), nullptr};
}

// The census parts of BB: null (its start), then each boundary call.
std::vector<const Instruction *> Attributor::partsOf(const BasicBlock *BB) {
  std::vector<const Instruction *> Parts{nullptr};
  for (const CallBase *Call : boundaryCalls(*BB))
    Parts.push_back(Call);
  return Parts;
}

void Attributor::add(BasicBlock *Block, const CountingScale &Scale,
                     const ClassWork &Empirical, const ClassWork &FullWidth) {
  if (Empirical == ClassWork{} && FullWidth == ClassWork{})
    return;
  for (ExecutedWork &W : Result.Work)
    if (W.Block == Block && W.Scale == Scale) {
      addWork(W.Empirical, Empirical);
      addWork(W.FullWidth, FullWidth);
      return;
    }
  Result.Work.push_back({Block, Scale, Empirical, FullWidth});
}

void Attributor::add(const Counted &C, const ClassWork &Empirical,
                     const ClassWork &FullWidth) {
  CountingScale Scale = CountingScale::perExecution();
  Scale.After = const_cast<Instruction *>(C.After);
  add(C.Block, Scale, Empirical, FullWidth);
}

// A write-masked instruction computes the lanes in which its IR operation's
// value is selected: the select's condition where the operation is the
// true arm, its inverse where it is the false arm. It was selected from the
// select or from the operation (the machine instruction's tag says which);
// it counts per active lane of that condition when it runs once per
// execution of the select's block.
bool Attributor::countActiveLanes(const MaskedInstr &M,
                                  const MachineBlock &Block) {
  const Instruction *Origin = M.Origin;
  if (!Origin)
    return false;
  auto IsVectorSelect = [](const Value *V) {
    auto *Sel = dyn_cast<SelectInst>(V);
    return Sel && Sel->getCondition()->getType()->isVectorTy() ? Sel : nullptr;
  };
  const SelectInst *Sel = IsVectorSelect(Origin);
  const Value *Operation = nullptr;
  if (Sel) {
    // An FP operation, or a compare or its negation (a masked vcmppd: the
    // second compare of `a < lo || a > hi`, computed where the first is
    // false; the backend inverts a negated compare's predicate).
    auto IsOperation = [](const Value *V) {
      auto *I = dyn_cast<Instruction>(V);
      if (I && I->getOpcode() == Instruction::Xor &&
          isa<FCmpInst>(I->getOperand(0)))
        if (auto *C = dyn_cast<Constant>(I->getOperand(1)))
          return C->isAllOnesValue();
      return I && !isa<LoadInst>(I) && !isa<SelectInst>(I) &&
             !isa<PHINode>(I) && !isa<ShuffleVectorInst>(I) &&
             (I->getType()->getScalarType()->isFloatingPointTy() ||
              isa<FCmpInst>(I));
    };
    bool True = IsOperation(Sel->getTrueValue());
    bool False = IsOperation(Sel->getFalseValue());
    // With both arms computed, the masked instruction merges one arm's
    // lanes into the other's, computed whole.
    if (True && False && M.MergedInto) {
      True = M.MergedInto != Sel->getTrueValue();
      False = M.MergedInto != Sel->getFalseValue();
    }
    if (True == False)
      return false; // which lanes it computes is unclear
    Operation = True ? Sel->getTrueValue() : Sel->getFalseValue();
  } else if (Origin->hasOneUse()) {
    Sel = IsVectorSelect(*Origin->user_begin());
    Operation = Origin;
  }
  if (!Sel || Sel->getCondition() == Operation || !Block.RunsWithOrigin ||
      Block.Origin != Sel->getParent())
    return false;
  ClassWork PerLane{};
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C) {
      if (M.FullWidth[P][C] % M.Lanes)
        return false;
      PerLane[P][C] = M.FullWidth[P][C] / M.Lanes;
    }
  bool Inverted = Sel->getFalseValue() == Operation;
  add(mutableBlock(Sel->getParent()),
      CountingScale::activeLanes(const_cast<Value *>(Sel->getCondition()),
                                 Inverted, nullptr),
      PerLane, ClassWork{});
  return true;
}

/// Whether \p M defines \p Callee (a local `sinh`): its calls are then
/// counted in its own body.
bool definedIn(const Module &M, StringRef Callee) {
  const Function *Defined = M.getFunction(Callee);
  return Defined && !Defined->isDeclaration();
}

/// What a call of \p Callee from \p M executes, if it is a library
/// function roof knows.
ClassWork callWork(const Module &M, StringRef Callee, std::string &Remark) {
  if (definedIn(M, Callee))
    return ClassWork{};
  std::optional<LibraryCallWork> Call = libraryCallWork(Callee);
  if (!Call)
    return ClassWork{};
  if (!Call->Measured)
    Remark = ("no measured cost for '" + Callee +
              "'; counted as 1 transcendental operation per element")
                 .str();
  return Call->Work;
}

// A machine call of a function with paths (libmPaths), in a machine block
// that runs with its origin, counts by its argument's path when the origin
// has an IR call it was selected from, not counted that way yet: sin(x) and
// cos(x) of one argument both, for the sincos they became.
bool Attributor::countByPath(const BasicBlock &Origin, StringRef Callee) {
  const LibmPaths *Paths = libmPaths(Callee);
  if (!Paths || definedIn(*F.getParent(), Callee))
    return false;
  CallBase *Selected = nullptr;
  for (const Instruction &I : Origin)
    if (auto *Call = dyn_cast<CallBase>(const_cast<Instruction *>(&I)))
      if (ByPath.lookup(Call) < elementsOf(*Call) &&
          selectedFrom(Callee, *Call)) {
        Selected = Call;
        break;
      }
  if (!Selected)
    return false;
  unsigned Lane = ByPath[Selected]++;
  // The other of sin and cos of the same argument, for a sincos.
  if (Callee.starts_with("sincos"))
    for (const Instruction &I : Origin)
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (Call != Selected && ByPath.lookup(Call) == Lane &&
            selectedFrom(Callee, *Call) &&
            Call->getArgOperand(0) == Selected->getArgOperand(0)) {
          ++ByPath[Call];
          break;
        }
  // The census part the call is in: after the last boundary call before it.
  Instruction *After = nullptr;
  for (Instruction *I = Selected->getPrevNode(); I && !After;
       I = I->getPrevNode())
    if (isCensusBoundary(*I))
      After = I;
  // Every group gets its slot, one without work too: the slots of groups
  // 0..N-1 follow each other (CountingScale::PerPath).
  PathLookup Lookup = insertPathLookup(*Selected, Lane, Callee, *Paths);
  for (unsigned G = 0; G < Lookup.Works.size(); ++G) {
    CountingScale Scale = CountingScale::perPath(Lookup.Count, G);
    Scale.After = After;
    Result.Work.push_back(
        {Selected->getParent(), Scale, Lookup.Works[G], Lookup.Works[G]});
  }
  return true;
}

// A branch the code generator added inside one IR block: its condition is
// not an IR value, so no counter sees it. PartiallyInlineLibCalls makes
// such a diamond of a sqrt() call with errno: vsqrtsd, and the call for a
// negative or NaN argument only. The fast side counts with its block; a
// side that calls a function the IR block itself calls is the slow path of
// that call and is not counted. Both are said in a remark.
void Attributor::countInside(unsigned B, BasicBlock *Origin,
                             const ClassWork &Empirical,
                             const ClassWork &FullWidth) {
  for (const std::string &Callee : Code.Blocks[B].Calls)
    for (const Instruction &I : *Origin)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (!Callee.empty() && calleeName(*Call) == Callee) {
          Result.Remarks.push_back(
              {Origin, "the call of " + Callee +
                           " in a branch the code generator added (the slow "
                           "path of its inlined form) is not counted"});
          return;
        }
  Result.Remarks.push_back(
      {Origin, "machine block bb." + std::to_string(B) +
                   " is on a branch the code generator added; counted as "
                   "if always taken"});
  add({Origin, nullptr}, Empirical, FullWidth);
}

MachineAttribution Attributor::run() {
  // Machine parts of each origin, in order, mapped onto its census parts:
  // the boundary calls are found among the machine calls by name.
  for (size_t B = 0; B < Code.Blocks.size(); ++B) {
    const MachineBlock &Block = Code.Blocks[B];
    if (!Block.Listing.empty())
      Result.Listings.push_back({nearestOrigin(B).Block, Block.Listing});
    // What one execution of each part runs: empirically, and at full width.
    std::vector<ClassWork> Parts(Block.Parts.begin(), Block.Parts.end());
    bool WithOrigin = Block.Origin && Block.RunsWithOrigin &&
                      enteredFromAllPredecessors(Block.Origin);
    for (size_t Call = 0; Call < Block.Calls.size(); ++Call) {
      if (WithOrigin && countByPath(*Block.Origin, Block.Calls[Call]))
        continue;
      std::string Remark;
      addWork(Parts[Call], callWork(*F.getParent(), Block.Calls[Call], Remark));
      if (!Remark.empty())
        Result.Remarks.push_back({nearestOrigin(B).Block, Remark});
    }
    std::vector<ClassWork> Full = Parts;
    for (const MaskedInstr &M : Block.Masked) {
      addWork(Full[M.Part], M.FullWidth);
      if (!countActiveLanes(M, Block)) {
        addWork(Parts[M.Part], M.FullWidth);
        Result.Remarks.push_back(
            {nearestOrigin(B).Block,
             "a write-masked instruction of machine block bb." +
                 std::to_string(B) +
                 " is not tied to an IR mask; counted at full width"});
      }
    }

    if (WithOrigin) {
      std::vector<const Instruction *> IRParts = partsOf(Block.Origin);
      SmallVector<const CallBase *, 2> Boundaries =
          boundaryCalls(*Block.Origin);
      unsigned Matched = 0;
      for (size_t P = 0; P < Parts.size(); ++P) {
        add({mutableBlock(Block.Origin), IRParts[Matched]}, Parts[P], Full[P]);
        if (P < Block.Calls.size() && Matched < Boundaries.size() &&
            Block.Calls[P] == calleeName(*Boundaries[Matched]))
          ++Matched;
      }
      continue;
    }
    ClassWork Total{}, TotalFull{};
    for (size_t P = 0; P < Parts.size(); ++P) {
      addWork(Total, Parts[P]);
      addWork(TotalFull, Full[P]);
    }
    if (TotalFull == ClassWork{})
      continue;
    if (!Block.Origin) {
      SmallPtrSet<const BasicBlock *, 4> From;
      DenseSet<unsigned> Seen;
      const BasicBlock *To = destination(B);
      bool Sourced = sources(B, From, Seen);
      auto OnlyFrom = [&](const SmallPtrSetImpl<const BasicBlock *> &Set) {
        return Sourced && Set.size() == 1;
      };
      bool OnEdges = To && Sourced;
      SmallVector<Counted, 2> Edges;
      for (const BasicBlock *Source : From)
        if (std::optional<Counted> E = edgeCounter(Source, To))
          Edges.push_back(*E);
        else
          OnEdges = false;
      if (OnEdges) {
        for (const Counted &E : Edges)
          add(E, Total, TotalFull);
        continue;
      }
      // Reached from one block only, and leading back into it or out of
      // the function: a branch the code generator added inside it.
      if (OnlyFrom(From) && (To == *From.begin() || Block.Successors.empty())) {
        countInside(B, mutableBlock(*From.begin()), Total, TotalFull);
        continue;
      }
    }
    Counted Near = nearestOrigin(B);
    Result.Remarks.push_back(
        {Near.Block, "machine block bb." + std::to_string(B) +
                         " cannot be tied to a counter; counted with its "
                         "nearest origin"});
    add(Near, Total, TotalFull);
  }
  return std::move(Result);
}

} // namespace

MachineAttribution attributeMachineCode(Function &F, const MachineCode &Code) {
  return Attributor(F, Code).run();
}

} // namespace roof
