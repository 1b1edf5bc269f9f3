//===- DeviceInstrumenter.cpp - Per-kernel counters in CUDA device code ---===//
//
// For a kernel with census slots s (FunctionCensus) and static weights
// w[s][m], each thread keeps count[s] in a register; a loop header whose
// trip count is known gets it at the loop's exit (headerRunsAtExit), so
// that such a loop carries no counter, and a div.rn.f64 adds what its
// slow path executes (DivideSlowPath). At its return the
// thread's counts are summed, in three steps that keep global atomics off
// the hot path:
//   1. over the warp's converged lanes (redux.sync, sm_80 and later);
//   2. over the block, in shared memory: the warp's first lane adds the
//      sums there, then adds the number of lanes it speaks for to the
//      block's count of finished threads;
//   3. the warp that finishes the block weighs the block's sums, value[m] =
//      sum_s count[s] * w[s][m], and adds the values to one row of the
//      kernel's counters in global memory, the row of its SM, so that
//      concurrent blocks on different SMs add to different addresses.
// Metrics with the same weights (a plain add's canonical, empirical and
// full-width counts) share one value.
//
//===----------------------------------------------------------------------===//
#include "DeviceInstrumenter.h"
#include "CensusInstrumenter.h"
#include "CounterUpdates.h"
#include "CudaKernels.h"
#include "ExpansionProbe.h"
#include "FlopCostModel.h"
#include "DivideSlowPath.h"
#include "FunctionCensus.h"

#include "roof/abi.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <map>
#include <vector>

using namespace llvm;

namespace roof {

namespace {

constexpr char InstrumentedMarker[] = "roof.device.instrumented";
constexpr unsigned GlobalAddressSpace = 1;
constexpr unsigned SharedAddressSpace = 3;
// redux.sync (warp sum of a 32-bit value over a lane mask) needs sm_80.
constexpr unsigned FirstSMWithRedux = 80;
// Counts are summed in two 32-bit parts: the low LowBits bits, whose sum
// over a block of at most 1024 threads fits 32 bits, and the rest, whose sum
// over a warp fits 32 bits as long as a thread's count is below 2^49.
constexpr unsigned LowBits = 22;

/// The SM number of "target-cpu"="sm_90" (0 when absent or unknown).
unsigned smVersionOf(const Function &F) {
  StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
  unsigned SM = 0;
  if (!CPU.consume_front("sm_") || CPU.take_while([](char C) { return isDigit(C); }).getAsInteger(10, SM))
    return 0;
  return SM;
}

/// A metric value as a weighted sum of slots: (slot, amount) in slot order.
using WeightVector = std::vector<std::pair<uint32_t, uint64_t>>;

class KernelInstrumenter {
public:
  KernelInstrumenter(Function &Kernel, FunctionCensus Census,
                     GlobalVariable *Counters, DominatorTree &DT, LoopInfo &LI,
                     ScalarEvolution &SE)
      : F(Kernel), Census(std::move(Census)), Counters(Counters), DT(DT),
        LI(LI), SE(SE),
        Int32(Type::getInt32Ty(Kernel.getContext())),
        Int64(Type::getInt64Ty(Kernel.getContext())),
        UseRedux(smVersionOf(Kernel) >= FirstSMWithRedux) {}

