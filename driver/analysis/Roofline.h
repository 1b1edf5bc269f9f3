//===- driver/analysis/Roofline.h - Roofline points -------------*- C++ -*-===//
//
// The roofline arithmetic of seed 000 (P3HPC'18, section II-A) on a census:
//
//   point      for each memory level with bytes (L1: roof's count; L2, L3,
//              DRAM: measured by the user, else modelled by a traffic-mode
//              build), AI = FLOPs / bytes and
//              P = FLOPs / time, with canonical and with empirical FLOPs;
//   ceiling    the compute ceiling F chosen from the executed instruction
//              mix (below) and the level's measured bandwidth B;
//   bound      min(F, B x AI), the roofline at the point's AI;
//   efficiency e = P / min(F, B x AI)                         (eq. 2)
//              at the level whose bound is tightest (hierarchical roofline:
//              every level bounds the code, the lowest roof binds);
//   PP         |H| / sum over platforms of 1 / e_i, or 0 when a platform
//              is unsupported                                (eq. 1).
//
// Choosing F (seed 000, III-B: compare with the ceiling of the mix the code
// really executes; seed 001: a mix of FMA and other operations is bounded by
// a partial-FMA ceiling). From the empirical per-class counts of one
// precision, with an FMA lane one operation of 2 FLOPs:
//   alpha          = FMA operations / FP operations (seed 001's definition,
//                    FMA FP64 instructions / all FP64 instructions),
//   divide share   = div operations / FP operations.
// Then
//   divide share >= kDivideHeavyShare and the file has divide ceilings:
//       divide no-FMA if alpha <= kNoFmaShare, else divide+FMA;
//   alpha >= kFmaOnlyShare:                  the FMA ceiling;
//   alpha <= kNoFmaShare and a no-FMA ceiling: the no-FMA ceiling;
//   otherwise:                               (alpha x 2 + (1 - alpha)) / 2
//                                            x the FMA ceiling (seed 001).
// The canonical point is compared with the same F: the ceiling describes
// the instructions the machine executed.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_ROOFLINE_H
#define ROOF_DRIVER_ROOFLINE_H

#include "Ceilings.h"
#include "Census.h"
#include "MeasuredBytes.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roof {

// alpha at or above which the code is taken as all-FMA, at or below which
// as FMA-free: 5% either way costs at most 2.5% of the FMA peak against the
// partial-FMA formula, within ERT's run-to-run spread.
inline constexpr double kFmaOnlyShare = 0.95;
inline constexpr double kNoFmaShare = 0.05;
// The divide ceilings are measured with one divide per FMA (divide+FMA) or
// per multiply and add (divide no-FMA): a half and a third of the operations.
// A quarter or more of divides is closer to those kernels than to the
// divide-free ones; seed 000 (III-B) rejects them for GPP, whose "few"
// divides are far below that.
inline constexpr double kDivideHeavyShare = 0.25;

// The executed mix of one precision (empirical per-class counts).
struct InstructionMix {
  double flops = 0;        // empirical FLOPs
  double operations = 0;   // FP arithmetic operations, an FMA lane counted once
  double fmaShare = 0;     // alpha = FMA operations / operations
  double fmaFlopShare = 0; // FMA FLOPs / FLOPs
  double divideShare = 0;  // divide operations / operations
};

// Absent when the precision has no empirical FLOPs or a count saturated.
std::optional<InstructionMix> instructionMix(const PrecisionCounts &precision);

// (alpha x 2 + (1 - alpha)) / 2 x fmaPeak: the FLOP rate of a mix whose
// operations issue at the FMA pipes' rate, a fraction alpha of them FMAs
// (seed 001).
double partialFmaCeiling(double fmaPeak, double fmaShare);

// min(F, B x AI), in GFLOP/s for F in GFLOP/s, B in GB/s, AI in FLOP/byte.
double attainablePerformance(double compute, double bandwidth, double ai);

// e = P / bound (seed 000, eq. 2).
double architecturalEfficiency(double performance, double bound);

// Seed 000, eq. 1: the harmonic mean of the efficiencies, 0 when one of the
// platforms is unsupported (absent) or has zero efficiency.
double performancePortability(const std::vector<std::optional<double>> &e);

