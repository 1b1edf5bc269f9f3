//===- ert/Report.cpp - roofline.json and the raw sweep -------------------===//
#include "Report.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#ifndef ROOF_VERSION
#define ROOF_VERSION "unknown"
#endif
#ifndef ROOF_ERT_CXX_FLAGS
#define ROOF_ERT_CXX_FLAGS "unknown"
#endif

namespace roof::ert {

using Json = nlohmann::ordered_json;

namespace {

std::string compilerName() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "unknown";
#endif
}

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

Json machineJson(const Report &r) {
  Json caches = Json::array();
  for (const CacheLevel &c : r.machine.caches)
    caches.push_back({{"level", c.level},
                      {"type", c.type},
                      {"bytes", c.bytes},
                      {"instances", c.instances}});
  Json peak = nullptr;
  if (r.peak)
    peak = {{"FP64 GFLOPs", r.peak->fp64Gflops},
            {"FP32 GFLOPs", r.peak->fp32Gflops},
            {"CORES", r.peak->cores},
            {"FMA_PIPES", r.peak->datapath.pipes},
            {"BITS_PER_PIPE", r.peak->datapath.bitsPerPipe},
            {"GHZ", r.peak->ghz},
            {"DATAPATH", r.peak->datapath.description},
            {"FP64_FORMULA", r.peak->fp64Formula},
            {"FP32_FORMULA", r.peak->fp32Formula}};
  return {{"CPU_MODEL", r.machine.cpuModel},
          {"CPU_VENDOR", r.machine.vendor},
          {"CPU_FAMILY", r.machine.cpuFamily},
          {"CPU_MODEL_NUMBER", r.machine.cpuModelNumber},
          {"PROCESSORS", r.machine.processors},
          {"PHYSICAL_CORES", r.machine.physicalCores},
          {"CACHES", caches},
          {"CLOCK", {{"GHZ", r.clock.ghz}, {"METHOD", r.clock.method}}},
          {"CPUINFO_MHZ",
           r.machine.cpuinfoMHz ? Json(*r.machine.cpuinfoMHz) : Json()},
          {"THEORETICAL_PEAK", peak}};
}

// What any output of roof-ert says about where and how it ran.
Json runMetadata(const Report &r) {
  Json meta = {{"TOOL", "roof-ert"},
               {"TOOL_VERSION", ROOF_VERSION},
               {"HOSTNAME", r.machine.hostname},
               {"UNAME", r.machine.uname},
               {"DATE", r.date},
               {"MODE", r.mode},
               {"OPENMP_THREADS", r.threads},
               {"OMP_PROC_BIND", r.ompProcBind},
               {"OMP_PLACES", r.ompPlaces},
               {"LOAD_AVERAGE", r.loadAverage},
               {"COMPILER", compilerName()},
               {"CFLAGS", ROOF_ERT_CXX_FLAGS}};
  const Json machine = machineJson(r);
  for (const auto &[key, value] : machine.items())
    meta[key] = value;
  return meta;
}

// runMetadata and what roofline.json adds: how the sweep was made, in ERT's
// CONFIG spelling where ERT has a key for it.
Json rooflineMetadata(const Report &r) {
  std::string precisions;
  for (const BandwidthLevels &b : r.bandwidth)
    precisions += (precisions.empty() ? "" : ",") +
                  std::string(precisionName(b.precision));
  Json meta = runMetadata(r);
  meta["KERNEL_CFLAGS"] = {{"FMA", "-ffp-contract=on"},
                           {"divide+FMA", "-ffp-contract=on"},
                           {"no-FMA", "-ffp-contract=off"},
                           {"divide no-FMA", "-ffp-contract=off"}};
  meta["CONFIG"] = {
      {"ERT_FLOPS", {joined(r.sweptFlopsPerElement)}},
      {"ERT_PRECISION", {precisions}},
      {"ERT_OPENMP_THREADS", {std::to_string(r.threads)}},
      {"ERT_WSS_POINTS_PER_DOUBLING", {std::to_string(r.pointsPerDoubling)}}};
  meta["SWEEP_FILE"] = "roofline-sweep.csv";
  Json scaling = Json::array();
  const std::string precision = precisionName(r.scalingPrecision);
  for (const ThreadScaling &row : r.scaling)
    scaling.push_back({{"THREADS", row.threads},
                       {precision + " GFLOPs", row.fmaGflopsPerSecond},
                       {"DRAM", row.dramGbytesPerSecond}});
  meta["THREAD_SCALING"] = scaling;
  meta["STREAM_TRIAD"] = r.stream ? Json{{"GBYTES", r.stream->gbytesPerSecond},
                                         {"GBYTES_WITH_WRITE_ALLOCATE",
                                          r.stream->gbytesWithWriteAllocate},
                                         {"ARRAY_BYTES", r.stream->arrayBytes},
                                         {"THREADS", r.stream->threads}}
                                  : Json();
  return meta;
}

} // namespace

std::string ceilingName(KernelKind kind, Precision precision) {
  std::string name = precisionName(precision);
  if (kind != KernelKind::Fma)
    name += std::string(" ") + kernelName(kind);
  return name + " GFLOPs";
}

void writeRooflineJson(const Report &r, const std::string &path) {
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
  Json levelRanges = Json::object();
  Json otherPrecisions = Json::object();
  for (std::size_t b = 0; b < r.bandwidth.size(); ++b) {
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
      otherPrecisions[precisionName(r.bandwidth[b].precision)] = data;
    }
  }

  Json spec = Json::array();
  if (r.peak) {
    spec.push_back({"FP64 GFLOPs", r.peak->fp64Gflops});
    spec.push_back({"FP32 GFLOPs", r.peak->fp32Gflops});
  }

  Json root = {
      {"empirical",
       {{"metadata", rooflineMetadata(r)},
        {"gflops",
         {{"data", gflops},
          {"metadata",
           {{"FLOPS", fma ? Json(fma->best.flopsPerElement) : Json()},
            {"OPENMP_THREADS", r.threads},
            {"CEILINGS", ceilingPoints}}}}},
        {"gbytes",
         {{"data", gbytes},
          {"metadata",
           {{"PRECISION", r.bandwidth.empty()
                              ? Json()
                              : Json(precisionName(r.bandwidth[0].precision))},
            {"FLOPS", 1},
            {"OPENMP_THREADS", r.threads},
            {"LEVELS", levelRanges},
            {"OTHER_PRECISIONS", otherPrecisions}}}}}}},
      {"spec",
       {{"gflops", {{"data", spec}}}, {"gbytes", {{"data", Json::array()}}}}}};
  writeFile(path, root.dump(2) + "\n");
}

void writeSweepCsv(const Report &r, const std::string &path) {
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

void writeStreamJson(const Report &r, const std::string &path) {
  Json root = {
      {"metadata", runMetadata(r)},
      {"stream_triad",
       {{"gbytes", r.stream->gbytesPerSecond},
        {"gbytes_with_write_allocate", r.stream->gbytesWithWriteAllocate},
        {"best_seconds", r.stream->bestSeconds},
        {"array_bytes", r.stream->arrayBytes},
        {"runs", r.stream->runs},
        {"threads", r.stream->threads}}}};
  writeFile(path, root.dump(2) + "\n");
}

} // namespace roof::ert
