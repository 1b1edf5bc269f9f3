//===- ert/CpuReport.cpp - What roof-ert adds to its outputs --------------===//
#include "CpuReport.h"

#ifndef ROOF_ERT_CXX_FLAGS
#define ROOF_ERT_CXX_FLAGS "unknown"
#endif

namespace roof::ert {

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

Json machineJson(const CpuRun &r) {
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
Json cpuRunMetadata(const CpuRun &r) {
  Json meta = runMetadata("roof-ert", r.mode, r.date);
  meta["OPENMP_THREADS"] = r.threads;
  meta["OMP_PROC_BIND"] = r.ompProcBind;
  meta["OMP_PLACES"] = r.ompPlaces;
  meta["LOAD_AVERAGE"] = r.loadAverage;
  meta["COMPILER"] = compilerName();
  meta["CFLAGS"] = ROOF_ERT_CXX_FLAGS;
  const Json machine = machineJson(r);
  for (const auto &[key, value] : machine.items())
    meta[key] = value;
  return meta;
}

} // namespace

RooflineContext rooflineContext(const CpuRun &r) {
  RooflineContext context;
  context.metadata = cpuRunMetadata(r);
  context.metadata["KERNEL_CFLAGS"] = {{"FMA", "-ffp-contract=on"},
                                       {"divide+FMA", "-ffp-contract=on"},
                                       {"no-FMA", "-ffp-contract=off"},
                                       {"divide no-FMA", "-ffp-contract=off"}};
  Json scaling = Json::array();
  const std::string precision = precisionName(r.scalingPrecision);
  for (const ThreadScaling &row : r.scaling)
    scaling.push_back({{"THREADS", row.threads},
                       {precision + " GFLOPs", row.fmaGflopsPerSecond},
                       {"DRAM", row.dramGbytesPerSecond}});
  context.metadata["THREAD_SCALING"] = scaling;
  context.metadata["STREAM_TRIAD"] =
      r.stream ? Json{{"GBYTES", r.stream->gbytesPerSecond},
                      {"GBYTES_WITH_WRITE_ALLOCATE",
                       r.stream->gbytesWithWriteAllocate},
                      {"ARRAY_BYTES", r.stream->arrayBytes},
                      {"THREADS", r.stream->threads}}
               : Json();
  context.config = {{"ERT_OPENMP_THREADS", {std::to_string(r.threads)}}};
  context.execution = {{"OPENMP_THREADS", r.threads}};
  if (r.peak) {
    context.specGflops.push_back({"FP64 GFLOPs", r.peak->fp64Gflops});
    context.specGflops.push_back({"FP32 GFLOPs", r.peak->fp32Gflops});
  }
  return context;
}

void writeStreamJson(const CpuRun &r, const std::string &path) {
  writeJsonFile(
      {{"metadata", cpuRunMetadata(r)},
       {"stream_triad",
        {{"gbytes", r.stream->gbytesPerSecond},
         {"gbytes_with_write_allocate", r.stream->gbytesWithWriteAllocate},
         {"best_seconds", r.stream->bestSeconds},
         {"array_bytes", r.stream->arrayBytes},
         {"runs", r.stream->runs},
         {"threads", r.stream->threads}}}},
      path);
}

} // namespace roof::ert
