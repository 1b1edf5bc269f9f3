//===- driver/read/RankStats.cpp - How ranks differ in a merged census ----===//
#include "RankStats.h"

namespace roof {

std::optional<double> imbalance(const RankStat &stat) {
  if (stat.mean <= 0)
    return std::nullopt;
  return stat.max / stat.mean - 1;
}

std::string rankRangesText(const RankRanges &ranges) {
  std::string text;
  for (const auto &[first, last] : ranges) {
    text += (text.empty() ? "" : ",") + std::to_string(first);
    if (last != first)
      text += "-" + std::to_string(last);
  }
  return text;
}

} // namespace roof
