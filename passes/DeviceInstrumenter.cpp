//===- DeviceInstrumenter.cpp - Per-kernel counters in CUDA device code ---===//
//
// For a kernel with census slots s (FunctionCensus) and static weights
// w[s][m], each thread keeps count[s] in a register and at its return adds
// value[m] = sum_s count[s] * w[s][m] to the kernel's counter array. Metrics
// with the same weights (a plain add's canonical, empirical and full-width
// counts) share one value and one warp reduction.
//
//===----------------------------------------------------------------------===//
#include "DeviceInstrumenter.h"
#include "CensusInstrumenter.h"
#include "CounterUpdates.h"
#include "CudaKernels.h"
#include "ExpansionProbe.h"
#include "FlopCostModel.h"
#include "FunctionCensus.h"

#include "roof/abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <map>
#include <vector>

using namespace llvm;

namespace roof {

namespace {

constexpr char InstrumentedMarker[] = "roof.device.instrumented";
constexpr unsigned GlobalAddressSpace = 1;
// redux.sync (warp sum of a 32-bit value over a lane mask) needs sm_80.
constexpr unsigned FirstSMWithRedux = 80;
// Values are reduced in two halves: 32 lanes x (2^27 - 1) fits 32 bits, and
// the high part fits as long as a thread's count is below 2^54.
constexpr unsigned LowBits = 27;

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
  KernelInstrumenter(Function &Kernel, const FunctionCensus &Census,
                     GlobalVariable *Counters, DominatorTree &DT)
      : F(Kernel), Census(Census), Counters(Counters), DT(DT),
        Int32(Type::getInt32Ty(Kernel.getContext())),
        Int64(Type::getInt64Ty(Kernel.getContext())),
        UseRedux(smVersionOf(Kernel) >= FirstSMWithRedux) {}

  void run() {
    groupMetricsByWeights();
    IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
    for (size_t S = 0; S < Census.Slots.size(); ++S) {
      AllocaInst *Local = B.CreateAlloca(Int64, nullptr, "roof.slot");
      B.CreateStore(ConstantInt::get(Int64, 0), Local);
      Locals.push_back(Local);
    }
    Instruction *EntryPoint = &*B.GetInsertPoint();
    for (size_t S = 0; S < Census.Slots.size(); ++S) {
      IRBuilder<> IB(firstIncrementPoint(Census.Slots[S], EntryPoint));
      Value *Old = IB.CreateLoad(Int64, Locals[S], "roof.count");
      IB.CreateStore(IB.CreateAdd(Old, unitsOf(IB, Census.Slots[S].Scale)),
                     Locals[S]);
    }
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
  void groupMetricsByWeights() {
    std::map<uint32_t, WeightVector> ByMetric;
    for (size_t S = 0; S < Census.Slots.size(); ++S)
      for (auto [Metric, Amount] : Census.Slots[S].Weights)
        ByMetric[Metric].push_back({uint32_t(S), Amount});
    std::map<WeightVector, std::vector<uint32_t>> Groups;
    for (auto &[Metric, Weights] : ByMetric)
      Groups[Weights].push_back(Metric);
    MetricGroups.assign(Groups.begin(), Groups.end());
  }

  /// sum_s count[s] * w[s]
  Value *valueOf(IRBuilder<> &B, const WeightVector &Weights) {
    Value *Sum = nullptr;
    for (auto [Slot, Amount] : Weights) {
      Value *Count = B.CreateLoad(Int64, Locals[Slot], "roof.count");
      Value *Term =
          Amount == 1 ? Count : B.CreateMul(Count, ConstantInt::get(Int64, Amount));
      Sum = Sum ? B.CreateAdd(Sum, Term) : Term;
    }
    return Sum;
  }

  /// The sum of \p Value over the lanes of \p Mask.
  Value *warpSum(IRBuilder<> &B, Value *Value, llvm::Value *Mask) {
    auto Redux = [&](llvm::Value *Part) {
      llvm::Value *Sum = B.CreateIntrinsic(Int32, Intrinsic::nvvm_redux_sync_add,
                                           {B.CreateTrunc(Part, Int32), Mask});
      return B.CreateZExt(Sum, Int64);
    };
    llvm::Value *Low =
        Redux(B.CreateAnd(Value, ConstantInt::get(Int64, (1u << LowBits) - 1)));
    llvm::Value *High = Redux(B.CreateLShr(Value, LowBits));
    return B.CreateAdd(Low, B.CreateShl(High, LowBits), "roof.warp.sum");
  }

  // Before sm_80 every thread adds its own values; from sm_80 the converged
  // threads of the warp (those at this return together) sum theirs, and the
  // lowest of them adds the sums.
  void flushBefore(ReturnInst *Ret) {
    IRBuilder<> B(Ret);
    std::vector<Value *> Values;
    for (auto &[Weights, Metrics] : MetricGroups)
      Values.push_back(valueOf(B, Weights));
    Value *IsAdder = B.getTrue();
    if (UseRedux) {
      Value *Mask = B.CreateIntrinsic(Int32, Intrinsic::nvvm_activemask, {});
      for (Value *&V : Values)
        V = warpSum(B, V, Mask);
      Value *Lane = B.CreateIntrinsic(Int32,
                                      Intrinsic::nvvm_read_ptx_sreg_laneid, {});
      Value *FirstLane = B.CreateBinaryIntrinsic(Intrinsic::cttz, Mask,
                                                 B.getTrue());
      IsAdder = B.CreateICmpEQ(Lane, FirstLane, "roof.warp.first");
    }
    Instruction *Then = SplitBlockAndInsertIfThen(IsAdder, Ret, false);
    B.SetInsertPoint(Then);
    for (size_t G = 0; G < MetricGroups.size(); ++G)
      for (uint32_t Metric : MetricGroups[G].second) {
        Value *Address = B.CreateConstInBoundsGEP2_64(
            Counters->getValueType(), Counters, 0, Metric, "roof.metric");
        B.CreateAtomicRMW(AtomicRMWInst::Add, Address, Values[G], MaybeAlign(8),
                          AtomicOrdering::Monotonic);
      }
  }

  Function &F;
  const FunctionCensus &Census;
  GlobalVariable *Counters;
  DominatorTree &DT;
  Type *Int32, *Int64;
  bool UseRedux;
  SmallVector<AllocaInst *, 16> Locals;
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

  auto *CountersTy = ArrayType::get(Type::getInt64Ty(M.getContext()),
                                    ROOF_NUM_METRICS);
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
                       FAM.getResult<DominatorTreeAnalysis>(F))
        .run();
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  appendToUsed(M, CounterArrays);
  return true;
}

} // namespace roof
