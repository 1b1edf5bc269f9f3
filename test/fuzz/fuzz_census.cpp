//===- test/fuzz/fuzz_census.cpp - The runtime's census JSON --------------===//
//
// As roof report, run, plot, pp and compare read a census: readCensusFile,
// whose InputError names the file.
//
//===----------------------------------------------------------------------===//
#include "Census.h"
#include "FuzzHarness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return roof::fuzz::readInput(data, size, roof::readCensusFile);
}
