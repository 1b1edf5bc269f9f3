//===- CounterInstrumenter.cpp - Counters, promotion, descriptor ----------===//
//
// Layout of a module's counter array: each instrumented function owns a
// contiguous range [FirstSlot, FirstSlot + NumSlots): its census slots
// (CounterPlan, the first counting calls), then, for timed functions, the
// accumulated cycles, then, in traffic mode, its traffic slots
// (TrafficInstrumenter.h), then the slots its activation by OpenMP forks
// adds (calls, and time when it is not timed in its body) and the thread's
// recursion depth where it needs one (planDepths).
//
//===----------------------------------------------------------------------===//
#include "CounterInstrumenter.h"
#include "CodegenTwin.h"
#include "CounterPlan.h"
#include "CounterUpdates.h"
#include "ExpansionProbe.h"
#include "FlopCostModel.h"
#include "LLVMCompat.h"
#include "LibmPathCalls.h"
#include "SourceNames.h"
#include "TrafficInstrumenter.h"

#include "AbiTypes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Support/Endian.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace roof {

namespace {

// Runtime interface (include/roof/abi.h) and the module's own symbols.
constexpr char CountersName[] = "__roof_counters";
constexpr char ModuleDescriptorName[] = "__roof_module";
constexpr char ModuleEntryName[] = "__roof_module_entry";
constexpr const char *RegisterThreadName =
    ROOF_ABI_SYMBOL(__roof_register_thread);
constexpr const char *EnterName = ROOF_ABI_SYMBOL(__roof_enter);
constexpr const char *LeaveName = ROOF_ABI_SYMBOL(__roof_leave);

struct PlannedFunction {
  Function *F;
  CounterPlan Census;
  /// The twin's machine code of F (CodegenTwin::machineCode), or null.
  const MachineCode *Machine = nullptr;
  uint32_t FirstSlot = 0;
  uint32_t NumSlots = 0;
  uint32_t TimeSlot = ROOF_NO_SLOT; // relative
  /// How many of its timed activations the thread is in, where that may be
  /// more than one (planDepths; relative).
  uint32_t DepthSlot = ROOF_NO_SLOT;
  /// Its calls, when they are not the executions of its entry block: it
  /// is also activated by OpenMP fork calls in other functions (relative).
  uint32_t CallsSlot = ROOF_NO_SLOT;
  /// Its own body times itself (not an outlined body timed by its forks).
  bool TimedInBody = false;
  /// Traffic mode: its memory accesses, and its first traffic slot.
  SmallVector<Instruction *, 0> Accesses;
  uint32_t TrafficSlot = ROOF_NO_SLOT; // relative
  std::string AttributedTo;
  /// `__kmpc_fork_call`s in this function that activate another function's
  /// census (ForkActivations below), with that function's plan.
  SmallVector<std::pair<CallInst *, const PlannedFunction *>, 1> Forks;
};

/// OpenMP outlined bodies (clang's `foo.omp_outlined`,
/// `foo.omp_outlined_debug__`; flang's, from OpenMPIRBuilder, `foo..omp_par`)
/// are counted in the function that contains the parallel region. clang 16
/// names them without it (`.omp_outlined.`, `.omp_outlined._debug__`,
/// `.omp_outlined..1`): then in the function that forks or calls the body
/// when only one does, else under the body's own name (as a body whose
/// function was inlined and removed is).
std::string enclosingFunctionOfOutlined(const Function &F) {
  StringRef Name = F.getName();
  for (StringRef Suffix : {"..omp_par", ".omp_outlined"}) {
    size_t At = Name.find(Suffix);
    if (At == StringRef::npos)
      continue;
    if (At > 0)
      return Name.take_front(At).str();
    const Function *Enclosing = nullptr;
    for (const User *U : F.users()) {
      const auto *Call = dyn_cast<CallBase>(U);
      if (!Call || (Enclosing && Enclosing != Call->getFunction()))
        return Name.str();
      Enclosing = Call->getFunction();
    }
    return (Enclosing ? Enclosing->getName() : Name).str();
  }
  return "";
}

/// Flang's OpenMP reduction function (`.omp.reduction.func`, clang's is
/// named after its body) combines partial results when libomp reduces in a
/// tree (more than 4 threads): it belongs to the one function whose
/// `__kmpc_reduce` / `__kmpc_reduce_nowait` calls pass it, or "".
std::string reducingFunction(const Function &F) {
  if (!F.hasLocalLinkage())
    return "";
  const Function *Reducer = nullptr;
  for (const User *U : F.users()) {
    const auto *Call = dyn_cast<CallBase>(U);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || !Callee->getName().starts_with("__kmpc_reduce") ||
        (Reducer && Reducer != Call->getFunction()))
      return "";
    Reducer = Call->getFunction();
  }
  return Reducer ? Reducer->getName().str() : "";
}

/// The OpenMP fork calls of F (`__kmpc_fork_call(loc, n, body, ...)`,
/// `__kmpc_fork_teams`) with the outlined body each runs, when known.
SmallVector<std::pair<CallInst *, Function *>, 1> openMPForks(Function &F) {
  SmallVector<std::pair<CallInst *, Function *>, 1> Forks;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (Callee->getName().starts_with("__kmpc_fork"))
            Forks.push_back(
                {Call, Call->arg_size() > 2
                           ? dyn_cast<Function>(
                                 Call->getArgOperand(2)->stripPointerCasts())
                           : nullptr});
  return Forks;
}

