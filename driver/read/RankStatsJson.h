//===- driver/read/RankStatsJson.h - Rank statistics in JSON ----*- C++ -*-===//
//
// The "ranks" section and the "rank_stats" of each scope of a merged census
// (docs/schema.md, "Merged censuses"), read as strictly as the rest of the
// census (a refusal names the key); Json.h writes them.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_RANKSTATSJSON_H
#define ROOF_DRIVER_RANKSTATSJSON_H

#include "Census.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace roof {

// The "rank_stats" of the scope `object` at `path`; absent when it has none.
std::optional<RankStats> rankStatsIn(const nlohmann::json &object,
                                     const std::string &path);

// The "ranks" of a census (with the totals' rank_stats); absent when the
// census is one process's.
std::optional<MergedRanks> mergedRanksIn(const nlohmann::json &root);

// Refuses rank statistics that contradict the census: scopes with them in a
// census that is not merged, scopes without them in one that is, more ranks
// than the census has.
void checkRankStats(const Census &census);

} // namespace roof

#endif // ROOF_DRIVER_RANKSTATSJSON_H
