//===- LibmCosts.cpp - Measured FP work of libm and libmvec calls ---------===//
//
// LibmCosts.inc is generated at build time by roof-libm-probe, which
// single-steps every function of libm/libmvec on typical arguments and
// classifies each executed instruction (tools/libm-probe).
//
//===----------------------------------------------------------------------===//
#include "LibmCosts.h"
#include "LLVMCompat.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/DerivedTypes.h"

#include <algorithm>
#include <optional>

namespace roof {

namespace {

/// One row of the table: what one call executes in one precision.
struct LibmCostRow {
  const char *Name;
  RoofPrecision Arguments;
  unsigned Lanes;
  RoofPrecision Executed;
  /// FLOPs (FMA = 2 per lane) or operations of one call, all lanes
  /// together, per class; the transcendental class is always 0 here.
  uint64_t PerCall[ROOF_NUM_CLASSES];
};

/// One row of a path: what one call whose argument has path key Key
/// executes in one precision.
struct LibmPathRow {
  const char *Name;
  RoofLibmPathFamily Family;
  uint32_t Key;
  RoofPrecision Executed;
  uint64_t PerCall[ROOF_NUM_CLASSES];
};

#define ROOF_LIBM_COST(Name, Precision, Lanes, Executed, Add, Mul, Fma, Div,   \
                       Sqrt, MinMax, Compare, Convert)                         \
  {Name,                                                                       \
   Precision,                                                                  \
   Lanes,                                                                      \
   Executed,                                                                   \
   {Add, Mul, Fma, Div, Sqrt, 0, MinMax, Compare, Convert}},
#define ROOF_LIBM_PATH(Name, Family, Key, Executed, Add, Mul, Fma, Div, Sqrt,  \
                       MinMax, Compare, Convert)
const LibmCostRow Table[] = {
#include "LibmCosts.inc"
};

// (An older table without paths leaves ROOF_LIBM_PATH defined.)
#undef ROOF_LIBM_PATH
#define ROOF_LIBM_COST(...)
#define ROOF_LIBM_PATH(Name, Family, Key, Executed, Add, Mul, Fma, Div, Sqrt,  \
                       MinMax, Compare, Convert)                               \
  {Name,                                                                       \
   Family,                                                                     \
   Key,                                                                        \
   Executed,                                                                   \
   {Add, Mul, Fma, Div, Sqrt, 0, MinMax, Compare, Convert}},
const std::vector<LibmPathRow> PathTable = {
#include "LibmCosts.inc"
};
#undef ROOF_LIBM_COST
#undef ROOF_LIBM_PATH

/// Adds a row's work per call, done in precision Executed, to Work.
void addRow(ClassWork &Work, RoofPrecision Executed,
            const uint64_t (&PerCall)[ROOF_NUM_CLASSES]) {
  for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
    Work[Executed][C] += PerCall[C];
}

/// The measured work of one call to Name, all its rows together: the
/// table summed by name once, since every call a function makes is looked
/// up (FlopCostModel, isCensusBoundary).
std::optional<ClassWork> measuredWork(llvm::StringRef Name) {
  static const llvm::StringMap<ClassWork> &ByName = *[] {
    auto *Sums = new llvm::StringMap<ClassWork>(std::size(Table));
    for (const LibmCostRow &Row : Table)
      addRow((*Sums)[Row.Name], Row.Executed, Row.PerCall);
    return Sums;
  }();
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return std::nullopt;
  return It->second;
}

} // namespace

namespace {

std::optional<RoofPrecision> softConversionResult(llvm::StringRef Name) {
  if (!Name.starts_with("__trunc") && !Name.starts_with("__extend"))
    return std::nullopt;
  llvm::StringRef Result = Name.take_back(3);
  if (Result == "bf2")
    return ROOF_BF16;
  if (Result == "hf2")
    return ROOF_FP16;
  if (Result == "sf2")
    return ROOF_FP32;
  if (Result == "df2")
    return ROOF_FP64;
  return std::nullopt;
}

} // namespace

