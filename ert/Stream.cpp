//===- ert/Stream.cpp - The STREAM triad, as a baseline for DRAM ----------===//
//
// Written from STREAM's description (McCalpin): the arrays are initialized
// by the threads that later use the same parts of them, the first run is
// not counted, and the result is checked so that the compiler cannot have
// skipped the work.
//
//===----------------------------------------------------------------------===//
#include "Stream.h"

#include "Memory.h"

#include <omp.h>

#include <algorithm>
#include <limits>
#include <new>
#include <stdexcept>

namespace roof::ert {

StreamResult runStreamTriad(std::size_t arrayBytes, int threads, int runs) {
  const long n = long(arrayBytes / sizeof(double));
  const std::size_t bytes = std::size_t(n) * sizeof(double);
  double *a = static_cast<double *>(allocateBuffer(bytes));
  double *b = static_cast<double *>(allocateBuffer(bytes));
  double *c = static_cast<double *>(allocateBuffer(bytes));
  auto release = [&] {
    freeBuffer(a);
    freeBuffer(b);
    freeBuffer(c);
  };
  if (!a || !b || !c) {
    release();
    throw std::bad_alloc();
  }

#pragma omp parallel for schedule(static) num_threads(threads)
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 2.0;
    c[i] = 1.0;
  }

  const double scalar = 3.0;
  double best = std::numeric_limits<double>::infinity();
  for (int run = 0; run <= runs; ++run) {
    const double start = omp_get_wtime();
#pragma omp parallel for schedule(static) num_threads(threads)
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + scalar * c[i];
    const double seconds = omp_get_wtime() - start;
    if (run > 0) // the first run pays for page faults and cold TLBs
      best = std::min(best, seconds);
  }

  long wrong = 0;
#pragma omp parallel for schedule(static) num_threads(threads)                 \
    reduction(+ : wrong)
  for (long i = 0; i < n; ++i)
    wrong += a[i] != 5.0;
  release();
  if (wrong)
    throw std::runtime_error("STREAM triad computed wrong values");

  StreamResult result;
  result.arrayBytes = bytes;
  result.threads = threads;
  result.runs = runs;
  result.bestSeconds = best;
  result.gbytesPerSecond = 3.0 * double(bytes) / best / 1e9;
  result.gbytesWithWriteAllocate = 4.0 * double(bytes) / best / 1e9;
  return result;
}

} // namespace roof::ert
