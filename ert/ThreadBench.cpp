//===- ert/ThreadBench.cpp - The kernels on every CPU thread --------------===//
#include "ThreadBench.h"

#include "Memory.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <new>
#include <stdexcept>
#include <string>

namespace roof::ert {

namespace {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void fill(void *slice, Precision precision, std::size_t elements) {
  if (precision == Precision::Fp64)
    std::fill_n(static_cast<double *>(slice), elements, kInitialValue);
  else
    std::fill_n(static_cast<float *>(slice), elements, float(kInitialValue));
}

// One timed run: from the moment all threads are ready to the moment the
// last one is done.
double timeRun(const ThreadBuffers &buffers, int threads, KernelFn kernel,
               std::size_t elementsPerThread, long trials) {
  double start = 0, stop = 0;
#pragma omp parallel num_threads(threads)
  {
    void *slice = buffers.slice(omp_get_thread_num());
#pragma omp barrier
#pragma omp master
    start = now();
#pragma omp barrier
    kernel(slice, elementsPerThread, trials);
#pragma omp barrier
#pragma omp master
    stop = now();
  }
  return stop - start;
}

std::size_t elementsPerThread(std::size_t workingSetBytes, int threads,
                              Precision precision) {
  return workingSetBytes / std::size_t(threads) / elementBytes(precision);
}

} // namespace

ThreadBuffers::ThreadBuffers(int threads, std::size_t bytesPerThread)
    : slices(threads, nullptr), bytes(bytesPerThread) {
  bool failed = false;
#pragma omp parallel num_threads(threads) reduction(|| : failed)
  {
    void *slice = allocateBuffer(bytes);
    if (slice)
      fill(slice, Precision::Fp64, bytes / sizeof(double));
    else
      failed = true;
    slices[omp_get_thread_num()] = slice;
  }
  const bool tooFewThreads =
      std::count(slices.begin(), slices.end(), nullptr) > 0;
  if (failed || tooFewThreads) {
    for (void *slice : slices)
      freeBuffer(slice);
    if (failed)
      throw std::bad_alloc();
    // OMP_THREAD_LIMIT or OMP_DYNAMIC gave fewer threads than asked for.
    throw std::runtime_error("OpenMP ran fewer threads than the " +
                             std::to_string(threads) + " asked for");
  }
}

ThreadBuffers::~ThreadBuffers() {
  for (void *slice : slices)
    freeBuffer(slice);
}

std::size_t roundWorkingSet(std::size_t bytes, int threads) {
  const std::size_t unit = kBlockBytes * std::size_t(threads);
  return std::max(unit, bytes / unit * unit);
}

ThreadBench::ThreadBench(int threads, std::size_t bytesPerThread)
    : shared(threads, bytesPerThread) {}

bool ThreadBench::fitsShared(int threads, std::size_t workingSetBytes) const {
  return workingSetBytes / std::size_t(threads) <= shared.bytesPerThread();
}

bool ThreadBench::repeatsLater(const Point &point) const {
  return fitsShared(point.threads, point.workingSetBytes);
}

const ThreadBuffers &ThreadBench::buffersFor(int threads,
                                             std::size_t workingSetBytes) {
  if (fitsShared(threads, workingSetBytes))
    return shared;
  const std::size_t perThread = workingSetBytes / std::size_t(threads);
  if (!own || own->threads() != threads || own->bytesPerThread() != perThread) {
    own.reset(); // before the next one is allocated
    own = std::make_unique<ThreadBuffers>(threads, perThread);
  }
  return *own;
}

Measurement ThreadBench::calibrate(const Point &point) {
  const ThreadBuffers &buffers =
      buffersFor(point.threads, point.workingSetBytes);
  KernelFn kernel =
      findKernel(point.kind, point.precision, point.flopsPerElement);
  const std::size_t elements =
      elementsPerThread(point.workingSetBytes, point.threads, point.precision);

  // Start from values the kernels' chains converge from, and with the
  // slices in the nearest cache they fit.
#pragma omp parallel num_threads(point.threads)
  fill(buffers.slice(omp_get_thread_num()), point.precision, elements);

  const long trials = findTrials(
      [&](long trials) {
        return timeRun(buffers, point.threads, kernel, elements, trials);
      },
      point.effort.minimumSeconds);
  return measurementOf(point, trials);
}

void ThreadBench::repeat(Measurement &m) {
  const ThreadBuffers &buffers = buffersFor(m.threads, m.workingSetBytes);
  KernelFn kernel = findKernel(m.kind, m.precision, m.flopsPerElement);
  const std::size_t elements =
      elementsPerThread(m.workingSetBytes, m.threads, m.precision);
  // One untimed pass brings the slices back into the caches that the
  // points measured in between may have taken.
  timeRun(buffers, m.threads, kernel, elements, 1);
  m.seconds.push_back(timeRun(buffers, m.threads, kernel, elements, m.trials));
}

} // namespace roof::ert