/// The libm name an intrinsic such as llvm.exp.v8f64 is lowered to, one call
/// per element.
std::optional<std::string> libmNameOfIntrinsic(llvm::Intrinsic::ID ID,
                                               llvm::Type *Ty) {
  llvm::StringRef Base;
  switch (ID) {
  case llvm::Intrinsic::exp:
    Base = "exp";
    break;
  case llvm::Intrinsic::exp2:
    Base = "exp2";
    break;
  case compat::intrinsic::exp10:
    Base = "exp10";
    break;
  case llvm::Intrinsic::log:
    Base = "log";
    break;
  case llvm::Intrinsic::log2:
    Base = "log2";
    break;
  case llvm::Intrinsic::log10:
    Base = "log10";
    break;
  case llvm::Intrinsic::sin:
    Base = "sin";
    break;
  case llvm::Intrinsic::cos:
    Base = "cos";
    break;
  case compat::intrinsic::tan:
    Base = "tan";
    break;
  case compat::intrinsic::asin:
    Base = "asin";
    break;
  case compat::intrinsic::acos:
    Base = "acos";
    break;
  case compat::intrinsic::atan:
    Base = "atan";
    break;
  case compat::intrinsic::sinh:
    Base = "sinh";
    break;
  case compat::intrinsic::cosh:
    Base = "cosh";
    break;
  case compat::intrinsic::tanh:
    Base = "tanh";
    break;
  case llvm::Intrinsic::pow:
    Base = "pow";
    break;
  default:
    return std::nullopt;
  }
  llvm::Type *Scalar = Ty->getScalarType();
  if (Scalar->isDoubleTy())
    return Base.str();
  if (Scalar->isFloatTy())
    return (Base + "f").str();
  return "llvm." + Base.str(); // half: no library entry point to measure
}

// Every function of the path table, its keys grouped (LibmPaths).
static llvm::StringMap<LibmPaths> groupPaths() {
  // What each key measured executes, in the table's (increasing) key order.
  llvm::StringMap<std::vector<std::pair<uint32_t, ClassWork>>> Keys;
  llvm::StringMap<LibmPaths> All;
  for (const LibmPathRow &Row : PathTable) {
    std::vector<std::pair<uint32_t, ClassWork>> &Measured = Keys[Row.Name];
    All[Row.Name].Family = Row.Family;
    if (Measured.empty() || Measured.back().first != Row.Key)
      Measured.push_back({Row.Key, ClassWork{}});
    addRow(Measured.back().second, Row.Executed, Row.PerCall);
  }
  for (llvm::StringMapEntry<LibmPaths> &Entry : All) {
    LibmPaths &Paths = Entry.second;
    // Neighbouring keys mostly share their group: the last one found is
    // compared first.
    uint8_t Last = 0;
    auto GroupFor = [&Paths, &Last](const ClassWork &W) {
      if (Last < Paths.Groups.size() && Paths.Groups[Last] == W)
        return Last;
      auto It = std::find(Paths.Groups.begin(), Paths.Groups.end(), W);
      if (It == Paths.Groups.end())
        It = Paths.Groups.insert(It, W);
      Last = uint8_t(It - Paths.Groups.begin());
      return Last;
    };
    std::array<std::optional<uint8_t>, ROOF_LIBM_MAX_PATH_KEYS> Measured;
    for (const auto &[Key, Work] : Keys[Entry.getKey()])
      if (Key < ROOF_LIBM_MAX_PATH_KEYS)
        Measured[Key] = GroupFor(Work);
    // Keys the probe never met take the typical call's group, found once.
    std::optional<uint8_t> TypicalGroup;
    for (uint32_t Key = 0; Key < ROOF_LIBM_MAX_PATH_KEYS; ++Key) {
      if (!Measured[Key] && !TypicalGroup) {
        std::optional<LibraryCallWork> Typical =
            libraryCallWork(Entry.getKey());
        TypicalGroup = GroupFor(Typical ? Typical->Work : ClassWork{});
      }
      Paths.GroupOf[Key] = Measured[Key] ? *Measured[Key] : *TypicalGroup;
    }
  }
  return All;
}

const LibmPaths *libmPaths(llvm::StringRef Name) {
  // Most calls are of other functions: those need not group the table.
  static const llvm::StringSet<> Names = [] {
    llvm::StringSet<> Set;
    for (const LibmPathRow &Row : PathTable)
      Set.insert(Row.Name);
    return Set;
  }();
  if (!Names.contains(Name))
    return nullptr;
  static const llvm::StringMap<LibmPaths> All = groupPaths();
  auto It = All.find(Name);
  return It == All.end() ? nullptr : &It->second;
}

