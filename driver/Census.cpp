//===- driver/Census.cpp - Strict reader of the census JSON ---------------===//
//
// Walks the parsed JSON with the path of every value at hand (StrictJson.h),
// so that a refusal says exactly where the file is wrong, e.g.
//   functions[2].fp64.classes.div.empirical: negative count -3
//
//===----------------------------------------------------------------------===//
#include "Census.h"

#include "StrictJson.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace roof {

const std::array<const char *, ROOF_NUM_PRECISIONS> kPrecisionNames = {
    ROOF_PRECISION_NAMES};
const std::array<const char *, ROOF_NUM_CLASSES> kClassNames = {
    ROOF_CLASS_NAMES};

std::optional<RoofPrecision> precisionFromName(std::string_view name) {
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p)
    if (name == kPrecisionNames[p])
      return static_cast<RoofPrecision>(p);
  return std::nullopt;
}

namespace {

using namespace strict_json;

//===----------------------------------------------------------------------===//
// Values of the runtime's census
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Census objects
//===----------------------------------------------------------------------===//

KindCounts kindCountsIn(const json &object, const std::string &path) {
  objectValue(object, path);
  return {countAt(object, "canonical", path),
          countAt(object, "empirical", path),
          countAt(object, "full_width", path)};
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

Census censusIn(const json &root) {
  checkDocumentHeader(root, kCensusSchema, kCensusSchemaVersion,
                      "a roof census");

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

  census.overflow = memberAs(root, "overflow", top, boolValue);

  census.totals =
      countsIn(objectValue(memberOf(root, "totals", top), "totals"), "totals");
  census.functions =
      arrayAt<FunctionRecord>(root, "functions", top, functionIn);
  census.regions = arrayAt<RegionRecord>(root, "regions", top, regionIn);
  census.threads = arrayAt<ThreadRecord>(root, "threads", top, threadIn);
  return census;
}

} // namespace

Census parseCensus(std::string_view text) {
  return censusIn(parseDocument(text, "a roof census in JSON"));
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
