//===- ert/Machine.cpp - What roof-ert knows of the machine ---------------===//
//
// The clock is measured, not read: /proc/cpuinfo's "cpu MHz" is the base
// clock in a virtual machine (no cpufreq there) and a snapshot of one core
// elsewhere, and /sys/.../cpuinfo_max_freq is a single-core boost the cores
// do not all reach at once. What matters for the peak is the clock every
// core holds while all of them run, so each thread times a chain of
// dependent register-register integer adds, one cycle each on every x86 core
// (register-register, because some cores fold add-immediate chains at
// rename), and the clock is the median over the threads of each thread's
// best of several runs.
//
//===----------------------------------------------------------------------===//
#include "Machine.h"

#include <omp.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

namespace roof::ert {

//===----------------------------------------------------------------------===//
// Reading /proc and /sys
//===----------------------------------------------------------------------===//

namespace {

std::optional<std::string> readLine(const std::string &path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line))
    return std::nullopt;
  return line;
}

// "32K", "1024K", "32M" as sysfs writes cache sizes.
std::size_t parseSize(const std::string &text) {
  std::size_t value = 0;
  std::size_t i = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9')
    value = value * 10 + std::size_t(text[i++] - '0');
  if (i < text.size()) {
    switch (text[i]) {
    case 'K':
      return value << 10;
    case 'M':
      return value << 20;
    case 'G':
      return value << 30;
    }
  }
  return value;
}

std::vector<unsigned> allowedCpus() {
  std::vector<unsigned> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    for (unsigned cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &set))
        cpus.push_back(cpu);
  }
  return cpus;
}

void readCpuinfo(MachineInfo &info) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  auto valueOf = [](const std::string &l) {
    std::size_t colon = l.find(':');
    std::size_t start = l.find_first_not_of(' ', colon + 1);
    return colon == std::string::npos || start == std::string::npos
               ? std::string()
               : l.substr(start);
  };
  auto keyIs = [](const std::string &l, const char *key) {
    return l.rfind(key, 0) == 0 &&
           l.find_first_not_of(" \t", std::string(key).size()) == l.find(':');
  };
  // The first processor's block speaks for all.
  while (std::getline(in, line) && !line.empty()) {
    if (keyIs(line, "model name"))
      info.cpuModel = valueOf(line);
    else if (keyIs(line, "vendor_id"))
      info.vendor = valueOf(line);
    else if (keyIs(line, "cpu family"))
      info.cpuFamily = std::atoi(valueOf(line).c_str());
    else if (keyIs(line, "model"))
      info.cpuModelNumber = std::atoi(valueOf(line).c_str());
    else if (keyIs(line, "cpu MHz"))
      info.cpuinfoMHz = std::atof(valueOf(line).c_str());
    else if (keyIs(line, "flags")) {
      std::istringstream flags(valueOf(line));
      std::string flag;
      while (flags >> flag)
        info.cpuFlags.push_back(flag);
    }
  }
}

void readTopology(MachineInfo &info, const std::vector<unsigned> &cpus) {
  std::set<std::pair<std::string, std::string>> cores;
  // (level, type, the CPUs sharing it): one entry per cache instance.
  std::set<std::tuple<unsigned, std::string, std::string>> instances;
  std::vector<CacheLevel> levels;
  for (unsigned cpu : cpus) {
    const std::string base =
        "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/";
    cores.insert(
        {readLine(base + "topology/physical_package_id").value_or("?"),
         readLine(base + "topology/core_id").value_or(std::to_string(cpu))});
    for (unsigned index = 0;; ++index) {
      const std::string dir =
          base + "cache/index" + std::to_string(index) + "/";
      auto level = readLine(dir + "level");
      auto type = readLine(dir + "type");
      auto size = readLine(dir + "size");
      auto shared = readLine(dir + "shared_cpu_list");
      if (!level || !type || !size)
        break;
      if (*type == "Instruction")
        continue;
      const unsigned l = unsigned(std::atoi(level->c_str()));
      if (!instances.insert({l, *type, shared.value_or(base)}).second)
        continue;
      auto known =
          std::find_if(levels.begin(), levels.end(), [&](const CacheLevel &c) {
            return c.level == l && c.type == *type;
          });
      if (known == levels.end())
        levels.push_back({l, *type, parseSize(*size), 1});
      else
        ++known->instances;
    }
  }
  std::sort(levels.begin(), levels.end(),
            [](const CacheLevel &a, const CacheLevel &b) {
              return a.level < b.level;
            });
  info.caches = levels;
  info.physicalCores = unsigned(cores.size());
}

} // namespace

bool MachineInfo::hasFlag(const std::string &flag) const {
  return std::find(cpuFlags.begin(), cpuFlags.end(), flag) != cpuFlags.end();
}

std::size_t MachineInfo::l1DataBytes() const {
  for (const CacheLevel &c : caches)
    if (c.level == 1)
      return c.bytes;
  return 32 << 10;
}

std::size_t MachineInfo::lastLevelBytes() const {
  if (caches.empty())
    return 32 << 20;
  return caches.back().bytes * caches.back().instances;
}

MachineInfo describeMachine() {
  MachineInfo info;
  readCpuinfo(info);
  std::vector<unsigned> cpus = allowedCpus();
  info.processors = unsigned(cpus.size());
  readTopology(info, cpus);
  if (info.processors == 0)
    info.processors = unsigned(omp_get_num_procs());
  if (info.physicalCores == 0)
    info.physicalCores = info.processors;
  return info;
}