/// The function each outlined body is reported under, as the runtime
/// resolves attributed_to (registry.c): the end of the chain of parents in
/// the module, or the body itself when its parent is not there (inlined
/// into its caller and removed).
std::vector<size_t> reportedUnder(const std::vector<PlannedFunction> &Plans) {
  StringMap<size_t> Index;
  for (size_t I = 0; I < Plans.size(); ++I)
    Index[Plans[I].F->getName()] = I;
  std::vector<size_t> Root(Plans.size());
  for (size_t I = 0; I < Plans.size(); ++I) {
    size_t At = I;
    for (size_t Steps = 0; Steps < Plans.size(); ++Steps) {
      auto Parent = Index.find(Plans[At].AttributedTo);
      if (Plans[At].AttributedTo.empty() || Parent == Index.end() ||
          Parent->second == At)
        break;
      At = Parent->second;
    }
    Root[I] = At;
  }
  return Root;
}

/// A parallel region runs where its fork call is. When that is not in the
/// function the region is reported under (which was inlined into its
/// caller, or is the outlined body itself), each fork is an activation of
/// that function: it counts a call and the fork's time, so the hot loops
/// of an OpenMP code get calls, time and a rate.
void planForkActivations(std::vector<PlannedFunction> &Plans) {
  StringMap<size_t> Index;
  for (size_t I = 0; I < Plans.size(); ++I)
    Index[Plans[I].F->getName()] = I;
  std::vector<size_t> Root = reportedUnder(Plans);
  for (size_t G = 0; G < Plans.size(); ++G)
    for (auto [Call, Body] : openMPForks(*Plans[G].F)) {
      auto It = Body ? Index.find(Body->getName()) : Index.end();
      if (It == Index.end() || Root[It->second] == Root[G])
        continue;
      PlannedFunction &Target = Plans[Root[It->second]];
      if (Target.CallsSlot == ROOF_NO_SLOT)
        Target.CallsSlot = Target.NumSlots++;
      if (Target.TimeSlot == ROOF_NO_SLOT) {
        Target.TimeSlot = Target.NumSlots++;
        Target.DepthSlot = Target.NumSlots++;
      }
      Plans[G].Forks.push_back({Call, &Target});
    }
}

/// Whether declaration \p F is a C library function that calls none of the
/// program's functions before it returns (or aborts): memory allocation,
/// the memory and string functions, formatted output (GNU printf hooks
/// aside), abort. Main functions call them between their loops; clang
/// declares them without nocallback.
bool callsNoProgramCode(const Function &F) {
  return F.isDeclaration() &&
         StringSwitch<bool>(F.getName())
             .Cases("malloc", "calloc", "realloc", "free", "posix_memalign",
                    "aligned_alloc", "memalign", true)
             .Cases("memcpy", "memmove", "memset", "memcmp", "strlen", "strcmp",
                    "strncmp", true)
             .Cases("strcpy", "strncpy", "strchr", "strrchr", "strstr",
                    "strdup", true)
             .Cases("printf", "fprintf", "sprintf", "snprintf", "puts", "fputs",
                    "fputc", true)
             .Cases("putc", "putchar", "fwrite", "fflush", "abort", true)
             .Default(false);
}

/// Whether \p F cannot recurse: it is norecurse, or each of its calls is of a
/// norecurse function other than itself (which therefore does not call it),
/// of a function of the module that cannot recurse either and does not
/// reach F, or of a declaration that calls nothing back, by LLVM's rule
/// (nocallback), or because it is a math library function the census knows
/// (isMathLibrary) or another C library function that calls no program code
/// (callsNoProgramCode), which clang declares without nocallback and
/// FunctionAttrs therefore cannot use, or the runtime's own. \p Known holds
/// the answers so far, false for a function being answered: a call that
/// reaches it again is a cycle.
bool cannotRecurse(const Function &F, DenseMap<const Function *, bool> &Known) {
  if (F.doesNotRecurse())
    return true;
  auto [It, New] = Known.try_emplace(&F, false);
  if (!New)
    return It->second;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      const Function *Callee = Call->getCalledFunction();
      if (!Callee || Callee == &F)
        return false;
      if (Callee->doesNotRecurse())
        continue;
      if (Callee->isDeclaration()
              ? !Callee->hasFnAttribute(Attribute::NoCallback) &&
                    !Callee->getName().starts_with("__roof") &&
                    !isMathLibrary(*Callee) && !callsNoProgramCode(*Callee)
              : !cannotRecurse(*Callee, Known))
        return false;
    }
  Known[&F] = true;
  return true;
}

/// A timed function's time is that of its outermost activation on a thread.
/// It needs a depth to tell which is outermost when it may recurse, or when a
/// fork also activates it; a function that does neither (cannotRecurse) has
/// one activation at a time and no depth.
void planDepths(std::vector<PlannedFunction> &Plans) {
  DenseMap<const Function *, bool> Known;
  for (PlannedFunction &P : Plans)
    if (P.TimedInBody && P.DepthSlot == ROOF_NO_SLOT &&
        (P.CallsSlot != ROOF_NO_SLOT || !cannotRecurse(*P.F, Known)))
      P.DepthSlot = P.NumSlots++;
}

/// What instrumented code calls in the runtime, and the module's own
/// descriptor and counter array, whose registration word follows the
/// counters (include/roof/abi.h).
struct RuntimeEntries {
  GlobalVariable *Counters;
  GlobalVariable *Descriptor;
  uint32_t RegistrationSlot;     // the word's index in the array
  FunctionCallee RegisterThread; // __roof_register_thread(module, array)
  FunctionCallee Enter;          // __roof_enter(module, array, slot)
  FunctionCallee Leave;          // __roof_leave(array, slot, start)
};

