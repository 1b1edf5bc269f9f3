//===- driver/analysis/KernelMatching.h - Profiled kernels ------*- C++ -*-===//
//
// Which of roof's kernels a GPU profiler's kernel is, and which of roof's
// counts its numbers are compared with.
//
// Names. Nsight Compute prints a kernel's demangled signature by default
// ("daxpy(int, double, const double *, double *)"), its mangled name with
// --print-kernel-base mangled, or only the function name with
// --print-kernel-base function ("daxpy"); nvprof prints the signature. roof
// has the mangled name and the demangled one (c++filt's spelling, "double
// const*"). A profiler's kernel is roof's kernel
//   1. whose mangled name it is;
//   2. else whose signature it is once both are normalised: blanks only
//      between words, a leading const moved behind its type ("const double
//      *" reads "double const*");
//   3. else whose function name it has, when exactly one roof kernel and
//      exactly one of the profiler's kernels have that name (templates, whose
//      arguments the two spell differently: "(bool)1" and "true").
//
// Launches. When the profiler saw as many launches as roof counted, the
// kernel's totals are compared. When it saw fewer (ncu --launch-count,
// --launch-skip, --kernel-name), the same launches are taken from roof's
// launch records: where Nsight Compute lists its launches in order, the
// window of the process's launches they are (roof's launch `sequence`) when
// one offset fits every profiled launch of a known kernel and its grid and
// block sizes; else per kernel the first run of consecutive records with the
// profiled grid and block sizes; for nvprof, which has no per-launch detail,
// the first records.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_KERNELMATCHING_H
#define ROOF_DRIVER_KERNELMATCHING_H

#include "Census.h"
#include "GpuProfile.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// A signature with blanks only between two words and east const:
// "daxpy(int,double,double const*,double*)".
std::string normalizedSignature(std::string_view signature);

// The unqualified function name without template arguments or parameters:
// "daxpy" of "void ns::daxpy<float>(int, float*)" and of "daxpy".
std::string baseFunctionName(std::string_view name);

enum class MatchedBy { MangledName, DemangledName, FunctionName };

// "mangled name", "demangled name", "function name".
const char *matchedByText(MatchedBy by);

struct KernelMatch {
  const KernelRecord *kernel = nullptr;
  MatchedBy by = MatchedBy::MangledName;
  std::vector<std::size_t> profiled; // indices into GpuProfile::kernels
};

struct KernelMatching {
  std::vector<KernelMatch> matched;       // in roof's order
  std::vector<std::size_t> unknownToRoof; // profiled kernels roof has not
  std::vector<const KernelRecord *> notProfiled;
};

KernelMatching matchKernels(const GpuProfile &profile,
                            const std::vector<KernelRecord> &kernels);

// The offset S for which the profiler's i-th launch (counting from 0) is
// the process's launch S + i, for every profiled launch of a matched
// kernel, with its grid and block sizes; nothing when none fits or the
// profiler lists no launches.
std::optional<std::uint64_t> profiledWindow(const GpuProfile &profile,
                                            const KernelMatching &matching);

// The launches the profiler saw of a kernel, among roof's.
struct ComparedLaunches {
  enum class Basis {
    KernelTotals,      // it saw all the counted launches
    MoreThanCounted,   // it saw more than roof counted: totals, with a note
    ProcessWindow,     // records at the sequences of profiledWindow()
    MatchingGeometry,  // the first consecutive records of its grid sizes
    FirstRecords,      // the first records (nvprof)
    NoRecords,         // roof kept none (ROOF_CUDA=total): not compared
    NoMatchingRecords, // no run of records fits: not compared
  };
  Basis basis = Basis::KernelTotals;
  std::uint64_t profiledLaunches = 0;
  std::vector<const LaunchRecord *> records; // for the three record bases
  Counts counts;                             // roof's, of those launches
  BytesBySpace bytesBySpace{};
  std::optional<double> timeS;

  bool compared() const {
    return basis != Basis::NoRecords && basis != Basis::NoMatchingRecords;
  }
};

ComparedLaunches comparedLaunches(const KernelMatch &match,
                                  const GpuProfile &profile,
                                  std::optional<std::uint64_t> window);

} // namespace roof

#endif // ROOF_DRIVER_KERNELMATCHING_H
