//===- ert/Report.cpp - roofline.json, the raw sweep, the summary ---------===//
#include "Report.h"

#include "Progress.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>

#ifndef ROOF_VERSION
#define ROOF_VERSION "unknown"
#endif

namespace roof::ert {

namespace {

std::string joined(const std::vector<int> &values) {
  std::string text;
  for (int v : values)
    text += (text.empty() ? "" : ",") + std::to_string(v);
  return text;
}

void writeFile(const std::string &path, const std::string &contents) {
  std::ofstream out(path, std::ios::trunc);
  if (out)
    out << contents;
  if (!out || !out.flush())
    throw std::runtime_error("cannot write " + path + ": " +
                             std::strerror(errno));
}

Json pointJson(const Measurement &m) {
  return {{"kernel", kernelName(m.kind)},
          {"precision", precisionName(m.precision)},
          {"flops_per_element", m.flopsPerElement},
          {"working_set_bytes", m.workingSetBytes},
          {"threads", m.threads},
          {"repetitions", m.seconds.size()}};
}

// `base` with the members of `more` added after its own.
Json merged(Json base, const Json &more) {
  for (const auto &[key, value] : more.items())
    base[key] = value;
  return base;
}

} // namespace

std::string utcNow() {
  std::time_t t = std::time(nullptr);
  std::tm utc;
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

Json runMetadata(const std::string &tool, const std::string &mode,
                 const std::string &date) {
  char host[256] = {};
  gethostname(host, sizeof(host) - 1);
  std::vector<std::string> unameWords;
  struct utsname names;
  if (uname(&names) == 0)
    unameWords = {names.sysname, names.release, names.version, names.machine};
  return {{"TOOL", tool},     {"TOOL_VERSION", ROOF_VERSION},
          {"HOSTNAME", host}, {"UNAME", unameWords},
          {"DATE", date},     {"MODE", mode}};
}

std::string ceilingName(KernelKind kind, Precision precision) {
  std::string name = precisionName(precision);
  if (kind != KernelKind::Fma)
    name += std::string(" ") + kernelName(kind);
  return name + " GFLOPs";
}

void writeRooflineJson(const SweepResults &r, const RooflineContext &context,
                       const std::string &path) {
  Json gflops = Json::array();
  Json ceilingPoints = Json::object();
  for (const Ceiling &c : r.ceilings) {
    const std::string name = ceilingName(c.kind, c.precision);
    gflops.push_back({name, c.best.gflopsPerSecond()});
    ceilingPoints[name] = pointJson(c.best);
  }
  const Ceiling *fma = nullptr;
  for (const Ceiling &c : r.ceilings)
    if (c.kind == KernelKind::Fma && !fma)
      fma = &c;

  Json gbytes = Json::array();
  Json levelRanges = Json::array();
  Json otherPrecisions = Json::object();
  std::string precisions;
  for (std::size_t b = 0; b < r.bandwidth.size(); ++b) {
    const char *precision = precisionName(r.bandwidth[b].precision);
    precisions += (precisions.empty() ? "" : ",") + std::string(precision);
    Json data = Json::array();
    Json ranges = Json::array();
    for (const MemoryLevel &level : r.bandwidth[b].levels) {
      data.push_back({level.name, level.gbytesPerSecond});
      ranges.push_back(
          {{"name", level.name},
           {"working_set_bytes",
            {level.smallestWorkingSetBytes, level.largestWorkingSetBytes}}});
    }
    if (b == 0) {
      gbytes = data;
      levelRanges = ranges;
    } else {
      otherPrecisions[precision] = data;
    }
  }

  Json metadata = context.metadata;
  metadata["CONFIG"] = merged(
      {{"ERT_FLOPS", {joined(r.sweptFlopsPerElement)}},
       {"ERT_PRECISION", {precisions}},
       {"ERT_WSS_POINTS_PER_DOUBLING", {std::to_string(r.pointsPerDoubling)}}},
      context.config);
  metadata["SWEEP_FILE"] = "roofline-sweep.csv";

  Json gflopsMetadata =
      merged({{"FLOPS", fma ? Json(fma->best.flopsPerElement) : Json()}},
             context.execution);
  gflopsMetadata["CEILINGS"] = ceilingPoints;
  Json gbytesMetadata = merged(
      {{"PRECISION", r.bandwidth.empty()
                         ? Json()
                         : Json(precisionName(r.bandwidth[0].precision))},
       {"FLOPS", 1}},
      context.execution);
  gbytesMetadata["LEVELS"] = levelRanges;
  gbytesMetadata["OTHER_PRECISIONS"] = otherPrecisions;

  Json root = {{"empirical",
                {{"metadata", metadata},
                 {"gflops", {{"data", gflops}, {"metadata", gflopsMetadata}}},
                 {"gbytes", {{"data", gbytes}, {"metadata", gbytesMetadata}}}}},
               {"spec",
                {{"gflops", {{"data", context.specGflops}}},
                 {"gbytes", {{"data", context.specGbytes}}}}}};
  writeJsonFile(root, path);
}

void writeSweepCsv(const SweepResults &r, const std::string &path) {
  std::ostringstream out;
  out.precision(9);
  out << "phase,kernel,precision,threads,flops_per_element,working_set_bytes,"
         "trials,repetitions,bytes,flops,seconds,seconds_min,seconds_max,"
         "gbytes_per_s,gflops_per_s\n";
  for (const Measurement &m : r.measurements) {
    auto [low, high] = std::minmax_element(m.seconds.begin(), m.seconds.end());
    out << m.phase << ',' << kernelName(m.kind) << ','
        << precisionName(m.precision) << ',' << m.threads << ','
        << m.flopsPerElement << ',' << m.workingSetBytes << ',' << m.trials
        << ',' << m.seconds.size() << ',' << m.bytes << ',' << m.flops << ','
        << m.medianSeconds() << ',' << *low << ',' << *high << ','
        << m.gbytesPerSecond() << ',' << m.gflopsPerSecond() << '\n';
  }
  writeFile(path, out.str());
}

void writeJsonFile(const Json &json, const std::string &path) {
  writeFile(path, json.dump(2) + "\n");
}

void printCeilings(
    const SweepResults &r, const std::string &heading,
    const std::function<std::string(const Ceiling &)> &annotate) {
  std::printf("%s (GFLOP/s, median of repetitions):\n", heading.c_str());
  for (const Ceiling &c : r.ceilings)
    std::printf("  %-28s %9.1f%s  at %d FLOPs/element, %s\n",
                ceilingName(c.kind, c.precision).c_str(),
                c.best.gflopsPerSecond(), annotate(c).c_str(),
                c.best.flopsPerElement,
                formatBytes(c.best.workingSetBytes).c_str());
}

void printLevels(const BandwidthLevels &b) {
  std::printf("bandwidth levels, %s sweep (GB/s):\n",
              precisionName(b.precision));
  for (const MemoryLevel &level : b.levels)
    std::printf("  %-5s %9.1f  (working sets %s .. %s)\n", level.name.c_str(),
                level.gbytesPerSecond,
                formatBytes(level.smallestWorkingSetBytes).c_str(),
                formatBytes(level.largestWorkingSetBytes).c_str());
}

} // namespace roof::ert