  void run() {
    addSlowPathSlots();
    groupMetricsByWeights();
    if (Weighted.empty())
      return;
    IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
    for (size_t S = 0; S < Census.Slots.size(); ++S) {
      AllocaInst *Local = B.CreateAlloca(Int64, nullptr, "roof.slot");
      B.CreateStore(ConstantInt::get(Int64, 0), Local);
      Locals.push_back(Local);
    }
    clearBlockSums(B);
    Instruction *EntryPoint = &*B.GetInsertPoint();
    SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "roof.trips");
    DenseSet<uint32_t> CountedAtExit;
    for (Loop *L : LI.getLoopsInPreorder()) {
      // An exit also reached from before the loop (a loop that may run
      // zero times) gets a block of its own, where the trip count goes.
      if (!L->hasDedicatedExits())
        formDedicatedExitBlocks(L, &DT, &LI, nullptr, false);
      if (auto Runs = headerRunsAtExit(*L, Census, SE, Expander)) {
        IRBuilder<> IB(Runs->At);
        addToLocal(IB, Runs->Slot, Runs->Count);
        CountedAtExit.insert(Runs->Slot);
      }
    }
    for (size_t S = 0; S < Census.Slots.size(); ++S) {
      if (CountedAtExit.count(S) || S >= FirstSlowPathSlot)
        continue;
      IRBuilder<> IB(firstIncrementPoint(Census.Slots[S], EntryPoint));
      addToLocal(IB, S, unitsOf(IB, Census.Slots[S].Scale));
    }
    for (BinaryOperator *Div : Divides)
      countDivRnF64SlowPath(*Div, *Locals[FirstSlowPathSlot],
                            *Locals[FirstSlowPathSlot + 1]);
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
  /// Two slots, counted by countDivRnF64SlowPath, for the DMULs and DFMAs
  /// of the kernel's div.rn.f64 slow paths.
  void addSlowPathSlots() {
    FirstSlowPathSlot = Census.Slots.size();
    for (Instruction &I : instructions(F))
      if (isDivRnF64(I))
        Divides.push_back(cast<BinaryOperator>(&I));
    if (Divides.empty())
      return;
    for (auto [Class, Amount] : {std::pair(ROOF_CLASS_MUL, 1),
                                 std::pair(ROOF_CLASS_FMA, 2)}) {
      CounterSlot Slot{&F.getEntryBlock(), CountingScale::perExecution(), {}};
      for (RoofKind Kind : {ROOF_EMPIRICAL, ROOF_FULL_WIDTH})
        Slot.Weights[ROOF_FLOP_METRIC(ROOF_FP64, Class, Kind)] = Amount;
      Census.Slots.push_back(Slot);
    }
  }

