//===- driver/Census.cpp - Strict reader of the census JSON ---------------===//
//
// Walks the parsed JSON with the path of every value at hand, so that a
// refusal says exactly where the file is wrong, e.g.
//   functions[2].fp64.classes.div.empirical: negative count -3
// Counts must be JSON integers that fit in 64 unsigned bits; nlohmann parses
// non-negative integers as unsigned, negative ones as signed, and anything
// larger than 2^64-1 as a double, which is how each case is told apart.
//
//===----------------------------------------------------------------------===//
#include "Census.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace roof {

const std::array<const char *, ROOF_NUM_PRECISIONS> kPrecisionNames = {
    "fp16", "bf16", "fp32", "fp64"};
static_assert(ROOF_FP16 == 0 && ROOF_BF16 == 1 && ROOF_FP32 == 2 &&
                  ROOF_FP64 == 3,
              "kPrecisionNames follows the order of RoofPrecision");

const std::array<const char *, ROOF_NUM_CLASSES> kClassNames = {
    "add",    "mul",     "fma",    "div", "sqrt", "transcendental",
    "minmax", "compare", "convert"};
static_assert(ROOF_CLASS_ADD == 0 && ROOF_CLASS_TRANSCENDENTAL == 5 &&
                  ROOF_CLASS_CONVERT == 8,
              "kClassNames follows the order of RoofClass");

std::optional<RoofPrecision> precisionFromName(std::string_view name) {
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p)
    if (name == kPrecisionNames[p])
      return static_cast<RoofPrecision>(p);
  return std::nullopt;
}

namespace {

using nlohmann::json;

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

[[noreturn]] void fail(const std::string &path, const std::string &what) {
  throw CensusError(path.empty() ? what : path + ": " + what);
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

// A short, single-line picture of an unexpected value: its JSON text for
// scalars (escaped, so control characters cannot break the line), its kind
// for containers.
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

//===----------------------------------------------------------------------===//
// Typed access to members
//===----------------------------------------------------------------------===//

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

double secondsValue(const json &value, const std::string &path) {
  if (!value.is_number())
    fail(path, "expected a number, got " + describe(value));
  double seconds = value.get<double>();
  if (!std::isfinite(seconds) || seconds < 0)
    fail(path, "expected a non-negative number, got " + value.dump());
  return seconds;
}

std::optional<double> optionalSecondsValue(const json &value,
                                           const std::string &path) {
  if (value.is_null())
    return std::nullopt;
  return secondsValue(value, path);
}

template <typename Value>
Value memberAs(const json &object, const char *key, const std::string &path,
               Value (*convert)(const json &, const std::string &)) {
  return convert(memberOf(object, key, path), memberPath(path, key));
}

std::uint64_t countAt(const json &object, const char *key,
                      const std::string &path) {
  return memberAs(object, key, path, countValue);
}

std::string stringAt(const json &object, const char *key,
                     const std::string &path) {
  return memberAs(object, key, path, stringValue);
}

//===----------------------------------------------------------------------===//
// Census objects
//===----------------------------------------------------------------------===//

KindCounts kindCountsIn(const json &object, const std::string &path) {
  objectValue(object, path);
  return {countAt(object, "canonical", path),
          countAt(object, "empirical", path),
          countAt(object, "full_width", path)};
}

void checkFlopSum(std::uint64_t total, std::uint64_t classSum,
                  const std::string &path) {
  if (total != classSum)
    fail(path, std::to_string(total) + " is not the sum of its FLOP classes (" +
                   std::to_string(classSum) + ")");
}

PrecisionCounts precisionIn(const json &object, const std::string &path) {
  PrecisionCounts precision;
  precision.flops = kindCountsIn(object, path);

  std::string classesPath = memberPath(path, "classes");
  const json &classes =
      objectValue(memberOf(object, "classes", path), classesPath);
  // Summed the way the runtime sums them, saturating at 2^64-1.
  KindCounts classSum;
  for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls) {
    const char *name = kClassNames[cls];
    KindCounts counts = kindCountsIn(memberOf(classes, name, classesPath),
                                     memberPath(classesPath, name));
    precision.classes[cls] = counts;
    if (!isFlopClass(cls))
      continue;
    classSum.canonical = saturatingAdd(classSum.canonical, counts.canonical);
    classSum.empirical = saturatingAdd(classSum.empirical, counts.empirical);
    classSum.fullWidth = saturatingAdd(classSum.fullWidth, counts.fullWidth);
  }
  checkFlopSum(precision.flops.canonical, classSum.canonical,
               memberPath(path, "canonical"));
  checkFlopSum(precision.flops.empirical, classSum.empirical,
               memberPath(path, "empirical"));
  checkFlopSum(precision.flops.fullWidth, classSum.fullWidth,
               memberPath(path, "full_width"));
  return precision;
}

// The census keys of `object` (totals, a function, a region or a thread).
Counts countsIn(const json &object, const std::string &path) {
  Counts counts;
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
    const char *name = kPrecisionNames[p];
    counts.precisions[p] =
        precisionIn(memberOf(object, name, path), memberPath(path, name));
  }
  counts.bytesLoaded = countAt(object, "bytes_loaded", path);
  counts.bytesStored = countAt(object, "bytes_stored", path);
  return counts;
}