/// A timed function's entry or return in the runtime (roof/abi.h). On
/// x86-64 both keep every register (runtime/entry_x86_64.S): called with
/// preserve_allcc, the caller keeps its arguments and values in their
/// registers across the call and its code generator saves nothing around
/// it; and through the GOT (nonlazybind), as a lazily bound PLT entry would
/// go through the dynamic linker's resolver, which keeps only the
/// registers of the C convention.
FunctionCallee runtimeEntry(Module &M, StringRef Name, Type *Result,
                            ArrayRef<Type *> Params) {
  FunctionCallee Callee =
      M.getOrInsertFunction(Name, FunctionType::get(Result, Params, false));
  auto *F = cast<Function>(Callee.getCallee());
  F->setDoesNotThrow();
  if (Triple(compat::targetTriple(M)).getArch() == Triple::x86_64) {
    F->setCallingConv(CallingConv::PreserveAll);
    F->addFnAttr(Attribute::NonLazyBind);
  }
  return Callee;
}

//===----------------------------------------------------------------------===//
// One function
//===----------------------------------------------------------------------===//
class FunctionInstrumenter {
public:
  FunctionInstrumenter(PlannedFunction &Plan, DominatorTree &DT, LoopInfo &LI,
                       ScalarEvolution &SE, const RuntimeEntries &Runtime,
                       const CompilerTarget &Target)
      : Plan(Plan), F(*Plan.F), DT(DT), LI(LI), SE(SE),
        Expander(SE, Plan.F->getParent()->getDataLayout(), "roof.trips"),
        Runtime(Runtime), Target(Target),
        Int64(Type::getInt64Ty(F.getContext())) {}

  void run();

private:
  Value *slotAddress(IRBuilder<> &B, uint32_t Slot);
  void addToCounter(IRBuilder<> &B, uint32_t Slot, Value *Amount);
  Instruction *incrementPoint(const CounterSlot &Slot);
  bool isPromotable(const Loop &L) const;
  void promote(Loop &L);
  uint32_t countPaths(uint32_t First);
  std::optional<uint32_t> countHeaderByTripCount(Loop &L);
  void countHeaderInLocal(Loop &L);
  void instrumentTiming(Instruction *EntryPoint, uint32_t CallsSlot);
  CallInst *callRuntime(IRBuilder<> &B, FunctionCallee Callee,
                        ArrayRef<Value *> Args, const Twine &Name = "");
  void instrumentFork(CallInst *Fork, const PlannedFunction &Target);
  void registerThread(Instruction *Base);
  Value *absoluteSlotAddress(IRBuilder<> &B, uint32_t Slot);

  PlannedFunction &Plan;
  Function &F;
  DominatorTree &DT; // the one SE answers with
  LoopInfo &LI;
  ScalarEvolution &SE;
  compat::SCEVExpander Expander;
  const RuntimeEntries &Runtime;
  const CompilerTarget &Target;
  Type *Int64;
  Value *CounterBase = nullptr; // this thread's counter array
  /// Whether its masks are counted side by side (unitsOf), once asked.
  std::optional<bool> MasksSideBySide;
  /// Promoted slots: the local that stands in for the counter inside a loop.
  DenseMap<uint32_t, AllocaInst *> PromotedSlot;
  /// Loop-header slots given their loop's trip count at its exit, or in
  /// their local.
  DenseSet<uint32_t> CountedAtExit;
  SmallVector<AllocaInst *, 8> Locals;
};

Value *FunctionInstrumenter::absoluteSlotAddress(IRBuilder<> &B,
                                                 uint32_t Slot) {
  return B.CreateConstInBoundsGEP1_64(Int64, CounterBase, Slot, "roof.slot");
}

Value *FunctionInstrumenter::slotAddress(IRBuilder<> &B, uint32_t Slot) {
  return absoluteSlotAddress(B, Plan.FirstSlot + Slot);
}

void FunctionInstrumenter::addToCounter(IRBuilder<> &B, uint32_t Slot,
                                        Value *Amount) {
  addToCount(B, slotAddress(B, Slot), Amount);
}

Instruction *FunctionInstrumenter::incrementPoint(const CounterSlot &Slot) {
  return firstIncrementPoint(Slot,
                             cast<Instruction>(CounterBase)->getNextNode());
}

// A loop's counts can wait in registers until it exits if it cannot be
// left any other way and nothing in it reads the counters: no call that
// splits the census (isCensusBoundary: may not return, may throw, may call
// roof_region_end()) and no invoke.
bool FunctionInstrumenter::isPromotable(const Loop &L) const {
  SmallVector<BasicBlock *, 4> Exits;
  L.getUniqueExitBlocks(Exits);
  if (Exits.empty() || llvm::any_of(Exits, [](BasicBlock *BB) {
        return BB->getFirstInsertionPt() == BB->end(); // catchswitch
      }))
    return false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (isa<InvokeInst>(Call) || Call->doesNotReturn() ||
          isCensusBoundary(*Call))
        return false;
    }
  return true;
}

// A loop that calls a function (not an intrinsic) counts in memory: an
// iteration's increments cost a cycle or two against the call's tens, where
// registers would cost the compile a phi and an exit update per counter
// (corpus/libm_paths, whose loops call sin and cos: 2.6% of the compile).
static bool callsAFunction(const Loop &L) {
  return llvm::any_of(L.blocks(), [](const BasicBlock *BB) {
    return llvm::any_of(*BB, [](const Instruction &I) {
      return isa<CallBase>(I) && !isa<IntrinsicInst>(I);
    });
  });
}

