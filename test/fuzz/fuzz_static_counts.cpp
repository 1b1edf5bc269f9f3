//===- test/fuzz/fuzz_static_counts.cpp - roof-static's JSON --------------===//
//
// As roof report --static reads it: readStaticCountsFile.
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "StaticCounts.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return roof::fuzz::readInput(data, size, roof::readStaticCountsFile);
}
