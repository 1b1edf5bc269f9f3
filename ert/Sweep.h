//===- ert/Sweep.h - What an ERT run measures, and in which order -*- C++
//-*-===//
//
// The part of a run that does not depend on what executes the kernels (CPU
// threads in roof-ert, a GPU grid in roof-ert-gpu):
//
//   - the points: the 1-FLOP kernel over growing working sets (bandwidth
//     sweep), every kernel at every FLOPs per element on one working set
//     (FLOPs sweep, thorough runs only), the highest FLOPs per element on a
//     few small working sets (ceilings);
//   - a point's trial count (passes over its working set), doubled as ERT
//     does until one run lasts long enough for the clock;
//   - the order: a phase at a time, its points calibrated first and then
//     repeated in turns, so that a burst of other work spoils one
//     repetition of many points, which their medians shrug off, rather than
//     every repetition of one point;
//   - the results: each precision's bandwidth levels and each kernel's best
//     point.
//
// A Bench, written for the hardware, runs the kernels.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_SWEEP_H
#define ROOF_ERT_SWEEP_H

#include "KernelKinds.h"
#include "LevelDetection.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace roof::ert {

class Progress;

//===----------------------------------------------------------------------===//
// Points
//===----------------------------------------------------------------------===//

struct Effort {
  double minimumSeconds; // one run lasts at least this long
  int repetitions;       // timed runs after the trial count is found
};

// How thoroughly a mode measures; the same for every kind of hardware.
struct SweepEffort {
  unsigned pointsPerDoubling; // working sets per doubling, bandwidth sweep
  Effort memory;              // bandwidth sweep
  Effort flopSweep;
  Effort ceiling;
  bool sweepFlops;         // whether there is a FLOPs sweep
  unsigned ceilingChoices; // how many of the highest FLOPs per element
};

// Thorough: 4 working sets per doubling, 50 ms and 5 repetitions per point,
// 100 ms and 9 repetitions per ceiling point, the two highest FLOPs per
// element. Quick: 1 per doubling, 10 ms and 3, 20 ms and 3, the highest
// only, no FLOPs sweep.
SweepEffort sweepEffort(bool quick);

struct Point {
  std::string phase; // "memory", "flops", "ceiling", or the tool's own
  KernelKind kind;
  Precision precision;
  int threads; // that run the kernel: CPU threads, or the GPU grid's
  int flopsPerElement;
  std::size_t workingSetBytes; // all threads together
  Effort effort;
};

struct SweepPlan {
  std::vector<Precision> precisions;
  int threads;
  SweepEffort effort;
  std::vector<std::size_t> memoryWorkingSets;  // bandwidth sweep
  std::size_t flopSweepWorkingSet;             // when effort.sweepFlops
  std::vector<std::size_t> ceilingWorkingSets; // for each ceiling choice
};

// From `smallest` up to `largest`, `pointsPerDoubling` sizes per doubling,
// each passed through `round` (which makes it a size the hardware can
// split); ascending, no size twice.
std::vector<std::size_t>
workingSetSizes(std::size_t smallest, std::size_t largest,
                unsigned pointsPerDoubling,
                const std::function<std::size_t(std::size_t)> &round);

// The bandwidth sweep of every precision, then the FLOPs sweep, then the
// ceilings of every precision and kernel.
std::vector<Point> planPoints(const SweepPlan &);

// "bandwidth sweep FP64", "FLOPs sweep FP32 no-FMA", "compute ceilings
// FP64"; other phases are "thread scaling". Consecutive points with the
// same title make a phase.
std::string phaseTitle(const Point &);

//===----------------------------------------------------------------------===//
// Measuring
//===----------------------------------------------------------------------===//

struct Measurement {
  std::string phase;
  KernelKind kind;
  Precision precision;
  int threads;
  int flopsPerElement;
  std::size_t workingSetBytes;
  long trials;
  double bytes; // one run: a load and a store per element and trial
  double flops; // one run
  std::vector<double> seconds; // one per repetition

  double medianSeconds() const;
  double gbytesPerSecond() const { return bytes / medianSeconds() / 1e9; }
  double gflopsPerSecond() const { return flops / medianSeconds() / 1e9; }
};

// A point run `trials` times, with its bytes and FLOPs and no time yet.
Measurement measurementOf(const Point &, long trials);

// The trial count: doubled from 1 until a run of that many lasts
// `minimumSeconds`. The shorter of two runs decides, so that a run that
// another process interrupted does not stop the doubling at a run of a few
// microseconds.
long findTrials(const std::function<double(long trials)> &timedRun,
                double minimumSeconds);

// Runs the kernels of one kind of hardware.
class Bench {
public:
  virtual ~Bench() = default;
  // Prepares a point: its working set filled with kInitialValue, its trial
  // count found (findTrials). No time yet.
  virtual Measurement calibrate(const Point &) = 0;
  // Times one more run of a calibrated point.
  virtual void repeat(Measurement &) = 0;
  // Whether the point's repetitions can wait until the other points of its
  // phase are calibrated; a point that needs resources of its own, too
  // large to keep while other points run, is repeated at once.
  virtual bool repeatsLater(const Point &) const { return true; }
};

// How many steps measurePoints reports to a Progress for these points.
std::size_t progressSteps(const std::vector<Point> &);

// Measures every point, a phase at a time (see above), reporting each
// calibration and repetition to `progress`; the measurements in the order of
// the points.
std::vector<Measurement> measurePoints(const std::vector<Point> &, Bench &,
                                       Progress &progress);

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

struct Ceiling {
  KernelKind kind;
  Precision precision;
  Measurement best; // the point with the highest median GFLOP/s
};

struct BandwidthLevels {
  Precision precision;
  std::vector<MemoryLevel> levels;
};

struct SweepResults {
  int threads = 0;
  unsigned pointsPerDoubling = 0;
  std::vector<Measurement> measurements;  // every point, in the order run
  std::vector<int> sweptFlopsPerElement;  // of the FMA kernel: ERT_FLOPS
  std::vector<BandwidthLevels> bandwidth; // one per precision, plan order
  std::vector<Ceiling> ceilings;          // per precision, per kernel
};

// The levels of each precision's bandwidth sweep (ERT's method,
// LevelDetection.h) and each kernel's ceiling: the highest median GFLOP/s
// over its FLOPs-sweep and ceiling points.
SweepResults summarize(const SweepPlan &, std::vector<Measurement>);

} // namespace roof::ert

#endif // ROOF_ERT_SWEEP_H
