//===- driver/InputFile.cpp - Reading other tools' files ------------------===//
#include "InputFile.h"

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

std::optional<double> parseFiniteNumber(std::string_view text) {
  double value = 0;
  const char *end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end ||
      !std::isfinite(value))
    return std::nullopt;
  return value;
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
