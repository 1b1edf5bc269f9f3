//===- test/fuzz/ReplayMain.cpp - Fuzz inputs run once, without libFuzzer -===//
//
//   fuzz_<reader> FILE|FOLDER...
//
// The main() of a fuzz target in the normal build (no libFuzzer, no
// sanitizers): runs every file named, and every file in every folder named,
// through the target once, in sorted order, so that the inputs kept in
// test/fuzz/regressions stay fixed (test/fuzz/run.py --replay, which ctest
// runs). A finding aborts as it does under libFuzzer, after the input's name.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size);

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputsIn(const std::vector<fs::path> &arguments) {
  std::vector<fs::path> inputs;
  for (const fs::path &argument : arguments) {
    if (!fs::is_directory(argument)) {
      inputs.push_back(argument);
      continue;
    }
    std::vector<fs::path> files;
    for (const fs::directory_entry &entry :
         fs::recursive_directory_iterator(argument))
      if (entry.is_regular_file())
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    inputs.insert(inputs.end(), files.begin(), files.end());
  }
  return inputs;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<fs::path> inputs =
      inputsIn(std::vector<fs::path>(argv + 1, argv + argc));
  for (const fs::path &input : inputs) {
    std::ifstream file(input, std::ios::binary);
    if (!file) {
      std::fprintf(stderr, "%s: cannot open %s\n", argv[0], input.c_str());
      return 2;
    }
    std::vector<std::uint8_t> bytes(std::istreambuf_iterator<char>(file), {});
    std::fprintf(stderr, "%s\n", input.c_str());
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  }
  std::printf("%zu inputs\n", inputs.size());
  return 0;
}
