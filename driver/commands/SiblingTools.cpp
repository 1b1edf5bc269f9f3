//===- driver/commands/SiblingTools.cpp - roof ert, roof static -----------===//
//
// roof-ert and roof-static are built into the same bin/ directory as roof;
// `roof ert ARGS` and `roof static ARGS` replace this process with them, so
// that their output, exit status and signals are the tool's own. `roof ert
// --gpu ARGS` runs roof-ert-gpu, which is built only where roof was
// configured with CUDA.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "InstallFolder.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <unistd.h>

namespace roof {

namespace {

[[noreturn]] void execSibling(const std::string &tool,
                              const std::vector<std::string> &args) {
  std::filesystem::path path = roofBinFolder() / tool;
  if (access(path.c_str(), X_OK) != 0)
    throw std::runtime_error(
        tool + " not found next to roof (" + path.string() +
        "); build it: cmake --build build --target " + tool);

  std::vector<std::string> words = {path.string()};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char *> argv;
  for (std::string &word : words)
    argv.push_back(word.data());
  argv.push_back(nullptr);
  execv(path.c_str(), argv.data());
  throw std::runtime_error("cannot run " + path.string() + ": " +
                           std::strerror(errno));
}

} // namespace

int ertCommand(const std::vector<std::string> &args) {
  std::vector<std::string> gpuArgs;
  for (const std::string &arg : args)
    if (arg != "--gpu")
      gpuArgs.push_back(arg);
  if (gpuArgs.size() == args.size())
    execSibling("roof-ert", args);
  if (access((roofBinFolder() / "roof-ert-gpu").c_str(), X_OK) != 0)
    throw std::runtime_error(
        "ert --gpu: roof-ert-gpu is not built; configure roof with a CUDA "
        "toolkit (-DROOF_CUDA_PATH=..., default /usr/local/cuda) and build "
        "it: cmake --build build --target roof-ert");
  execSibling("roof-ert-gpu", gpuArgs);
}

int staticCommand(const std::vector<std::string> &args) {
  execSibling("roof-static", args);
}

int deprecatedCensusCommand(const std::vector<std::string> &args) {
  std::cerr << "roof: roof census is deprecated: it is roof static now (the "
               "old name goes in the next release)\n";
  execSibling("roof-static", args);
}

} // namespace roof