// Each loop's own blocks (not those of its inner loops) count into locals
// that every exit adds to the counter array. They are set to zero at the
// end of each block outside the loop that branches into it or to one of its
// exits, so no preheader or dedicated exit is needed: an exit block also
// reached from elsewhere adds zero. mem2reg then keeps the locals in
// registers inside the loop and nowhere else: outside it no path reads them
// before a zero, so an inner loop's count is not carried around its outer
// loops, where each would be one more phi that holds a register or a spill
// slot through the outer loops' other inner loops. Flushing at each loop's
// own exits (rather than carrying inner counts out to the outermost loop)
// keeps the number of loop-carried values, which the backend's loop
// optimizations must handle, to one per counter of that loop; an inner
// loop's exit runs once per outer iteration, so the memory update there is
// cheap.
void FunctionInstrumenter::promote(Loop &L) {
  for (Loop *Sub : L.getSubLoops())
    promote(*Sub);
  if (!isPromotable(L))
    return;
  std::optional<uint32_t> HeaderByTripCount = countHeaderByTripCount(L);
  if (callsAFunction(L))
    return;
  SmallVector<std::pair<uint32_t, AllocaInst *>, 8> Promoted;
  IRBuilder<> EntryB(&*F.getEntryBlock().getFirstInsertionPt());
  for (uint32_t S = 0; S < Plan.Census.Slots.size(); ++S) {
    const CounterSlot &Slot = Plan.Census.Slots[S];
    // A libm call's path groups count at a run-time slot (countPaths).
    if (Slot.Weights.empty() || LI.getLoopFor(Slot.Block) != &L ||
        HeaderByTripCount == S || Slot.Scale.Kind == CountingScale::PerPath)
      continue;
    AllocaInst *Local = EntryB.CreateAlloca(Int64, nullptr, "roof.local");
    PromotedSlot[S] = Local;
    Locals.push_back(Local);
    Promoted.push_back({S, Local});
  }
  if (Promoted.empty())
    return;
  if (!HeaderByTripCount)
    countHeaderInLocal(L);
  SmallVector<BasicBlock *, 4> Exits;
  L.getUniqueExitBlocks(Exits);
  SmallVector<BasicBlock *, 4> Entered(Exits);
  Entered.push_back(L.getHeader());
  SmallSetVector<BasicBlock *, 8> WaysIn;
  for (BasicBlock *To : Entered)
    for (BasicBlock *Pred : predecessors(To))
      if (!L.contains(Pred))
        WaysIn.insert(Pred);
  for (BasicBlock *Pred : WaysIn) {
    IRBuilder<> B(Pred->getTerminator());
    for (auto &[S, Local] : Promoted)
      B.CreateStore(ConstantInt::get(Int64, 0), Local);
  }
  for (BasicBlock *Exit : Exits) {
    IRBuilder<> B(&*Exit->getFirstInsertionPt());
    for (auto &[S, Local] : Promoted)
      addToCounter(B, S, B.CreateLoad(Int64, Local, "roof.promoted"));
  }
}

// A header whose loop exits share their block with other ways in (a loop
// the vectorizer's checks may skip, its remainder) gets its trip count in
// its local: the count, expanded in the one block that enters the loop, is
// what the local holds when the loop's one exiting block leaves it, so
// mem2reg gives the exit a phi of it and of the zero the other ways in
// store, and nothing counts inside the loop.
void FunctionInstrumenter::countHeaderInLocal(Loop &L) {
  BasicBlock *Entering = L.getLoopPredecessor();
  BasicBlock *Exiting = L.getExitingBlock();
  if (!Entering || !Exiting)
    return;
  auto Runs =
      headerRuns(L, Plan.Census, SE, Expander, Entering->getTerminator());
  if (!Runs)
    return;
  IRBuilder<>(Exiting->getTerminator())
      .CreateStore(Runs->Count, PromotedSlot.lookup(Runs->Slot));
  CountedAtExit.insert(Runs->Slot);
}

// The slots of one libm call's path groups, 0..N-1 from First, count the
// call at the slot of the group it took: the runtime call that finds the
// group increments it (__roof_libm_path, or the function's counting form,
// which then replaces the call), given the first slot. Returns the slot
// after them.
uint32_t FunctionInstrumenter::countPaths(uint32_t First) {
  const CountingScale &Scale = Plan.Census.Slots[First].Scale;
  uint32_t End = First;
  while (End < Plan.Census.Slots.size()) {
    const CountingScale &S = Plan.Census.Slots[End].Scale;
    if (S.Kind != CountingScale::PerPath || S.Amount != Scale.Amount ||
        S.Path != End - First)
      break;
    ++End;
  }
  assert(Scale.Path == 0 && End > First && "path groups out of order");
  auto *Lookup = cast<CallInst>(Scale.Amount);
  unsigned Counters = countedCallCounters(*Lookup);
  Lookup->setArgOperand(Counters, CounterBase);
  Lookup->setArgOperand(Counters + 1,
                        ConstantInt::get(Type::getInt32Ty(Lookup->getContext()),
                                         Plan.FirstSlot + First));
  replaceCountedCall(*Lookup);
  return End;
}

