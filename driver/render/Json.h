//===- driver/render/Json.h - The census and reports as JSON ----*- C++ -*-===//
//
// A census written in the runtime's format (docs/schema.md), with the
// "ranks" and "rank_stats" of a merged census when it has them: what
// roof merge writes, and what readCensusFile reads back unchanged. The
// count objects are the reports' as well (roof report --json).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_JSON_H
#define ROOF_DRIVER_JSON_H

#include "Census.h"
#include "Report.h"
#include "RooflineReport.h"
#include "StaticComparison.h"
#include "ToolComparison.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roof {

nlohmann::ordered_json censusJson(const Census &census);

// Adds what says which process (or, merged, which processes) `census`
// counted: "program", "command_line", "pid", "mpi_rank", "ranks" when
// merged, "start_time", "wall_time_s", "ended_by".
void addProcessJson(nlohmann::ordered_json &json, const Census &census);

// The "rank_stats" of a scope of a merged census.
nlohmann::ordered_json rankStatsJson(const RankStats &stats);

// The "ranks" section, without the totals' statistics (which go with the
// totals, under "rank_stats" like every scope's).
nlohmann::ordered_json mergedRanksJson(const MergedRanks &ranks);

// {"triple", "cpu", "features"}.
nlohmann::ordered_json targetJson(const TargetInfo &target);

// The number, or null when absent.
nlohmann::ordered_json optionalJson(const std::optional<double> &value);

// {"canonical", "empirical", "full_width"}.
nlohmann::ordered_json kindCountsJson(const KindCounts &counts);

// {"global": {"loaded", "stored"}, "shared", ...}.
nlohmann::ordered_json bytesBySpaceJson(const BytesBySpace &spaces);

// roof report --json: one object,
//   {"schema": "roof-report", "schema_version": 1, "census": PATH,
//    "program", "command_line", "pid", "mpi_rank", "start_time",
//    "wall_time_s", "target", "threads" (count), "modules" (count),
//    "overflow", "totals": SCOPE, "regions": [SCOPE], "functions": [SCOPE],
//    "functions_total" (before --top),
//    and only when the census has kernels: "gpu" (null or {"name",
//    "compute_capability"}), "kernels": [SCOPE], "kernels_total"; for a
//    merged census "ranks" after "mpi_rank"}
//   SCOPE = {"name", ["demangled", "module", "calls", "thread_time_s"] for
//            functions, ["entries"] for regions, ["demangled", "module",
//            "launches", "counted_launches"] for kernels, "time_s" (null:
//            not timed), "bytes_loaded", "bytes_stored", "bytes" (null: past
//            2^64-1), ["bytes_by_space": {"global": {"loaded", "stored"},
//            "shared", "local", "constant", "generic"}] for kernels and
//            launches,
//            "precisions": {"fp64": {"canonical", "empirical", "full_width",
//              "empirical_per_canonical", "ai_canonical", "ai_empirical",
//              "gflops_canonical", "gflops_empirical",
//              ["classes": {"add": {"canonical", "empirical", "full_width"},
//                           ...}] with --classes}, ...},
//            ["rank_stats"] in a merged census (docs/schema.md),
//            ["launch_records": [LAUNCH]] for kernels with --launches}
//   LAUNCH = SCOPE with "sequence", "grid" [x, y, z], "block" [x, y, z],
//            "shared_memory_bytes", "stream" in place of the name
// Counts are exact integers; a derived value is null when undefined.
void printReportJson(std::ostream &out, const ReportData &report,
                     const std::string &censusPath);

// roof report --static --json: one object,
//   {"schema": "roof-static-comparison", "schema_version": 1,
//    "census": RUN.json, "static": STATIC.json, "program",
//    "command_line", "overflow", "parameters": {NAME: value},
//    "failed": [FILE], "functions": [ROW], "functions_total": {"both",
//    "run", "static"} (before --top), "static_without_work" (static-only
//    functions without floating-point work, not listed)}
//   ROW = {"in": "both" | "run" | "static", "name", "demangled", "module",
//          "file", "line", "calls", "exact", "caveats",
//          "precisions": {"fp64": {"source_polynomial", "source_per_call",
//            "source_canonical", "executed_canonical", "empirical",
//            "executed_per_source", "empirical_per_executed",
//            ["classes": {"add": {"source_per_call", "source_canonical",
//              "executed_canonical", "empirical"}, ...}] with --classes},
//            ...}}
//   null where a file does not have the value (module, calls and the run's
//   counts of a static-only function; file, line, exact and the source's of
//   a run-only one), where a source count is unbound, and where a ratio is
//   undefined.
void printStaticComparisonJson(std::ostream &out, const ComparisonData &data,
                               const std::string &runPath,
                               const std::string &sourcePath);

// Its ROWs, in the order of the table (Csv.h flattens them).
std::vector<nlohmann::ordered_json>
comparedFunctionsJson(const ComparisonData &data);

// roof report --ceilings --json: one object,
//   {"schema": "roof-roofline", "schema_version": 2, "census": PATH,
//    "ceilings": CEILINGS (null: no CPU ceilings given),
//    ["gpu_ceilings": CEILINGS, with GPU ceilings],
//    "scopes": [{"kind" (program, region, function, kernel), "name",
//      "label", "time_s",
//      "precisions": {"fp64": {"mix": {"flops", "operations", "alpha",
//          "fma_flop_share", "divide_share"},
//        "compute_ceiling": {"label", "gflops", "kind", "partial",
//          "file_entry", "reason"} (null: the file has none),
//        "empirical": POINT, "canonical": POINT}}}]}
//   CEILINGS = {"file", "origin", "compute": [{"name", "label",
//      "precision" (null: any), "kind", "gflops"}], "bandwidth": [{"level",
//      "gbytes"}]}
//   POINT = {"flops", "gflops", "efficiency", "binding_level",
//            "levels": [{"level", "bytes", "source" (counted, modelled,
//                        measured: BytesSource), "ai", "bandwidth_gbytes",
//                        "bound_gflops", "compute_bound", "efficiency"}]}
// null where a value is undefined (not timed, no bandwidth for the level).
// Version 1 had "measured": true/false where version 2 has "source".
//
inline constexpr std::uint64_t kRooflineSchemaVersion = 2;
void printRooflineJson(std::ostream &out, const RooflineData &data);

// roof compare --json: the comparisons with Nsight Compute and nvprof,
//   {"schema": "roof-compare-gpu", "schema_version": 1, "census": PATH,
//    "comparisons": [{"tool", "file", "roof_count", "device", "roof_device",
//      "process_window_start", "kernels", "not_in_census", "not_profiled"}]}
// (docs/compare-gpu.md).
void printGpuComparisonsJson(std::ostream &out, const Census &census,
                             const std::string &censusPath,
                             const std::vector<GpuComparison> &comparisons);

} // namespace roof

#endif // ROOF_DRIVER_JSON_H
