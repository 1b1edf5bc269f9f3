//===- ert/Sweep.h - Timing a kernel on every thread ------------*- C++ -*-===//
//
// One measurement is one kernel, precision, FLOPs per element and working
// set, run by all threads at once, each on its own slice (working set /
// threads) of its own buffer. As in ERT, the trial count (passes over the
// slice) doubles until one run lasts long enough for the clock, then the run
// is repeated and the median time taken. The caller decides when the
// repetitions run: main.cpp spreads them over a whole phase.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_SWEEP_H
#define ROOF_ERT_SWEEP_H

#include "Kernels.h"

#include <cstddef>
#include <string>
#include <vector>

namespace roof::ert {

// A buffer per thread, allocated and first touched by that thread so that
// its pages are local to it.
class ThreadBuffers {
public:
  ThreadBuffers(int threads, std::size_t bytesPerThread);
  ~ThreadBuffers();
  ThreadBuffers(const ThreadBuffers &) = delete;
  ThreadBuffers &operator=(const ThreadBuffers &) = delete;

  int threads() const { return int(slices.size()); }
  std::size_t bytesPerThread() const { return bytes; }
  void *slice(int thread) const { return slices[thread]; }

private:
  std::vector<void *> slices;
  std::size_t bytes;
};

struct Measurement {
  std::string phase; // which part of the run it belongs to, for the CSV
  KernelKind kind;
  Precision precision;
  int threads;
  int flopsPerElement;
  std::size_t workingSetBytes; // all threads together
  long trials;
  double bytes; // one run, all threads: a load and a store per element
  double flops; // one run, all threads
  std::vector<double> seconds; // one per repetition

  double medianSeconds() const;
  double gbytesPerSecond() const { return bytes / medianSeconds() / 1e9; }
  double gflopsPerSecond() const { return flops / medianSeconds() / 1e9; }
};

// The working set rounded down to whole blocks per thread, at least one.
std::size_t roundWorkingSet(std::size_t bytes, int threads);

// Prepares a point: fills the slices of the first `threads` threads and
// doubles the trials until a run lasts `minimumSeconds`; returns the point
// with no time yet. `workingSetBytes` must come from roundWorkingSet and fit
// the buffers.
Measurement calibrate(const ThreadBuffers &, int threads, KernelKind, Precision,
                      int flopsPerElement, std::size_t workingSetBytes,
                      double minimumSeconds);

// Times one more run of a calibrated point, on the buffers it was
// calibrated on.
void repeat(const ThreadBuffers &, Measurement &);

} // namespace roof::ert

#endif // ROOF_ERT_SWEEP_H
