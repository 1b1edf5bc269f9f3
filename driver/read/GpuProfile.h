//===- driver/read/GpuProfile.h - What a GPU profiler measured --*- C++ -*-===//
//
// The part of an Nsight Compute or nvprof run that roof compares with its
// kernels (NcuOutput.h, NvprofOutput.h): per kernel, as the profiler names
// it, the launches it profiled, its FLOPs per precision by the profiler's
// own definition, the bytes it measured at each level and the time; for
// Nsight Compute also each launch in profiling order, which is what lets a
// profiled subset of the launches be found among roof's launch records.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_GPUPROFILE_H
#define ROOF_DRIVER_GPUPROFILE_H

#include "roof/abi.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roof {

// Memory levels a profiler measures bytes at: L1/TEX, L2, device memory.
enum class ProfiledLevel { L1, L2, Dram };
inline constexpr std::size_t kNumProfiledLevels = 3;

using Dim3 = std::array<std::uint64_t, 3>;

struct ProfiledKernel {
  std::string name;           // as the profiler printed it
  std::uint64_t launches = 0; // profiled launches
  // FLOPs per RoofPrecision by the profiler's definition; absent when the
  // file has no metric for the precision.
  std::array<std::optional<double>, ROOF_NUM_PRECISIONS> flops;
  // Bytes per ProfiledLevel, absent when not measured.
  std::array<std::optional<double>, kNumProfiledLevels> bytes;
  std::optional<double> timeS;
  // Per RoofPrecision: nvprof prints per-launch minimum, maximum and
  // average, and its total, launches x average, is exact only when every
  // launch counted the same; a count printed rounded (ncu's "Kinst", nvprof's
  // "8.1962e+11") is as exact as its digits.
  std::array<bool, ROOF_NUM_PRECISIONS> approximateFlops{};
};

// One profiled launch (Nsight Compute), in profiling order.
struct ProfiledLaunch {
  std::size_t kernel; // index into GpuProfile::kernels
  std::optional<Dim3> grid;
  std::optional<Dim3> block;
};

struct GpuProfile {
  std::string tool;                     // "ncu", "nvprof"
  std::vector<ProfiledKernel> kernels;  // in order of first appearance
  std::vector<ProfiledLaunch> launches; // empty for nvprof
  std::string device; // as the profiler names it ("CC 9.0", "Tesla V100
                      // (0)"), empty when it does not say
  std::optional<std::uint64_t> processId; // the process profiled, if said
};

} // namespace roof

#endif // ROOF_DRIVER_GPUPROFILE_H