TargetInfo targetIn(const json &object, const std::string &path) {
  return {stringAt(object, "triple", path), stringAt(object, "cpu", path),
          stringAt(object, "features", path)};
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

ModuleRecord moduleIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  ModuleRecord module;
  module.source = stringAt(object, "source", path);
  module.target = targetIn(object, path);
  module.functions = countAt(object, "functions", path);
  return module;
}

FunctionRecord functionIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  FunctionRecord function;
  function.name = stringAt(object, "name", path);
  function.demangled = stringAt(object, "demangled", path);
  function.module = stringAt(object, "module", path);
  function.calls = countAt(object, "calls", path);
  function.timeS = memberAs(object, "time_s", path, optionalSecondsValue);
  function.threadTimeS =
      memberAs(object, "thread_time_s", path, optionalSecondsValue);
  function.counts = countsIn(object, path);
  return function;
}

RegionRecord regionIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  RegionRecord region;
  region.name = stringAt(object, "name", path);
  region.entries = countAt(object, "entries", path);
  region.timeS = memberAs(object, "time_s", path, secondsValue);
  region.counts = countsIn(object, path);
  return region;
}

ThreadRecord threadIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  ThreadRecord thread;
  thread.index = countAt(object, "index", path);
  thread.tid = countAt(object, "tid", path);
  thread.counts = countsIn(object, path);
  return thread;
}

// Refuses other schemas and versions before anything else is looked at: a
// file of another version may differ anywhere, and the version is the useful
// thing to report.
void checkSchema(const json &root) {
  std::string schema = stringAt(root, "schema", "");
  if (schema != kCensusSchema)
    fail("", "\"schema\" is " + describe(memberOf(root, "schema", "")) +
                 ", expected \"" + kCensusSchema + "\" (not a roof census)");
  std::uint64_t version = countAt(root, "schema_version", "");
  if (version != kCensusSchemaVersion)
    fail("", "schema_version " + std::to_string(version) +
                 " is not supported (this roof reads version " +
                 std::to_string(kCensusSchemaVersion) + ")");
}

Census censusIn(const json &root) {
  if (!root.is_object())
    fail("", "expected a JSON object at the top level, got " + describe(root));
  checkSchema(root);

  const std::string top;
  Census census;
  census.program = stringAt(root, "program", top);
  census.commandLine =
      arrayAt<std::string>(root, "command_line", top, stringValue);
  census.pid = countAt(root, "pid", top);
  const json &rank = memberOf(root, "mpi_rank", top);
  if (!rank.is_null())
    census.mpiRank = countValue(rank, "mpi_rank");
  census.startTime = stringAt(root, "start_time", top);
  census.wallTimeS = memberAs(root, "wall_time_s", top, secondsValue);
  census.timerHz = memberAs(root, "timer_hz", top, secondsValue);
  census.target =
      targetIn(objectValue(memberOf(root, "target", top), "target"), "target");
  census.modules = arrayAt<ModuleRecord>(root, "modules", top, moduleIn);

  const json &overflow = memberOf(root, "overflow", top);
  if (!overflow.is_boolean())
    fail("overflow", "expected true or false, got " + describe(overflow));
  census.overflow = overflow.get<bool>();

  census.totals =
      countsIn(objectValue(memberOf(root, "totals", top), "totals"), "totals");
  census.functions =
      arrayAt<FunctionRecord>(root, "functions", top, functionIn);
  census.regions = arrayAt<RegionRecord>(root, "regions", top, regionIn);
  census.threads = arrayAt<ThreadRecord>(root, "threads", top, threadIn);
  return census;
}

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

} // namespace

Census parseCensus(std::string_view text) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    fail("", "empty file (expected a roof census in JSON)");
  json root;
  try {
    root = json::parse(text);
  } catch (const json::parse_error &error) {
    fail("", "not JSON: " + withoutExceptionId(error.what()));
  }
  return censusIn(root);
}

Census readCensusFile(const std::string &path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    fail("", "is a directory, not a census file");
  std::ifstream file(path, std::ios::binary);
  if (!file)
    fail("", std::string("cannot open: ") + std::strerror(errno));
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad())
    fail("", std::string("cannot read: ") + std::strerror(errno));
  return parseCensus(text.str());
}

} // namespace roof
