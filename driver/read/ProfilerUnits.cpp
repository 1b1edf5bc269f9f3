//===- driver/read/ProfilerUnits.cpp - Profilers' units -------------------===//
#include "ProfilerUnits.h"

#include "InputFile.h"

#include <cstdlib>
#include <string>

namespace roof {

namespace {

// Nsight Compute 2025 and nvprof abbreviate seconds ("ns", "us", "ms", "s";
// `"gpu__time_duration.sum","ns","243,652,480"`), older versions of ncu and
// --print-units base spell them ("nsecond").
std::string spelledOut(std::string_view unit, std::string_view base) {
  if (base == "second" && (unit == "s" || (unit.size() == 2 && unit[1] == 's')))
    return std::string(unit.substr(0, unit.size() - 1)) + "second";
  return std::string(unit);
}

} // namespace

std::optional<int> unitSteps(std::string_view shownUnit,
                             std::string_view base) {
  std::string spelled = spelledOut(shownUnit, base);
  std::string_view unit = spelled;
  if (unit.empty() || unit == base)
    return 0;
  constexpr std::string_view kPerSecond = "/second";
  if (endsWith(base, kPerSecond)) {
    std::string_view perUnit = base.substr(0, base.size() - kPerSecond.size());
    if (!startsWith(unit, std::string(perUnit) + "/"))
      return std::nullopt;
    std::optional<int> time =
        unitSteps(unit.substr(perUnit.size() + 1), "second");
    return time ? std::optional(-*time) : std::nullopt;
  }
  if (unit.size() != base.size() + 1 || !endsWith(unit, base))
    return std::nullopt;
  static const std::pair<char, int> kPrefixes[] = {
      {'K', 1}, {'M', 2},  {'G', 3},  {'T', 4},
      {'P', 5}, {'m', -1}, {'u', -2}, {'n', -3}};
  for (auto [prefix, steps] : kPrefixes)
    if (unit.front() == prefix)
      return steps;
  return std::nullopt;
}

double scaledBySteps(double value, int steps, double radix) {
  double power = 1;
  for (int i = 0; i < std::abs(steps); ++i)
    power *= radix;
  return steps < 0 ? value / power : value * power;
}

} // namespace roof
