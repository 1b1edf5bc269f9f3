//===- static/X86Intrinsics.cpp - SIMD intrinsics by name -----------------===//
#include "X86Intrinsics.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

namespace roof::staticcount {
namespace {

struct ElementType {
  RoofPrecision Precision;
  unsigned Bits;
  bool Scalar; // sd, ss, sh: the operation touches lane 0 only
};

std::optional<ElementType> elementType(llvm::StringRef Token) {
  return llvm::StringSwitch<std::optional<ElementType>>(Token)
      .Case("pd", ElementType{ROOF_FP64, 64, false})
      .Case("ps", ElementType{ROOF_FP32, 32, false})
      .Case("ph", ElementType{ROOF_FP16, 16, false})
      .Case("pbh", ElementType{ROOF_BF16, 16, false})
      .Case("sd", ElementType{ROOF_FP64, 64, true})
      .Case("ss", ElementType{ROOF_FP32, 32, true})
      .Case("sh", ElementType{ROOF_FP16, 16, true})
      .Case("sbh", ElementType{ROOF_BF16, 16, true})
      .Default(std::nullopt);
}

// Arithmetic by operation name, per lane.
const llvm::StringMap<ClassCount> &arithmetic() {
  static const llvm::StringMap<ClassCount> Ops = [] {
    llvm::StringMap<ClassCount> M;
    for (const char *Op : {"add", "sub", "addsub", "hadd", "hsub"})
      M[Op] = {ROOF_CLASS_ADD, 1};
    for (const char *Op : {"mul", "scalef"})
      M[Op] = {ROOF_CLASS_MUL, 1};
    // Reciprocal estimates are divides, as in the runtime (abi.h).
    for (const char *Op : {"div", "rcp", "rcp14", "rcp28"})
      M[Op] = {ROOF_CLASS_DIV, 1};
    for (const char *Op : {"sqrt", "rsqrt", "rsqrt14", "rsqrt28", "invsqrt"})
      M[Op] = {ROOF_CLASS_SQRT, 1};
    for (const char *Op :
         {"fmadd", "fmsub", "fnmadd", "fnmsub", "fmaddsub", "fmsubadd"})
      M[Op] = {ROOF_CLASS_FMA, 2};
    for (const char *Op : {"min", "max"})
      M[Op] = {ROOF_CLASS_MINMAX, 1};
    for (const char *Op : {"floor", "ceil", "round", "roundscale"})
      M[Op] = {ROOF_CLASS_CONVERT, 1};
    return M;
  }();
  return Ops;
}

// Intel's short vector math library (SVML) names, declared by icx and by
// users who link SVML: one transcendental per lane, listed by name.
bool isSvmlFunction(llvm::StringRef Op) {
  return llvm::StringSwitch<bool>(Op)
      .Cases("exp", "exp2", "exp10", "expm1", "log", "log2", "log10", true)
      .Cases("log1p", "sin", "cos", "tan", "asin", "acos", "atan", true)
      .Cases("atan2", "sinh", "cosh", "tanh", "pow", "cbrt", "erf", true)
      .Cases("erfc", "hypot", true)
      .Default(false);
}

bool isComparison(llvm::StringRef Op) {
  return Op.starts_with("cmp") || Op.starts_with("comi") ||
         Op.starts_with("ucomi");
}

// Data movement, logic and bit tricks: no FP operation.
bool isNoWork(llvm::StringRef Op) {
  for (const char *Prefix :
       {"set",     "undefined", "and",    "or",        "xor",      "blend",
        "permute", "shuffle",   "unpack", "move",      "mov",      "extract",
        "insert",  "cast",      "abs",    "broadcast", "compress", "expand",
        "alignr",  "zext",      "test"})
    if (Op.starts_with(Prefix))
      return true;
  return false;
}

std::optional<IntrinsicEffect> conversion(llvm::StringRef Op,
                                          llvm::StringRef Type, bool Masked,
                                          unsigned TypeLanes) {
  // cvt<source>_<destination>, cvtt (truncating), cvtne (to bf16), cvtx
  // (AVX512-FP16): the precision is the destination's when it is floating
  // point, else the source's.
  llvm::StringRef Source = Op.drop_front(Op.starts_with("cvtt") ? 4 : 3);
  if (!Source.consume_front("ne2"))
    Source.consume_front("ne");
  if (Source.starts_with("xp") || Source.starts_with("xs"))
    Source = Source.drop_front();
  std::optional<ElementType> Destination = elementType(Type);
  std::optional<ElementType> From = elementType(Source);
  if (!Destination && !From)
    return std::nullopt;
  IntrinsicEffect Effect;
  Effect.Precision = Destination ? Destination->Precision : From->Precision;
  Effect.Masked = Masked;
  // cvtsd_f64 and cvtss_f32 read lane 0: a move.
  if (Type == "f64" || Type == "f32") {
    Effect.What = IntrinsicEffect::Kind::NoWork;
    return Effect;
  }
  bool Scalar = (Destination && Destination->Scalar) ||
                (From && From->Scalar) || Source.starts_with("si") ||
                Type.starts_with("si") || Type == "i32" || Type == "i64" ||
                Type == "u32" || Type == "u64";
  Effect.What = IntrinsicEffect::Kind::Arithmetic;
  Effect.PerLane = {ROOF_CLASS_CONVERT, 1};
  Effect.Lanes = Scalar ? 1 : TypeLanes;
  return Effect;
}

} // namespace

std::optional<IntrinsicEffect> describeX86Intrinsic(llvm::StringRef Name,
                                                    unsigned TypeLanes) {
  unsigned Width;
  if (Name.consume_front("_mm512_"))
    Width = 512;
  else if (Name.consume_front("_mm256_"))
    Width = 256;
  else if (Name.consume_front("_mm_"))
    Width = 128;
  else
    return std::nullopt;
  bool Masked = Name.consume_front("mask_") || Name.consume_front("maskz_") ||
                Name.consume_front("mask3_");
  // cmp_pd_mask: the result is a mask, the type comes before it.
  Name.consume_back("_mask");
  auto [Op, Type] = Name.rsplit('_');
  if (Op.empty())
    return std::nullopt;
  if (Op.starts_with("cvt"))
    return conversion(Op, Type, Masked, TypeLanes);

  std::optional<ElementType> Element = elementType(Type);
  if (!Element)
    return std::nullopt;
  Op.consume_back("_round");

  IntrinsicEffect Effect;
  Effect.Precision = Element->Precision;
  Effect.ElementBytes = Element->Bits / 8;
  Effect.Masked = Masked;
  Effect.Lanes = Element->Scalar ? 1 : Width / Element->Bits;

  if (Op.consume_front("reduce_")) {
    auto It = arithmetic().find(Op);
    if (It == arithmetic().end())
      return Effect; // Unknown
    Effect.What = IntrinsicEffect::Kind::Arithmetic;
    Effect.PerLane = It->second;
    Effect.Reduction = true;
    return Effect;
  }
  if (auto It = arithmetic().find(Op); It != arithmetic().end()) {
    Effect.What = IntrinsicEffect::Kind::Arithmetic;
    Effect.PerLane = It->second;
    return Effect;
  }
  if (Op == "dpbf16") {
    // Each fp32 lane accumulates two bf16 products: 2 FMAs, 4 FLOPs, in
    // bf16 because that is the precision the products are computed in.
    Effect.What = IntrinsicEffect::Kind::Arithmetic;
    Effect.Precision = ROOF_BF16;
    Effect.PerLane = {ROOF_CLASS_FMA, 4};
    return Effect;
  }
  if (isComparison(Op)) {
    Effect.What = IntrinsicEffect::Kind::Arithmetic;
    Effect.PerLane = {ROOF_CLASS_COMPARE, 1};
    return Effect;
  }
  if (isSvmlFunction(Op) || Op == "sincos") {
    Effect.What = IntrinsicEffect::Kind::Arithmetic;
    Effect.PerLane = {ROOF_CLASS_TRANSCENDENTAL, Op == "sincos" ? 2u : 1u};
    Effect.Listed = Op.str();
    return Effect;
  }

  // Gathers with 64-bit indices fill half as many 32-bit lanes as the
  // width says: _mm512_i64gather_ps returns a __m256.
  bool GatherScatter = Op.ends_with("gather") || Op.ends_with("scatter");
  if (GatherScatter && Op.starts_with("i64") && Element->Bits == 32)
    Effect.Lanes = Width / 64;
  // One element: load1 and loaddup broadcast it, loadl/loadh/storel/storeh
  // move one half of a __m128d.
  if (Op == "load1" || Op == "loaddup" || Op == "loadl" || Op == "loadh" ||
      Op == "storel" || Op == "storeh")
    Effect.Lanes = 1;
  // _mm256_broadcast_pd reads one __m128d.
  if (Op == "broadcast" && !Element->Scalar)
    Effect.Lanes = 128 / Element->Bits;

  if (Op == "load" || Op == "loadu" || Op == "load1" || Op == "loaddup" ||
      Op == "loadl" || Op == "loadh" || Op == "loadr" || Op == "expandloadu" ||
      Op == "broadcast" || Op.ends_with("gather")) {
    Effect.What = IntrinsicEffect::Kind::Load;
    return Effect;
  }
  if (Op == "store" || Op == "storeu" || Op == "stream" || Op == "store1" ||
      Op == "storel" || Op == "storeh" || Op == "storer" ||
      Op == "compressstoreu" || Op.ends_with("scatter")) {
    Effect.What = IntrinsicEffect::Kind::Store;
    return Effect;
  }
  if (isNoWork(Op)) {
    Effect.What = IntrinsicEffect::Kind::NoWork;
    return Effect;
  }
  return Effect; // Unknown
}

} // namespace roof::staticcount
