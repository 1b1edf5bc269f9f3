//===- ert/Report.h - roofline.json, the raw sweep, the summary -*- C++ -*-===//
//
// roofline.json follows ERT's layout (docs/ert.md has an example):
//   empirical.gflops.data  ["FP64 GFLOPs", FMA ceiling], then
//                          ["FP64 no-FMA GFLOPs", ...],
//                          ["FP64 divide+FMA GFLOPs", ...],
//                          ["FP64 divide no-FMA GFLOPs", ...], FP32 alike
//   empirical.gbytes.data  ["L1", ...], ..., ["DRAM", ...]
//   empirical.metadata     what the tool says about the machine and the run,
//                          then ERT's CONFIG and the sweep file's name
//   spec                   what the tool knows without measuring
// and roofline-sweep.csv, next to it, has one line per measured point. The
// tools (roof-ert, roof-ert-gpu) share this writer and add their metadata.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_REPORT_H
#define ROOF_ERT_REPORT_H

#include "Sweep.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace roof::ert {

using Json = nlohmann::ordered_json;

// What the tool that ran a sweep adds to its roofline.json.
struct RooflineContext {
  // empirical.metadata: the machine and the run (start with runMetadata).
  Json metadata = Json::object();
  // The tool's own CONFIG keys, after ERT_FLOPS, ERT_PRECISION and
  // ERT_WSS_POINTS_PER_DOUBLING; ERT spells each value as a list of one
  // string, {"ERT_OPENMP_THREADS": ["2"]}.
  Json config = Json::object();
  // Who ran the kernels, repeated in gflops.metadata and gbytes.metadata:
  // {"OPENMP_THREADS": 2} or {"GPU_BLOCKS": 1056, "GPU_THREADS": 256}.
  Json execution = Json::object();
  // spec.gflops.data and spec.gbytes.data: [name, value] pairs that are not
  // measured (a theoretical peak, a datasheet bandwidth).
  Json specGflops = Json::array();
  Json specGbytes = Json::array();
};

// "2026-11-21T11:26:11Z", now.
std::string utcNow();

// TOOL, TOOL_VERSION, HOSTNAME, UNAME, DATE, MODE: where any output of the
// tools starts.
Json runMetadata(const std::string &tool, const std::string &mode,
                 const std::string &date);

// "FP64 GFLOPs" for the FMA kernel (ERT's name), "FP64 no-FMA GFLOPs" etc.
std::string ceilingName(KernelKind, Precision);

// Each throws std::runtime_error when its file cannot be written.
void writeRooflineJson(const SweepResults &, const RooflineContext &,
                       const std::string &path);
void writeSweepCsv(const SweepResults &, const std::string &path);
void writeJsonFile(const Json &, const std::string &path);

// On stdout: one line per ceiling, `annotate` adding what the tool knows
// about it (a share of the peak, say) after its GFLOP/s.
void printCeilings(const SweepResults &, const std::string &heading,
                   const std::function<std::string(const Ceiling &)> &annotate);
// On stdout: the levels of one precision's bandwidth sweep.
void printLevels(const BandwidthLevels &);

} // namespace roof::ert

#endif // ROOF_ERT_REPORT_H
