//===- PTXInstrCosts.cpp - What a PTX instruction executes as SASS --------===//
//
// Evidence. Rows marked "SASS" were read off `cuobjdump -sass` of ptxas 13
// output for sm_80 and sm_90 (shared/reference/lowering.md, "ptxas
// expansion"); they are the fast path, taken for operands that are neither
// denormal, infinite, NaN nor near the exponent limits. Rows marked "ISA"
// follow the PTX ISA's description of a single hardware instruction (add,
// mul, fma, min/max, setp, cvt) or of a MUFU approximation, and were not
// read off SASS on this machine (it has no cuobjdump); test/lit/pass/
// nvptx-expansion-sass.test re-reads every row on a machine that has
// nvdisasm, and docs/validation.md records what Nsight Compute reported.
//
//===----------------------------------------------------------------------===//
#include "PTXInstrCosts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace roof {

namespace {

struct OperandType {
  RoofPrecision Precision;
  unsigned Lanes;
};

std::optional<OperandType> floatType(StringRef Suffix) {
  return StringSwitch<std::optional<OperandType>>(Suffix)
      .Case("f64", OperandType{ROOF_FP64, 1})
      .Case("f32", OperandType{ROOF_FP32, 1})
      .Case("f16", OperandType{ROOF_FP16, 1})
      .Case("f16x2", OperandType{ROOF_FP16, 2})
      .Case("bf16", OperandType{ROOF_BF16, 1})
      .Case("bf16x2", OperandType{ROOF_BF16, 2})
      .Default(std::nullopt);
}

/// Builds a row: `Lanes` times each (class, amount) in `PerLane`, in
/// `Precision`, plus `Seeds` MUFU operations.
class Row {
public:
  Row(OperandType T, bool Confirmed) : T(T) {
    Cost.ConfirmedWithSASS = Confirmed;
  }
  Row &add(RoofClass C, uint64_t PerLane) {
    Cost.Work[T.Precision][C] += PerLane * T.Lanes;
    return *this;
  }
  /// Work in another precision (the f32 range check of an f64 divide).
  Row &addIn(RoofPrecision P, RoofClass C, uint64_t Amount) {
    Cost.Work[P][C] += Amount;
    return *this;
  }
  PTXInstrCost done() const { return Cost; }

private:
  OperandType T;
  PTXInstrCost Cost;
};

} // namespace

StringRef ptxMnemonic(StringRef Line) {
  Line = Line.split("//").first.trim();
  if (Line.starts_with("@")) // predicate guard: @%p1 or @!%p1
    Line = Line.split(' ').second.trim();
  if (Line.empty() || Line.starts_with(".") || Line.starts_with("$") ||
      Line.ends_with(":") || Line.starts_with("{") || Line.starts_with("}"))
    return "";
  return Line.split(' ').first.split('\t').first;
}

