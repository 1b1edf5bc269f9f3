//===- ToolMarkers.cpp - Regions from LIKWID, NVTX and Caliper markers ----===//
#include "ToolMarkers.h"
#include "LLVMCompat.h"

#include "AbiTypes.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace roof {

namespace {

constexpr const char *MarkerEntryName = ROOF_ABI_SYMBOL(__roof_marker);
constexpr int NoArgument = -1;

/// A marker function: what its call does to roof's regions, and which of its
/// arguments names the region or gives the range.
struct MarkerFunction {
  StringRef Name;
  RoofMarkerAction Action;
  RoofMarkerName NameKind = ROOF_MARKER_NO_NAME;
  int NameArgument = NoArgument;
  int RangeArgument = NoArgument; // RANGE_END; RANGE_START's is its result
};

// The marker functions, as the tools' public headers declare them (docs/
// runtime.md, "Regions from other tools"). LIKWID: likwid-marker.h, which
// LIKWID_MARKER_START/STOP expand to with -DLIKWID_PERFMON. NVTX 2 and 3:
// nvToolsExt.h, with nvtxDomain* from the C++ API (nvtx3.hpp). Caliper:
// cali.h and cali_macros.h (CALI_MARK_BEGIN/END, CALI_MARK_FUNCTION_BEGIN/
// END, phases, communication regions) and Annotation.h (cali::Function of
// CALI_CXX_MARK_FUNCTION, cali::ScopeAnnotation of CALI_CXX_MARK_SCOPE; the
// complete- and base-object constructors and destructors).
// clang-format off
const MarkerFunction MarkerFunctions[] = {
    {"likwid_markerStartRegion", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 0},
    {"likwid_markerStopRegion", ROOF_MARKER_END_NAMED, ROOF_MARKER_CHARS, 0},

    {"nvtxRangePushA", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 0},
    {"nvtxRangePushW", ROOF_MARKER_BEGIN, ROOF_MARKER_WIDE, 0},
    {"nvtxRangePushEx", ROOF_MARKER_BEGIN, ROOF_MARKER_NVTX_ATTRIBUTES, 0},
    {"nvtxDomainRangePushEx", ROOF_MARKER_BEGIN, ROOF_MARKER_NVTX_ATTRIBUTES, 1},
    {"nvtxRangePop", ROOF_MARKER_END},
    {"nvtxDomainRangePop", ROOF_MARKER_END},
    {"nvtxRangeStartA", ROOF_MARKER_RANGE_START, ROOF_MARKER_CHARS, 0},
    {"nvtxRangeStartW", ROOF_MARKER_RANGE_START, ROOF_MARKER_WIDE, 0},
    {"nvtxRangeStartEx", ROOF_MARKER_RANGE_START, ROOF_MARKER_NVTX_ATTRIBUTES, 0},
    {"nvtxDomainRangeStartEx", ROOF_MARKER_RANGE_START, ROOF_MARKER_NVTX_ATTRIBUTES, 1},
    {"nvtxRangeEnd", ROOF_MARKER_RANGE_END, ROOF_MARKER_NO_NAME, NoArgument, 0},
    {"nvtxDomainRangeEnd", ROOF_MARKER_RANGE_END, ROOF_MARKER_NO_NAME, NoArgument, 1},

    {"cali_begin_region", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 0},
    {"cali_end_region", ROOF_MARKER_END_NAMED, ROOF_MARKER_CHARS, 0},
    {"cali_begin_phase", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 0},
    {"cali_end_phase", ROOF_MARKER_END_NAMED, ROOF_MARKER_CHARS, 0},
    {"cali_begin_comm_region", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 0},
    {"cali_end_comm_region", ROOF_MARKER_END_NAMED, ROOF_MARKER_CHARS, 0},
    {"_ZN4cali8FunctionC1EPKc", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 1},
    {"_ZN4cali8FunctionC2EPKc", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 1},
    {"_ZN4cali8FunctionD1Ev", ROOF_MARKER_END},
    {"_ZN4cali8FunctionD2Ev", ROOF_MARKER_END},
    {"_ZN4cali15ScopeAnnotationC1EPKc", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 1},
    {"_ZN4cali15ScopeAnnotationC2EPKc", ROOF_MARKER_BEGIN, ROOF_MARKER_CHARS, 1},
    {"_ZN4cali15ScopeAnnotationD1Ev", ROOF_MARKER_END},
    {"_ZN4cali15ScopeAnnotationD2Ev", ROOF_MARKER_END},
};
// clang-format on

// The tools' own functions, in which calls of marker functions are not
// markers: NVTX 3's inline bodies and the initialisation that calls them a
// second time (nvtxRangePushA_impl_init_v3), the inline classes of roof's
// Caliper header. Programs do not name their functions so.
constexpr StringRef ToolCodePrefixes[] = {"likwid_", "nvtx", "cali_",
                                          "_ZN4cali", "_ZNK4cali"};

bool isToolCode(const Function &F) {
  return llvm::any_of(ToolCodePrefixes, [&](StringRef Prefix) {
    return F.getName().starts_with(Prefix);
  });
}

const MarkerFunction *markerFunctionNamed(StringRef Name) {
  static const StringMap<const MarkerFunction *> ByName = [] {
    StringMap<const MarkerFunction *> Map;
    for (const MarkerFunction &F : MarkerFunctions)
      Map[F.Name] = &F;
    return Map;
  }();
  auto It = ByName.find(Name);
  return It == ByName.end() ? nullptr : It->second;
}

/// The marker function \p Call calls, when its arguments and result have the
/// types the tool's header gives them (a name is a pointer, a range an i64).
const MarkerFunction *markerCalledBy(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return nullptr;
  const MarkerFunction *Marker = markerFunctionNamed(Callee->getName());
  if (!Marker)
    return nullptr;
  auto HasType = [&](int Argument, auto IsType) {
    return Argument == NoArgument ||
           (static_cast<unsigned>(Argument) < Call.arg_size() &&
            IsType(Call.getArgOperand(Argument)->getType()));
  };
  auto IsPointer = [](Type *T) { return T->isPointerTy(); };
  auto IsRange = [](Type *T) { return T->isIntegerTy(64); };
  if (!HasType(Marker->NameArgument, IsPointer) ||
      !HasType(Marker->RangeArgument, IsRange) ||
      (Marker->Action == ROOF_MARKER_RANGE_START && !IsRange(Call.getType())))
    return nullptr;
  return Marker;
}

/// Where code that runs right after \p Call goes: after it, or at the start
/// of an invoke's normal destination (on an edge of its own).
Instruction *pointAfter(CallBase &Call) {
  auto *Invoke = dyn_cast<InvokeInst>(&Call);
  if (!Invoke)
    return Call.getNextNode();
  BasicBlock *Normal = Invoke->getNormalDest();
  if (!Normal->getSinglePredecessor())
    Normal = SplitEdge(Invoke->getParent(), Normal);
  return &*Normal->getFirstInsertionPt();
}

void instrumentMarker(CallBase &Call, const MarkerFunction &Marker,
                      FunctionCallee Entry) {
  bool Begins = Marker.Action == ROOF_MARKER_BEGIN ||
                Marker.Action == ROOF_MARKER_RANGE_START;
  IRBuilder<> B(Begins ? pointAfter(Call) : &Call);
  Value *Name = Marker.NameArgument == NoArgument
                    ? ConstantPointerNull::get(B.getPtrTy())
                    : Call.getArgOperand(Marker.NameArgument);
  Value *Range = Marker.Action == ROOF_MARKER_RANGE_START ? &Call
                 : Marker.RangeArgument == NoArgument
                     ? B.getInt64(0)
                     : Call.getArgOperand(Marker.RangeArgument);
  CallInst *Roof =
      B.CreateCall(Entry, {B.getInt32(Marker.Action),
                           B.getInt32(Marker.NameKind), Name, Range});
  // The program goes on with the range id roof keeps, which is the tool's
  // own unless the tool gave none (0, as NVTX without a tool attached).
  if (Marker.Action == ROOF_MARKER_RANGE_START)
    Call.replaceUsesWithIf(Roof, [&](Use &U) { return U.getUser() != Roof; });
}

} // namespace

PreservedAnalyses ToolMarkersPass::run(Module &M, ModuleAnalysisManager &) {
  if (Triple(compat::targetTriple(M)).isNVPTX())
    return PreservedAnalyses::all();
  SmallVector<std::pair<CallBase *, const MarkerFunction *>, 16> Markers;
  for (Function &F : M) {
    if (isToolCode(F))
      continue;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const MarkerFunction *Marker = markerCalledBy(*Call))
          Markers.push_back({Call, Marker});
  }
  if (Markers.empty())
    return PreservedAnalyses::all();
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Entry =
      M.getOrInsertFunction(MarkerEntryName, Type::getInt64Ty(Ctx),
                            Type::getInt32Ty(Ctx), Type::getInt32Ty(Ctx),
                            PointerType::getUnqual(Ctx), Type::getInt64Ty(Ctx));
  for (auto [Call, Marker] : Markers)
    instrumentMarker(*Call, *Marker, Entry);
  return PreservedAnalyses::none();
}

} // namespace roof
