//===- test/fuzz/FuzzHarness.h - A reader of roof's under libFuzzer -*- C++ -*-===//
//
// Each fuzz_<reader>.cpp hands its input to one of the driver's readers
// through the function the commands call (readCensusFile,
// parseInputFile(PATH, parseSdeMix), ...), so that what is fuzzed is what
// users run; that function takes a path, so the bytes are written to a file
// first. The only way out of a reader is the error its command catches and
// prints as one line, "roof: PATH: what is wrong", with exit status 2:
// anything else (another exception, a crash, a hang, a sanitizer report)
// escapes to libFuzzer, which keeps the input as a finding. So do an error
// message of more than one line and a number that no file can mean (a NaN,
// an infinity, a negative count) in what a reader accepted.
//
// Built twice (test/fuzz/CMakeLists.txt): with libFuzzer and the sanitizers
// by test/fuzz/run.py, and in the normal build with ReplayMain.cpp, which
// runs given inputs once (the regression test of what was found).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_TEST_FUZZ_FUZZHARNESS_H
#define ROOF_TEST_FUZZ_FUZZHARNESS_H

#include "GpuProfile.h"
#include "InputFile.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace roof::fuzz {

// Prints "finding: WHAT" on stderr and aborts, which libFuzzer reports as a
// crash with the input that caused it.
[[noreturn]] void finding(const std::string &what);

// The path of a file that holds `data`: the same file at every call, one
// per process, so that fuzzers run side by side.
const std::string &inputFile(const std::uint8_t *data, std::size_t size);

// Refuses an error that is not one line, or that does not start with
// `path`.
void checkError(const char *message, const std::string &path);

// Refuses a number a reader took from a file that is NaN, infinite or
// negative: every number roof reads is a count, a size or a rate.
void checkNumber(double value, const char *what);
void checkNumber(const std::optional<double> &value, const char *what);

// The numbers of a profile from Nsight Compute or nvprof.
void checkProfile(const GpuProfile &profile);

// `read(path)` of a file that holds `data`, where `read` may only throw an
// InputError naming the file, the error its command prints.
template <typename Read>
int readInput(const std::uint8_t *data, std::size_t size, Read read) {
  const std::string &path = inputFile(data, size);
  try {
    read(path);
  } catch (const InputError &error) {
    checkError(error.what(), path);
  }
  return 0;
}

} // namespace roof::fuzz

#endif // ROOF_TEST_FUZZ_FUZZHARNESS_H