std::optional<PTXInstrCost> classifyPTXLine(StringRef Line) {
  StringRef Mnemonic = ptxMnemonic(Line);
  if (Mnemonic.empty())
    return std::nullopt;
  SmallVector<StringRef, 6> Parts;
  Mnemonic.split(Parts, '.');
  StringRef Op = Parts.front();
  bool Approx = llvm::is_contained(Parts, "approx");
  bool Full = llvm::is_contained(Parts, "full");

  // Conversions: `cvt.rn.f32.f64` names destination then source; the
  // precision is the FP side, the destination when both are FP.
  if (Op == "cvt" && Parts.size() >= 3) {
    std::optional<OperandType> To = floatType(Parts[Parts.size() - 2]);
    std::optional<OperandType> From = floatType(Parts.back());
    std::optional<OperandType> T = To ? To : From;
    if (!T)
      return std::nullopt;
    T->Lanes = 1;
    return Row(*T, false).add(ROOF_CLASS_CONVERT, 1).done(); // ISA: F2F/I2F/F2I
  }

  std::optional<OperandType> T = floatType(Parts.back());
  if (!T)
    return std::nullopt;
  bool F64 = T->Precision == ROOF_FP64;
  bool F32 = T->Precision == ROOF_FP32;

  if (Op == "add" || Op == "sub")
    return Row(*T, true).add(ROOF_CLASS_ADD, 1).done(); // SASS: DADD/FADD/HADD2
  if (Op == "mul")
    return Row(*T, true).add(ROOF_CLASS_MUL, 1).done(); // SASS: DMUL/FMUL/HMUL2
  if (Op == "fma" || Op == "mad")
    return Row(*T, true).add(ROOF_CLASS_FMA, 2).done(); // SASS: DFMA/FFMA/HFMA2
  if (Op == "min" || Op == "max")
    return Row(*T, false).add(ROOF_CLASS_MINMAX, 1).done(); // ISA: DMNMX/FMNMX
  if (Op == "setp" || Op == "set")
    return Row(*T, false).add(ROOF_CLASS_COMPARE, 1).done(); // ISA: DSETP/FSETP

  if (Op == "div" && F64)
    // SASS: MUFU.RCP64H, 7 DFMA, 1 DMUL, and 1 FFMA that range-checks the
    // quotient in single precision. Nsight Compute: 15 DP + 2 SP FLOPs.
    return Row(*T, true)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_FMA, 14)
        .add(ROOF_CLASS_MUL, 1)
        .addIn(ROOF_FP32, ROOF_CLASS_FMA, 2)
        .done();
  if (Op == "rcp" && F64 && !Approx)
    // SASS: MUFU.RCP64H + 5 DFMA = 10 DP FLOPs.
    return Row(*T, true)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_FMA, 10)
        .done();
  if (Op == "sqrt" && F64 && !Approx)
    // SASS: MUFU.RSQ64H + 5 DFMA + 3 DMUL = 13 DP FLOPs.
    return Row(*T, true)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_FMA, 10)
        .add(ROOF_CLASS_MUL, 3)
        .done();
  if (Op == "rsqrt" && F64)
    // SASS, read for the pair `rsqrt.approx.f64; rcp.approx.ftz.f64` that
    // -ffast-math makes of an f64 sqrt: 2 MUFU + 3 DFMA + 2 DMUL = 8 DP.
    // Which refinement belongs to which MUFU was not read; all of it is
    // booked here and the rcp row below is the bare MUFU.
    return Row(*T, true)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_FMA, 6)
        .add(ROOF_CLASS_MUL, 2)
        .done();
  if (Op == "rcp" && F64)
    return Row(*T, true).add(ROOF_CLASS_SPECIAL, 1).done(); // see rsqrt

  if (Op == "div" && F32 && !Approx && !Full)
    // SASS (div.rn.f32, .ftz too): MUFU.RCP + 5 FFMA = 10 SP FLOPs.
    return Row(*T, true)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_FMA, 10)
        .done();
  if (Op == "div" && F32)
    // ISA (div.full.f32, div.approx.f32): x * rcp.approx(y): MUFU.RCP +
    // FMUL. div.full scales both operands by 1/4 first when |y| > 2^126;
    // those FMULs are predicated off for every other divisor.
    return Row(*T, false)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_MUL, 1)
        .done();
  if (Op == "rcp" && F32 && !Approx)
    // SASS (rcp.rn.f32): MUFU.RCP, FFMA, FADD.FTZ (a negation, an FADD for
    // Nsight Compute), FFMA = 5 SP FLOPs.
    return Row(*T, true)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_ADD, 1)
        .add(ROOF_CLASS_FMA, 4)
        .done();
  if (Op == "sqrt" && F32 && !Approx)
    // SASS (sqrt.rn.f32): MUFU.RSQ + 2 FFMA + 2 FMUL = 6 SP FLOPs.
    return Row(*T, true)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_FMA, 4)
        .add(ROOF_CLASS_MUL, 2)
        .done();
  if (Op == "sin" || Op == "cos")
    // ISA: MUFU.SIN/COS take the angle in revolutions; the radians are
    // scaled by an FMUL by 1/(2 pi) first.
    return Row(*T, false)
        .add(ROOF_CLASS_SPECIAL, 1)
        .add(ROOF_CLASS_MUL, 1)
        .done();
  if (Op == "rcp" || Op == "rsqrt" || Op == "sqrt" || Op == "ex2" ||
      Op == "lg2" || Op == "tanh")
    // ISA: one MUFU instruction (.approx forms), not a FLOP for ncu.
    return Row(*T, false).add(ROOF_CLASS_SPECIAL, 1).done();
  // abs, neg, copysign, selp, testp, mov: bit operations or selects.
  return std::nullopt;
}

} // namespace roof