//===----------------------------------------------------------------------===//
// Clock
//===----------------------------------------------------------------------===//

#if defined(__x86_64__)
namespace {

constexpr long kAddsPerIteration = 100;

// Seconds for `iterations` x kAddsPerIteration dependent adds.
double timeAddChain(long iterations) {
  unsigned long value = 0;
  const unsigned long one = 1;
  auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < iterations; ++i)
    asm volatile(".rept 100\n\taddq %1, %0\n\t.endr" : "+r"(value) : "r"(one));
  auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(stop - start).count();
}

} // namespace
#endif

ClockEstimate estimateClock(const MachineInfo &info, int threads) {
#if defined(__x86_64__)
  // Half a millisecond per run at 4 GHz: long against the timer, shorter
  // than a scheduler's time slice, so that the best of many runs is one
  // that no other process interrupted.
  constexpr long kIterations = 20'000;
  constexpr int kRuns = 100;
  std::vector<double> bestGhz(threads, 0.0);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    for (int run = 0; run < kRuns; ++run) {
#pragma omp barrier
      const double seconds = timeAddChain(kIterations);
      bestGhz[t] =
          std::max(bestGhz[t], kIterations * kAddsPerIteration / seconds / 1e9);
    }
  }
  std::sort(bestGhz.begin(), bestGhz.end());
  const double median =
      threads % 2 ? bestGhz[threads / 2]
                  : 0.5 * (bestGhz[threads / 2 - 1] + bestGhz[threads / 2]);
  // Beyond any real clock the chain was not what it seemed (a simulator, a
  // core that eliminates adds); fall back to what the system says.
  if (median > 0.3 && median < 8.0) {
    char method[160];
    std::snprintf(method, sizeof(method),
                  "dependent register adds (1 cycle each) timed on %d "
                  "threads at once, median of each thread's best of %d",
                  threads, kRuns);
    return {median, method};
  }
#else
  (void)threads;
#endif
  if (auto khz =
          readLine("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"))
    return {std::atof(khz->c_str()) / 1e6, "cpufreq cpuinfo_max_freq"};
  if (info.cpuinfoMHz)
    return {*info.cpuinfoMHz / 1e3, "/proc/cpuinfo cpu MHz"};
  return {0.0, "unknown"};
}

//===----------------------------------------------------------------------===//
// FMA datapath and peak
//===----------------------------------------------------------------------===//

std::optional<FmaDatapath> fmaDatapathOf(const MachineInfo &info) {
  const bool avx512 = info.hasFlag("avx512f");
  if (info.vendor == "AuthenticAMD") {
    // Family 0x19 is Zen 3 and Zen 4. Zen 4 executes 512-bit instructions on
    // the same two 256-bit FMA pipes as Zen 3, each half in turn (double
    // pumping): a zmm FMA issues once per cycle, not twice.
    if (info.cpuFamily == 0x19)
      return FmaDatapath{2, 256,
                         avx512 ? "AMD Zen 4: 2 FMA pipes of 256 bits, 512-bit "
                                  "instructions double-pumped"
                                : "AMD Zen 3: 2 FMA pipes of 256 bits"};
    if (info.cpuFamily == 0x1A)
      return FmaDatapath{2, avx512 ? 512u : 256u,
                         "AMD Zen 5: 2 FMA pipes of the AVX width"};
    if (info.cpuFamily == 0x17)
      return info.cpuModelNumber >= 0x30
                 ? FmaDatapath{2, 256, "AMD Zen 2: 2 FMA pipes of 256 bits"}
                 : FmaDatapath{2, 128, "AMD Zen 1: 2 FMA pipes of 128 bits"};
    return std::nullopt;
  }
  if (info.vendor == "GenuineIntel" && info.hasFlag("fma"))
    // Server cores with AVX-512 have two 512-bit FMA units (some low-end
    // Xeons one); client cores two 256-bit ones.
    return FmaDatapath{2, avx512 ? 512u : 256u,
                       avx512 ? "Intel with AVX-512: 2 FMA units of 512 bits "
                                "assumed"
                              : "Intel with AVX2: 2 FMA units of 256 bits"};
  return std::nullopt;
}

std::optional<TheoreticalPeak> theoreticalPeak(const MachineInfo &info,
                                               int threads,
                                               const ClockEstimate &clock) {
  auto datapath = fmaDatapathOf(info);
  if (!datapath || clock.ghz <= 0)
    return std::nullopt;
  TheoreticalPeak peak;
  // SMT siblings share a core's pipes.
  peak.cores = std::min<unsigned>(unsigned(threads), info.physicalCores);
  peak.datapath = *datapath;
  peak.ghz = clock.ghz;
  auto formula = [&](unsigned lanes, double &gflops, std::string &text) {
    gflops = peak.cores * lanes * datapath->pipes * 2 * clock.ghz;
    char buffer[160];
    std::snprintf(buffer, sizeof(buffer),
                  "%u cores x %u lanes x %u FMA pipes x 2 FLOPs x %.3f GHz = "
                  "%.1f GFLOP/s",
                  peak.cores, lanes, datapath->pipes, clock.ghz, gflops);
    text = buffer;
  };
  formula(datapath->bitsPerPipe / 64, peak.fp64Gflops, peak.fp64Formula);
  formula(datapath->bitsPerPipe / 32, peak.fp32Gflops, peak.fp32Formula);
  return peak;
}

} // namespace roof::ert
