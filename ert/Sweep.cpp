//===- ert/Sweep.cpp - Timing a kernel on every thread --------------------===//
#include "Sweep.h"

#include "Memory.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <new>
#include <stdexcept>
#include <string>

namespace roof::ert {

namespace {

constexpr double kInitialValue = 0.5; // see KernelChains.h

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

double Measurement::medianSeconds() const {
  std::vector<double> sorted = seconds;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t half = sorted.size() / 2;
  return sorted.size() % 2 ? sorted[half]
                           : 0.5 * (sorted[half - 1] + sorted[half]);
}

std::size_t roundWorkingSet(std::size_t bytes, int threads) {
  const std::size_t unit = kBlockBytes * std::size_t(threads);
  return std::max(unit, bytes / unit * unit);
}

Measurement calibrate(const ThreadBuffers &buffers, int threads,
                      KernelKind kind, Precision precision, int flopsPerElement,
                      std::size_t workingSetBytes, double minimumSeconds) {
  KernelFn kernel = findKernel(kind, precision, flopsPerElement);
  const std::size_t elementsPerThread =
      workingSetBytes / std::size_t(threads) / elementBytes(precision);
  const double elements = double(elementsPerThread) * threads;

  // Start from values the kernels' chains converge from, and with the
  // slices in the nearest cache they fit.
#pragma omp parallel num_threads(threads)
  fill(buffers.slice(omp_get_thread_num()), precision, elementsPerThread);

  // Double the trials until a run is long enough. The shorter of two runs
  // decides, so that a run another process interrupted does not stop the
  // doubling at a run of a few microseconds.
  auto shorterOfTwo = [&](long trials) {
    return std::min(
        timeRun(buffers, threads, kernel, elementsPerThread, trials),
        timeRun(buffers, threads, kernel, elementsPerThread, trials));
  };
  long trials = 1;
  while (shorterOfTwo(trials) < minimumSeconds && trials < (1L << 40))
    trials *= 2;

  Measurement m;
  m.kind = kind;
  m.precision = precision;
  m.threads = threads;
  m.flopsPerElement = flopsPerElement;
  m.workingSetBytes = workingSetBytes;
  m.trials = trials;
  m.bytes = 2.0 * double(elementBytes(precision)) * elements * double(trials);
  m.flops = double(flopsPerElement) * elements * double(trials);
  return m;
}

void repeat(const ThreadBuffers &buffers, Measurement &m) {
  KernelFn kernel = findKernel(m.kind, m.precision, m.flopsPerElement);
  const std::size_t elementsPerThread =
      m.workingSetBytes / std::size_t(m.threads) / elementBytes(m.precision);
  // One untimed pass brings the slices back into the caches that the
  // points measured in between may have taken.
  timeRun(buffers, m.threads, kernel, elementsPerThread, 1);
  m.seconds.push_back(
      timeRun(buffers, m.threads, kernel, elementsPerThread, m.trials));
}

} // namespace roof::ert
