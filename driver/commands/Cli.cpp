//===- driver/commands/Cli.cpp - Command-line conventions of roof ---------===//
#include "Cli.h"

#include <charconv>
#include <iostream>

namespace roof {

int printError(std::string_view message) {
  // Messages may quote file contents or names; keep them on one line.
  std::string line(message);
  for (char &c : line)
    if (c == '\n' || c == '\r')
      c = ' ';
  std::cerr << "roof: " << line << std::endl;
  return kExitFailure;
}

std::optional<std::string> optionValue(const std::vector<std::string> &args,
                                       std::size_t &i, std::string_view name) {
  std::string_view arg = args[i];
  if (arg.size() > name.size() && arg.substr(0, name.size()) == name &&
      arg[name.size()] == '=')
    return std::string(arg.substr(name.size() + 1));
  if (arg != name)
    return std::nullopt;
  if (i + 1 == args.size())
    throw UsageError("option " + std::string(name) + " needs a value");
  return args[++i];
}

std::size_t parseCount(const std::string &text, std::string_view option) {
  std::size_t value = 0;
  const char *end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end)
    throw UsageError(std::string(option) +
                     " expects a non-negative integer, got '" + text + "'");
  return value;
}

} // namespace roof
