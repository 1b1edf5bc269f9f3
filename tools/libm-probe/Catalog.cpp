//===- Catalog.cpp - What roof-libm-probe calls, and with which arguments -===//
//
// Arguments: call i of n gives lane j of argument 0 the point (j*n + i + 0.5)
// / (n*lanes) of its domain, so each call, scalar or vector, samples the
// whole domain; later arguments take the same points in a shuffled order so
// that x and y do not rise together. Functions with Extras (sin, cos, tan,
// sincos) put one of them in lane 0 of every eighth call: a vector call with
// one large argument is what takes libmvec's slow path in practice.
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"

#include "libm_paths.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <dlfcn.h>
#include <limits>

using namespace llvm;

namespace roof {

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

unsigned ValueType::bits() const {
  return Lanes * (Elem == ElemType::F32 ? 32 : 64);
}

namespace {

std::optional<ValueType> parseType(StringRef &S, bool AllowVoid, bool &IsVoid) {
  IsVoid = false;
  ValueType T;
  if (S.consume_front("v")) {
    if (S.empty() || !std::isdigit(static_cast<unsigned char>(S.front()))) {
      if (!AllowVoid)
        return std::nullopt;
      IsVoid = true;
      return T;
    }
    size_t Digits = S.find_first_not_of("0123456789");
    if (Digits == StringRef::npos ||
        S.take_front(Digits).getAsInteger(10, T.Lanes) || T.Lanes < 1 ||
        T.Lanes > 16)
      return std::nullopt;
    S = S.drop_front(Digits);
    T.Vector = true;
  }
  if (S.consume_front("d"))
    T.Elem = ElemType::F64;
  else if (S.consume_front("f"))
    T.Elem = ElemType::F32;
  else if (S.consume_front("p"))
    T.Elem = ElemType::Ptr;
  else
    return std::nullopt;
  return T;
}

// Where each argument travels: a general-purpose register (scalar pointers)
// or the first of one or more vector registers.
struct ArgSlot {
  bool Gpr;
  unsigned Index;
  unsigned Count;
};

std::vector<ArgSlot> layout(const Signature &Sig) {
  std::vector<ArgSlot> Slots;
  unsigned FPWidth = Sig.registerBits(), IntWidth = Sig.integerBits();
  unsigned VR = 0, GR = 0;
  for (const ValueType &A : Sig.Args) {
    if (A.Elem == ElemType::Ptr && !A.Vector) {
      Slots.push_back({true, GR++, 1});
      continue;
    }
    unsigned Width = A.Elem == ElemType::Ptr ? IntWidth : FPWidth;
    unsigned Count = std::max(1u, (A.bits() + Width - 1) / Width);
    Slots.push_back({false, VR, Count});
    VR += Count;
  }
  return Slots;
}

} // namespace

std::optional<Signature> Signature::parse(StringRef Text, std::string &Err) {
  Signature Sig;
  StringRef Body = Text;
  Sig.NarrowIntegers = Body.consume_front("c:");
  auto [ArgText, RetText] = Body.split('_');
  if (RetText.empty()) {
    Err = "signature '" + Text.str() + "' has no '_RET' part";
    return std::nullopt;
  }
  bool IsVoid;
  while (!ArgText.empty()) {
    std::optional<ValueType> T = parseType(ArgText, false, IsVoid);
    if (!T) {
      Err = "bad argument type in signature '" + Text.str() + "'";
      return std::nullopt;
    }
    Sig.Args.push_back(*T);
  }
  std::optional<ValueType> R = parseType(RetText, true, IsVoid);
  if (!R || !RetText.empty() || (!IsVoid && R->Elem == ElemType::Ptr)) {
    Err = "bad return type in signature '" + Text.str() + "'";
    return std::nullopt;
  }
  if (!IsVoid)
    Sig.Ret = *R;

  // The trampolines move xmm/ymm/zmm0-7, rdi..r9 in and xmm/ymm/zmm0 out,
  // and a frame has two 128-byte output buffers.
  unsigned Width = 0;
  auto CheckVector = [&](const ValueType &T) {
    if (!T.Vector || T.Elem == ElemType::Ptr)
      return true;
    if (T.bits() != 128 && T.bits() != 256 && T.bits() != 512)
      return false;
    if (Width && Width != T.bits())
      return false;
    Width = T.bits();
    return true;
  };
  bool Ok = std::all_of(Sig.Args.begin(), Sig.Args.end(), CheckVector) &&
            (!Sig.Ret || CheckVector(*Sig.Ret));
  unsigned Pointers = 0, VR = 0, GR = 0;
  std::vector<ArgSlot> Slots = layout(Sig);
  for (size_t I = 0; I < Slots.size(); ++I) {
    (Slots[I].Gpr ? GR : VR) += Slots[I].Count;
    if (Sig.Args[I].Elem == ElemType::Ptr) {
      ++Pointers;
      if (Sig.Args[I].Lanes * 8 > sizeof(CallFrame::Out[0]))
        Ok = false;
    }
  }
  // A ninth vector argument is passed on the stack, which the trampolines
  // support for 128-bit ones only.
  if (VR == 9 && (Slots.back().Gpr || Sig.integerBits() != 128 ||
                  Sig.Args.back().Elem != ElemType::Ptr))
    Ok = false;
  if (!Ok || VR > 9 || GR > 6 || Pointers > 2) {
    Err = "signature '" + Text.str() +
          "' is not supported: FP vectors must all be 128, 256 or 512 bits, "
          "at most 8 vector registers (9 if the last is a 128-bit pointer "
          "pair), 6 integer registers and 2 pointers";
    return std::nullopt;
  }
  return Sig;
}

unsigned Signature::registerBits() const {
  unsigned Bits = 128;
  for (const ValueType &A : Args)
    if (A.Vector && A.Elem != ElemType::Ptr)
      Bits = std::max(Bits, A.bits());
  if (Ret && Ret->Vector)
    Bits = std::max(Bits, Ret->bits());
  return Bits;
}

unsigned Signature::integerBits() const {
  return NarrowIntegers ? 128 : registerBits();
}

static const ValueType *firstFP(const Signature &Sig) {
  for (const ValueType &A : Sig.Args)
    if (A.Elem != ElemType::Ptr)
      return &A;
  return Sig.Ret ? &*Sig.Ret : nullptr;
}

RoofPrecision Signature::precision() const {
  const ValueType *T = firstFP(*this);
  return T && T->Elem == ElemType::F32 ? ROOF_FP32 : ROOF_FP64;
}

unsigned Signature::lanes() const {
  const ValueType *T = firstFP(*this);
  return T ? T->Lanes : 1;
}

unsigned Signature::fpArgs() const {
  return std::count_if(Args.begin(), Args.end(), [](const ValueType &A) {
    return A.Elem != ElemType::Ptr;
  });
}

//===----------------------------------------------------------------------===//
// CPU features
//===----------------------------------------------------------------------===//

bool cpuHas(CpuFeature F) {
  __builtin_cpu_init();
  switch (F) {
  case CpuFeature::None:
    return true;
  case CpuFeature::AVX:
    return __builtin_cpu_supports("avx");
  case CpuFeature::AVX2:
    return __builtin_cpu_supports("avx2");
  case CpuFeature::AVX512F:
    return __builtin_cpu_supports("avx512f");
  }
  return false;
}

const char *cpuFeatureName(CpuFeature F) {
  switch (F) {
  case CpuFeature::None:
    return "none";
  case CpuFeature::AVX:
    return "AVX";
  case CpuFeature::AVX2:
    return "AVX2";
  case CpuFeature::AVX512F:
    return "AVX-512F";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// The libm catalog
//===----------------------------------------------------------------------===//

namespace {

constexpr double Pi = 3.14159265358979323846;

struct MathFunction {
  const char *Name;
  unsigned Arity; // FP arguments; sincos has 1 and two output pointers
  bool SinCos;
  std::vector<Domain> Domains;
  bool LargeArguments; // add Extras beyond [-pi, pi]
};

const std::vector<MathFunction> &mathFunctions() {
  static const std::vector<MathFunction> Functions = {
      {"exp", 1, false, {{-10, 10}}, false},
      {"exp2", 1, false, {{-10, 10}}, false},
      {"exp10", 1, false, {{-5, 5}}, false},
      {"expm1", 1, false, {{-5, 5}}, false},
      {"log", 1, false, {{0.01, 1000, true}}, false},
      {"log2", 1, false, {{0.01, 1000, true}}, false},
      {"log10", 1, false, {{0.01, 1000, true}}, false},
      {"log1p", 1, false, {{-0.9, 10}}, false},
      {"sin", 1, false, {{-Pi, Pi}}, true},
      {"cos", 1, false, {{-Pi, Pi}}, true},
      {"tan", 1, false, {{-Pi, Pi}}, true},
      {"sincos", 1, true, {{-Pi, Pi}}, true},
      {"asin", 1, false, {{-1, 1}}, false},
      {"acos", 1, false, {{-1, 1}}, false},
      {"atan", 1, false, {{-10, 10}}, false},
      {"atan2", 2, false, {{-10, 10}, {-10, 10}}, false},
      {"sinh", 1, false, {{-5, 5}}, false},
      {"cosh", 1, false, {{-5, 5}}, false},
      {"tanh", 1, false, {{-5, 5}}, false},
      {"asinh", 1, false, {{-100, 100}}, false},
      {"acosh", 1, false, {{1.01, 100, true}}, false},
      {"atanh", 1, false, {{-0.99, 0.99}}, false},
      {"pow", 2, false, {{0.1, 10, true}, {-3, 3}}, false},
      {"cbrt", 1, false, {{-1000, 1000}}, false},
      {"erf", 1, false, {{-3, 3}}, false},
      {"erfc", 1, false, {{-2, 5}}, false},
      {"hypot", 2, false, {{-100, 100}, {-100, 100}}, false},
      {"fmod", 2, false, {{-100, 100}, {0.5, 10}}, false},
      // Called when the target has no instruction for them: fma without
      // FMA3, the rounding functions without SSE4.1's roundsd.
      {"fma", 3, false, {{-10, 10}, {-10, 10}, {-10, 10}}, false},
      {"floor", 1, false, {{-100, 100}}, false},
      {"ceil", 1, false, {{-100, 100}}, false},
      {"trunc", 1, false, {{-100, 100}}, false},
      {"round", 1, false, {{-100, 100}}, false},
      {"rint", 1, false, {{-100, 100}}, false},
      {"nearbyint", 1, false, {{-100, 100}}, false},
  };
  return Functions;
}

/// The path family of a scalar libm function (runtime/libm_paths.c).
int pathFamilyOf(llvm::StringRef Symbol) {
  return llvm::StringSwitch<int>(Symbol)
      .Cases("sin", "cos", "sincos", ROOF_LIBM_PATHS_TRIG)
      .Cases("sinf", "cosf", "sincosf", ROOF_LIBM_PATHS_TRIGF)
      .Cases("erf", "erfc", ROOF_LIBM_PATHS_ERF)
      .Cases("erff", "erfcf", ROOF_LIBM_PATHS_ERFF)
      .Default(-1);
}

std::string scalarSignature(const MathFunction &M, char T) {
  if (M.SinCos)
    return std::string(1, T) + "pp_v";
  return std::string(M.Arity, T) + "_" + T;
}

std::string vectorSignature(const MathFunction &M, char Isa, unsigned N,
                            char T) {
  std::string V = "v" + std::to_string(N) + T;
  if (M.SinCos)
    return std::string(Isa == 'c' ? "c:" : "") + V + "v" + std::to_string(N) +
           "pv" + std::to_string(N) + "p_v";
  std::string Args;
  for (unsigned I = 0; I < M.Arity; ++I)
    Args += V;
  return Args + "_" + V;
}

} // namespace

std::vector<ProbeSpec> libmCatalog() {
  // libmvec ISA letters of the x86-64 vector function ABI.
  static const struct {
    char Letter;
    unsigned Bits;
    CpuFeature Feature;
  } Isas[] = {{'b', 128, CpuFeature::None},
              {'c', 256, CpuFeature::AVX},
              {'d', 256, CpuFeature::AVX2},
              {'e', 512, CpuFeature::AVX512F}};
  std::vector<ProbeSpec> Specs;
  auto Add = [&](std::string Symbol, const char *Library,
                 const std::string &SigText, const MathFunction &M,
                 CpuFeature Feature) {
    std::string Err;
    ProbeSpec S;
    S.Symbol = std::move(Symbol);
    S.Library = Library;
    S.Sig = *Signature::parse(SigText, Err);
    S.Domains = M.Domains;
    if (M.LargeArguments)
      S.Extras = {10.0, -100.0, 1.0e3, 1.0e5};
    S.Reference = M.Name;
    S.Feature = Feature;
    if (!S.Sig.Args.front().Vector)
      S.PathFamily = pathFamilyOf(S.Symbol);
    Specs.push_back(std::move(S));
  };
  for (const MathFunction &M : mathFunctions()) {
    for (char T : {'d', 'f'}) {
      std::string Name = std::string(M.Name) + (T == 'f' ? "f" : "");
      Add(Name, "libm.so.6", scalarSignature(M, T), M, CpuFeature::None);
    }
    for (char T : {'d', 'f'}) {
      std::string Name = std::string(M.Name) + (T == 'f' ? "f" : "");
      std::string Params = M.SinCos ? "vvv" : std::string(M.Arity, 'v');
      for (const auto &Isa : Isas) {
        unsigned N = Isa.Bits / (T == 'f' ? 32 : 64);
        std::string Symbol = std::string("_ZGV") + Isa.Letter + "N" +
                             std::to_string(N) + Params + "_" + Name;
        Add(Symbol, "libmvec.so.1", vectorSignature(M, Isa.Letter, N, T), M,
            Isa.Feature);
      }
    }
  }
  // Functions counted without a reference result: the conversions to an
  // integer (the result is in %rax, which the trampoline does not keep),
  // and the compiler runtime's complex multiply and divide (C99 Annex G),
  // which clang calls for `_Complex` division, and for multiplication when
  // the inline product is NaN; libgcc_s exports the same code that
  // libgcc.a links into executables.
  static const struct {
    const char *Symbol, *Library, *Signature;
  } Unchecked[] = {
      {"lrint", "libm.so.6", "d_v"},
      {"lrintf", "libm.so.6", "f_v"},
      {"llrint", "libm.so.6", "d_v"},
      {"llrintf", "libm.so.6", "f_v"},
      {"lround", "libm.so.6", "d_v"},
      {"lroundf", "libm.so.6", "f_v"},
      {"llround", "libm.so.6", "d_v"},
      {"llroundf", "libm.so.6", "f_v"},
      {"__muldc3", "libgcc_s.so.1", "dddd_d"},
      {"__divdc3", "libgcc_s.so.1", "dddd_d"},
      {"__mulsc3", "libgcc_s.so.1", "ffff_f"},
      {"__divsc3", "libgcc_s.so.1", "ffff_f"},
  };
  for (const auto &U : Unchecked) {
    std::string Err;
    ProbeSpec S;
    S.Symbol = U.Symbol;
    S.Library = U.Library;
    S.Sig = *Signature::parse(U.Signature, Err);
    S.Domains.assign(S.Sig.fpArgs(), Domain{-10, 10});
    Specs.push_back(std::move(S));
  }
  return Specs;
}

std::string ProbeSpec::describeInputs() const {
  std::string S;
  raw_string_ostream OS(S);
  static const char *Names[] = {"x", "y", "z", "w"};
  for (size_t I = 0; I < Domains.size() && I < 4; ++I) {
    const Domain &D = Domains[I];
    OS << (I ? "; " : "") << Names[I] << " in [" << format("%g", D.Lo) << ", "
       << format("%g", D.Hi) << "]" << (D.Geometric ? " log-spaced" : "");
  }
  if (!Extras.empty()) {
    OS << "; every 8th call has x =";
    for (size_t I = 0; I < Extras.size(); ++I)
      OS << (I ? ", " : " ") << format("%g", Extras[I]);
    OS << " in lane 0";
  }
  return OS.str();
}

//===----------------------------------------------------------------------===//
// Frames
//===----------------------------------------------------------------------===//

namespace {

double argumentValue(const ProbeSpec &Spec, unsigned Arg, unsigned Call,
                     unsigned Calls, unsigned Lane, unsigned Lanes) {
  if (!Spec.Extras.empty() && Call % 8 == 7 && Lane == 0 && Arg == 0)
    return Spec.Extras[(Call / 8) % Spec.Extras.size()];
  const Domain &D =
      Spec.Domains[std::min<size_t>(Arg, Spec.Domains.size() - 1)];
  unsigned Points = Calls * Lanes;
  unsigned Index = Lane * Calls + Call;
  if (Arg > 0) // an odd multiplier permutes a power-of-two number of points
    Index = (13 * Index + 7 * Arg) % Points;
  double T = (Index + 0.5) / Points;
  return D.Geometric ? D.Lo * std::pow(D.Hi / D.Lo, T)
                     : D.Lo + (D.Hi - D.Lo) * T;
}

double readLane(const uint8_t *Base, ElemType Elem, unsigned Lane) {
  if (Elem == ElemType::F32) {
    float V;
    std::memcpy(&V, Base + 4 * Lane, sizeof(V));
    return V;
  }
  double V;
  std::memcpy(&V, Base + 8 * Lane, sizeof(V));
  return V;
}

} // namespace

namespace {

/// Fills F's registers: FP argument Arg, lane J of Lanes, is Value(Arg, J,
/// Lanes); pointer arguments point to F's Out buffers.
void fillFrameWith(
    const ProbeSpec &Spec, CallFrame &F,
    llvm::function_ref<double(unsigned Arg, unsigned Lane, unsigned Lanes)>
        Value) {
  std::memset(static_cast<void *>(&F), 0, sizeof(F));
  const Signature &Sig = Spec.Sig;
  unsigned DataBytes = Sig.precision() == ROOF_FP32 ? 4 : 8;
  unsigned PointerRegisterBytes = Sig.integerBits() / 8;
  std::vector<ArgSlot> Slots = layout(Sig);
  unsigned FPArg = 0, PtrArg = 0;
  for (size_t I = 0; I < Sig.Args.size(); ++I) {
    const ValueType &A = Sig.Args[I];
    const ArgSlot &Slot = Slots[I];
    if (A.Elem == ElemType::Ptr) {
      uint8_t *Out = F.Out[PtrArg++];
      if (Slot.Gpr) {
        F.Gpr[Slot.Index] = reinterpret_cast<uint64_t>(Out);
        continue;
      }
      // Lane j of a pointer vector lives at byte 8j of the registers it
      // spans, each register PointerRegisterBytes wide.
      for (unsigned J = 0; J < A.Lanes; ++J) {
        uint64_t P = reinterpret_cast<uint64_t>(Out + J * DataBytes);
        unsigned Byte = 8 * J;
        std::memcpy(&F.Vec[Slot.Index + Byte / PointerRegisterBytes]
                          [Byte % PointerRegisterBytes],
                    &P, sizeof(P));
      }
      continue;
    }
    for (unsigned J = 0; J < A.Lanes; ++J) {
      double V = Value(FPArg, J, A.Lanes);
      if (A.Elem == ElemType::F32) {
        float FV = static_cast<float>(V);
        std::memcpy(&F.Vec[Slot.Index][4 * J], &FV, sizeof(FV));
      } else {
        std::memcpy(&F.Vec[Slot.Index][8 * J], &V, sizeof(V));
      }
    }
    ++FPArg;
  }
}

} // namespace

void fillFrame(const ProbeSpec &Spec, unsigned Call, unsigned Calls,
               CallFrame &F) {
  fillFrameWith(Spec, F, [&](unsigned Arg, unsigned Lane, unsigned Lanes) {
    return argumentValue(Spec, Arg, Call, Calls, Lane, Lanes);
  });
}

void fillFrameAt(const ProbeSpec &Spec, double X, CallFrame &F) {
  fillFrameWith(Spec, F, [&](unsigned, unsigned, unsigned) { return X; });
}

std::vector<double> pathArguments(RoofLibmPathFamily Family) {
  std::vector<double> Magnitudes;
  auto FromBits = [](uint64_t Bits) {
    double V;
    std::memcpy(&V, &Bits, sizeof(V));
    return V;
  };
  // Both sides of each threshold, and the threshold itself.
  uint32_t Count = 0;
  const uint64_t *Thresholds = roofrt_libm_path_thresholds(Family, &Count);
  bool Float =
      Family == ROOF_LIBM_PATHS_TRIGF || Family == ROOF_LIBM_PATHS_ERFF;
  for (uint32_t I = 0; I < Count; ++I) {
    double T = FromBits(Thresholds[I]);
    if (Float) {
      float F = static_cast<float>(T);
      for (float V : {std::nextafter(F, 0.0f), F,
                      std::nextafter(F, std::numeric_limits<float>::max())})
        Magnitudes.push_back(V);
      continue;
    }
    for (int64_t Step : {-1, 0, 1})
      Magnitudes.push_back(FromBits(Thresholds[I] + Step));
  }
  // Every twentieth binade, from the subnormals up.
  for (int E = -1070; E <= 1020; E += 20)
    Magnitudes.push_back(std::ldexp(1.3, E));
  // A grid in x, off the simple fractions.
  for (int I = 0; I < 80; ++I)
    Magnitudes.push_back(0.0123 + I * 0.125);
  // Quadrants far out, near and away from a multiple of pi/2.
  for (double K : {3.0, 17.0, 1000.0, 123457.0, 4194305.0, 268435459.0})
    for (double Offset : {-0.7, -0.1, 0.05, 0.6})
      Magnitudes.push_back(K * (Pi / 2) + Offset);
  Magnitudes.push_back(0.0);
  Magnitudes.push_back(std::numeric_limits<double>::denorm_min());
  Magnitudes.push_back(std::numeric_limits<double>::infinity());
  std::vector<double> Arguments;
  for (double M : Magnitudes) {
    Arguments.push_back(M);
    Arguments.push_back(-M);
  }
  Arguments.push_back(std::numeric_limits<double>::quiet_NaN());
  return Arguments;
}

std::string describeFrame(const ProbeSpec &Spec, const CallFrame &F) {
  std::string S;
  raw_string_ostream OS(S);
  std::vector<ArgSlot> Slots = layout(Spec.Sig);
  for (size_t I = 0; I < Spec.Sig.Args.size(); ++I) {
    const ValueType &A = Spec.Sig.Args[I];
    if (A.Elem == ElemType::Ptr)
      continue;
    OS << (S.empty() ? "" : " ")
       << format("%.6g", readLane(F.Vec[Slots[I].Index], A.Elem, 0));
  }
  return OS.str();
}

std::function<std::string(const CallFrame &)>
makeResultCheck(const ProbeSpec &Spec, void *LibmHandle) {
  if (Spec.Reference.empty() || !LibmHandle)
    return nullptr;
  using Unary = double (*)(double);
  using Binary = double (*)(double, double);
  const Signature &Sig = Spec.Sig;
  bool SinCos = Spec.Reference == "sincos";
  void *Ref0 = dlsym(LibmHandle, SinCos ? "sin" : Spec.Reference.c_str());
  void *Ref1 = SinCos ? dlsym(LibmHandle, "cos") : nullptr;
  if (!Ref0 || (SinCos && !Ref1) || Sig.fpArgs() < 1 || Sig.fpArgs() > 2)
    return nullptr;
  std::vector<ArgSlot> Slots = layout(Sig);
  ElemType Elem = Sig.precision() == ROOF_FP32 ? ElemType::F32 : ElemType::F64;
  // Relative tolerance: far above libm's few ulp, far below what a
  // misplaced argument or lane produces.
  double Tolerance = Elem == ElemType::F32 ? 1e-4 : 1e-9;
  return [=](const CallFrame &F) -> std::string {
    auto Mismatch = [&](unsigned Lane, double Got, double Want) {
      if (std::isnan(Got) && std::isnan(Want))
        return std::string();
      if (std::fabs(Got - Want) <= Tolerance * std::max(std::fabs(Want), 1e-30))
        return std::string();
      char Buffer[256];
      std::snprintf(
          Buffer, sizeof(Buffer), "%s lane %u: got %.9g, libm %s gives %.9g",
          Spec.Symbol.c_str(), Lane, Got, Spec.Reference.c_str(), Want);
      return std::string(Buffer);
    };
    std::vector<unsigned> FPSlots;
    for (size_t I = 0; I < Sig.Args.size(); ++I)
      if (Sig.Args[I].Elem != ElemType::Ptr)
        FPSlots.push_back(Slots[I].Index);
    for (unsigned J = 0; J < Sig.lanes(); ++J) {
      double X = readLane(F.Vec[FPSlots[0]], Elem, J);
      if (SinCos) {
        for (unsigned K = 0; K < 2; ++K) {
          double Want = reinterpret_cast<Unary>(K ? Ref1 : Ref0)(X);
          std::string Why = Mismatch(J, readLane(F.Out[K], Elem, J), Want);
          if (!Why.empty())
            return Why;
        }
        continue;
      }
      double Want = FPSlots.size() == 1
                        ? reinterpret_cast<Unary>(Ref0)(X)
                        : reinterpret_cast<Binary>(Ref0)(
                              X, readLane(F.Vec[FPSlots[1]], Elem, J));
      std::string Why = Mismatch(J, readLane(F.Ret[0], Elem, J), Want);
      if (!Why.empty())
        return Why;
    }
    return std::string();
  };
}

} // namespace roof
