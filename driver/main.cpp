//===- driver/main.cpp - The roof command ---------------------------------===//
//
//   roof report FILE.json     report a census
//   roof merge FILES|FOLDER   one census from an MPI job's, one per rank
//   roof run -- PROGRAM ...   run an instrumented program, report its census
//   roof cc / c++ / fc ...    compile and link with the roof pass and runtime
//   roof plot, pp, compare    rooflines, portability, comparisons with tools
//   roof ert ...              roof-ert, the ceilings of this machine
//   roof static ...           roof-static, source-level counts
//
// Called as roof-cc, roof-c++ or roof-fc (the links next to roof), it is
// the compiler wrapper, for build systems that want a single path as the
// compiler.
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
                          GFLOP/s from a census (several files or a folder:
                          of their merge, with per-rank statistics)
  merge [-o OUT.json] FILES... | FOLDER
                          one census from those of an MPI job's ranks:
                          counts summed, per-rank min/mean/max/imbalance
  run [-o OUT.json] -- PROGRAM [ARGS...]
                          run an instrumented program, then report
  cc ARGS..., c++ ARGS... compile with clang-19 / clang++-19, instrumenting
                          the code and linking the roof runtime
                          (also as roof-cc and roof-c++)
  fc ARGS...              the same for Fortran, with flang-new-19 (roof-fc)
  report FILE.json --ceilings ROOFLINE.json
                          the roofline report: points, ceilings and
                          architectural efficiency per scope
  plot FILE.json --ceilings ROOFLINE.json [-o OUT.svg]
                          an SVG roofline (or nersc-roofline data.txt)
  pp --region NAME RUN.json:ROOFLINE.json ...
                          performance portability over platforms
  compare FILE.json --sde MIX | --likwid OUTPUT | --ncu CSV | --nvprof CSV
                          roof's counts beside Intel SDE's, LIKWID's,
                          Nsight Compute's or nvprof's
  ert [--gpu] ARGS...     measure this machine's ceilings (roof-ert; --gpu: the GPU's)
  static ARGS...          count canonical FLOPs and bytes in the source
                          (roof-static: FILES... [-- FLAGS] or -p BUILD;
                          roof census is its deprecated old name)

  roof <command> --help   help on a command
  roof --version          the version of roof
)";

int dispatch(const std::string &self, const std::vector<std::string> &args) {
  if (self == "roof-cc")
    return compilerCommand(Language::C, args);
  if (self == "roof-c++")
    return compilerCommand(Language::Cxx, args);
  if (self == "roof-fc")
    return compilerCommand(Language::Fortran, args);

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
  if (command == "merge")
    return mergeCommand(rest);
  if (command == "run")
    return runCommand(rest);
  if (command == "plot")
    return plotCommand(rest);
  if (command == "pp")
    return ppCommand(rest);
  if (command == "compare")
    return compareCommand(rest);
  if (command == "ert")
    return ertCommand(rest);
  if (command == "static")
    return staticCommand(rest);
  if (command == "census")
    return deprecatedCensusCommand(rest);
  if (command == "cc")
    return compilerCommand(Language::C, rest);
  if (command == "c++")
    return compilerCommand(Language::Cxx, rest);
  if (command == "fc")
    return compilerCommand(Language::Fortran, rest);
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
