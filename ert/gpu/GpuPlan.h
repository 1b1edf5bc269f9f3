//===- ert/gpu/GpuPlan.h - What roof-ert-gpu measures, and the spec -*- C++
//-*-===//
//
// Plain arithmetic on the device's properties, without CUDA (unit-tested on
// machines without a GPU): the working sets of the sweep, the grid, and the
// datasheet numbers that go into roofline.json's "spec" section.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_GPU_GPUPLAN_H
#define ROOF_ERT_GPU_GPUPLAN_H

#include "../LevelDetection.h"
#include "../Sweep.h"
#include "GpuKernels.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roof::ert::gpu {

// What roof-ert-gpu reads from the CUDA runtime about the device.
struct GpuProperties {
  std::string name;
  int computeMajor = 0;
  int computeMinor = 0;
  int multiprocessors = 0;
  int maxThreadsPerMultiprocessor = 0;
  double clockGhz = 0;       // the SMs' peak clock
  double memoryClockGhz = 0; // the memory's peak clock
  int memoryBusBits = 0;
  std::size_t l2Bytes = 0;
  // Shared memory a multiprocessor can give its blocks at most
  // (sharedMemPerMultiprocessor: 228 KiB on sm_90, 164 KiB on sm_80) and
  // what the driver reserves in it per block (reservedSharedMemPerBlock,
  // 1 KiB since sm_80).
  std::size_t sharedBytesPerMultiprocessor = 0;
  std::size_t reservedSharedBytesPerBlock = 0;
  std::size_t memoryBytes = 0;     // all of it
  std::size_t freeMemoryBytes = 0; // when the run started
};

// The FMA peak from the multiprocessors' FMA units: results per clock cycle
// per multiprocessor of the CUDA C++ Programming Guide's arithmetic
// throughput table, 64-bit and 32-bit fma.
struct GpuPeak {
  int fp64FmaPerCycle; // per multiprocessor
  int fp32FmaPerCycle;
  double fp64Gflops; // multiprocessors x FMAs per cycle x 2 x clock
  double fp32Gflops;
  std::string fp64Formula; // the product written out
  std::string fp32Formula;
};

// Known for compute capabilities 8.0 (A100) and 9.0 (H100, H200), whose
// FP64 units the table gives; nothing elsewhere.
std::optional<GpuPeak> theoreticalPeak(const GpuProperties &);

// The memory's datasheet bandwidth, 2 transfers per clock (DDR) x memory
// clock x bus width, as NVIDIA's deviceQuery sample computes it; nothing
// when the runtime does not report the clock or the width.
std::optional<double> specDramGbytesPerSecond(const GpuProperties &);

// The unified L1 data cache and shared memory of one multiprocessor, which
// the CUDA runtime does not report: the CUDA C++ Programming Guide's
// compute-capability sections give it per architecture ("Shared Memory"):
// 128 KB (7.0, 8.6, 8.9, 12.0), 96 KB (7.5), 192 KB (8.0), 256 KB (9.0,
// 10.0; the Hopper tuning guide's "combined L1 cache, texture cache and
// shared memory" of 256 KB per SM). Nothing for other compute capabilities.
std::optional<std::size_t>
unifiedL1BytesPerMultiprocessor(const GpuProperties &);

// The caches the bandwidth sweep's working set meets, for naming its levels
// (nameLevelsByCapacity): "L1", the L1 of every multiprocessor the grid
// `shape` occupies together (a grid-stride loop spreads the working set
// over all its blocks, and a block stays on its multiprocessor), each the
// unified size less the shared memory its resident blocks take at least
// (the reserved bytes per block; the kernels ask for none), when the
// architecture's unified size is known; "L2", the L2 cache, when reported.
std::vector<CacheCapacity> gpuCaches(const GpuProperties &, LaunchShape shape);

// Working sets are whole 128-byte lines, the GPU caches' line size.
inline constexpr std::size_t kLineBytes = 128;
std::size_t roundToLines(std::size_t bytes);

// 32 times the L2 cache, so that the DRAM plateau is several doublings
// wide, but no more than a quarter of the memory free at the start.
std::size_t largestWorkingSet(const GpuProperties &);

// The bandwidth sweep from one FP64 element per thread of the grid (less
// leaves threads idle) up to largestWorkingSet; the ceilings on 16 and 64
// bytes per thread (quick: 64), the FLOPs sweep on 64: a few elements per
// thread, all in L2.
SweepPlan gpuSweepPlan(const std::vector<Precision> &, bool quick,
                       const GpuProperties &, LaunchShape);

// A divide kernel's divides per second, in units of 1e9 (a divide is one of
// the three FLOPs of each step); 0 for the other kernels.
double gigadividesPerSecond(const Ceiling &);

} // namespace roof::ert::gpu

#endif // ROOF_ERT_GPU_GPUPLAN_H
