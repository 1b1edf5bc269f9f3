//===- DeviceInstrumenter.cpp - Per-kernel counters in CUDA device code ---===//
//
// For a kernel with census slots s (CounterPlan) and static weights
// w[s][m], each thread keeps count[s] in a register; a loop header whose
// trip count is known gets it at the loop's exit (headerRunsAtExit), so
// that such a loop carries no counter, and an IEEE divide, reciprocal or
// square root adds what its slow path executes (SlowPaths). At each return the
// converged threads of the warp sum their counts (redux.sync) and the first of
// them adds the sums, one fire-and-forget reduction per weighted slot, to the
// row of its hardware warp slot in the counts the runtime allocated and
// named in the kernel's counter header (RoofCudaCounterHeader), which also
// carries the weights: the runtime weighs the slots' totals. No shared
// memory, barrier or fence; warps resident at the same time add to
// different addresses. A kernel whose weights do not fit the header adds
// metric values instead (metrics with the same weights share one value).
//
//===----------------------------------------------------------------------===//
#include "DeviceInstrumenter.h"
#include "CounterInstrumenter.h"
#include "CounterPlan.h"
#include "CounterUpdates.h"
#include "CudaKernels.h"
#include "DeviceTraffic.h"
#include "ExpansionProbe.h"
#include "FlopCostModel.h"
#include "LLVMCompat.h"
#include "SlowPaths.h"

#include "roof/abi.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <array>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

using namespace llvm;

namespace roof {

namespace {

constexpr char InstrumentedMarker[] = "roof.device.instrumented";
constexpr unsigned GlobalAddressSpace = 1;
// redux.sync (warp sum of a 32-bit value over a lane mask) needs sm_80.
constexpr unsigned FirstSMWithRedux = 80;
// Counts are summed over a warp in two 32-bit parts: 32 lanes x (2^27 - 1)
// fits 32 bits, and the high part does as long as a thread's count is below
// 2^54.
constexpr unsigned LowBits = 27;

/// A metric value as a weighted sum of slots: (slot, amount) in slot order.
using WeightVector = std::vector<std::pair<uint32_t, uint64_t>>;

class KernelInstrumenter {
public:
  KernelInstrumenter(Function &Kernel, CounterPlan Census,
                     GlobalVariable *Header, uint32_t Flags,
                     ExpansionProbe &Probe, DominatorTree &DT, LoopInfo &LI,
                     ScalarEvolution &SE)
      : F(Kernel), Census(std::move(Census)), Header(Header), Flags(Flags),
        Probe(Probe), DT(DT), LI(LI), SE(SE),
        Int32(Type::getInt32Ty(Kernel.getContext())),
        Int64(Type::getInt64Ty(Kernel.getContext())),
        UseRedux(smVersionOf(Kernel) >= FirstSMWithRedux) {}

