//===- ert/CommandLine.h - Options and errors of the ERT tools --*- C++ -*-===//
//
// roof-ert and roof-ert-gpu read their options the same way ("--name value"
// or "--name=value", flags without a value) and refuse the same way: one
// line on stderr, "<tool>: <what is wrong>", nothing on stdout, exit
// status 2, before anything is measured.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_COMMANDLINE_H
#define ROOF_ERT_COMMANDLINE_H

#include "KernelKinds.h"

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace roof::ert {

class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The arguments one at a time: while (args.next()) { if (args.name() == ...) }
class Arguments {
public:
  Arguments(int argc, char **argv, std::string tool);

  bool next();
  // The option without its "=value", or the argument as given.
  const std::string &name() const { return option; }
  // The option's value, after '=' or in the next argument.
  std::string value();
  // Refuses "--flag=value".
  void noValue() const;
  [[noreturn]] void refuseUnknown() const;

private:
  std::vector<std::string> words;
  std::string tool;
  std::size_t index = 0; // one past the current argument
  std::string option;
  std::string inlineValue;
  bool hasInlineValue = false;
};

// What every ERT tool sweeps and where it writes.
struct SweepOptions {
  bool quick = false; // --quick: fewer points and repetitions
  std::vector<Precision> precisions{Precision::Fp64, Precision::Fp32};
  std::string outDir = ".";
};

// Takes the current argument if it is one every tool reads the same way:
// --quick, --precision, --out, and --help/-h (prints `usage`, exits 0).
bool takeSweepOption(Arguments &args, SweepOptions &options, const char *usage);

// A whole number in [least, most]; otherwise "<option> needs a positive
// integer, not '<text>'" (least 1) or "... an integer >= <least>, ...".
long parseInteger(const std::string &text, const std::string &option,
                  long least, long most);

// "fp64", "fp32", "all".
std::vector<Precision> parsePrecisions(const std::string &text);

// Creates `dir` if needed; throws when it cannot.
void prepareOutDir(const std::string &dir);

// A tool's main(): `body`'s exceptions become one line on stderr,
// "<tool>: <what>" (out of memory included), and exit status 2.
int runTool(const std::string &tool, const std::function<int()> &body);

} // namespace roof::ert

#endif // ROOF_ERT_COMMANDLINE_H