  void addToLocal(IRBuilder<> &B, uint32_t Slot, Value *Amount) {
    Value *Old = B.CreateLoad(Int64, Locals[Slot], "roof.count");
    B.CreateStore(B.CreateAdd(Old, Amount), Locals[Slot]);
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

  /// The block's sums in shared memory, per weighted slot a low part
  /// (below 2^LowBits per thread, so that the 32-bit sum of a block of at
  /// most 1024 threads is exact, and shared memory adds it natively) and a
  /// 64-bit high part, added only when not zero; then the number of the
  /// block's threads that have added theirs. Every thread clears them on
  /// entry (the same zeros, before any thread adds) and waits at the
  /// barrier, so that no thread adds before they are clear.
  void clearBlockSums(IRBuilder<> &B) {
    auto Shared = [&](Type *Ty, const Twine &Name) {
      auto *Var = new GlobalVariable(
          *F.getParent(), Ty, false, GlobalValue::InternalLinkage,
          UndefValue::get(Ty), Name + "." + F.getName(), nullptr,
          GlobalValue::NotThreadLocal, SharedAddressSpace);
      Var->setAlignment(Align(8));
      return Var;
    };
    BlockLows = Shared(ArrayType::get(Int32, Weighted.size() + 1), "roof.block");
    BlockHighs = Shared(ArrayType::get(Int64, Weighted.size()), "roof.block.high");
    for (size_t I = 0; I <= Weighted.size(); ++I)
      B.CreateStore(B.getInt32(0), element(B, BlockLows, I));
    for (size_t I = 0; I < Weighted.size(); ++I)
      B.CreateStore(B.getInt64(0), element(B, BlockHighs, I));
    B.CreateIntrinsic(Intrinsic::nvvm_barrier0, {}, {});
  }

  Value *element(IRBuilder<> &B, GlobalVariable *Array, size_t Index) {
    return B.CreateConstInBoundsGEP2_64(Array->getValueType(), Array, 0, Index,
                                        Array->getName());
  }

  /// Orders this thread's shared-memory adds before (release) or after
  /// (acquire) an atomic, for the threads of the block.
  void fenceBlock(IRBuilder<> &B) {
    B.CreateCall(InlineAsm::get(FunctionType::get(B.getVoidTy(), false),
                                "fence.acq_rel.cta;", "~{memory}",
                                /*hasSideEffects=*/true));
  }

  /// sum_s count[s] * w[s], \p Counts by slot.
  Value *valueOf(IRBuilder<> &B, const WeightVector &Weights,
                 const std::map<uint32_t, Value *> &Counts) {
    Value *Sum = nullptr;
    for (auto [Slot, Amount] : Weights) {
      Value *Count = Counts.at(Slot);
      Value *Term =
          Amount == 1 ? Count : B.CreateMul(Count, ConstantInt::get(Int64, Amount));
      Sum = Sum ? B.CreateAdd(Sum, Term) : Term;
    }
    return Sum;
  }

  Value *threadsPerBlock(IRBuilder<> &B) {
    Value *Threads = nullptr;
    for (Intrinsic::ID Dim : {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                              Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                              Intrinsic::nvvm_read_ptx_sreg_ntid_z}) {
      Value *Extent = B.CreateIntrinsic(Int32, Dim, {});
      Threads = Threads ? B.CreateMul(Threads, Extent) : Extent;
    }
    return Threads;
  }

  // From sm_80 the converged threads of the warp (those at this return
  // together) sum their counts (redux.sync, 32-bit, on the low and the high
  // parts) and the lowest of them speaks for them; before, every thread
  // speaks for itself. The speaker adds to the block's sums, then to its
  // count of finished threads; the speaker that makes the count whole weighs
  // the block's sums (values are linear in the counts) and adds the values
  // to its SM's row of the counters.
  void flushBefore(ReturnInst *Ret) {
    IRBuilder<> B(Ret);
    std::vector<std::pair<Value *, Value *>> Parts; // low, high per slot
    for (uint32_t Slot : Weighted) {
      Value *Count = B.CreateLoad(Int64, Locals[Slot], "roof.count");
      Parts.push_back(
          {B.CreateTrunc(B.CreateAnd(Count, (uint64_t(1) << LowBits) - 1), Int32),
           B.CreateTrunc(B.CreateLShr(Count, LowBits), Int32)});
    }
    Value *IsSpeaker = B.getTrue();
    Value *Threads = B.getInt32(1);
    if (UseRedux) {
      Value *Mask = B.CreateIntrinsic(Int32, Intrinsic::nvvm_activemask, {});
      for (auto &[Low, High] : Parts)
        for (Value **Part : {&Low, &High})
          *Part = B.CreateIntrinsic(Int32, Intrinsic::nvvm_redux_sync_add,
                                    {*Part, Mask}, nullptr, "roof.warp.sum");
      Value *Lane = B.CreateIntrinsic(Int32,
                                      Intrinsic::nvvm_read_ptx_sreg_laneid, {});
      Value *FirstLane = B.CreateBinaryIntrinsic(Intrinsic::cttz, Mask,
                                                 B.getTrue());
      IsSpeaker = B.CreateICmpEQ(Lane, FirstLane, "roof.warp.first");
      Threads = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Mask);
    }
    Instruction *Next = SplitBlockAndInsertIfThen(IsSpeaker, Ret, false);
    for (size_t I = 0; I < Weighted.size(); ++I) {
      B.SetInsertPoint(Next);
      auto [Low, High] = Parts[I];
      B.CreateAtomicRMW(AtomicRMWInst::Add, element(B, BlockLows, I), Low,
                        MaybeAlign(4), AtomicOrdering::Monotonic);
      B.SetInsertPoint(SplitBlockAndInsertIfThen(
          B.CreateICmpNE(High, B.getInt32(0)), Next, false));
      B.CreateAtomicRMW(AtomicRMWInst::Add, element(B, BlockHighs, I),
                        B.CreateZExt(High, Int64), MaybeAlign(8),
                        AtomicOrdering::Monotonic);
    }
    B.SetInsertPoint(Next);
    // Each speaker's sums are in place before its threads are counted, and
    // read by the last speaker only after it has seen the whole count.
    fenceBlock(B);
    Value *Before = B.CreateAtomicRMW(
        AtomicRMWInst::Add, element(B, BlockLows, Weighted.size()), Threads,
        MaybeAlign(4), AtomicOrdering::Monotonic);
    Value *IsLast = B.CreateICmpEQ(B.CreateAdd(Before, Threads),
                                   threadsPerBlock(B), "roof.block.last");
    B.SetInsertPoint(SplitBlockAndInsertIfThen(IsLast, Next, false));
    fenceBlock(B);
    Value *Row = B.CreateZExt(
        B.CreateAnd(B.CreateIntrinsic(Int32, Intrinsic::nvvm_read_ptx_sreg_smid,
                                      {}),
                    ROOF_CUDA_COUNTER_ROWS - 1),
        Int64, "roof.row");
    std::map<uint32_t, Value *> Sums;
    for (size_t I = 0; I < Weighted.size(); ++I) {
      Value *Low = B.CreateAlignedLoad(Int32, element(B, BlockLows, I),
                                       Align(4), /*isVolatile=*/true);
      Value *High = B.CreateAlignedLoad(Int64, element(B, BlockHighs, I),
                                        Align(8), /*isVolatile=*/true);
      Sums[Weighted[I]] = B.CreateAdd(B.CreateZExt(Low, Int64),
                                      B.CreateShl(High, LowBits), "roof.block.sum");
    }
    for (auto &[Weights, Metrics] : MetricGroups) {
      Value *Sum = valueOf(B, Weights, Sums);
      for (uint32_t Metric : Metrics) {
        Value *Address = B.CreateInBoundsGEP(
            Counters->getValueType(), Counters,
            {B.getInt64(0), Row, B.getInt64(Metric)}, "roof.metric");
        B.CreateAtomicRMW(AtomicRMWInst::Add, Address, Sum, MaybeAlign(8),
                          AtomicOrdering::Monotonic);
      }
    }
  }

