//===- test/fuzz/FuzzHarness.cpp - A reader of roof's under libFuzzer -----===//
#include "FuzzHarness.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace roof::fuzz {

void finding(const std::string &what) {
  std::fprintf(stderr, "finding: %s\n", what.c_str());
  std::abort();
}

namespace {

// The input file, removed when the process ends normally (a crash leaves it
// in the temporary directory).
class ScratchFile {
public:
  ScratchFile()
      : path_((std::filesystem::temp_directory_path() /
               ("roof-fuzz-" + std::to_string(getpid())))
                  .string()) {}
  ~ScratchFile() { std::remove(path_.c_str()); }

  const std::string &write(const std::uint8_t *data, std::size_t size) {
    std::FILE *file = std::fopen(path_.c_str(), "wb");
    if (!file || std::fwrite(data, 1, size, file) != size ||
        std::fclose(file) != 0)
      finding("cannot write the input to " + path_ +
              " (not the reader's fault)");
    return path_;
  }

private:
  std::string path_;
};

} // namespace

const std::string &inputFile(const std::uint8_t *data, std::size_t size) {
  static ScratchFile file;
  return file.write(data, size);
}

void checkError(const char *message, const std::string &path) {
  std::string_view text = message;
  if (text.find_first_of("\r\n") != std::string_view::npos)
    finding("an error of more than one line: " + std::string(text));
  if (!startsWith(text, path + ": "))
    finding("an error that does not start with the file's path: " +
            std::string(text));
}

void checkNumber(double value, const char *what) {
  if (!std::isfinite(value) || value < 0)
    finding(std::string(what) + " read as " + std::to_string(value));
}

void checkNumber(const std::optional<double> &value, const char *what) {
  if (value)
    checkNumber(*value, what);
}

void checkProfile(const GpuProfile &profile) {
  for (const ProfiledKernel &kernel : profile.kernels) {
    for (const std::optional<double> &flops : kernel.flops)
      checkNumber(flops, "FLOPs");
    for (const std::optional<double> &bytes : kernel.bytes)
      checkNumber(bytes, "bytes");
    checkNumber(kernel.timeS, "a time");
  }
}

} // namespace roof::fuzz
