//===- driver/read/InputFile.cpp - Reading other tools' files -------------===//
#include "InputFile.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace roof {

std::string readInputFile(const std::string &path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw InputError(path + ": is a directory");
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw InputError(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad())
    throw InputError(path + ": cannot read: " + std::strerror(errno));
  if (trimmed(text.str()).empty())
    throw InputError(path + ": empty file");
  return text.str();
}

std::optional<std::uint64_t> parseUnsigned(std::string_view text) {
  std::uint64_t value = 0;
  const char *end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end)
    return std::nullopt;
  return value;
}

std::optional<double> parseFiniteNumber(std::string_view text) {
  double value = 0;
  const char *end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end ||
      !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::optional<double> parseGroupedNumber(std::string_view text) {
  std::size_t comma = text.find(',');
  if (comma == std::string_view::npos)
    return parseFiniteNumber(text);
  // Integer digits before the fraction or exponent, grouped by three.
  std::size_t integerEnd = text.find_first_of(".eE");
  if (integerEnd == std::string_view::npos)
    integerEnd = text.size();
  if (comma > integerEnd)
    return std::nullopt;
  std::string_view integer = text.substr(0, integerEnd);
  std::size_t firstDigit = integer.find_first_not_of("+-");
  std::size_t leadingGroup = comma - std::min(comma, firstDigit);
  if (firstDigit > 1 || leadingGroup == 0 || leadingGroup > 3)
    return std::nullopt;
  std::string digits(integer.substr(0, comma));
  for (std::size_t at = comma; at < integer.size(); at += 4) {
    if (integer[at] != ',' || at + 4 > integer.size())
      return std::nullopt;
    std::string_view group = integer.substr(at + 1, 3);
    if (group.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    digits.append(group);
  }
  digits.append(text.substr(integerEnd));
  return parseFiniteNumber(digits);
}

std::optional<std::vector<std::string>> csvRecord(std::string_view line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c != '"')
        fields.back() += c;
      else if (i + 1 < line.size() && line[i + 1] == '"')
        fields.back() += line[++i];
      else
        quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  if (quoted)
    return std::nullopt;
  return fields;
}

std::vector<std::string_view> blankSeparatedWords(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while ((start = text.find_first_not_of(" \t\r\n", start)) !=
         std::string_view::npos) {
    std::size_t end = text.find_first_of(" \t\r\n", start);
    if (end == std::string_view::npos)
      end = text.size();
    words.push_back(text.substr(start, end - start));
    start = end;
  }
  return words;
}

std::string_view trimmed(std::string_view text) {
  std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos)
    return {};
  std::size_t last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::vector<std::string_view> textLines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

} // namespace roof
