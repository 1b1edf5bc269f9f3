//===- static/CountingRules.cpp - What a source operation counts ----------===//
#include "CountingRules.h"

#include "llvm/ADT/StringMap.h"

namespace roof::staticcount {

std::vector<ClassCount> complexArithmetic(ArithmeticOp Op, bool LeftComplex,
                                          bool RightComplex) {
  bool BothComplex = LeftComplex && RightComplex;
  switch (Op) {
  case ArithmeticOp::Add:
  case ArithmeticOp::Sub:
    return {{ROOF_CLASS_ADD, BothComplex ? 2u : 1u}};
  case ArithmeticOp::Mul:
    if (BothComplex)
      return {{ROOF_CLASS_MUL, 4}, {ROOF_CLASS_ADD, 2}};
    return {{ROOF_CLASS_MUL, 2}};
  case ArithmeticOp::Div:
    if (BothComplex)
      return {{ROOF_CLASS_MUL, 6}, {ROOF_CLASS_ADD, 3}, {ROOF_CLASS_DIV, 2}};
    if (LeftComplex)
      return {{ROOF_CLASS_DIV, 2}};
    return {{ROOF_CLASS_MUL, 4}, {ROOF_CLASS_ADD, 1}, {ROOF_CLASS_DIV, 2}};
  }
  return {};
}

namespace {

using Table = llvm::StringMap<std::vector<ClassCount>>;

const Table &realFunctions() {
  static const Table Functions = [] {
    Table T;
    const std::vector<ClassCount> Transcendental{
        {ROOF_CLASS_TRANSCENDENTAL, 1}};
    for (const char *Name :
         {"exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",
          "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
          "tanh", "asinh", "acosh", "atanh", "pow", "cbrt", "erf", "erfc",
          "erfinv", "erfcinv", "hypot", "tgamma", "lgamma", "fmod", "remainder",
          "sinpi", "cospi", "rcbrt", "rhypot", "normcdf", "normcdfinv", "j0",
          "j1", "y0", "y1",
          // CUDA's fast approximations.
          "__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__sinf",
          "__cosf", "__tanf", "__powf"})
      T[Name] = Transcendental;
    // sincos computes two functions.
    for (const char *Name : {"sincos", "sincospi", "__sincosf"})
      T[Name] = {{ROOF_CLASS_TRANSCENDENTAL, 2}};
    for (const char *Name : {"sqrt", "rsqrt"})
      T[Name] = {{ROOF_CLASS_SQRT, 1}};
    T["fma"] = {{ROOF_CLASS_FMA, 2}};
    T["__fdividef"] = {{ROOF_CLASS_DIV, 1}};
    for (const char *Name : {"fmin", "fmax", "min", "max"})
      T[Name] = {{ROOF_CLASS_MINMAX, 1}};
    for (const char *Name :
         {"floor", "ceil", "trunc", "round", "rint", "nearbyint", "lround",
          "llround", "lrint", "llrint"})
      T[Name] = {{ROOF_CLASS_CONVERT, 1}};
    // fabs and copysign are sign-bit operations, not in the table: no work.
    return T;
  }();
  return Functions;
}

// CUDA's explicitly rounded arithmetic, __fadd_rn, __dmul_rz, __fmaf_rd,
// __fsqrt_ru, ...: the stem between "__" and the rounding suffix.
std::optional<std::vector<ClassCount>> cudaRounded(llvm::StringRef Name) {
  if (!Name.consume_front("__"))
    return std::nullopt;
  llvm::StringRef Stem;
  for (const char *Suffix : {"_rn", "_rz", "_ru", "_rd"})
    if (Name.ends_with(Suffix))
      Stem = Name.drop_back(3);
  if (Stem.empty())
    return std::nullopt;
  static const Table Stems = [] {
    Table T;
    for (const char *S : {"fadd", "dadd", "fsub", "dsub"})
      T[S] = {{ROOF_CLASS_ADD, 1}};
    for (const char *S : {"fmul", "dmul"})
      T[S] = {{ROOF_CLASS_MUL, 1}};
    for (const char *S : {"fdiv", "ddiv", "frcp", "drcp"})
      T[S] = {{ROOF_CLASS_DIV, 1}};
    for (const char *S : {"fsqrt", "dsqrt", "frsqrt"})
      T[S] = {{ROOF_CLASS_SQRT, 1}};
    for (const char *S : {"fmaf", "fma", "fmaf_ieee"})
      T[S] = {{ROOF_CLASS_FMA, 2}};
    return T;
  }();
  auto It = Stems.find(Stem);
  if (It == Stems.end())
    return std::nullopt;
  return It->second;
}

// Looks Name up as written, then without a float/long double suffix
// (sqrtf, expl), then, when AllowComplexPrefix, without C's complex prefix
// (cexp, cabsf). Returns the name found.
std::optional<llvm::StringRef> findName(const Table &T, llvm::StringRef Name,
                                        bool AllowComplexPrefix) {
  auto Find = [&](llvm::StringRef N) -> std::optional<llvm::StringRef> {
    if (auto It = T.find(N); It != T.end())
      return It->first();
    if ((N.ends_with("f") || N.ends_with("l")) && !N.starts_with("__"))
      if (auto It = T.find(N.drop_back()); It != T.end())
        return It->first();
    return std::nullopt;
  };
  if (auto Found = Find(Name))
    return Found;
  if (AllowComplexPrefix && Name.starts_with("c"))
    return Find(Name.drop_front());
  return std::nullopt;
}

} // namespace

std::optional<CallCost> realMathFunction(llvm::StringRef Name) {
  // __builtin_sqrt, and clang's <tgmath.h>, whose sqrt(x) calls __tg_sqrt.
  if (!Name.consume_front("__builtin_"))
    Name.consume_front("__tg_");
  if (auto Rounded = cudaRounded(Name))
    return CallCost{*Rounded, Name.str()};
  auto Found = findName(realFunctions(), Name, /*AllowComplexPrefix=*/false);
  if (!Found)
    return std::nullopt;
  return CallCost{realFunctions().find(*Found)->second, Found->str()};
}

std::optional<CallCost> complexMathFunction(llvm::StringRef Name) {
  static const Table Functions = [] {
    Table T;
    // |z| = sqrt(re^2 + im^2).
    T["abs"] = {{ROOF_CLASS_MUL, 2}, {ROOF_CLASS_ADD, 1}, {ROOF_CLASS_SQRT, 1}};
    T["norm"] = {{ROOF_CLASS_MUL, 2}, {ROOF_CLASS_ADD, 1}};
    // arg(z) = atan2(im, re).
    T["arg"] = {{ROOF_CLASS_TRANSCENDENTAL, 1}};
    // exp(z) = e^re (cos im + i sin im); polar(r, t) = r cos t + i r sin t.
    T["exp"] = {{ROOF_CLASS_TRANSCENDENTAL, 3}, {ROOF_CLASS_MUL, 2}};
    T["polar"] = {{ROOF_CLASS_TRANSCENDENTAL, 2}, {ROOF_CLASS_MUL, 2}};
    // log(z) = log|z| + i arg(z).
    T["log"] = {{ROOF_CLASS_TRANSCENDENTAL, 2},
                {ROOF_CLASS_MUL, 2},
                {ROOF_CLASS_ADD, 1},
                {ROOF_CLASS_SQRT, 1}};
    for (const char *Name : {"conj", "real", "imag", "proj"})
      T[Name] = {};
    // The rest have no single textbook formula: one transcendental each.
    for (const char *Name :
         {"sqrt", "pow", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
          "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"})
      T[Name] = {{ROOF_CLASS_TRANSCENDENTAL, 1}};
    return T;
  }();
  Name.consume_front("__builtin_");
  auto Found = findName(Functions, Name, /*AllowComplexPrefix=*/true);
  if (!Found)
    return std::nullopt;
  const std::vector<ClassCount> &Counts = Functions.find(*Found)->second;
  return CallCost{Counts, Counts.empty() ? "" : Found->str() + "(complex)"};
}

} // namespace roof::staticcount
