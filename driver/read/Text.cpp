//===- driver/read/Text.cpp - Numbers and names for people ----------------===//
#include "Text.h"

#include "Census.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace roof {

namespace {

std::string printed(const char *format, double value, std::string_view unit) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  std::string text = buffer;
  if (!unit.empty())
    text.append(" ").append(unit);
  return text;
}

// True when `value` would print as 1000.000 or more with three decimals.
bool roundsToThousand(double value) { return value >= 999.9995; }

} // namespace

std::string humanQuantity(double quantity, std::string_view unit) {
  static constexpr std::array<const char *, 7> kPrefixes = {"",  "k", "M", "G",
                                                            "T", "P", "E"};
  std::size_t prefix = 0;
  double scaled = quantity;
  while (roundsToThousand(scaled) && prefix + 1 < kPrefixes.size()) {
    ++prefix;
    scaled = quantity / std::pow(1000.0, prefix);
  }
  return printed("%.3f", scaled, std::string(kPrefixes[prefix]).append(unit));
}

std::string humanCount(std::uint64_t count, std::string_view unit) {
  if (count == kSaturated)
    return kOverflowText;
  if (count >= 1000)
    return humanQuantity(static_cast<double>(count), unit);
  std::string text = std::to_string(count);
  if (!unit.empty())
    text.append(" ").append(unit);
  return text;
}

std::string signedDifference(std::uint64_t after, std::uint64_t before) {
  std::uint64_t magnitude = after >= before ? after - before : before - after;
  std::string digits = std::to_string(magnitude);
  for (std::size_t at = digits.size(); at > 3; at -= 3)
    digits.insert(at - 3, ",");
  if (magnitude == 0)
    return digits;
  return (after > before ? "+" : "-") + digits;
}

std::string humanSeconds(double seconds) {
  if (seconds == 0)
    return "0 s";
  static constexpr std::array<const char *, 4> kUnits = {"s", "ms", "us", "ns"};
  std::size_t unit = 0;
  double scaled = seconds;
  // Scale up while the value would print as 0.xxx.
  while (scaled < 0.9995 && unit + 1 < kUnits.size()) {
    ++unit;
    scaled *= 1000;
  }
  return printed("%.3f", scaled, kUnits[unit]);
}

std::string decimal(double value) {
  if (value != 0 && std::fabs(value) < 0.0005)
    return printed("%.3e", value, "");
  return printed("%.3f", value, "");
}

std::string percentText(double fraction) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f%%", fraction * 100);
  return buffer;
}

std::string orUndefined(const std::optional<double> &value,
                        std::string (*format)(double)) {
  return value ? format(*value) : kUndefinedText;
}

std::string plural(std::uint64_t count, const char *singular,
                   const char *pluralForm) {
  return std::to_string(count) + " " + (count == 1 ? singular : pluralForm);
}

std::string dim3Text(const std::array<std::uint64_t, 3> &dim) {
  return std::to_string(dim[0]) + "x" + std::to_string(dim[1]) + "x" +
         std::to_string(dim[2]);
}

std::string readableFunctionName(const std::string &mangled,
                                 const std::string &demangled) {
  if (!demangled.empty() && demangled != mangled)
    return demangled;
  if (mangled.rfind("_Z", 0) != 0)
    return mangled; // a C name
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> result(
      abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
      &std::free);
  return status == 0 && result ? std::string(result.get()) : mangled;
}

namespace {

// `name` with its last top-level parenthesised group (the parameter list of
// a C++ function) replaced by "(...)", or `name` when there is none.
std::string withoutParameters(const std::string &name) {
  std::size_t close = name.rfind(')');
  if (close == std::string::npos)
    return name;
  int depth = 0;
  for (std::size_t i = close + 1; i-- > 0;) {
    if (name[i] == ')')
      ++depth;
    else if (name[i] == '(' && --depth == 0)
      return name.substr(0, i) + "(...)" + name.substr(close + 1);
  }
  return name;
}

} // namespace

std::string shortenName(const std::string &name, std::size_t width) {
  if (name.size() <= width)
    return name;
  std::string shorter = withoutParameters(name);
  if (shorter.size() <= width)
    return shorter;
  static constexpr std::string_view kEllipsis = "...";
  if (width <= kEllipsis.size())
    return shorter.substr(0, width);
  // The end names the function itself; keep twice as much of it. Cuts move
  // off UTF-8 continuation bytes so that no character is split.
  auto isContinuation = [&](std::size_t i) {
    return (static_cast<unsigned char>(shorter[i]) & 0xC0) == 0x80;
  };
  std::size_t kept = width - kEllipsis.size();
  std::size_t head = kept / 3;
  std::size_t tailStart = shorter.size() - (kept - head);
  while (head > 0 && isContinuation(head))
    --head;
  while (tailStart < shorter.size() && isContinuation(tailStart))
    ++tailStart;
  return shorter.substr(0, head) + std::string(kEllipsis) +
         shorter.substr(tailStart);
}

std::string shellWord(std::string_view word) {
  static constexpr std::string_view kSafe =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
      "_@%+=:,./-";
  if (!word.empty() && word.find_first_not_of(kSafe) == std::string_view::npos)
    return std::string(word);
  std::string quoted = "'";
  for (char c : word) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

std::string joined(const std::vector<std::string> &words,
                   const char *separator) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i ? separator : "") + words[i];
  return text;
}

std::string shellCommand(const std::vector<std::string> &words) {
  std::string line;
  for (const std::string &word : words)
    line += (line.empty() ? "" : " ") + shellWord(word);
  return line;
}

std::string exactDecimal(double value) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

} // namespace roof
