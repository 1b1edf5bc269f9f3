//===- driver/read/MeasuredBytes.cpp - Measured bytes per level -----------===//
#include "MeasuredBytes.h"

#include "InputFile.h"
#include "StrictJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace roof {

namespace {

using ScopeBytes = std::map<std::string, std::vector<LevelBytes>>;

void collectLevels(std::set<std::string> &names,
                   const std::vector<LevelBytes> &list) {
  for (const LevelBytes &bytes : list)
    names.insert(bytes.level);
}

void collectLevels(std::set<std::string> &names, const ScopeBytes &scopes) {
  for (const auto &[name, list] : scopes)
    collectLevels(names, list);
}

} // namespace

std::vector<std::string> MeasuredBytes::hostLevels() const {
  std::set<std::string> names;
  collectLevels(names, program);
  collectLevels(names, regions);
  collectLevels(names, functions);
  return {names.begin(), names.end()};
}

std::vector<std::string> MeasuredBytes::kernelLevels() const {
  std::set<std::string> names;
  collectLevels(names, kernels);
  return {names.begin(), names.end()};
}

namespace {

// A byte count: a positive finite number (1.5e9 is as good as 1500000000,
// measuring tools print both).
std::optional<double> byteCount(std::string_view text) {
  std::optional<double> value = parseFiniteNumber(trimmed(text));
  if (!value || *value <= 0)
    return std::nullopt;
  return value;
}

} // namespace

void addLevelBytes(std::vector<LevelBytes> &list, LevelBytes bytes,
                   std::string_view where) {
  bool repeated =
      std::any_of(list.begin(), list.end(),
                  [&](const LevelBytes &b) { return b.level == bytes.level; });
  if (repeated)
    throw UsageError("bytes of level " + bytes.level + " given twice for " +
                     std::string(where));
  list.push_back(std::move(bytes));
}

const char *bytesSourceName(BytesSource source) {
  switch (source) {
  case BytesSource::Counted:
    return "counted";
  case BytesSource::Modelled:
    return "modelled";
  case BytesSource::Measured:
    return "measured";
  }
  return "";
}

LevelBytes parseLevelBytesOption(std::string_view text) {
  std::size_t equals = text.find('=');
  std::optional<double> bytes;
  if (equals != std::string_view::npos && equals > 0)
    bytes = byteCount(text.substr(equals + 1));
  if (!bytes)
    throw UsageError("--bytes expects LEVEL=BYTES with a positive number of "
                     "bytes (e.g. DRAM=1.5e9), got '" +
                     std::string(text) + "'");
  return {std::string(text.substr(0, equals)), *bytes, BytesSource::Measured};
}

namespace {

using nlohmann::json;

[[noreturn]] void refuse(const std::string &what) { throw InputError(what); }

// {"LEVEL": bytes, ...} at `where`.
std::vector<LevelBytes> levelsIn(const json &object, const std::string &where) {
  if (!object.is_object())
    refuse(where + ": expected an object of LEVEL: bytes");
  std::vector<LevelBytes> list;
  for (const auto &[level, value] : object.items()) {
    if (!value.is_number() || value.get<double>() <= 0)
      refuse(where + "." + level + ": expected a positive number of bytes");
    list.push_back({level, value.get<double>(), BytesSource::Measured});
  }
  return list;
}

MeasuredBytes parseJsonBytes(std::string_view text) {
  json root;
  try {
    root = strict_json::parseJsonText(text);
  } catch (const strict_json::InvalidJson &error) {
    refuse(std::string("not JSON: ") + error.what());
  }
  const char *const expectedKeys =
      "\"program\", \"regions\", \"functions\", \"kernels\"";
  if (!root.is_object())
    refuse(std::string("expected an object with ") + expectedKeys);
  MeasuredBytes measured;
  for (const auto &[key, value] : root.items()) {
    if (key == "program") {
      measured.program = levelsIn(value, key);
      continue;
    }
    auto *scopes = key == "regions"     ? &measured.regions
                   : key == "functions" ? &measured.functions
                   : key == "kernels"   ? &measured.kernels
                                        : nullptr;
    if (!scopes)
      refuse("unknown key \"" + key + "\" (expected " + expectedKeys + ")");
    if (!value.is_object())
      refuse(key + ": expected an object of NAME: {LEVEL: bytes}");
    for (const auto &[name, levels] : value.items())
      (*scopes)[name] = levelsIn(levels, key + "." + name);
  }
  return measured;
}

// One CSV field list, split at commas; fields of this file are names and
// numbers, so quoting is not supported (and refused by the header check).
std::vector<std::string_view> commaSeparated(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = line.find(',', start);
    fields.push_back(trimmed(line.substr(start, comma - start)));
    if (comma == std::string_view::npos)
      return fields;
    start = comma + 1;
  }
}

MeasuredBytes parseCsvBytes(std::string_view text) {
  std::vector<std::string_view> lines = textLines(text);
  std::vector<std::string_view> header = commaSeparated(lines.front());
  if (header !=
      std::vector<std::string_view>{"scope", "name", "level", "bytes"})
    refuse("line 1: expected the header scope,name,level,bytes");
  MeasuredBytes measured;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (trimmed(lines[i]).empty())
      continue;
    std::string where = "line " + std::to_string(i + 1);
    std::vector<std::string_view> fields = commaSeparated(lines[i]);
    if (fields.size() != 4)
      refuse(where + ": expected 4 fields, got " +
             std::to_string(fields.size()));
    std::optional<double> bytes = byteCount(fields[3]);
    if (!bytes || fields[2].empty())
      refuse(where + ": expected a level and a positive number of bytes");
    LevelBytes entry{std::string(fields[2]), *bytes, BytesSource::Measured};
    std::string name(fields[1]);
    try {
      if (fields[0] == "program")
        addLevelBytes(measured.program, entry, "the program");
      else if (fields[0] == "region")
        addLevelBytes(measured.regions[name], entry, "region " + name);
      else if (fields[0] == "function")
        addLevelBytes(measured.functions[name], entry, "function " + name);
      else if (fields[0] == "kernel")
        addLevelBytes(measured.kernels[name], entry, "kernel " + name);
      else
        refuse(where + ": scope is '" + std::string(fields[0]) +
               "', expected program, region, function or kernel");
    } catch (const UsageError &error) {
      refuse(where + ": " + error.what());
    }
  }
  return measured;
}

} // namespace

MeasuredBytes readMeasuredBytesFile(const std::string &path) {
  return parseInputFile(path, [&](std::string_view text) {
    bool isJson = endsWith(path, ".json") || trimmed(text).front() == '{';
    return isJson ? parseJsonBytes(text) : parseCsvBytes(text);
  });
}

} // namespace roof
