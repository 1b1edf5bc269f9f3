//===- test/fuzz/fuzz_nvprof.cpp - nvprof's CSV ---------------------------===//
//
// As roof compare --nvprof reads it: parseInputFile(PATH, parseNvprofCsv).
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "NvprofOutput.h"

using namespace roof;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return fuzz::readInput(data, size, [](const std::string &path) {
    fuzz::checkProfile(parseInputFile(path, parseNvprofCsv));
  });
}