  void run() {
    addSlowPathSlots();
    groupMetricsByWeights();
    BySlot = countsSlots();
    writeHeader();
    if (Weighted.empty())
      return;
    IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
    for (size_t S = 0; S < Census.Slots.size(); ++S) {
      AllocaInst *Local = B.CreateAlloca(Int64, nullptr, "roof.slot");
      B.CreateStore(ConstantInt::get(Int64, 0), Local);
      Locals.push_back(Local);
    }
    Instruction *EntryPoint = &*B.GetInsertPoint();
    compat::SCEVExpander Expander(SE, F.getParent()->getDataLayout(),
                                  "roof.trips");
    DenseSet<uint32_t> CountedAtExit;
    for (Loop *L : LI.getLoopsInPreorder()) {
      // An exit also reached from before the loop (a loop that may run
      // zero times) gets a block of its own, where the trip count goes.
      if (!L->hasDedicatedExits())
        formDedicatedExitBlocks(L, &DT, &LI, nullptr, false);
      if (auto Runs = headerRunsAtExit(*L, Census, SE, Expander)) {
        IRBuilder<> IB(Runs->At);
        addToCount(IB, Locals[Runs->Slot], Runs->Count);
        CountedAtExit.insert(Runs->Slot);
      }
    }
    for (size_t S = 0; S < Census.Slots.size(); ++S) {
      if (CountedAtExit.count(S) || S >= FirstSlowPathSlot)
        continue;
      IRBuilder<> IB(firstIncrementPoint(Census.Slots[S], EntryPoint));
      addToCount(IB, Locals[S],
                 unitsOf(IB, Census.Slots[S], /*SideBySide=*/false));
    }
    std::array<AllocaInst *, NumSlowPathTallies> Tallies{};
    for (unsigned T = 0; T < NumSlowPathTallies; ++T)
      if (TallySlots[T])
        Tallies[T] = Locals[*TallySlots[T]];
    for (auto [I, Op] : SlowPathOps)
      countSlowPath(*I, Op, Tallies);
    SmallVector<ReturnInst *, 4> Returns;
    for (BasicBlock &BB : F)
      if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
        Returns.push_back(Ret);
    for (ReturnInst *Ret : Returns)
      flushBefore(Ret);
    DT.recalculate(F);
    PromoteMemToReg(Locals, DT);
  }

private:
  /// The operation \p I is emitted as, when its SASS has a slow path
  /// (SlowPaths): a scalar divide, square root (llvm.sqrt) or NVVM divide,
  /// reciprocal or square root (__fdiv_rn, __frcp_rn, __fsqrt_rn...) that
  /// the backend emits as a lone div.rn, rcp.rn or sqrt.rn.
  std::optional<SlowPathOp> slowPathOpOf(Instruction &I) {
    auto *Call = dyn_cast<IntrinsicInst>(&I);
    StringRef Name = Call ? Call->getCalledFunction()->getName() : "";
    if (I.getOpcode() != Instruction::FDiv &&
        !(Call && (Call->getIntrinsicID() == Intrinsic::sqrt ||
                   Name.starts_with("llvm.nvvm.div.") ||
                   Name.starts_with("llvm.nvvm.rcp.") ||
                   Name.starts_with("llvm.nvvm.sqrt."))))
      return std::nullopt;
    if (!I.getType()->isFloatTy() && !I.getType()->isDoubleTy())
      return std::nullopt;
    const ExpansionCost &Cost = Probe.cost(I);
    std::optional<SlowPathOp> Op =
        Cost.Failed ? std::nullopt : roof::slowPathOpOf(Cost.Instructions);
    if (Op)
      FastPaths[*Op] = Cost.Flops;
    return Op;
  }

  /// The slots of what the kernel's slow paths execute, one per tally they
  /// count: SASS instructions of a precision and class (weighted as FLOPs,
  /// FMA = 2), or f32 fast paths that the call replaced (weighted as minus
  /// the fast path's FLOPs).
  void addSlowPathSlots() {
    FirstSlowPathSlot = Census.Slots.size();
    for (Instruction &I : instructions(F))
      if (std::optional<SlowPathOp> Op = slowPathOpOf(I))
        SlowPathOps.push_back({&I, *Op});
    for (auto [I, Op] : SlowPathOps)
      for (SlowPathTally T : talliesOf(Op)) {
        if (TallySlots[T])
          continue;
        TallySlots[T] = Census.Slots.size();
        CounterSlot Slot{&F.getEntryBlock(), CountingScale::perExecution(), {}};
        for (auto [Precision, Class, Amount] : weightsOf(T))
          for (RoofKind Kind : {ROOF_EMPIRICAL, ROOF_FULL_WIDTH})
            Slot.Weights.add(ROOF_FLOP_METRIC(Precision, Class, Kind), Amount);
        Census.Slots.push_back(Slot);
      }
  }

