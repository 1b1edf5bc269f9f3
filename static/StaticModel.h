//===- static/StaticModel.h - What roof-static finds ------------*- C++ -*-===//
//
// The results of the source analysis, independent of clang's AST, so that
// the writers (ReportWriter) and the driver see plain data: per function,
// its loops and floating-point statements with their counts, and totals as
// polynomials in the program's variables and macros.
//
// Precisions and operation classes are those of the runtime JSON
// (include/roof/abi.h, docs/schema.md), so that the counts of the source
// can be compared with the census of a run key by key.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_STATIC_MODEL_H
#define ROOF_STATIC_STATIC_MODEL_H

#include "Polynomial.h"

#include "roof/abi.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roof::staticcount {

// Names as they appear in the runtime JSON, indexed by RoofPrecision and
// RoofClass.
extern const std::array<const char *, ROOF_NUM_PRECISIONS> kPrecisionNames;
extern const std::array<const char *, ROOF_NUM_CLASSES> kClassNames;

// add, mul, fma, div, sqrt, transcendental: the classes summed into FLOPs.
constexpr bool isFlopClass(unsigned Class) {
  return Class < ROOF_NUM_FLOP_CLASSES;
}

// Floating-point work and data of one precision.
struct PrecisionTally {
  // In FLOPs for the FLOP classes (an FMA is 2), in operations for minmax,
  // compare and convert, as in the runtime JSON.
  std::array<Polynomial, ROOF_NUM_CLASSES> Classes;
  Polynomial BytesLoaded;
  Polynomial BytesStored;
  // Library math functions called (sqrt, exp, pow, ...), by name.
  std::map<std::string, Polynomial> Functions;

  Polynomial flops() const;
  bool empty() const;
};

// One tally per precision.
struct Tally {
  std::array<PrecisionTally, ROOF_NUM_PRECISIONS> Precisions;

  Tally &operator+=(const Tally &O);
  Tally operator*(const Polynomial &Times) const;
  bool empty() const;
  Polynomial bytesLoaded() const;
  Polynomial bytesStored() const;
};

// What a piece of code does. Operations under a mask known only at run time
// cannot be counted exactly; they are counted at full width in a tally of
// their own, an upper bound, and left out of the canonical counts.
struct OpCounts {
  Tally Canonical;
  Tally MaskDependent;

  OpCounts &operator+=(const OpCounts &O);
  OpCounts operator*(const Polynomial &Times) const;
  bool empty() const { return Canonical.empty() && MaskDependent.empty(); }
};

// Where something is written. Line is where it is in the function (the
// expansion line when it comes from a macro); Macro and SpellingLine name
// the macro its first floating-point operation is spelled in, if any.
struct SourcePlace {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Macro;
  std::string SpellingFile;
  unsigned SpellingLine = 0;
};

// A statement that does floating-point work or moves floating-point data.
struct StatementRecord {
  SourcePlace Where;
  std::string Text;   // the source, on one line, shortened
  int Loop = -1;      // innermost enclosing loop (index into Loops), or -1
  unsigned Depth = 0; // number of enclosing loops
  bool Conditional = false; // under if, switch, ?:, && or || (counted as run)
  OpCounts PerExecution;
  Polynomial Executions; // times it runs per call of the function
  std::vector<std::string> Notes;
};

struct LoopRecord {
  SourcePlace Where;
  std::string Kind;     // for, while, do, range-for
  std::string Variable; // induction variable of a bounded for loop
  int Parent = -1;      // enclosing loop, or -1
  unsigned Depth = 0;
  bool Bounded = false;
  std::string Reason; // why it is not bounded
  // Iterations per entry: a polynomial when bounded, else the symbol
  // trips_L<line> that stands for the unknown count.
  Polynomial Trips;
  Polynomial Iterations;  // all iterations per call of the function
  bool EarlyExit = false; // break, return or goto: the count is an upper bound
  OpCounts Total;
};

// Where a name in a polynomial comes from, and its value if the source or
// the command line gives one.
struct SymbolRecord {
  std::string Origin; // macro, constant, variable, expression, loop
  std::optional<Rational> Value;
};

struct FunctionRecord {
  std::string Name;      // mangled (linkage) name, as in the runtime JSON
  std::string Demangled; // llvm::demangle(Name), as in the runtime JSON
  std::string Qualified; // ns::Class::function, without template arguments
  std::string Kind;      // function, kernel (CUDA __global__), device
  SourcePlace Where;
  std::vector<LoopRecord> Loops;
  std::vector<StatementRecord> Statements;
  OpCounts Total;
  std::map<std::string, SymbolRecord> Symbols;
  // Loops and statements in source order: (is loop, index).
  std::vector<std::pair<bool, unsigned>> Order;
};

} // namespace roof::staticcount

#endif // ROOF_STATIC_STATIC_MODEL_H
