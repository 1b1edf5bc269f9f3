//===- test/fuzz/fuzz_measured_bytes.cpp - Measured bytes, JSON or CSV ----===//
//
// As roof report --bytes-file and pp read them: readMeasuredBytesFile. The
// input file has no extension, so its first character chooses JSON ('{') or
// CSV, as for a file of any other name.
//
//===----------------------------------------------------------------------===//
#include "FuzzHarness.h"
#include "MeasuredBytes.h"

using namespace roof;

namespace {

void checkLevels(const std::vector<LevelBytes> &levels) {
  for (const LevelBytes &level : levels)
    fuzz::checkNumber(level.bytes, "measured bytes");
}

void checkScopes(const std::map<std::string, std::vector<LevelBytes>> &scopes) {
  for (const auto &[name, levels] : scopes)
    checkLevels(levels);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  return fuzz::readInput(data, size, [](const std::string &path) {
    MeasuredBytes measured = readMeasuredBytesFile(path);
    checkLevels(measured.program);
    checkScopes(measured.regions);
    checkScopes(measured.functions);
    checkScopes(measured.kernels);
  });
}