  /// A tally's FLOPs per count: (precision, class, amount).
  std::vector<std::tuple<RoofPrecision, RoofClass, uint64_t>>
  weightsOf(SlowPathTally T) const {
    switch (T) {
    case SlowDAdd:
      return {{ROOF_FP64, ROOF_CLASS_ADD, 1}};
    case SlowDMul:
      return {{ROOF_FP64, ROOF_CLASS_MUL, 1}};
    case SlowDFma:
      return {{ROOF_FP64, ROOF_CLASS_FMA, 2}};
    case SlowFAdd:
      return {{ROOF_FP32, ROOF_CLASS_ADD, 1}};
    case SlowFMul:
      return {{ROOF_FP32, ROOF_CLASS_MUL, 1}};
    case SlowFFma:
      return {{ROOF_FP32, ROOF_CLASS_FMA, 2}};
    case SkippedRcpF32:
    case SkippedSqrtF32:
      break;
    case NumSlowPathTallies:
      llvm_unreachable("not a tally");
    }
    const ClassWork &Fast = FastPaths.at(
        T == SkippedRcpF32 ? SlowPathOp::RcpF32 : SlowPathOp::SqrtF32);
    std::vector<std::tuple<RoofPrecision, RoofClass, uint64_t>> Minus;
    for (RoofClass C : {ROOF_CLASS_ADD, ROOF_CLASS_MUL, ROOF_CLASS_FMA})
      if (uint64_t Flops = Fast[ROOF_FP32][C])
        Minus.push_back({ROOF_FP32, C, 0 - Flops});
    return Minus;
  }

  void groupMetricsByWeights() {
    std::map<uint32_t, WeightVector> ByMetric;
    for (size_t S = 0; S < Census.Slots.size(); ++S) {
      for (auto [Metric, Amount] : Census.Slots[S].Weights)
        ByMetric[Metric].push_back({uint32_t(S), Amount});
      if (!Census.Slots[S].Weights.empty())
        Weighted.push_back(S);
    }
    std::map<WeightVector, std::vector<uint32_t>> Groups;
    for (auto &[Metric, Weights] : ByMetric)
      Groups[Weights].push_back(Metric);
    MetricGroups.assign(Groups.begin(), Groups.end());
  }

  /// Whether the kernel's weights fit the header of its counters, so that
  /// warps add slot counts (else metric values).
  bool countsSlots() const {
    size_t Entries = 0;
    for (uint32_t Slot : Weighted)
      Entries += Census.Slots[Slot].Weights.size();
    return Weighted.size() <= ROOF_NUM_METRICS &&
           Entries <= ROOF_CUDA_MAX_WEIGHTS;
  }

  /// The constant header of the kernel's counts (RoofCudaCounterHeader): the
  /// columns in use, the flags and, when the columns count slots, the
  /// weights.
  void writeHeader() {
    auto *HeaderTy = cast<StructType>(Header->getValueType());
    auto *WeightsTy = cast<ArrayType>(HeaderTy->getElementType(HeaderWeights));
    auto *WeightTy = cast<StructType>(WeightsTy->getElementType());
    auto I32 = [&](uint64_t V) { return ConstantInt::get(Int32, V); };
    std::vector<Constant *> Weights;
    uint32_t Columns = 0;
    if (BySlot) {
      Columns = Weighted.size();
      for (size_t C = 0; C < Weighted.size(); ++C)
        for (auto [Metric, Amount] : Census.Slots[Weighted[C]].Weights)
          Weights.push_back(
              ConstantStruct::get(WeightTy, {I32(C), I32(Metric),
                                             ConstantInt::get(Int64, Amount)}));
    } else {
      for (auto &[Group, Metrics] : MetricGroups)
        for (uint32_t Metric : Metrics)
          Columns = std::max(Columns, Metric + 1);
    }
    uint32_t NumWeights = Weights.size();
    Weights.resize(ROOF_CUDA_MAX_WEIGHTS, Constant::getNullValue(WeightTy));
    std::vector<Constant *> Fields;
    for (unsigned Field = 0; Field < HeaderWeights; ++Field)
      Fields.push_back(Constant::getNullValue(HeaderTy->getElementType(Field)));
    Fields[HeaderColumns] = I32(Columns);
    Fields[HeaderNumWeights] = I32(NumWeights);
    Fields[HeaderFlags] = I32(Flags);
    Fields.push_back(ConstantArray::get(WeightsTy, Weights));
    Header->setInitializer(ConstantStruct::get(HeaderTy, Fields));
  }

  /// sum_s count[s] * w[s], \p Counts by slot.
  Value *valueOf(IRBuilder<> &B, const WeightVector &Weights,
                 const std::map<uint32_t, Value *> &Counts) {
    Value *Sum = nullptr;
    for (auto [Slot, Amount] : Weights) {
      Value *Count = Counts.at(Slot);
      Value *Term = Amount == 1
                        ? Count
                        : B.CreateMul(Count, ConstantInt::get(Int64, Amount));
      Sum = Sum ? B.CreateAdd(Sum, Term) : Term;
    }
    return Sum;
  }