// The header's counter gets the loop's trip count at its exit where that
// is known (headerRunsAtExit). Returns the header's slot when it is counted
// so.
std::optional<uint32_t> FunctionInstrumenter::countHeaderByTripCount(Loop &L) {
  auto Runs = headerRunsAtExit(L, Plan.Census, SE, Expander);
  if (!Runs)
    return std::nullopt;
  IRBuilder<> B(Runs->At);
  addToCounter(B, Runs->Slot, Runs->Count);
  CountedAtExit.insert(Runs->Slot);
  return Runs->Slot;
}

// Inclusive cycles of outermost activations per thread. The entry is one
// call of the runtime's __roof_enter, which counts the call at \p CallsSlot
// and reads the cycle counter; each return adds the cycles since, in a call
// of __roof_leave. With a depth slot (planDepths) only the outermost
// activation adds them, which the return computes itself.
void FunctionInstrumenter::instrumentTiming(Instruction *EntryPoint,
                                            uint32_t CallsSlot) {
  IRBuilder<> B(EntryPoint);
  Value *Start = callRuntime(
      B, Runtime.Enter,
      {Runtime.Descriptor, CounterBase, B.getInt32(Plan.FirstSlot + CallsSlot)},
      "roof.t0");
  Value *Depth = nullptr, *Outermost = nullptr;
  if (Plan.DepthSlot != ROOF_NO_SLOT) {
    Value *DepthAddress = slotAddress(B, Plan.DepthSlot);
    Depth = B.CreateLoad(Int64, DepthAddress, "roof.depth");
    B.CreateStore(B.CreateAdd(Depth, ConstantInt::get(Int64, 1)), DepthAddress);
    Outermost = B.CreateICmpEQ(Depth, ConstantInt::get(Int64, 0));
  }

  for (BasicBlock &BB : F) {
    Instruction *Exit = BB.getTerminator();
    if (!isa<ReturnInst>(Exit) && !isa<ResumeInst>(Exit))
      continue;
    // Nothing may stand between a musttail call and its return.
    if (auto *Prev = dyn_cast_or_null<CallInst>(Exit->getPrevNode()))
      if (Prev->isMustTailCall())
        Exit = Prev;
    IRBuilder<> R(Exit);
    if (Depth)
      R.CreateStore(Depth, slotAddress(R, Plan.DepthSlot));
    if (isa<ResumeInst>(Exit))
      continue;
    if (!Outermost) {
      callRuntime(
          R, Runtime.Leave,
          {CounterBase, R.getInt32(Plan.FirstSlot + Plan.TimeSlot), Start});
      continue;
    }
    Value *End =
        R.CreateIntrinsic(Intrinsic::readcyclecounter, ArrayRef<Type *>(), {});
    Value *Elapsed = R.CreateSelect(Outermost, R.CreateSub(End, Start),
                                    ConstantInt::get(Int64, 0));
    addToCounter(R, Plan.TimeSlot, Elapsed);
  }
}

// A call of the runtime's entry or return, in the convention it is declared
// with (preserve_allcc on x86-64: runtimeEntry).
CallInst *FunctionInstrumenter::callRuntime(IRBuilder<> &B,
                                            FunctionCallee Callee,
                                            ArrayRef<Value *> Args,
                                            const Twine &Name) {
  CallInst *Call = B.CreateCall(Callee, Args, Name);
  Call->setCallingConv(cast<Function>(Callee.getCallee())->getCallingConv());
  return Call;
}

// A fork call activating `Target` (planForkActivations): one call, and the
// cycles the fork takes (the parallel region, on this thread) when no
// activation of Target encloses it on this thread.
void FunctionInstrumenter::instrumentFork(CallInst *Fork,
                                          const PlannedFunction &Target) {
  IRBuilder<> B(Fork);
  addToCount(B, absoluteSlotAddress(B, Target.FirstSlot + Target.CallsSlot),
             ConstantInt::get(Int64, 1));
  Value *DepthAddress =
      absoluteSlotAddress(B, Target.FirstSlot + Target.DepthSlot);
  Value *Depth = B.CreateLoad(Int64, DepthAddress, "roof.depth");
  B.CreateStore(B.CreateAdd(Depth, ConstantInt::get(Int64, 1)), DepthAddress);
  Value *Start = B.CreateIntrinsic(Intrinsic::readcyclecounter,
                                   ArrayRef<Type *>(), {}, nullptr, "roof.t0");
  IRBuilder<> A(Fork->getNextNode());
  Value *End =
      A.CreateIntrinsic(Intrinsic::readcyclecounter, ArrayRef<Type *>(), {});
  A.CreateStore(Depth,
                absoluteSlotAddress(A, Target.FirstSlot + Target.DepthSlot));
  Value *Elapsed =
      A.CreateSelect(A.CreateICmpEQ(Depth, ConstantInt::get(Int64, 0)),
                     A.CreateSub(End, Start), ConstantInt::get(Int64, 0));
  addToCount(A, absoluteSlotAddress(A, Target.FirstSlot + Target.TimeSlot),
             Elapsed);
}

