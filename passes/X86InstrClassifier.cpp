//===- X86InstrClassifier.cpp - FP class and lanes of an x86 instruction --===//
//
// Mnemonics are matched on their stem after the VEX/EVEX `v` prefix and
// before the element suffix (ps, pd, ss, sd, ph, sh): `vfmadd231pd` is
// stem `fmadd231`, suffix `pd`. Integer instructions with similar stems
// (`vpaddd`, `subq`) have no FP suffix and fall through.
//
//===----------------------------------------------------------------------===//
#include "X86InstrClassifier.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace roof {

namespace {

struct ElementSuffix {
  RoofPrecision Precision;
  unsigned ElementBits;
  bool Scalar;
};

std::optional<ElementSuffix> splitSuffix(StringRef &Stem) {
  static const struct {
    const char *Text;
    ElementSuffix Suffix;
  } Suffixes[] = {
      {"ps", {ROOF_FP32, 32, false}}, {"pd", {ROOF_FP64, 64, false}},
      {"ss", {ROOF_FP32, 32, true}},  {"sd", {ROOF_FP64, 64, true}},
      {"ph", {ROOF_FP16, 16, false}}, {"sh", {ROOF_FP16, 16, true}},
  };
  for (const auto &S : Suffixes)
    if (Stem.consume_back(S.Text))
      return S.Suffix;
  return std::nullopt;
}

// FMA stems carry the operand order (132, 213, 231) after the operation.
bool isFMAStem(StringRef Stem) {
  for (StringRef Op : {"fmaddsub", "fmsubadd", "fnmadd", "fnmsub", "fmadd",
                       "fmsub"})
    if (Stem.consume_front(Op))
      return Stem.empty() || Stem == "132" || Stem == "213" || Stem == "231";
  return false;
}

std::optional<RoofClass> classOfStem(StringRef Stem) {
  if (isFMAStem(Stem))
    return ROOF_CLASS_FMA;
  // Comparisons spell their predicate inside the mnemonic (vcmpltpd).
  if (Stem.starts_with("cmp") || Stem == "ucomi" || Stem == "comi" ||
      Stem == "fpclass")
    return ROOF_CLASS_COMPARE;
  // Rounding to integral values is a conversion, not a FLOP.
  if (Stem == "round" || Stem == "rndscale")
    return ROOF_CLASS_CONVERT;
  return StringSwitch<std::optional<RoofClass>>(Stem)
      .Cases("add", "sub", "addsub", "hadd", "hsub", ROOF_CLASS_ADD)
      .Cases("mul", "scalef", ROOF_CLASS_MUL)
      // Reciprocal estimates stand in for a divide; they are FP instructions
      // and SDE counts their elements.
      .Cases("div", "rcp", "rcp14", "rcp28", ROOF_CLASS_DIV)
      .Cases("sqrt", "rsqrt", "rsqrt14", "rsqrt28", ROOF_CLASS_SQRT)
      .Cases("min", "max", "minc", "maxc", "range", ROOF_CLASS_MINMAX)
      .Default(std::nullopt);
}

} // namespace

std::optional<X86FPInstr> classifyX86Mnemonic(StringRef Mnemonic,
                                              unsigned RegisterBits) {
  StringRef Stem = Mnemonic.trim();
  Stem.consume_front("v"); // VEX/EVEX encodings of the legacy SSE names
  // Conversions name two element types (cvtsd2ss, cvtdq2pd, cvttps2dq): the
  // FP element type they read or write decides the precision.
  if (Stem.starts_with("cvt")) {
    bool Scalar = Stem.contains("ss") || Stem.contains("sd") ||
                  Stem.contains("si2") || Stem.contains("2si");
    RoofPrecision P = Stem.contains("pd") || Stem.contains("sd") ? ROOF_FP64
                      : Stem.contains("ph") || Stem.contains("sh")
                          ? ROOF_FP16
                          : ROOF_FP32;
    unsigned ElementBits = P == ROOF_FP64 ? 64 : P == ROOF_FP16 ? 16 : 32;
    unsigned Lanes = Scalar ? 1 : RegisterBits / ElementBits;
    return X86FPInstr{ROOF_CLASS_CONVERT, P, Lanes ? Lanes : 1, 1};
  }
  std::optional<ElementSuffix> Suffix = splitSuffix(Stem);
  if (!Suffix)
    return std::nullopt;
  std::optional<RoofClass> Class = classOfStem(Stem);
  if (!Class)
    return std::nullopt;
  unsigned Lanes = Suffix->Scalar ? 1 : RegisterBits / Suffix->ElementBits;
  return X86FPInstr{*Class, Suffix->Precision, Lanes,
                    *Class == ROOF_CLASS_FMA ? 2u : 1u};
}

std::optional<X86FPInstr> classifyX86AsmLine(StringRef Line) {
  Line = Line.split('#').first.trim();
  if (Line.empty() || Line.starts_with(".") || Line.ends_with(":"))
    return std::nullopt;
  auto [Mnemonic, Operands] = Line.split(' ');
  Mnemonic = Mnemonic.split('\t').first;
  Operands = Line.drop_front(Mnemonic.size());
  unsigned RegisterBits = Operands.contains("%zmm")   ? 512
                          : Operands.contains("%ymm") ? 256
                                                      : 128;
  return classifyX86Mnemonic(Mnemonic, RegisterBits);
}

} // namespace roof