std::optional<LibraryCallWork> libraryCallWork(llvm::StringRef Name) {
  LibraryCallWork Call;
  if (std::optional<RoofPrecision> To = softConversionResult(Name)) {
    Call.Work[*To][ROOF_CLASS_CONVERT] = 1;
    return Call;
  }
  if (std::optional<ClassWork> Work = measuredWork(Name)) {
    Call.Work = *Work;
    return Call;
  }
  // x**n with a run-time n (llvm.powi): the compiler runtime's multiplies
  // by squaring, as many as n's bits and ones. Not measurable once for all
  // n: one transcendental operation per call, as a power is canonically.
  if (Name == "__powidf2" || Name == "__powisf2") {
    Call.Measured = false;
    Call.Work[Name == "__powisf2" ? ROOF_FP32 : ROOF_FP64]
             [ROOF_CLASS_TRANSCENDENTAL] = 1;
    return Call;
  }
  unsigned Lanes = 1;
  llvm::StringRef Scalar = Name;
  unsigned VectorLanes;
  llvm::StringRef VectorScalar;
  if (parseVectorFunctionName(Name, VectorLanes, VectorScalar)) {
    Lanes = VectorLanes;
    Scalar = VectorScalar;
  }
  if (!isTranscendentalName(Scalar))
    return std::nullopt;
  Call.Measured = false;
  RoofPrecision P =
      Scalar.ends_with("f") && Scalar != "erf" ? ROOF_FP32 : ROOF_FP64;
  Call.Work[P][ROOF_CLASS_TRANSCENDENTAL] =
      Scalar.starts_with("sincos") ? 2 * Lanes : Lanes;
  return Call;
}

bool parseVectorFunctionName(llvm::StringRef Name, unsigned &Lanes,
                             llvm::StringRef &Scalar) {
  if (!Name.consume_front("_ZGV") || Name.size() < 4)
    return false;
  Name = Name.drop_front(2); // ISA letter, N (unmasked) or M (masked)
  if (Name.consumeInteger(10, Lanes) || Lanes == 0)
    return false;
  size_t Underscore = Name.find('_');
  if (Underscore == llvm::StringRef::npos)
    return false;
  Scalar = Name.drop_front(Underscore + 1);
  return true;
}

bool isTranscendentalName(llvm::StringRef Name) {
  llvm::StringRef Base = Name;
  if (Base.ends_with("f") && Base != "erf")
    Base = Base.drop_back();
  return llvm::StringSwitch<bool>(Base)
             .Cases("exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
                    true)
             .Cases("log1p", "sin", "cos", "tan", "asin", "acos", "atan", true)
             .Cases("atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                    true)
             .Cases("pow", "cbrt", "erf", "erfc", "hypot", "tgamma", "lgamma",
                    true)
             .Cases("fmod", "sincos", true)
             .Case("cabs", true) // |z| of a complex (Fortran's abs): hypot
             .Default(false) ||
         Name == "erff" || Name == "erfcf";
}

uint64_t libmCostsFingerprint() {
  uint64_t Hash = 1469598103934665603ull; // FNV-1a
  auto Mix = [&](uint64_t V) {
    for (int Byte = 0; Byte < 8; ++Byte, V >>= 8)
      Hash = (Hash ^ (V & 0xff)) * 1099511628211ull;
  };
  // A row: its name, the fields that tell it apart, and its work.
  auto MixRow = [&](const char *Name, std::initializer_list<uint64_t> Fields,
                    const uint64_t(&PerCall)[ROOF_NUM_CLASSES]) {
    for (const char *P = Name; *P; ++P)
      Mix(uint8_t(*P));
    for (uint64_t V : Fields)
      Mix(V);
    for (uint64_t V : PerCall)
      Mix(V);
  };
  for (const LibmCostRow &C : Table)
    MixRow(C.Name, {C.Arguments, C.Lanes, C.Executed}, C.PerCall);
  for (const LibmPathRow &C : PathTable)
    MixRow(C.Name, {C.Family, C.Key, C.Executed}, C.PerCall);
  return Hash;
}

} // namespace roof
