//===- test/fuzz/fuzz_source_census.cpp - roof-census's JSON --------------===//
//
// As roof report --census reads it: readSourceCensusFile.
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "SourceCensus.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return roof::fuzz::readInput(data, size, roof::readSourceCensusFile);
}
