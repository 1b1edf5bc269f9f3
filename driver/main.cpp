//===- driver/main.cpp - The roof command ---------------------------------===//
//
//   roof report FILE.json     report a census
//   roof run -- PROGRAM ...   run an instrumented program, report its census
//   roof cc / roof c++ ...    compile and link with the roof pass and runtime
//
// Called as roof-cc or roof-c++ (the links next to roof), it is the compiler
// wrapper, for build systems that want a single path as the compiler.
//
//===----------------------------------------------------------------------===//
#include "Cli.h"
#include "Commands.h"
#include "CompilerWrapper.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace {

using namespace roof;

const char *const kUsage =
    R"(usage: roof <command> [options] [arguments]

commands:
  report FILE.json        report FLOPs, bytes, arithmetic intensity and
                          GFLOP/s from a census
  run [-o OUT.json] -- PROGRAM [ARGS...]
                          run an instrumented program, then report
  cc ARGS..., c++ ARGS... compile with clang-19 / clang++-19, instrumenting
                          the code and linking the roof runtime
                          (also as roof-cc and roof-c++)

  roof <command> --help   help on a command
  roof --version          the version of roof
)";

int dispatch(const std::string &self, const std::vector<std::string> &args) {
  if (self == "roof-cc")
    return compilerCommand(Language::C, args);
  if (self == "roof-c++")
    return compilerCommand(Language::Cxx, args);

  if (args.empty())
    throw UsageError("no command given (roof --help lists the commands)");
  const std::string &command = args.front();
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "-h" || command == "--help") {
    std::cout << kUsage;
    return 0;
  }
  if (command == "--version") {
    std::cout << "roof " << ROOF_VERSION << " (census schema "
              << kCensusSchemaVersion << ")\n";
    return 0;
  }
  if (command == "report")
    return reportCommand(rest);
  if (command == "run")
    return runCommand(rest);
  if (command == "cc")
    return compilerCommand(Language::C, rest);
  if (command == "c++")
    return compilerCommand(Language::Cxx, rest);
  bool isOption = !command.empty() && command[0] == '-';
  throw UsageError((isOption ? "unknown option '" : "unknown command '") +
                   command + "' (roof --help lists the commands)");
}

} // namespace

int main(int argc, char **argv) {
  std::string self =
      argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "roof";
  std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  try {
    return dispatch(self, args);
  } catch (const std::exception &error) {
    return printError(error.what());
  } catch (...) {
    return printError("internal error: unknown exception");
  }
}
