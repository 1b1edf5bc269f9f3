//===- driver/read/RankStatsJson.cpp - Rank statistics in JSON ------------===//
#include "RankStatsJson.h"

#include "StrictJson.h"

namespace roof {

namespace {

using namespace strict_json;

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

RankStat rankStatValue(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  RankStat stat{countAt(object, "ranks", path),
                memberAs(object, "min", path, nonNegativeValue),
                memberAs(object, "mean", path, nonNegativeValue),
                memberAs(object, "max", path, nonNegativeValue)};
  // "imbalance" is derived from these and recomputed, never read.
  if (stat.ranks == 0)
    fail(memberPath(path, "ranks"), "0 (a statistic over no rank is null)");
  if (!(stat.min <= stat.mean && stat.mean <= stat.max))
    fail(path, "min " + value["min"].dump() + ", mean " + value["mean"].dump() +
                   ", max " + value["max"].dump() + " are not in order");
  return stat;
}

std::optional<RankStat> optionalRankStatValue(const json &value,
                                              const std::string &path) {
  if (value.is_null())
    return std::nullopt;
  return rankStatValue(value, path);
}

RankStats rankStatsValue(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  return {countAt(object, "ranks", path),
          memberAs(object, "time_s", path, optionalRankStatValue),
          memberAs(object, "flops", path, rankStatValue),
          memberAs(object, "gflops", path, optionalRankStatValue)};
}

RankRanges rankRangesValue(const json &value, const std::string &path) {
  const json &array = arrayValue(value, path);
  RankRanges ranges;
  for (std::size_t i = 0; i < array.size(); ++i) {
    std::string rangePath = elementPath(path, i);
    const json &range = arrayValue(array[i], rangePath);
    if (range.size() != 2)
      fail(rangePath, "expected [first, last], got " +
                          std::to_string(range.size()) + " values");
    std::uint64_t first = countValue(range[0], elementPath(rangePath, 0));
    std::uint64_t last = countValue(range[1], elementPath(rangePath, 1));
    if (last < first)
      fail(rangePath, "last rank before the first");
    // Adjacent ranges would have been written as one.
    if (!ranges.empty() && first <= ranges.back().second + 1)
      fail(rangePath, "not after the previous range (ranges are ascending, "
                      "disjoint and not adjacent)");
    ranges.emplace_back(first, last);
  }
  return ranges;
}

std::map<std::string, std::uint64_t> endingsValue(const json &value,
                                                  const std::string &path) {
  std::map<std::string, std::uint64_t> endings;
  for (const auto &[ending, count] : objectValue(value, path).items())
    endings[ending] = countValue(count, memberPath(path, ending));
  return endings;
}

// How many ranks `ranges` holds, saturating.
std::uint64_t rankCount(const RankRanges &ranges) {
  std::uint64_t count = 0;
  for (const auto &[first, last] : ranges)
    count = saturatingAdd(count, saturatingAdd(last - first, 1));
  return count;
}

[[noreturn]] void failWithoutStats(const std::string &path) {
  fail(path, "missing key \"rank_stats\" (the census is merged)");
}

// A scope's statistics against the census's rank count.
void checkScope(const std::optional<RankStats> &stats,
                const std::optional<MergedRanks> &ranks,
                const std::string &path) {
  std::string statsPath = memberPath(path, "rank_stats");
  if (!ranks) {
    if (stats)
      fail(statsPath, "in a census without \"ranks\" (not merged)");
    return;
  }
  if (!stats)
    failWithoutStats(path);
  auto refuse = [&](const char *key, std::uint64_t count,
                    const std::string &expected) {
    fail(memberPath(statsPath, key),
         "ranks " + std::to_string(count) + ", expected " + expected);
  };
  std::string all = std::to_string(ranks->count) + " (the census's)";
  if (stats->ranks == 0 || stats->ranks > ranks->count)
    refuse("ranks", stats->ranks, "1 to " + all);
  // Time and FLOPs are over every rank of the census, a rate over those
  // of the scope's that have one.
  if (stats->timeS && stats->timeS->ranks != ranks->count)
    refuse("time_s", stats->timeS->ranks, all);
  if (stats->flops.ranks != ranks->count)
    refuse("flops", stats->flops.ranks, all);
  if (stats->gflops && stats->gflops->ranks > stats->ranks)
    refuse("gflops", stats->gflops->ranks,
           "at most " + std::to_string(stats->ranks) + " (the scope's)");
}

template <typename Record>
void checkScopes(const std::vector<Record> &records, const char *key,
                 const std::optional<MergedRanks> &ranks) {
  for (std::size_t i = 0; i < records.size(); ++i)
    checkScope(records[i].rankStats, ranks, elementPath(key, i));
}

} // namespace

std::optional<RankStats> rankStatsIn(const json &object,
                                     const std::string &path) {
  if (!object.contains("rank_stats"))
    return std::nullopt;
  return memberAs(object, "rank_stats", path, rankStatsValue);
}

std::optional<MergedRanks> mergedRanksIn(const json &root) {
  std::optional<RankStats> totals = rankStatsIn(
      objectValue(memberOf(root, "totals", ""), "totals"), "totals");
  if (!root.contains("ranks")) {
    checkScope(totals, std::nullopt, "totals");
    return std::nullopt;
  }
  if (!totals)
    failWithoutStats("totals");
  const std::string path = "ranks";
  const json &object = objectValue(root["ranks"], path);
  MergedRanks ranks;
  ranks.count = countAt(object, "count", path);
  ranks.mpiRanks = memberAs(object, "mpi_ranks", path, rankRangesValue);
  ranks.endedBy = memberAs(object, "ended_by", path, endingsValue);
  if (ranks.count == 0)
    fail(memberPath(path, "count"), "0 (a merged census has ranks)");
  if (rankCount(ranks.mpiRanks) > ranks.count)
    fail(memberPath(path, "mpi_ranks"),
         "more ranks than \"count\" (" + std::to_string(ranks.count) + ")");
  std::uint64_t ended = 0;
  for (const auto &[ending, count] : ranks.endedBy)
    ended = saturatingAdd(ended, count);
  if (ended != ranks.count)
    fail(memberPath(path, "ended_by"),
         "counts sum to " + std::to_string(ended) + ", not \"count\" (" +
             std::to_string(ranks.count) + ")");
  ranks.totals = *totals;
  return ranks;
}

void checkRankStats(const Census &census) {
  if (census.ranks) {
    if (census.mpiRank)
      fail("mpi_rank", "a rank, but the census merges " +
                           std::to_string(census.ranks->count) +
                           " (expected null)");
    checkScope(census.ranks->totals, census.ranks, "totals");
    if (census.ranks->totals.ranks != census.ranks->count)
      fail("totals.rank_stats.ranks",
           std::to_string(census.ranks->totals.ranks) + ", expected " +
               std::to_string(census.ranks->count) + " (the census's)");
  }
  checkScopes(census.functions, "functions", census.ranks);
  checkScopes(census.regions, "regions", census.ranks);
  checkScopes(census.kernels, "kernels", census.ranks);
}

} // namespace roof
