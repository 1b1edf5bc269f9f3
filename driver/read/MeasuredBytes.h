//===- driver/read/MeasuredBytes.h - Measured bytes per level ---*- C++ -*-===//
//
// roof counts the bytes the instrumented code loads and stores: the traffic
// between the core and L1. Traffic further out (L2, L3, DRAM, HBM) is not
// observable by a compiler: a traffic-mode build models it (docs/schema.md,
// Traffic), or the user measures it (LIKWID, VTune, ncu, ...) and gives it
// to roof, which then places a point per level on the hierarchical roofline;
// measured bytes replace the modelled ones level by level. Levels are named
// as in the ceilings file ("L2", "DRAM").
//
// On the command line: --bytes LEVEL=N (repeatable; for the scope chosen by
// --region, else the whole program). In a file (--bytes-file):
//
//   JSON  {"program": {"DRAM": 1.2e9},
//          "regions": {"solve": {"L2": 3.4e9, "DRAM": 1.1e9}},
//          "functions": {"daxpy": {"DRAM": 8e8}},
//          "kernels": {"_Z5scalePfi": {"DRAM": 4e9}}}
//   CSV   scope,name,level,bytes          (header line required)
//         program,,DRAM,1200000000
//         region,solve,L2,3400000000
//         function,daxpy,DRAM,8e8
//         kernel,_Z5scalePfi,DRAM,4e9
//
// Functions and kernels are named by their mangled or demangled name. The
// levels of kernels are those of the GPU's ceilings, the others the CPU's.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_MEASUREDBYTES_H
#define ROOF_DRIVER_MEASUREDBYTES_H

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// Where the bytes of a memory level come from. A measured level replaces
// the modelled one; roof's count is L1's unless L1 is measured.
enum class BytesSource {
  Counted,  // roof's count of the bytes loaded and stored (L1)
  Modelled, // the census's traffic model (docs/schema.md, Traffic)
  Measured, // given by the user: --bytes, --bytes-file
};

// "counted", "modelled", "measured": in the text, JSON and CSV reports.
const char *bytesSourceName(BytesSource source);

struct LevelBytes {
  std::string level;
  double bytes = 0;
  BytesSource source = BytesSource::Measured;
};

struct MeasuredBytes {
  std::vector<LevelBytes> program;
  std::map<std::string, std::vector<LevelBytes>> regions;
  std::map<std::string, std::vector<LevelBytes>> functions;
  std::map<std::string, std::vector<LevelBytes>> kernels;

  // Every level named for host scopes (program, regions, functions) and for
  // kernels, for checking them against the CPU's and the GPU's ceilings.
  std::vector<std::string> hostLevels() const;
  std::vector<std::string> kernelLevels() const;
};

// "DRAM=1.5e9" -> {DRAM, 1.5e9}. Throws UsageError.
LevelBytes parseLevelBytesOption(std::string_view text);

// Adds `bytes` to `list`, refusing a level given twice. Throws UsageError.
void addLevelBytes(std::vector<LevelBytes> &list, LevelBytes bytes,
                   std::string_view where);

// Reads a JSON (".json" or text starting with '{') or CSV bytes file.
// Throws InputError "PATH: ...".
MeasuredBytes readMeasuredBytesFile(const std::string &path);

} // namespace roof

#endif // ROOF_DRIVER_MEASUREDBYTES_H
