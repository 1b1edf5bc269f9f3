//===- driver/read/LikwidOutput.cpp - Counts from likwid-perfctr ----------===//
#include "LikwidOutput.h"

#include "InputFile.h"

namespace roof {

namespace {

// The cells of a table row "| a | b |", trimmed.
std::vector<std::string_view> cellsOf(std::string_view row) {
  std::vector<std::string_view> cells;
  std::size_t start = 1;
  while (start < row.size()) {
    std::size_t bar = row.find('|', start);
    if (bar == std::string_view::npos)
      break;
    cells.push_back(trimmed(row.substr(start, bar - start)));
    start = bar + 1;
  }
  return cells;
}

// "Group 1: FLOPS_DP" or "Region triad, Group 1: FLOPS_DP": the group and
// the region of the tables that follow.
bool isGroupHeading(std::string_view line, LikwidGroup &heading) {
  std::string_view region;
  if (startsWith(line, "Region ")) {
    std::size_t comma = line.find(", Group ");
    if (comma == std::string_view::npos)
      return false;
    region = line.substr(7, comma - 7);
    line = line.substr(comma + 2);
  }
  if (!startsWith(line, "Group "))
    return false;
  std::size_t colon = line.find(':');
  if (colon == std::string_view::npos)
    return false;
  heading.group = std::string(trimmed(line.substr(colon + 1)));
  heading.region = std::string(trimmed(region));
  return !heading.group.empty();
}

} // namespace

constexpr double kMaxLikwidValue = 18446744073709551616.0; // 2^64

std::vector<LikwidGroup> parseLikwid(std::string_view text) {
  // A table is a rule, a header row, a rule, the rows, a closing rule.
  enum class Box { Outside, Header, Underline, Body } box = Box::Outside;
  enum class Kind { Events, Metrics, Other } kind = Kind::Other;
  std::vector<LikwidGroup> groups;
  std::size_t lineNumber = 0;
  for (std::string_view raw : textLines(text)) {
    ++lineNumber;
    std::string_view line = trimmed(raw);
    LikwidGroup heading;
    if (isGroupHeading(line, heading)) {
      groups.push_back(heading);
      box = Box::Outside;
      continue;
    }
    if (startsWith(line, "+-")) {
      box = box == Box::Outside     ? Box::Header
            : box == Box::Underline ? Box::Body
                                    : Box::Outside;
      continue;
    }
    if (!startsWith(line, "|"))
      continue;
    std::vector<std::string_view> cells = cellsOf(line);
    if (cells.empty())
      continue;
    if (box == Box::Header) {
      kind = cells[0] == "Event"    ? Kind::Events
             : cells[0] == "Metric" ? Kind::Metrics
                                    : Kind::Other; // "Region Info", ...
      box = Box::Underline;
      continue;
    }
    if (box != Box::Body || kind == Kind::Other || groups.empty())
      continue;
    if (endsWith(cells[0], " STAT"))
      continue; // sums LIKWID made; roof sums the threads itself
    LikwidGroup &group = groups.back();
    std::size_t first = kind == Kind::Events ? 2 : 1; // after the counter
    std::vector<double> values;
    std::string name(cells[0]);
    for (std::size_t i = first; i < cells.size(); ++i)
      if (std::optional<double> value = parseFiniteNumber(cells[i])) {
        // Counters and metrics are counts, sizes, rates and times, which
        // fit 64 bits: anything else would make the sums over threads, or
        // the FLOPs of rate x time, infinite.
        if (*value < 0 || *value > kMaxLikwidValue)
          throw InputError("line " + std::to_string(lineNumber) + ": " + name +
                           ": " + std::string(cells[i]) +
                           " is not a count, size, rate or time (negative, "
                           "or above 2^64)");
        values.push_back(*value);
      }
    if (kind == Kind::Events) {
      double sum = 0;
      for (double value : values)
        sum += value;
      group.events[name] += sum;
    } else {
      group.metrics[name] = values;
    }
  }
  bool anyTable = false;
  for (const LikwidGroup &group : groups)
    anyTable = anyTable || !group.events.empty() || !group.metrics.empty();
  if (!anyTable)
    throw InputError("no \"Group N: NAME\" with an Event or Metric table "
                     "(not the output of likwid-perfctr?)");
  return groups;
}

std::optional<LikwidFlops> likwidFlops(const LikwidGroup &group) {
  struct Counter {
    const char *event;
    RoofPrecision precision;
    double flopsPerCount;
  };
  static const Counter kIntelCounters[] = {
      {"FP_ARITH_INST_RETIRED_SCALAR_DOUBLE", ROOF_FP64, 1},
      {"FP_ARITH_INST_RETIRED_128B_PACKED_DOUBLE", ROOF_FP64, 2},
      {"FP_ARITH_INST_RETIRED_256B_PACKED_DOUBLE", ROOF_FP64, 4},
      {"FP_ARITH_INST_RETIRED_512B_PACKED_DOUBLE", ROOF_FP64, 8},
      {"FP_ARITH_INST_RETIRED_SCALAR_SINGLE", ROOF_FP32, 1},
      {"FP_ARITH_INST_RETIRED_128B_PACKED_SINGLE", ROOF_FP32, 4},
      {"FP_ARITH_INST_RETIRED_256B_PACKED_SINGLE", ROOF_FP32, 8},
      {"FP_ARITH_INST_RETIRED_512B_PACKED_SINGLE", ROOF_FP32, 16}};

  LikwidFlops flops;
  for (const Counter &counter : kIntelCounters)
    if (auto found = group.events.find(counter.event);
        found != group.events.end())
      flops.byPrecision[counter.precision] +=
          found->second * counter.flopsPerCount;
  if (!flops.byPrecision.empty()) {
    flops.source = "FP_ARITH_INST_RETIRED_{SCALAR,128B,256B,512B}_* "
                   "counters x elements per instruction";
    flops.exact = true;
    return flops;
  }
  if (auto amd = group.events.find("RETIRED_SSE_AVX_FLOPS_ALL");
      amd != group.events.end()) {
    flops.all = amd->second;
    flops.source = "RETIRED_SSE_AVX_FLOPS_ALL counter (both precisions)";
    flops.exact = true;
    return flops;
  }

  // Only the metric table: MFLOP/s x runtime, thread by thread.
  auto runtime = group.metrics.find("Runtime (RDTSC) [s]");
  if (runtime == group.metrics.end())
    return std::nullopt;
  for (auto [metric, precision] : {std::pair("DP [MFLOP/s]", ROOF_FP64),
                                   std::pair("SP [MFLOP/s]", ROOF_FP32)}) {
    auto rate = group.metrics.find(metric);
    if (rate == group.metrics.end() ||
        rate->second.size() != runtime->second.size())
      continue;
    double total = 0;
    for (std::size_t t = 0; t < rate->second.size(); ++t)
      total += rate->second[t] * 1e6 * runtime->second[t];
    flops.byPrecision[precision] = total;
  }
  if (flops.byPrecision.empty())
    return std::nullopt;
  flops.source = "[MFLOP/s] x Runtime (RDTSC) [s] per thread, as printed "
                 "(rounded)";
  return flops;
}

std::optional<double> likwidMemoryBytes(const LikwidGroup &group) {
  auto volume = group.metrics.find("Memory data volume [GBytes]");
  if (volume == group.metrics.end() || volume->second.empty())
    return std::nullopt;
  double gigabytes = 0;
  for (double value : volume->second)
    gigabytes += value;
  return gigabytes * 1e9;
}

} // namespace roof
