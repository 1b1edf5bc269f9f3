//===- driver/SiblingTools.cpp - roof ert, roof census --------------------===//
//
// roof-ert and roof-census are built into the same bin/ directory as roof;
// `roof ert ARGS` and `roof census ARGS` replace this process with them, so
// that their output, exit status and signals are the tool's own.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace roof {

namespace {

[[noreturn]] void execSibling(const std::string &tool,
                              const std::vector<std::string> &args) {
  std::error_code error;
  std::filesystem::path self =
      std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    throw std::runtime_error("cannot find roof's own directory: " +
                             error.message());
  std::filesystem::path path = self.parent_path() / tool;
  if (access(path.c_str(), X_OK) != 0)
    throw std::runtime_error(tool + " not found next to roof (" +
                             path.string() +
                             "); build it: cmake --build build --target " +
                             tool);

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
  execSibling("roof-ert", args);
}

int censusCommand(const std::vector<std::string> &args) {
  execSibling("roof-census", args);
}

} // namespace roof
