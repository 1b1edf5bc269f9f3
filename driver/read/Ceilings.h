//===- driver/read/Ceilings.h - ERT's ceilings ------------------*- C++ -*-===//
//
// The Empirical Roofline Toolkit (ERT) and roof-ert write the measured
// ceilings of a machine as
//   {"empirical": {"gflops": {"data": [["FP64 GFLOPs", 355.79], ...]},
//                  "gbytes": {"data": [["L1", 1723.2], ..., ["DRAM", 83.0]]},
//                  "metadata": {...}}, "spec": {...}}
// (shared/reference/formats.md). Compute ceilings are recognised by name:
// an optional precision ("FP64", "FP32", "FP16"), then the kernel ("" for
// ERT's FMA kernel, "no-FMA", "divide+FMA", "divide no-FMA"), then
// "GFLOPs". The original ERT wrote a single "GFLOPs" entry without a
// precision: it serves every precision that has no ceiling of its own, unless
// the metadata's CONFIG.ERT_PRECISION names exactly one precision. Other names
// are kept (plotted, listed) but never chosen as the bound of a point.
// "spec" (vendor numbers) is not read: seed 000 (II-C) compares code with
// measured ceilings only. A file whose metadata says ERT measured a GPU
// (CONFIG.ERT_GPU ["True"], ERT's config key) is marked as such: its
// ceilings bound CUDA kernels, not host code.
//
// The reader refuses a file it cannot trust (no compute or no bandwidth
// ceiling, a value that is not a positive number, two entries of one name)
// with an InputError naming the entry.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_CEILINGS_H
#define ROOF_DRIVER_CEILINGS_H

#include "roof/abi.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// The ERT kernel a compute ceiling was measured with (seed 000, II-C).
enum class ComputeKind { Fma, NoFma, DivideFma, DivideNoFma, Other };

// "FMA", "no-FMA", "divide+FMA", "divide no-FMA", "other".
const char *computeKindName(ComputeKind kind);

struct ComputeCeiling {
  std::string name;                       // as written in the file
  std::optional<RoofPrecision> precision; // absent when the name has none
  ComputeKind kind = ComputeKind::Other;
  double gflops = 0; // 1e9 FLOP/s
};

struct BandwidthCeiling {
  std::string level; // "L1", "L2", "L3", "DRAM", "HBM", ...
  double gbytes = 0; // 1e9 bytes/s
};

// A short label for reports and plots: "FP64 FMA", "FP32 no-FMA", "FMA"
// (no precision in the file), the file's name for other ceilings.
std::string ceilingLabel(const ComputeCeiling &ceiling);

// How a ceiling name reads: its precision (if it states one) and kernel.
struct CeilingName {
  std::optional<RoofPrecision> precision;
  ComputeKind kind;
};
CeilingName classifyCeilingName(std::string_view name);

struct Ceilings {
  std::vector<ComputeCeiling> compute;     // in the file's order
  std::vector<BandwidthCeiling> bandwidth; // in the file's order
  std::string origin; // "ERT 1.1.0 on HOST" from the metadata, or empty
  bool gpu = false;   // measured on a GPU (ERT_GPU True)

  // The bandwidth of `level`, if the file measured it.
  const BandwidthCeiling *bandwidthOf(std::string_view level) const;

  // The `kind` ceiling for `precision`: the precision's own, else one whose
  // name states no precision. Null when there is none.
  const ComputeCeiling *computeOf(ComputeKind kind,
                                  RoofPrecision precision) const;
};

// A ceilings file as read, with the path it was read from.
struct CeilingsFile {
  std::string path;
  Ceilings ceilings;
};

// Parses the text of a roofline.json. Throws InputError (without a path).
Ceilings parseCeilings(std::string_view text);

// Reads and parses the file at `path`. Throws InputError "PATH: ...".
Ceilings readCeilingsFile(const std::string &path);

} // namespace roof

#endif // ROOF_DRIVER_CEILINGS_H
