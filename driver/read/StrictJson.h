//===- driver/read/StrictJson.h - Typed JSON, with paths --------*- C++ -*-===//
//
// The building blocks of roof's strict JSON readers: the runtime's census
// (Census.cpp, schema "roof") and roof-static's (StaticCounts.cpp, schema
// "roof-static"). Every accessor takes the path of the value it reads and
// refuses anything unexpected with an InputError that names it, e.g.
//   functions[2].fp64.classes.div.empirical: negative count -3
// so that a refusal is one line that says exactly where the file is wrong.
//
// Counts must be JSON integers that fit in 64 unsigned bits; nlohmann parses
// non-negative integers as unsigned, negative ones as signed, and anything
// larger than 2^64-1 as a double, which is how each case is told apart.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_STRICTJSON_H
#define ROOF_DRIVER_STRICTJSON_H

#include "Census.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace roof::strict_json {

using nlohmann::json;

// Throws InputError "PATH: WHAT" ("WHAT" at the top level, path "").
[[noreturn]] void fail(const std::string &path, const std::string &what);

// "parent.key" ("key" at the top level) and "parent[index]".
std::string memberPath(const std::string &parent, std::string_view key);
std::string elementPath(const std::string &parent, std::size_t index);

// A short, single-line picture of an unexpected value: its JSON text for
// scalars (escaped, so control characters cannot break the line), its kind
// for containers.
std::string describe(const json &value);

// What is wrong with `text` as JSON, in one line with its position, thrown
// by parseJsonText: nlohmann's syntax errors (which say the line and column),
// and a number too large for a double ("number overflow parsing '1e400' at
// line 3, column 12"), which nlohmann reports without a position and as
// another exception type.
struct InvalidJson : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// json::parse(text), throwing only InvalidJson. Every JSON reader of roof
// parses with it.
json parseJsonText(std::string_view text);

// `text` parsed, refused when it is blank ("empty file (expected
// EXPECTED)") or not JSON ("not JSON: <nlohmann's message>").
json parseDocument(std::string_view text, std::string_view expected);

// Refuses a document that is not an object with "schema": SCHEMA and a
// "schema_version" from OLDEST to NEWEST ("... (not WHAT)" for another
// schema), before anything else is looked at: a file of another version may
// differ anywhere, and the version is the useful thing to report. Returns
// the document's version.
std::uint64_t checkDocumentHeader(const json &root, std::string_view schema,
                                  std::uint64_t oldest, std::uint64_t newest,
                                  std::string_view what);

// The member `key` of `object`, refused when missing.
const json &memberOf(const json &object, const char *key,
                     const std::string &path);

// `value` itself when it has the expected type, else a refusal.
const json &objectValue(const json &value, const std::string &path);
const json &arrayValue(const json &value, const std::string &path);
std::string stringValue(const json &value, const std::string &path);
bool boolValue(const json &value, const std::string &path);
std::uint64_t countValue(const json &value, const std::string &path);
// A finite number >= 0 (seconds, rates), integer or not.
double nonNegativeValue(const json &value, const std::string &path);

// convert(object[key], "path.key"), refused when the key is missing.
template <typename Value>
Value memberAs(const json &object, const char *key, const std::string &path,
               Value (*convert)(const json &, const std::string &)) {
  return convert(memberOf(object, key, path), memberPath(path, key));
}

inline std::uint64_t countAt(const json &object, const char *key,
                             const std::string &path) {
  return memberAs(object, key, path, countValue);
}

inline std::string stringAt(const json &object, const char *key,
                            const std::string &path) {
  return memberAs(object, key, path, stringValue);
}

// Applies `readElement(element, path)` to every element of the array at
// `key`.
template <typename Record, typename ReadElement>
std::vector<Record> arrayAt(const json &object, const char *key,
                            const std::string &path, ReadElement readElement) {
  std::string arrayPath = memberPath(path, key);
  const json &array = arrayValue(memberOf(object, key, path), arrayPath);
  std::vector<Record> records;
  records.reserve(array.size());
  for (std::size_t i = 0; i < array.size(); ++i)
    records.push_back(readElement(array[i], elementPath(arrayPath, i)));
  return records;
}

// Refuses a precision total that is not the sum of its FLOP classes.
void checkFlopSum(std::uint64_t total, std::uint64_t classSum,
                  const std::string &path);

} // namespace roof::strict_json

#endif // ROOF_DRIVER_STRICTJSON_H