// The runtime must know each thread's copy of the array: the thread
// registers it on its first call into the module (__roof_register_thread,
// which returns at once when the array's registration word is set). A
// timed function's entry call (__roof_enter) does that; another function
// with loops (an OpenMP body) calls it on entry, which costs it nothing next
// to its loops and the backend less than a branch around the call. A
// loop-free function, which may be a small one called in a loop, tests the
// word inline (two instructions) and calls it on the thread's first call
// only: a call on every entry would make it save its arguments around the
// call (2x the run time of a two-FLOP function called 10^8 times).
void FunctionInstrumenter::registerThread(Instruction *Base) {
  if (Plan.TimedInBody)
    return;
  Instruction *At = Base->getNextNode();
  if (LI.empty()) {
    IRBuilder<> B(At);
    Value *Word = B.CreateLoad(
        Int64, absoluteSlotAddress(B, Runtime.RegistrationSlot), "roof.known");
    MDNode *Unlikely =
        MDBuilder(F.getContext()).createBranchWeights(1, 1u << 20);
    At = SplitBlockAndInsertIfThen(
        B.CreateICmpEQ(Word, ConstantInt::get(Int64, 0)), At, false, Unlikely);
  }
  IRBuilder<>(At).CreateCall(Runtime.RegisterThread,
                             {Runtime.Descriptor, CounterBase});
}

void FunctionInstrumenter::run() {
  BasicBlock &Entry = F.getEntryBlock();
  // The entry block's static allocas go first, before what is placed
  // here: the thread's registration test splits the entry block, and an
  // alloca left below the split would be a dynamic allocation (a frame
  // pointer, a stack adjustment per call), where in the entry block it has
  // a fixed stack slot. clang's OpenMP bodies have instructions before
  // their allocas.
  BasicBlock::iterator AfterAllocas = Entry.getFirstInsertionPt();
  for (Instruction &I : make_early_inc_range(Entry)) {
    auto *Alloca = dyn_cast<AllocaInst>(&I);
    if (!Alloca || !Alloca->isStaticAlloca())
      continue;
    if (AfterAllocas == Alloca->getIterator())
      ++AfterAllocas;
    else
      Alloca->moveBefore(Entry, AfterAllocas);
  }
  IRBuilder<> B(&*AfterAllocas);
  // Addressed as the thread-local it is: in an executable an offset from
  // the thread pointer (%fs), which takes no register in loops.
  CounterBase = B.CreateThreadLocalAddress(Runtime.Counters);

  // The libm calls counted by path first, before other code is placed
  // around them.
  for (uint32_t S = 0; S < Plan.Census.Slots.size();)
    S = Plan.Census.Slots[S].Scale.Kind == CountingScale::PerPath
            ? countPaths(S)
            : S + 1;

  for (Loop *L : LI)
    promote(*L);

  // A timed function's entry call counts its calls: at its calls slot when
  // forks activate it too, else at the entry block's slot 0.
  std::optional<uint32_t> CallsAtEntry;
  if (Plan.TimedInBody)
    CallsAtEntry = Plan.CallsSlot == ROOF_NO_SLOT ? 0 : Plan.CallsSlot;
  assert(Plan.Census.Slots[0].Scale.Kind == CountingScale::PerExecution &&
         !Plan.Census.Slots[0].Scale.After && "slot 0 counts calls");

  for (uint32_t S = 0; S < Plan.Census.Slots.size(); ++S) {
    const CounterSlot &Slot = Plan.Census.Slots[S];
    if (Slot.Scale.Kind == CountingScale::PerPath)
      continue;
    if (Slot.Weights.empty() && S != 0)
      continue;
    if (CountedAtExit.count(S) || S == CallsAtEntry)
      continue;
    IRBuilder<> IB(incrementPoint(Slot));
    // Several masks (an unrolled masked body) are counted side by side
    // where they are mask registers with the byte and word mask
    // instructions that concatenate them (AVX-512 DQ and BW).
    if (!Slot.Joined.empty() && !MasksSideBySide)
      MasksSideBySide = Plan.Machine && Plan.Machine->Error.empty()
                            ? Plan.Machine->ConcatenatesMasks
                            : Target.hasFeatures(F, MaskConcatenationFeatures);
    Value *Units = unitsOf(IB, Slot, MasksSideBySide.value_or(false));
    if (AllocaInst *Local = PromotedSlot.lookup(S))
      IB.CreateStore(IB.CreateAdd(IB.CreateLoad(Int64, Local), Units), Local);
    else
      addToCounter(IB, S, Units);
  }

  Instruction *AfterBase = cast<Instruction>(CounterBase)->getNextNode();
  if (CallsAtEntry)
    instrumentTiming(AfterBase, *CallsAtEntry);
  for (auto [Fork, Target] : Plan.Forks)
    instrumentFork(Fork, *Target);
  if (Plan.TrafficSlot != ROOF_NO_SLOT) {
    IRBuilder<> TB(AfterBase);
    Value *Slots = slotAddress(TB, Plan.TrafficSlot);
    instrumentTraffic(Plan.Accesses, Slots, AfterBase, DT, LI, SE);
  }
  registerThread(cast<Instruction>(CounterBase));

  if (!Locals.empty()) {
    // DT no longer describes F: the traffic checks and the thread's first
    // call split blocks without updating it.
    DominatorTree Now(F);
    PromoteMemToReg(Locals, Now);
  }
}

//===----------------------------------------------------------------------===//
// Module descriptor (include/roof/abi.h)
//===----------------------------------------------------------------------===//
class DescriptorWriter {
public:
  explicit DescriptorWriter(Module &M)
      : M(M), Ctx(M.getContext()), Ptr(PointerType::getUnqual(Ctx)),
        I32(Type::getInt32Ty(Ctx)), Source(moduleSourceName(M)) {
    WeightTy = StructType::create(Ctx, abiTypes(Ctx, AbiStruct::Weight),
                                  "roof.Weight");
    FunctionTy = StructType::create(Ctx, abiTypes(Ctx, AbiStruct::Function),
                                    "roof.Function");
    ModuleTy = StructType::create(Ctx, abiTypes(Ctx, AbiStruct::Module),
                                  "roof.Module");
  }

