//===- ert/Machine.h - What roof-ert knows of the machine -------*- C++ -*-===//
//
// Cache sizes (to size the sweep), the clock and the FMA datapath (for the
// theoretical peak), and the names that go into the JSON metadata.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_MACHINE_H
#define ROOF_ERT_MACHINE_H

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roof::ert {

struct CacheLevel {
  unsigned level;     // 1, 2, 3
  std::string type;   // "Data" or "Unified"
  std::size_t bytes;  // one instance
  unsigned instances; // distinct instances among our processors
};

struct MachineInfo {
  std::string cpuModel; // "model name" of /proc/cpuinfo
  std::string vendor;   // "AuthenticAMD", "GenuineIntel", ...
  int cpuFamily = -1;
  int cpuModelNumber = -1;
  std::vector<std::string> cpuFlags;
  std::optional<double> cpuinfoMHz; // what the kernel reports, see Machine.cpp
  unsigned processors = 0;          // this process may run on
  unsigned physicalCores = 0;       // among them, SMT siblings counted once
  std::vector<CacheLevel> caches;   // data and unified caches, by level

  bool hasFlag(const std::string &flag) const;
  // Per instance; the fallback when sysfs says nothing.
  std::size_t l1DataBytes() const;
  // All instances of the last level together.
  std::size_t lastLevelBytes() const;
};

MachineInfo describeMachine();

struct ClockEstimate {
  double ghz;
  std::string method;
};

// The core clock while `threads` threads run, measured or, where that is not
// possible, as the system reports it.
ClockEstimate estimateClock(const MachineInfo &, int threads);

// How many FMA pipes a core has and how wide they are.
struct FmaDatapath {
  unsigned pipes;
  unsigned bitsPerPipe;
  std::string description; // the microarchitecture and why these numbers
};

// Nothing when the processor is not one whose datapath is known.
std::optional<FmaDatapath> fmaDatapathOf(const MachineInfo &);

struct TheoreticalPeak {
  unsigned cores;
  FmaDatapath datapath;
  double ghz;
  double fp64Gflops; // cores x lanes x FMA pipes x 2 x clock
  double fp32Gflops;
  std::string fp64Formula; // the product written out
  std::string fp32Formula;
};

std::optional<TheoreticalPeak> theoreticalPeak(const MachineInfo &, int threads,
                                               const ClockEstimate &);

} // namespace roof::ert

#endif // ROOF_ERT_MACHINE_H
