//===- test/fuzz/fuzz_ceilings.cpp - ERT's roofline.json ------------------===//
//
// As roof report, plot and pp read --ceilings: readCeilingsFile.
//
//===----------------------------------------------------------------------===//
#include "Ceilings.h"
#include "FuzzHarness.h"

using namespace roof;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return fuzz::readInput(data, size, [](const std::string &path) {
    Ceilings ceilings = readCeilingsFile(path);
    for (const ComputeCeiling &ceiling : ceilings.compute)
      fuzz::checkNumber(ceiling.gflops, "a compute ceiling");
    for (const BandwidthCeiling &ceiling : ceilings.bandwidth)
      fuzz::checkNumber(ceiling.gbytes, "a bandwidth ceiling");
  });
}