  Constant *string(StringRef S) {
    auto [It, New] = Strings.try_emplace(S, nullptr);
    if (New) {
      Constant *Data = ConstantDataArray::getString(Ctx, S);
      auto *GV =
          new GlobalVariable(M, Data->getType(), true,
                             GlobalValue::PrivateLinkage, Data, "roof.str");
      GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      GV->setAlignment(Align(1));
      It->second = GV;
    }
    return It->second;
  }

  Constant *function(const PlannedFunction &P) {
    // The weights as the bytes of RoofWeight[] in the target's layout: an
    // array of bytes is one block of data to the code generator, where an
    // array of structs is a constant and an emission per field (and an
    // array of words one per word), and a libm-heavy function has over a
    // thousand weights.
    const DataLayout &DL = M.getDataLayout();
    const StructLayout &Layout = *DL.getStructLayout(WeightTy);
    constexpr unsigned NumFields = 3;
    assert(WeightTy->getNumElements() == NumFields);
    uint64_t Offset[NumFields], Size[NumFields];
    for (unsigned I = 0; I < NumFields; ++I) {
      Offset[I] = Layout.getElementOffset(I);
      Size[I] = DL.getTypeStoreSize(WeightTy->getElementType(I));
    }
    const uint64_t WeightSize = Layout.getSizeInBytes();
    const bool LittleEndian = DL.isLittleEndian();
    uint32_t NumWeights =
        P.TrafficSlot == ROOF_NO_SLOT ? 0 : 2 * ROOF_MAX_CACHE_LEVELS;
    for (const CounterSlot &Slot : P.Census.Slots)
      NumWeights += Slot.Weights.size();
    std::vector<uint8_t> Bytes(NumWeights * WeightSize);
    uint8_t *At = Bytes.data();
    auto Weight = [&](uint32_t Slot, uint32_t Metric, uint64_t Amount) {
      const uint64_t Fields[NumFields] = {Slot, Metric, Amount};
      for (unsigned I = 0; I < NumFields; ++I) {
        // Fields of 4 and 8 bytes (AbiKind).
        uint8_t *Field = At + Offset[I];
        if (Size[I] == 4)
          LittleEndian ? support::endian::write32le(Field, Fields[I])
                       : support::endian::write32be(Field, Fields[I]);
        else
          LittleEndian ? support::endian::write64le(Field, Fields[I])
                       : support::endian::write64be(Field, Fields[I]);
      }
      At += WeightSize;
    };
    for (uint32_t S = 0; S < P.Census.Slots.size(); ++S)
      for (auto &[Metric, Amount] : P.Census.Slots[S].Weights)
        Weight(S, Metric, Amount);
    // The runtime adds bytes to the traffic slots: one unit is one byte.
    if (P.TrafficSlot != ROOF_NO_SLOT)
      for (uint32_t Level = 0; Level < ROOF_MAX_CACHE_LEVELS; ++Level)
        for (uint32_t Stored = 0; Stored < 2; ++Stored)
          Weight(P.TrafficSlot + 2 * Level + Stored,
                 ROOF_METRIC_TRAFFIC(Level, Stored), 1);
    assert(At == Bytes.data() + Bytes.size() && "weights miscounted");
    Constant *WeightArray = ConstantPointerNull::get(Ptr);
    if (NumWeights) {
      Constant *Data = ConstantDataArray::get(Ctx, ArrayRef<uint8_t>(Bytes));
      auto *GV =
          new GlobalVariable(M, Data->getType(), true,
                             GlobalValue::PrivateLinkage, Data, "roof.weights");
      GV->setAlignment(Layout.getAlignment());
      WeightArray = GV;
    }
    return ConstantStruct::get(
        FunctionTy,
        {string(P.F->getName()), string(readableFunctionName(*P.F)),
         P.AttributedTo.empty() ? ConstantPointerNull::get(Ptr)
                                : string(P.AttributedTo),
         ConstantInt::get(I32, P.FirstSlot), ConstantInt::get(I32, P.NumSlots),
         ConstantInt::get(I32, P.CallsSlot == ROOF_NO_SLOT ? 0 : P.CallsSlot),
         ConstantInt::get(I32, P.TimeSlot), ConstantInt::get(I32, P.DepthSlot),
         ConstantInt::get(I32, NumWeights), WeightArray,
         ConstantInt::get(I32, definitionLine(*P.F, Source))});
  }

  GlobalVariable *declareModule() {
    return new GlobalVariable(M, ModuleTy, true, GlobalValue::PrivateLinkage,
                              nullptr, ModuleDescriptorName);
  }

  void defineModule(GlobalVariable *Descriptor, ArrayRef<Constant *> Functions,
                    uint32_t NumSlots, uint32_t Flags,
                    const Function &Representative,
                    const CompilerTarget &Target) {
    auto *Ty = ArrayType::get(FunctionTy, Functions.size());
    auto *Table =
        new GlobalVariable(M, Ty, true, GlobalValue::PrivateLinkage,
                           ConstantArray::get(Ty, Functions), "roof.functions");
    Descriptor->setInitializer(ConstantStruct::get(
        ModuleTy,
        {ConstantInt::get(I32, ROOF_ABI_VERSION),
         ConstantInt::get(I32, Functions.size()),
         ConstantInt::get(I32, NumSlots), ConstantInt::get(I32, Flags),
         string(Source), string(compat::targetTriple(M)),
         string(Target.cpuOf(Representative)),
         string(Target.featuresOf(Representative)), Table,
         countingFormGroups(M)}));
  }

private:
  Module &M;
  LLVMContext &Ctx;
  PointerType *Ptr;
  IntegerType *I32;
  StructType *WeightTy, *FunctionTy, *ModuleTy;
  std::string Source; // the module's source (moduleSourceName)
  StringMap<Constant *> Strings;
};

} // namespace

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//
bool isCountedTarget(const Module &M) {
  Triple T(compat::targetTriple(M));
  return T.getArch() == Triple::x86_64 || T.isNVPTX();
}

