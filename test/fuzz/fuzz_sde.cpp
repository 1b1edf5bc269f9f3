//===- test/fuzz/fuzz_sde.cpp - Intel SDE's instruction mix ---------------===//
//
// As roof compare --sde reads it: parseInputFile(PATH, parseSdeMix).
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "SdeOutput.h"

using namespace roof;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return fuzz::readInput(data, size, [](const std::string &path) {
    parseInputFile(path, parseSdeMix);
  });
}
