//===- ert/ThreadBench.h - The kernels on every CPU thread ------*- C++ -*-===//
//
// A point runs on all its threads at once, each on its own slice (working
// set / threads) of its own buffer; the time is wall clock from the moment
// all threads are ready to the moment the last one is done.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_THREADBENCH_H
#define ROOF_ERT_THREADBENCH_H

#include "Kernels.h"
#include "Sweep.h"

#include <cstddef>
#include <memory>
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

// The working set rounded down to whole blocks per thread, at least one.
std::size_t roundWorkingSet(std::size_t bytes, int threads);

// Runs points on buffers for `threads` threads of `bytesPerThread` each. A
// point whose slices do not fit them (the DRAM points of the thread
// scaling, on fewer threads) gets buffers of its own, which exist only
// while it runs: it is repeated at once. Working sets must come from
// roundWorkingSet.
class ThreadBench : public Bench {
public:
  ThreadBench(int threads, std::size_t bytesPerThread);

  Measurement calibrate(const Point &) override;
  void repeat(Measurement &) override;
  bool repeatsLater(const Point &) const override;

private:
  bool fitsShared(int threads, std::size_t workingSetBytes) const;
  const ThreadBuffers &buffersFor(int threads, std::size_t workingSetBytes);

  ThreadBuffers shared;
  std::unique_ptr<ThreadBuffers> own; // of the last point that did not fit
};

} // namespace roof::ert

#endif // ROOF_ERT_THREADBENCH_H
