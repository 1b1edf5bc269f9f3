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

#include <algorithm>

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
  for (StringRef Op :
       {"fmaddsub", "fmsubadd", "fnmadd", "fnmsub", "fmadd", "fmsub"})
    if (Stem.consume_front(Op))
      return Stem.empty() || Stem == "132" || Stem == "213" || Stem == "231";
  return false;
}

std::optional<RoofClass> classOfStem(StringRef Stem) {
  if (isFMAStem(Stem))
    return ROOF_CLASS_FMA;
  // Comparisons spell their predicate inside the mnemonic (vcmpltpd).
  if (Stem.starts_with("cmp"))
    return ROOF_CLASS_COMPARE;
  return StringSwitch<std::optional<RoofClass>>(Stem)
      .Cases("add", "sub", "addsub", "hadd", "hsub", ROOF_CLASS_ADD)
      .Cases("mul", "scalef", ROOF_CLASS_MUL)
      // Reciprocal estimates stand in for a divide; they are FP instructions
      // and SDE counts their elements.
      .Cases("div", "rcp", "rcp14", "rcp28", ROOF_CLASS_DIV)
      .Cases("sqrt", "rsqrt", "rsqrt14", "rsqrt28", ROOF_CLASS_SQRT)
      .Cases("min", "max", "minc", "maxc", "range", ROOF_CLASS_MINMAX)
      // vfixupimm patches special values after classifying them, as
      // vfpclass does.
      .Cases("ucomi", "comi", "fpclass", "fixupimm", ROOF_CLASS_COMPARE)
      // Rounding to integral values, exponent and mantissa extraction and
      // the round-off remainder (vreduce) are conversions, not FLOPs.
      .Cases("round", "rndscale", "getexp", "getmant", "reduce",
             ROOF_CLASS_CONVERT)
      .Default(std::nullopt);
}

unsigned elementBits(StringRef Type) {
  return StringSwitch<unsigned>(Type)
      .Cases("ph", "sh", "w", "uw", 16)
      .Cases("ps", "ss", "dq", "udq", "si", "usi", 32)
      .Cases("pd", "sd", "qq", "uqq", 64)
      .Default(0);
}

// cvt[t]<from>2<to>: the lanes are those of the wider element type (a
// vcvtps2pd zmm writes 8 doubles from 8 floats); the precision is that of
// the FP side, the result's when both are FP (as for fpext and fptrunc in
// IR).
std::optional<X86FPInstr> classifyConversion(StringRef Stem,
                                             unsigned RegisterBits) {
  if (!Stem.consume_front("cvt"))
    return std::nullopt;
  auto [From, To] = Stem.split('2');
  if (To.empty())
    return std::nullopt;
  if (elementBits(From) == 0)
    From.consume_front("t"); // cvtt: truncating
  unsigned Wide = std::max(elementBits(From), elementBits(To));
  if (Wide == 0)
    return std::nullopt;
  auto PrecisionOf = [](StringRef T) -> std::optional<RoofPrecision> {
    if (T == "pd" || T == "sd")
      return ROOF_FP64;
    if (T == "ps" || T == "ss")
      return ROOF_FP32;
    if (T == "ph" || T == "sh")
      return ROOF_FP16;
    return std::nullopt;
  };
  std::optional<RoofPrecision> P = PrecisionOf(To);
  if (!P)
    P = PrecisionOf(From);
  if (!P)
    return std::nullopt;
  bool Scalar = From.starts_with("s") || To.starts_with("s") ||
                From.starts_with("us") || To.starts_with("us");
  return X86FPInstr{ROOF_CLASS_CONVERT, *P,
                    Scalar ? 1 : std::max(1u, RegisterBits / Wide), 1};
}

} // namespace

std::optional<X86FPInstr> classifyX86Mnemonic(StringRef Mnemonic,
                                              unsigned RegisterBits) {
  StringRef Stem = Mnemonic.trim();
  Stem.consume_front("v"); // VEX/EVEX encodings of the legacy SSE names
  // AT&T spells the memory width of some forms as a suffix (vfpclasspdz,
  // vcvtpd2psy); the register width comes from elsewhere.
  if (Stem.size() > 3 &&
      (Stem.ends_with("x") || Stem.ends_with("y") || Stem.ends_with("z")) &&
      elementBits(Stem.drop_back().take_back(2)) != 0)
    Stem = Stem.drop_back();
  if (std::optional<X86FPInstr> Conversion =
          classifyConversion(Stem, RegisterBits))
    return Conversion;
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

} // namespace roof
