//===- test/fuzz/fuzz_sde_mask.cpp - Intel SDE's mask profile -------------===//
//
// As roof compare --sde-mask applies it to the counts of the mix:
// parseInputFile(PATH, applySdeMaskProfile).
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "SdeOutput.h"

using namespace roof;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return fuzz::readInput(data, size, [](const std::string &path) {
    SdeCounts counts;
    parseInputFile(path, [&](std::string_view text) {
      applySdeMaskProfile(counts, text);
      return 0;
    });
  });
}
