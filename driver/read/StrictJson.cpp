//===- driver/read/StrictJson.cpp - Typed access to JSON, with paths ------===//
#include "StrictJson.h"

#include <algorithm>
#include <cmath>

namespace roof::strict_json {

void fail(const std::string &path, const std::string &what) {
  throw InputError(path.empty() ? what : path + ": " + what);
}

std::string memberPath(const std::string &parent, std::string_view key) {
  std::string path = parent;
  if (!path.empty())
    path += '.';
  return path.append(key);
}

std::string elementPath(const std::string &parent, std::size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

std::string describe(const json &value) {
  constexpr std::size_t kMaxShown = 40;
  switch (value.type()) {
  case json::value_t::object:
    return "an object";
  case json::value_t::array:
    return "an array";
  case json::value_t::string: {
    std::string text = value.dump(-1, ' ', true);
    if (text.size() > kMaxShown)
      text = text.substr(0, kMaxShown) + "...\"";
    return "string " + text;
  }
  default:
    return value.dump();
  }
}

namespace {

// nlohmann prefixes its messages with "[json.exception.parse_error.101] ".
std::string withoutExceptionId(const char *message) {
  std::string text = message;
  if (!text.empty() && text.front() == '[') {
    std::size_t end = text.find("] ");
    if (end != std::string::npos)
      text.erase(0, end + 2);
  }
  return text;
}

// "line L, column C" of byte `offset` of `text`, both from 1.
std::string positionOf(std::string_view text, std::size_t offset) {
  std::string_view before = text.substr(0, offset);
  std::size_t line = 1 + std::count(before.begin(), before.end(), '\n');
  std::size_t lineStart = before.rfind('\n');
  std::size_t column =
      offset - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

} // namespace

json parseJsonText(std::string_view text) {
  try {
    return json::parse(text);
  } catch (const json::parse_error &error) {
    throw InvalidJson(withoutExceptionId(error.what()));
  } catch (const json::out_of_range &error) {
    // "number overflow parsing '1e400'": the number is the first token of
    // that text in the file that is not inside a string (the parser stops
    // at the first error).
    std::string message = withoutExceptionId(error.what());
    std::size_t open = message.find('\'');
    std::size_t close = message.rfind('\'');
    if (open == std::string::npos || close <= open)
      throw InvalidJson(message);
    std::string_view number =
        std::string_view(message).substr(open + 1, close - open - 1);
    bool inString = false;
    for (std::size_t at = 0; at < text.size(); ++at) {
      if (text[at] == '"')
        inString = !inString;
      else if (inString && text[at] == '\\')
        ++at;
      else if (!inString && text.compare(at, number.size(), number) == 0)
        throw InvalidJson(message + " at " + positionOf(text, at));
    }
    throw InvalidJson(message);
  }
}

json parseDocument(std::string_view text, std::string_view expected) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    fail("", "empty file (expected " + std::string(expected) + ")");
  try {
    return parseJsonText(text);
  } catch (const InvalidJson &error) {
    fail("", std::string("not JSON: ") + error.what());
  }
}

std::uint64_t checkDocumentHeader(const json &root, std::string_view schema,
                                  std::uint64_t oldest, std::uint64_t newest,
                                  std::string_view what) {
  if (!root.is_object())
    fail("", "expected a JSON object at the top level, got " + describe(root));
  if (stringAt(root, "schema", "") != schema)
    fail("", "\"schema\" is " + describe(memberOf(root, "schema", "")) +
                 ", expected \"" + std::string(schema) + "\" (not " +
                 std::string(what) + ")");
  std::uint64_t found = countAt(root, "schema_version", "");
  if (found < oldest || found > newest)
    fail("", "schema_version " + std::to_string(found) +
                 " is not supported (this roof reads " +
                 (oldest == newest ? "version " + std::to_string(newest)
                                   : "versions " + std::to_string(oldest) +
                                         " to " + std::to_string(newest)) +
                 ")");
  return found;
}

const json &memberOf(const json &object, const char *key,
                     const std::string &path) {
  auto found = object.find(key);
  if (found == object.end())
    fail(path, std::string("missing key \"") + key + "\"");
  return *found;
}

const json &objectValue(const json &value, const std::string &path) {
  if (!value.is_object())
    fail(path, "expected an object, got " + describe(value));
  return value;
}

const json &arrayValue(const json &value, const std::string &path) {
  if (!value.is_array())
    fail(path, "expected an array, got " + describe(value));
  return value;
}

std::string stringValue(const json &value, const std::string &path) {
  if (!value.is_string())
    fail(path, "expected a string, got " + describe(value));
  return value.get<std::string>();
}

bool boolValue(const json &value, const std::string &path) {
  if (!value.is_boolean())
    fail(path, "expected true or false, got " + describe(value));
  return value.get<bool>();
}

std::uint64_t countValue(const json &value, const std::string &path) {
  if (value.is_number_unsigned())
    return value.get<std::uint64_t>();
  if (value.is_number_integer())
    fail(path, "negative count " + value.dump());
  if (value.is_number_float()) {
    // 2^64 exactly; every double at or above it is out of range.
    constexpr double kTwoTo64 = 18446744073709551616.0;
    double number = value.get<double>();
    if (number >= kTwoTo64)
      fail(path, "count " + value.dump() +
                     " does not fit in an unsigned 64-bit integer");
    if (number < 0)
      fail(path, "negative count " + value.dump());
    fail(path, "expected an integer count, got " + value.dump());
  }
  fail(path, "expected an unsigned integer, got " + describe(value));
}

double nonNegativeValue(const json &value, const std::string &path) {
  if (!value.is_number())
    fail(path, "expected a number, got " + describe(value));
  double number = value.get<double>();
  if (!std::isfinite(number) || number < 0)
    fail(path, "expected a non-negative number, got " + value.dump());
  return number;
}

void checkFlopSum(std::uint64_t total, std::uint64_t classSum,
                  const std::string &path) {
  if (total != classSum)
    fail(path, std::to_string(total) + " is not the sum of its FLOP classes (" +
                   std::to_string(classSum) + ")");
}

} // namespace roof::strict_json
