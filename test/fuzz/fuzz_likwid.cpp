//===- test/fuzz/fuzz_likwid.cpp - likwid-perfctr's output ----------------===//
//
// As roof compare --likwid reads it: parseInputFile(PATH, parseLikwid), and
// the FLOPs and bytes the comparison takes from each group.
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "LikwidOutput.h"

using namespace roof;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return fuzz::readInput(data, size, [](const std::string &path) {
    for (const LikwidGroup &group : parseInputFile(path, parseLikwid)) {
      if (std::optional<LikwidFlops> flops = likwidFlops(group)) {
        for (const auto &[precision, count] : flops->byPrecision)
          fuzz::checkNumber(count, "LIKWID FLOPs");
        fuzz::checkNumber(flops->all, "LIKWID FLOPs");
      }
      fuzz::checkNumber(likwidMemoryBytes(group), "LIKWID bytes");
    }
  });
}
