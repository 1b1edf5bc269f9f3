//===- ert/CommandLine.cpp - Options and errors of the ERT tools ----------===//
#include "CommandLine.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <utility>

namespace roof::ert {

Arguments::Arguments(int argc, char **argv, std::string tool)
    : words(argv + 1, argv + argc), tool(std::move(tool)) {}

bool Arguments::next() {
  if (index >= words.size())
    return false;
  option = words[index++];
  const std::size_t equals = option.find('=');
  hasInlineValue = option.rfind("--", 0) == 0 && equals != std::string::npos;
  if (hasInlineValue) {
    inlineValue = option.substr(equals + 1);
    option.resize(equals);
  }
  return true;
}

std::string Arguments::value() {
  if (hasInlineValue)
    return inlineValue;
  if (index >= words.size())
    throw UsageError("option " + option + " needs a value");
  return words[index++];
}

void Arguments::noValue() const {
  if (hasInlineValue)
    throw UsageError("option " + option + " takes no value");
}

bool takeSweepOption(Arguments &args, SweepOptions &options,
                     const char *usage) {
  const std::string &arg = args.name();
  if (arg == "--quick") {
    args.noValue();
    options.quick = true;
  } else if (arg == "--precision") {
    options.precisions = parsePrecisions(args.value());
  } else if (arg == "--out") {
    options.outDir = args.value();
    if (options.outDir.empty())
      throw UsageError("--out needs a directory");
  } else if (arg == "--help" || arg == "-h") {
    std::fputs(usage, stdout);
    std::exit(0);
  } else {
    return false;
  }
  return true;
}

void Arguments::refuseUnknown() const {
  throw UsageError("unknown argument '" + words[index - 1] + "' (see " + tool +
                   " --help)");
}

long parseInteger(const std::string &text, const std::string &option,
                  long least, long most) {
  std::size_t used = 0;
  long value = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception &) {
    used = 0;
  }
  if (used != text.size() || value < least || value > most)
    throw UsageError(option + " needs " +
                     (least == 1 ? std::string("a positive integer")
                                 : "an integer >= " + std::to_string(least)) +
                     ", not '" + text + "'");
  return value;
}

std::vector<Precision> parsePrecisions(const std::string &text) {
  if (text == "fp64")
    return {Precision::Fp64};
  if (text == "fp32")
    return {Precision::Fp32};
  if (text == "all")
    return {Precision::Fp64, Precision::Fp32};
  throw UsageError("--precision must be fp64, fp32 or all, not '" + text + "'");
}

void prepareOutDir(const std::string &dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw std::runtime_error("cannot create output directory " + dir + ": " +
                             (error ? error.message() : "not a directory"));
}

int runTool(const std::string &tool, const std::function<int()> &body) {
  constexpr int kExitFailure = 2;
  try {
    return body();
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr, "%s: out of memory\n", tool.c_str());
  } catch (const std::exception &error) {
    std::string line = error.what();
    std::replace(line.begin(), line.end(), '\n', ' ');
    std::fprintf(stderr, "%s: %s\n", tool.c_str(), line.c_str());
  }
  return kExitFailure;
}

} // namespace roof::ert
