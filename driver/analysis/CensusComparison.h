//===- driver/CensusComparison.h - Source beside the run --------*- C++ -*-===//
//
// `roof report --census census.json run.json`: per function and precision,
// three numbers side by side,
//   source     canonical FLOPs as written (roof-census, SourceCensus.h) for
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
// files the census did not read), only in the census (never called, inlined
// into every caller, or without instrumented work).
//
// A source count is a polynomial (roof-census counts symbolically); while a
// name in it has no value, it is shown as "unbound: POLYNOMIAL" and has no
// total and no ratio.
//
// --json writes one object:
//   {"schema": "roof-census-comparison", "schema_version": 1,
//    "census": RUN.json, "source_census": CENSUS.json, "program",
//    "command_line", "overflow", "parameters": {NAME: value},
//    "failed": [FILE], "functions": [ROW], "functions_total": {"both",
//    "run", "census"} (before --top), "census_without_work" (census-only
//    functions without floating-point work, not listed)}
//   ROW = {"in": "both" | "run" | "census", "name", "demangled", "module",
//          "file", "line", "calls", "exact", "caveats",
//          "precisions": {"fp64": {"source_polynomial", "source_per_call",
//            "source_canonical", "executed_canonical", "empirical",
//            "executed_per_source", "empirical_per_executed",
//            ["classes": {"add": {"source_per_call", "source_canonical",
//              "executed_canonical", "empirical"}, ...}] with --classes},
//            ...}}
//   null where a file does not have the value (module, calls and the run's
//   counts of a census-only function; file, line, exact and the source's of
//   a run-only one), where a source count is unbound, and where a ratio is
//   undefined.
// --csv writes a header line and one row per (function, precision) with the
// same columns:
//   in,name,demangled,module,file,line,calls,exact,caveats,precision,
//   source_polynomial,source_per_call,source_canonical,executed_canonical,
//   empirical,executed_per_source,empirical_per_executed
// followed with --classes by CLASS_source_per_call, CLASS_source_canonical,
// CLASS_executed_canonical and CLASS_empirical for each of the nine classes;
// caveats are joined with "; ", empty fields are null.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_CENSUSCOMPARISON_H
#define ROOF_DRIVER_CENSUSCOMPARISON_H

#include "Census.h"
#include "Metrics.h"
#include "Report.h"
#include "SourceCensus.h"

#include <cstddef>
#include <optional>
#include <ostream>
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
  std::vector<ComparedFunction> censusOnly; // in census order
  // Census-only functions without floating-point work: not listed.
  std::size_t censusOnlyWithoutWork = 0;
};

// Matches the functions of `run` and `source` by mangled name (and, among
// functions of the same name, by file); ranks the run's functions by
// empirical FLOPs of the precisions `ranking` shows (rankFunctions).
FunctionPairing pairFunctions(const Census &run, const SourceCensus &source,
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

// Writes the comparison of the run read from `runPath` with the census read
// from `sourcePath` to `out`, in the format, precisions, --top and --classes
// of `options`.
void printCensusComparison(std::ostream &out, const Census &run,
                           const std::string &runPath,
                           const SourceCensus &source,
                           const std::string &sourcePath,
                           const ReportOptions &options);

} // namespace roof

#endif // ROOF_DRIVER_CENSUSCOMPARISON_H
