//===- driver/analysis/StaticComparison.h - Source and run ------*- C++ -*-===//
//
// `roof report --static static.json run.json`: per function and precision,
// three numbers side by side,
//   source     canonical FLOPs as written (roof-static, StaticCounts.h) for
//              one call, times the run's `calls` of the function;
//   executed   canonical FLOPs of the code the optimizer left (the run);
//   empirical  FLOPs the target executes (the run);
// and two ratios: executed / source (below 1: the optimizer removed work,
// CSE or LICM; above 1: callees inlined into the function, whose work the
// run gives their caller) and empirical / executed (the work the target
// adds: divide and square-root sequences, libm bodies).
//
// Functions are matched by mangled name; static functions of the same name
// in several files are told apart by their file (the run's module). Those
// found in one file only are listed as such: only in the run (built from
// files roof static did not read), only in the static counts (never called,
// inlined into every caller, or without instrumented work).
//
// A source count is a polynomial (roof-static counts symbolically); while a
// name in it has no value, it is shown as "unbound: POLYNOMIAL" and has no
// total and no ratio.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_STATICCOMPARISON_H
#define ROOF_DRIVER_STATICCOMPARISON_H

#include "Census.h"
#include "Metrics.h"
#include "Report.h"
#include "StaticCounts.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roof {

// One function as the run and the census have it; either may be absent.
struct ComparedFunction {
  const FunctionRecord *run = nullptr;
  const SourceFunction *source = nullptr;
};

struct FunctionPairing {
  std::vector<ComparedFunction> both;       // in the run's rank order
  std::vector<ComparedFunction> runOnly;    // in the run's rank order
  std::vector<ComparedFunction> staticOnly; // in census order
  // Static-only functions without floating-point work: not listed.
  std::size_t staticOnlyWithoutWork = 0;
};

// Matches the functions of `run` and `source` by mangled name (and, among
// functions of the same name, by file); ranks the run's functions by
// empirical FLOPs of the precisions `ranking` shows (rankFunctions).
FunctionPairing pairFunctions(const Census &run, const StaticCounts &source,
                              const PrecisionSelection &ranking);

// The numbers of one precision, or of one of its classes, of a function.
struct ComparedCounts {
  const SourceQuantity *perCall = nullptr; // the census's, for one call
  std::optional<std::uint64_t> source;     // perCall x calls, when bound
  std::optional<std::uint64_t> executed;   // the run's canonical
  std::optional<std::uint64_t> empirical;  // the run's empirical
  std::optional<double> executedPerSource;
  std::optional<double> empiricalPerExecuted;
};

// cls < 0: the precision's FLOPs; else that class.
ComparedCounts compareCounts(const ComparedFunction &function,
                             RoofPrecision precision, int cls = -1);

// One shown precision of a listed function: its numbers, and with
// --classes those of each class.
struct ComparedRow {
  RoofPrecision precision;
  ComparedCounts counts;
  std::array<ComparedCounts, ROOF_NUM_CLASSES> classes{};
};

struct ListedFunction {
  ComparedFunction function;
  std::string demangled; // readableFunctionName, from the run if it has it
  std::vector<ComparedRow> rows; // by default the precisions in which
                                 // either file has FLOPs (or, with
                                 // --classes, operations), display order
};

// What roof report --static shows: the functions of each section, at most
// `selection.top` each, with their numbers, and how many each section has.
struct ComparisonData {
  const Census *run = nullptr;
  const StaticCounts *source = nullptr;
  ReportSelection selection;
  std::vector<ListedFunction> both;       // in the run's rank order
  std::vector<ListedFunction> runOnly;    // in the run's rank order
  std::vector<ListedFunction> staticOnly; // in the static counts' order
  std::size_t bothTotal = 0;              // before --top
  std::size_t runOnlyTotal = 0;
  std::size_t staticOnlyTotal = 0;
  // Static-only functions without floating-point work: not listed.
  std::size_t staticOnlyWithoutWork = 0;
};

ComparisonData compareWithSource(const Census &run, const StaticCounts &source,
                                 const ReportSelection &selection);

} // namespace roof

#endif // ROOF_DRIVER_STATICCOMPARISON_H
