//===- static/ReportWriter.h - Table and JSON output ------------*- C++ -*-===//
//
// Writes what roof-static found: a table for people, one line per loop and
// floating-point statement with totals per function, or JSON (schema
// "roof-static", version 2, docs/static.md) for the driver, keyed like the
// runtime JSON: functions by mangled "name" and "demangled", precisions
// fp16/bf16/fp32/fp64, classes add ... convert, FLOPs with FMA = 2.
//
// Every count is given as a polynomial and, when every name in it has a
// value (from a macro, a constant, or --param), as a number.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_REPORT_WRITER_H
#define ROOF_STATIC_REPORT_WRITER_H

#include "StaticModel.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace roof::staticcount {

inline constexpr const char *kSchema = "roof-static";
inline constexpr int kSchemaVersion = 2;

struct Report {
  std::vector<FunctionRecord> Functions;
  // Values given on the command line; they override the source's.
  std::map<std::string, Rational> Parameters;
  // Said once for a file: templates never instantiated, ...
  std::vector<std::string> Notes;
  // Files that did not compile.
  std::vector<std::string> Failed;
};

void writeTable(llvm::raw_ostream &OS, const Report &R);
void writeJson(llvm::raw_ostream &OS, const Report &R);

} // namespace roof::staticcount

#endif // ROOF_STATIC_REPORT_WRITER_H