  Function &F;
  FunctionCensus Census;
  size_t FirstSlowPathSlot = 0;
  std::vector<BinaryOperator *> Divides; // div.rn.f64, each with a slow path
  GlobalVariable *Counters;
  GlobalVariable *BlockLows = nullptr, *BlockHighs = nullptr;
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
  return llvm::any_of(F.users(), [](const User *U) { return isa<CallBase>(U); });
}

bool contributes(const FunctionCensus &Census) {
  return llvm::any_of(Census.Slots, [](const CounterSlot &Slot) {
    return !Slot.Weights.empty();
  });
}

} // namespace

bool DeviceInstrumenter::run() {
  if (!Triple(M.getTargetTriple()).isNVPTX() ||
      M.getNamedMetadata(InstrumentedMarker))
    return false;
  M.getOrInsertNamedMetadata(InstrumentedMarker);

  ArrayType *CountersTy = counterArrayType(M.getContext());
  ExpansionProbe Probe;
  SmallVector<GlobalValue *, 8> CounterArrays;
  for (Function &F : M) {
    if (!isInstrumentable(F))
      continue;
    FlopCostModel Model(F, Probe);
    FunctionCensus Census = buildFunctionCensus(F, Model, nullptr, FAM);
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
    auto *Counters = new GlobalVariable(
        M, CountersTy, false, GlobalValue::ExternalLinkage,
        ConstantAggregateZero::get(CountersTy), counterSymbolOf(F.getName()),
        nullptr, GlobalValue::NotThreadLocal, GlobalAddressSpace);
    Counters->setAlignment(Align(8));
    CounterArrays.push_back(Counters);
    KernelInstrumenter(F, Census, Counters,
                       FAM.getResult<DominatorTreeAnalysis>(F),
                       FAM.getResult<LoopAnalysis>(F),
                       FAM.getResult<ScalarEvolutionAnalysis>(F))
        .run();
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  appendToUsed(M, CounterArrays);
  return true;
}

} // namespace roof
