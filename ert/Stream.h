//===- ert/Stream.h - The STREAM triad, as a baseline for DRAM --*- C++ -*-===//
//
// a[i] = b[i] + s * c[i] over three arrays far larger than the last-level
// cache, OpenMP static schedule, best of several runs, counted the STREAM
// way: 24 bytes per iteration (two loads, one store). The store's line is
// also read first (write-allocate), which STREAM does not count: the traffic
// really is 32 bytes per iteration, and ERT's kernel, which reads every line
// it writes, has no such hidden transfer.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_STREAM_H
#define ROOF_ERT_STREAM_H

#include <cstddef>

namespace roof::ert {

struct StreamResult {
  std::size_t arrayBytes; // each of the three
  int threads;
  int runs;
  double bestSeconds;
  double gbytesPerSecond;         // 24 bytes per iteration
  double gbytesWithWriteAllocate; // 32 bytes per iteration
};

StreamResult runStreamTriad(std::size_t arrayBytes, int threads, int runs);

} // namespace roof::ert

#endif // ROOF_ERT_STREAM_H
