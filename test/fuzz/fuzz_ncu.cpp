//===- test/fuzz/fuzz_ncu.cpp - Nsight Compute's CSV ----------------------===//
//
// As roof compare --ncu reads it: parseInputFile(PATH, parseNcuCsv) with the
// census's process id, here the one of the fixtures' (4242), so that a file
// of several processes can be read too.
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "NcuOutput.h"

using namespace roof;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return fuzz::readInput(data, size, [](const std::string &path) {
    fuzz::checkProfile(parseInputFile(path, [](std::string_view text) {
      return parseNcuCsv(text, 4242);
    }));
  });
}