  /// The sum of \p Value over the lanes of \p Mask.
  Value *warpSum(IRBuilder<> &B, Value *Value, llvm::Value *Mask) {
    auto Redux = [&](llvm::Value *Part) {
      llvm::Value *Sum =
          B.CreateIntrinsic(Int32, Intrinsic::nvvm_redux_sync_add,
                            {B.CreateTrunc(Part, Int32), Mask});
      return B.CreateZExt(Sum, Int64);
    };
    llvm::Value *Low = Redux(B.CreateAnd(Value, (uint64_t(1) << LowBits) - 1));
    llvm::Value *High = Redux(B.CreateLShr(Value, LowBits));
    return B.CreateAdd(Low, B.CreateShl(High, LowBits), "roof.warp.sum");
  }

  // From sm_80 the converged threads of the warp (those at this return
  // together) sum their counts and the lowest of them adds the sums; before,
  // every thread adds its own.
  void flushBefore(ReturnInst *Ret) {
    IRBuilder<> B(Ret);
    // (column, value) pairs: a slot's count per weighted slot, or each
    // metric's value.
    std::vector<std::pair<std::vector<uint32_t>, Value *>> Columns;
    std::map<uint32_t, Value *> Counts;
    for (uint32_t Slot : Weighted)
      Counts[Slot] = B.CreateLoad(Int64, Locals[Slot], "roof.count");
    if (BySlot) {
      for (size_t C = 0; C < Weighted.size(); ++C)
        Columns.push_back({{uint32_t(C)}, Counts[Weighted[C]]});
    } else {
      for (auto &[Weights, Metrics] : MetricGroups)
        Columns.push_back({Metrics, valueOf(B, Weights, Counts)});
    }
    Value *IsSpeaker = B.getTrue();
    if (UseRedux) {
      Value *Mask = compat::activeMask(B);
      for (auto &Column : Columns)
        Column.second = warpSum(B, Column.second, Mask);
      Value *Lane =
          B.CreateIntrinsic(Int32, Intrinsic::nvvm_read_ptx_sreg_laneid, {});
      Value *FirstLane =
          B.CreateBinaryIntrinsic(Intrinsic::cttz, Mask, B.getTrue());
      IsSpeaker = B.CreateICmpEQ(Lane, FirstLane, "roof.warp.first");
    }
    B.SetInsertPoint(SplitBlockAndInsertIfThen(IsSpeaker, Ret, false));
    // The counts' address and row mask, which the runtime writes before the
    // launch.
    Value *CountsAddress =
        loadHeaderField(B, Header, HeaderCounts, "roof.counts");
    Value *RowMask = loadHeaderField(B, Header, HeaderRowMask, "roof.row.mask");
    B.SetInsertPoint(
        SplitBlockAndInsertIfThen(B.CreateICmpNE(CountsAddress, B.getInt64(0)),
                                  &*B.GetInsertPoint(), false));
    Value *SM =
        B.CreateIntrinsic(Int32, Intrinsic::nvvm_read_ptx_sreg_smid, {});
    Value *Warp =
        B.CreateIntrinsic(Int32, Intrinsic::nvvm_read_ptx_sreg_warpid, {});
    Value *Slot = B.CreateZExt(
        B.CreateAdd(B.CreateMul(SM, B.getInt32(ROOF_CUDA_WARP_SLOTS_PER_SM)),
                    Warp),
        Int64);
    Value *Row = B.CreateAnd(Slot, RowMask, "roof.row");
    Value *Rows = B.CreateAdd(RowMask, B.getInt64(1), "roof.rows");
    Value *Base =
        B.CreateIntToPtr(CountsAddress, B.getPtrTy(GlobalAddressSpace));
    for (auto &[Targets, Sum] : Columns)
      for (uint32_t Column : Targets) {
        Value *Index = B.CreateAdd(B.CreateMul(B.getInt64(Column), Rows), Row);
        Value *Address =
            B.CreateInBoundsGEP(Int64, Base, Index, "roof.count.at");
        B.CreateAtomicRMW(AtomicRMWInst::Add, Address, Sum, MaybeAlign(8),
                          AtomicOrdering::Monotonic);
      }
  }

