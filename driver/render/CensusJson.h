//===- driver/CensusJson.h - The census as JSON -----------------*- C++ -*-===//
//
// A census written in the runtime's format (docs/schema.md), with the
// "ranks" and "rank_stats" of a merged census when it has them: what
// roof merge writes, and what readCensusFile reads back unchanged. The
// count objects are the report's as well (roof report --json).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_CENSUSJSON_H
#define ROOF_DRIVER_CENSUSJSON_H

#include "Census.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace roof {

nlohmann::ordered_json censusJson(const Census &census);

// Adds what says which process (or, merged, which processes) `census`
// counted: "program", "command_line", "pid", "mpi_rank", "ranks" when
// merged, "start_time", "wall_time_s", "ended_by".
void addProcessJson(nlohmann::ordered_json &json, const Census &census);

// {"triple", "cpu", "features"}.
nlohmann::ordered_json targetJson(const TargetInfo &target);

// The number, or null when absent.
nlohmann::ordered_json optionalJson(const std::optional<double> &value);

// {"canonical", "empirical", "full_width"}.
nlohmann::ordered_json kindCountsJson(const KindCounts &counts);

// {"global": {"loaded", "stored"}, "shared", ...}.
nlohmann::ordered_json bytesBySpaceJson(const BytesBySpace &spaces);

} // namespace roof

#endif // ROOF_DRIVER_CENSUSJSON_H