// The compute ceiling chosen for a mix.
struct ComputeChoice {
  double gflops = 0;
  std::string name;   // "FP64 FMA", "FP64 partial-FMA", ...
  std::string reason; // why this one, a sentence for the report
  ComputeKind kind = ComputeKind::Fma; // the kernel of the file's ceiling
  bool partial = false; // derived from the FMA ceiling by seed 001
  const ComputeCeiling *ceiling = nullptr; // the file's entry used
};

// Absent when the file has no FMA, no-FMA or divide ceiling for `precision`
// (nor one without a precision).
std::optional<ComputeChoice> chooseComputeCeiling(const Ceilings &ceilings,
                                                  RoofPrecision precision,
                                                  const InstructionMix &mix);

// One point on one level's roofline.
struct LevelPoint {
  LevelBytes bytes;
  std::optional<double> ai;        // FLOPs / bytes
  std::optional<double> bandwidth; // GB/s, when the file measured the level
  std::optional<double> bound;     // min(F, B x AI); F alone without B
  bool computeBound = false;       // F <= B x AI
  std::optional<double> efficiency;
};

// The points of one FLOP count (canonical or empirical), a point per level.
struct RooflinePoint {
  double flops = 0;
  std::optional<double> gflops; // absent when the scope was not timed
  std::vector<LevelPoint> levels;
  std::optional<std::size_t> binding; // index of the tightest bound
  std::optional<double> efficiency;   // at the binding level
};

struct ScopeRoofline {
  RoofPrecision precision = ROOF_FP64;
  InstructionMix mix;
  std::optional<ComputeChoice> compute;
  RooflinePoint empirical;
  RooflinePoint canonical;
};

// The roofline of one precision of a scope. `measured` holds the bytes the
// user measured for the scope; L1 is roof's count of bytes loaded and stored
// unless `measured` gives L1 too, the levels below it those of the counts'
// traffic unless `measured` gives them. A level below L1 without a
// bandwidth ceiling has no bound (it is not placed). Absent when the
// precision has no FLOPs.
std::optional<ScopeRoofline>
analyseScope(const Counts &counts, std::optional<double> timeS,
             RoofPrecision precision, const Ceilings &ceilings,
             const std::vector<LevelBytes> &measured);

// The level of roof's own byte count.
inline constexpr const char *kCountedLevel = "L1";

// Refuses (UsageError) measured levels the ceilings file has no bandwidth
// for: MeasuredBytes::hostLevels() against the CPU's ceilings,
// kernelLevels() against the GPU's.
void checkMeasuredLevels(const std::vector<std::string> &levels,
                         const Ceilings &ceilings,
                         const std::string &ceilingsPath);

// The precision with the most empirical FLOPs (display order breaks ties);
// fp64 when there are none.
RoofPrecision dominantPrecision(const Counts &counts);

//===----------------------------------------------------------------------===//
// Which parts of a census are placed on the roofline
//===----------------------------------------------------------------------===//

struct RooflineScope {
  enum class Kind { Program, Region, Function, Kernel };
  Kind kind = Kind::Program;
  std::string name;  // program path, region name, mangled function or kernel
  std::string label; // for people: "program", region, demangled function
  const Counts *counts = nullptr;
  std::optional<double> timeS;
};

// "program", "region", "function", "kernel".
const char *rooflineScopeKindName(RooflineScope::Kind kind);

struct ScopeSelection {
  std::optional<std::string> region; // only this region
  std::size_t topFunctions = 0;      // the N with the most empirical FLOPs
  bool program = true;               // the totals (unless `region`)
};

// The program, its regions (or only `region`) and the top functions, in
// that order. Throws UsageError when `region` is not in the census.
std::vector<RooflineScope> rooflineScopes(const Census &census,
                                          const ScopeSelection &selection);

// The (at most) `top` kernels with the most empirical FLOPs, placed on the
// GPU's roofline; L1 is roof's count of their bytes in all address spaces.
std::vector<RooflineScope> rooflineKernelScopes(const Census &census,
                                                std::size_t top);

// The bytes `measured` holds for `scope` (empty when none).
const std::vector<LevelBytes> &measuredBytesOf(const MeasuredBytes &measured,
                                               const RooflineScope &scope);

} // namespace roof

#endif // ROOF_DRIVER_ROOFLINE_H