  Function &F;
  CounterPlan Census;
  size_t FirstSlowPathSlot = 0;
  std::vector<std::pair<Instruction *, SlowPathOp>> SlowPathOps;
  std::array<std::optional<uint32_t>, NumSlowPathTallies> TallySlots;
  std::map<SlowPathOp, ClassWork> FastPaths; // as PTXInstrCosts books them
  GlobalVariable *Header;
  uint32_t Flags; // RoofCudaCounterHeader.flags
  ExpansionProbe &Probe;
  bool BySlot = true;
  DominatorTree &DT;
  LoopInfo &LI;
  ScalarEvolution &SE;
  Type *Int32, *Int64;
  bool UseRedux;
  SmallVector<AllocaInst *, 16> Locals;
  std::vector<uint32_t> Weighted; // slots with weights, in slot order
  std::vector<std::pair<WeightVector, std::vector<uint32_t>>> MetricGroups;
};

/// Whether \p F is still called from somewhere in the module (a device
/// function that was not inlined into every caller).
bool hasCallers(const Function &F) {
  return llvm::any_of(F.users(),
                      [](const User *U) { return isa<CallBase>(U); });
}

bool contributes(const CounterPlan &Census) {
  return llvm::any_of(Census.Slots, [](const CounterSlot &Slot) {
    return !Slot.Weights.empty();
  });
}

} // namespace

bool DeviceInstrumenter::run() {
  if (!Triple(compat::targetTriple(M)).isNVPTX() ||
      M.getNamedMetadata(InstrumentedMarker))
    return false;
  M.getOrInsertNamedMetadata(InstrumentedMarker);

  ExpansionProbe Probe;
  SmallVector<GlobalValue *, 8> Headers;
  for (Function &F : M) {
    if (!isInstrumentable(F))
      continue;
    FlopCostModel Model(F, Probe);
    CounterPlan Census = buildCounterPlan(F, Model, nullptr, FAM);
    if (!isCudaKernel(F)) {
      if (hasCallers(F) && contributes(Census))
        F.getContext().diagnose(DiagnosticInfoUnsupported(
            F,
            "roof: device function '" + F.getName() +
                "' is not inlined into its kernels; its operations are not "
                "counted",
            DiagnosticLocation(F.getSubprogram()), DS_Warning));
      continue;
    }
    // Externally visible, so that the CUDA runtime finds it by name.
    StructType *HeaderTy = counterHeaderType(M.getContext());
    auto *Header = new GlobalVariable(
        M, HeaderTy, false, GlobalValue::ExternalLinkage,
        Constant::getNullValue(HeaderTy), counterHeaderSymbolOf(F.getName()),
        nullptr, GlobalValue::NotThreadLocal, GlobalAddressSpace);
    Header->setAlignment(Align(8));
    Headers.push_back(Header);
    bool Sampled = Traffic && deviceTrafficSupported(F);
    if (Traffic && !Sampled)
      F.getContext().diagnose(DiagnosticInfoUnsupported(
          F,
          "roof: kernel '" + F.getName() +
              "' is built for an architecture before sm_70; traffic mode "
              "does not model its memory traffic",
          DiagnosticLocation(F.getSubprogram()), DS_Warning));
    // The accesses are the kernel's own: taken before the counters add theirs.
    SmallVector<DeviceAccess, 0> Accesses;
    if (Sampled)
      Accesses = deviceAccesses(F);
    KernelInstrumenter(
        F, Census, Header, Sampled ? ROOF_CUDA_KERNEL_TRAFFIC : 0, Probe,
        FAM.getResult<DominatorTreeAnalysis>(F), FAM.getResult<LoopAnalysis>(F),
        FAM.getResult<ScalarEvolutionAnalysis>(F))
        .run();
    instrumentDeviceTraffic(Accesses, Header);
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  appendToUsed(M, Headers);
  return true;
}

} // namespace roof
