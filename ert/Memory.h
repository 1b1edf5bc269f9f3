//===- ert/Memory.h - Buffers for the kernels and STREAM --------*- C++ -*-===//
//
// One allocator for the sweep's buffers and STREAM's arrays, so that the DRAM
// ceiling and the STREAM triad differ only in their access pattern. Buffers
// of 2 MiB and more are aligned to 2 MiB and offered to transparent huge
// pages (madvise, as THP is often set to "madvise"): fewer TLB misses when
// streaming from DRAM.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_MEMORY_H
#define ROOF_ERT_MEMORY_H

#include <cstddef>

namespace roof::ert {

// Aligned to at least 64 bytes; nullptr when memory is short. Not touched:
// the thread that first writes a page decides where it lives.
void *allocateBuffer(std::size_t bytes);
void freeBuffer(void *buffer);

} // namespace roof::ert

#endif // ROOF_ERT_MEMORY_H
