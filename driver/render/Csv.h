//===- driver/render/Csv.h - Reports as CSV ---------------------*- C++ -*-===//
//
// CSV (RFC 4180) for spreadsheets and scripts: a header line, then a row per
// (scope, precision) of the data its analysis derived; counts as exact
// integers, other numbers in their shortest exact decimal, empty fields
// where a value is undefined or does not apply.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_CSV_H
#define ROOF_DRIVER_CSV_H

#include "Report.h"
#include "RooflineReport.h"
#include "StaticComparison.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// One CSV field (RFC 4180): quoted when it contains a comma, a quote or a
// line break.
std::string csvField(std::string_view text);

// A number as a CSV field: exact decimal, empty when undefined.
std::string csvNumber(const std::optional<double> &value);

// Writes `fields` as one CSV line (RFC 4180 quoting).
void printCsvRow(std::ostream &out, const std::vector<std::string> &fields);

// roof report --csv: a header line and one row per (scope, name, precision):
//   scope,name,demangled,precision,calls,entries,time_s,canonical,empirical,
//   full_width,empirical_per_canonical,bytes,bytes_loaded,bytes_stored,
//   ai_canonical,ai_empirical,gflops_canonical,gflops_empirical
// followed with --classes by CLASS_canonical,CLASS_empirical,
// CLASS_full_width for each of the ten classes, and when the census has
// kernels by launches,counted_launches,sequence,grid,block,
// shared_memory_bytes,stream,bytes_global (grid and block as XxYxZ), with
// scope "kernel" rows and, with --launches, "launch" rows (named by their
// kernel). A merged census adds ranks, then for time_s, flops and gflops
// their _min, _mean, _max and _imbalance over the ranks. Empty fields are
// undefined or do not apply.
void printReportCsv(std::ostream &out, const ReportData &report);

// roof report --static --csv: a header line and one row per (function,
// precision) with the same columns:
//   in,name,demangled,module,file,line,calls,exact,caveats,precision,
//   source_polynomial,source_per_call,source_canonical,executed_canonical,
//   empirical,executed_per_source,empirical_per_executed
// followed with --classes by CLASS_source_per_call, CLASS_source_canonical,
// CLASS_executed_canonical and CLASS_empirical for each of the nine classes;
// caveats are joined with "; ", empty fields are null.
void printStaticComparisonCsv(std::ostream &out, const ComparisonData &data);

// roof report --ceilings --csv: a row per scope, precision, FLOP count and
// level:
//   scope,name,label,time_s,precision,compute_ceiling,compute_gflops,
//   flops_kind (empirical, canonical),flops,gflops,level,bytes,source,ai,
//   bandwidth_gbytes,bound_gflops,compute_bound,efficiency,binding
// empty where undefined; binding is true on the row of the level that binds
// the point, whose efficiency is the point's.
void printRooflineCsv(std::ostream &out, const RooflineData &data);

} // namespace roof

#endif // ROOF_DRIVER_CSV_H