// clang's CUDA module constructor and destructor register the fat binary;
// they are plumbing, not the program's work.
bool isInstrumentable(const Function &F) {
  StringRef Name = F.getName();
  return !F.isDeclaration() && !F.hasAvailableExternallyLinkage() &&
         !F.hasFnAttribute(Attribute::Naked) && !Name.starts_with("__roof") &&
         Name != "__cuda_module_ctor" && Name != "__cuda_module_dtor";
}

bool CounterInstrumenter::run() {
  if (Triple(compat::targetTriple(M)).getArch() != Triple::x86_64 ||
      M.getGlobalVariable(CountersName, true))
    return false;

  ExpansionProbe Probe;
  CodegenTwin Twin(M, FAM, CodeGenLevel, Target);
  std::vector<PlannedFunction> Plans;
  Plans.reserve(M.size()); // copied, not moved, when the vector grows
  uint32_t NumSlots = 0;
  for (Function &F : M) {
    if (!isInstrumentable(F))
      continue;
    FlopCostModel Model(F, Probe);
    const MachineCode *Machine = Twin.machineCode(F);
    PlannedFunction P{&F, buildCounterPlan(F, Model, Machine, FAM), Machine};
    P.AttributedTo = enclosingFunctionOfOutlined(F);
    if (P.AttributedTo.empty())
      P.AttributedTo = reducingFunction(F);
    P.NumSlots = P.Census.Slots.size();
    // Timed: functions with loops or parallel regions, and Fortran's main
    // program, whose time is the program's (its main, in the Fortran
    // runtime or a stub Flang writes, only calls it).
    if (P.AttributedTo.empty() &&
        (!FAM.getResult<LoopAnalysis>(F).empty() || !openMPForks(F).empty() ||
         F.getName() == kFortranProgramBody)) {
      P.TimeSlot = P.NumSlots++;
      P.TimedInBody = true;
    }
    if (Traffic) {
      P.Accesses = memoryAccesses(F);
      if (!P.Accesses.empty()) {
        P.TrafficSlot = P.NumSlots;
        P.NumSlots += 2 * ROOF_MAX_CACHE_LEVELS;
      }
    }
    Plans.push_back(std::move(P));
  }
  if (Plans.empty())
    return false;
  planForkActivations(Plans);
  planDepths(Plans);
  for (PlannedFunction &P : Plans) {
    P.FirstSlot = NumSlots;
    NumSlots += P.NumSlots;
  }

  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  // The counters, then the registration word.
  auto *CounterTy = ArrayType::get(I64, NumSlots + 1);
  auto *Counters =
      new GlobalVariable(M, CounterTy, false, GlobalValue::InternalLinkage,
                         Constant::getNullValue(CounterTy), CountersName,
                         nullptr, GlobalValue::GeneralDynamicTLSModel);
  Counters->setAlignment(Align(64)); // its own cache lines

  DescriptorWriter Writer(M);
  auto *Ptr = PointerType::getUnqual(Ctx);
  RuntimeEntries Runtime{
      Counters,
      Writer.declareModule(),
      NumSlots,
      M.getOrInsertFunction(RegisterThreadName, Type::getVoidTy(Ctx), Ptr, Ptr),
      runtimeEntry(M, EnterName, I64, {Ptr, Ptr, Type::getInt32Ty(Ctx)}),
      runtimeEntry(M, LeaveName, Type::getVoidTy(Ctx),
                   {Ptr, Type::getInt32Ty(Ctx), I64})};
  cast<Function>(Runtime.RegisterThread.getCallee())->setDoesNotThrow();
  std::vector<Constant *> Functions;
  for (PlannedFunction &P : Plans) {
    Functions.push_back(Writer.function(P));
    DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(*P.F);
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(*P.F);
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*P.F);
    FunctionInstrumenter(P, DT, LI, SE, Runtime, Target).run();
    FAM.invalidate(*P.F, PreservedAnalyses::none());
  }

  Writer.defineModule(Runtime.Descriptor, Functions, NumSlots,
                      Traffic ? ROOF_MODULE_TRAFFIC : 0, *Plans.front().F,
                      Target);

  // The runtime finds the descriptor in the modules section at load
  // (runtime/start.c), so that the module holds no function of roof's: a
  // constructor cost each compile about 1 M instructions of code generation.
  // Writable, as the section is in every module: an address needs a
  // relocation in a position-independent one.
  auto *Entry = new GlobalVariable(M, Ptr, /*isConstant=*/false,
                                   GlobalValue::PrivateLinkage,
                                   Runtime.Descriptor, ModuleEntryName);
  Entry->setSection(ROOF_MODULES_SECTION);
  Entry->setAlignment(M.getDataLayout().getPointerABIAlignment(0));
  appendToUsed(M, {Entry});
  return true;
}

} // namespace roof
