//===- ert/Memory.cpp - Buffers for the kernels and STREAM ----------------===//
#include "Memory.h"

#include <sys/mman.h>

#include <cstdlib>

namespace roof::ert {

void *allocateBuffer(std::size_t bytes) {
  constexpr std::size_t kHugePage = 2 << 20;
  const std::size_t alignment = bytes >= kHugePage ? kHugePage : 64;
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  void *buffer = std::aligned_alloc(alignment, rounded);
  // Advice only: where THP is off, small pages it is.
  if (buffer && alignment == kHugePage)
    madvise(buffer, rounded, MADV_HUGEPAGE);
  return buffer;
}

void freeBuffer(void *buffer) { std::free(buffer); }

} // namespace roof::ert
