//===- static/CountingRules.h - What a source operation counts --*- C++ -*-===//
//
// The canonical conventions of roof-static in one place (docs/static.md):
// what a library math function, a complex operation and a complex math
// function count, per element, in the runtime's classes. Operators on real
// scalars and vectors need no table (1 per element); x86 intrinsics have
// their own (X86Intrinsics.h).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_COUNTING_RULES_H
#define ROOF_STATIC_COUNTING_RULES_H

#include "roof/abi.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace roof::staticcount {

// Amount FLOPs (operations for minmax, compare, convert) of one class.
struct ClassCount {
  RoofClass Class;
  unsigned Amount;
};

// What one call counts per element, and the name it is listed by among the
// functions called (sqrt, exp, ...; none for conj, which does no work).
struct CallCost {
  std::vector<ClassCount> Counts;
  std::string Listed;
};

enum class ArithmeticOp { Add, Sub, Mul, Div };

// One complex + - * /, with either operand possibly real:
//   c+c, c-c: 2 add; c+r, r+c, c-r, r-c: 1 add;
//   c*c: 4 mul + 2 add (= 6); c*r, r*c: 2 mul;
//   c/c: textbook ((ac+bd) + (bc-ad)i) / (c^2+d^2): 6 mul + 3 add + 2 div
//        (= 11), not Smith's scaled algorithm (3 div + 3 mul + 3 add);
//   c/r: 2 div; r/c: 4 mul + 1 add + 2 div (the textbook formula with b = 0).
std::vector<ClassCount> complexArithmetic(ArithmeticOp Op, bool LeftComplex,
                                          bool RightComplex);

// A C or C++ library math function on real arguments, by the name it is
// called by (sqrt, sqrtf, __builtin_sqrt, std::sqrt as "sqrt", CUDA's
// __fmaf_rn, __expf): nothing when the name is not one.
std::optional<CallCost> realMathFunction(llvm::StringRef Name);

// A math function on a complex argument: C's cabs, cexp, ... or the C++
// overloads abs, exp, ... of complex<T>. std::polar takes reals but makes a
// complex and is here too.
std::optional<CallCost> complexMathFunction(llvm::StringRef Name);

} // namespace roof::staticcount

#endif // ROOF_STATIC_COUNTING_RULES_H
