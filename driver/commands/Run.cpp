//===- driver/commands/Run.cpp - roof run ---------------------------------===//
//
// Runs an instrumented program with ROOF_OUTPUT pointing at the census file,
// waits for it like a shell does (ignoring Ctrl-C, which goes to the
// program), then reports the census it wrote. A census left by an earlier
// run at the same place is removed first, so that what is reported is always
// this run's.
//
//===----------------------------------------------------------------------===//
#include "Cli.h"
#include "Commands.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

namespace roof {

namespace {

const char *const kHelp =
    R"(usage: roof run [-o OUT.json] [report options] [--] PROGRAM [ARGS...]

Runs PROGRAM (built with roof cc / roof c++) with ROOF_OUTPUT set, waits for
it, then prints the report of the census it wrote, as roof report does.

options:
  -o, --output FILE  write the census to FILE and keep it (default: a file in
                     a temporary directory, removed after the report)
)";

const char *const kExitHelp =
    R"(  -h, --help         this help

exit status: the program's when it is not 0 (the report is still printed if
the census was written); otherwise 0, or 2 when the program cannot be started
or left no readable census.
)";

// A directory of our own under $TMPDIR (or /tmp), removed on destruction.
class TemporaryDirectory {
public:
  TemporaryDirectory() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base && *base ? base : "/tmp") + "/roof-run-XXXXXX";
    if (!mkdtemp(pattern.data()))
      throw std::runtime_error("cannot create a temporary directory " +
                               pattern + ": " + std::strerror(errno));
    path_ = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryDirectory(const TemporaryDirectory &) = delete;
  TemporaryDirectory &operator=(const TemporaryDirectory &) = delete;

  const std::string &path() const { return path_; }

private:
  std::string path_;
};

// Ignores SIGINT and SIGQUIT for as long as it lives, as a shell does while
// it waits for a foreground program: the terminal sends them to the program.
class ForegroundWait {
public:
  ForegroundWait() {
    struct sigaction ignore{};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, &savedInterrupt_);
    sigaction(SIGQUIT, &ignore, &savedQuit_);
  }
  ~ForegroundWait() {
    sigaction(SIGINT, &savedInterrupt_, nullptr);
    sigaction(SIGQUIT, &savedQuit_, nullptr);
  }
  ForegroundWait(const ForegroundWait &) = delete;
  ForegroundWait &operator=(const ForegroundWait &) = delete;

private:
  struct sigaction savedInterrupt_{};
  struct sigaction savedQuit_{};
};

// Runs `command` with the environment of roof plus ROOF_OUTPUT=`census`;
// returns its exit status the way a shell reports it (128 + N for a death
// by signal N). A program that cannot be started is an error of roof's.
int runProgram(std::vector<std::string> command, const std::string &census) {
  if (setenv("ROOF_OUTPUT", census.c_str(), 1) != 0)
    throw std::runtime_error(std::string("cannot set ROOF_OUTPUT: ") +
                             std::strerror(errno));
  std::vector<char *> argv;
  for (std::string &word : command)
    argv.push_back(word.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  int error =
      posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), environ);
  if (error != 0)
    throw std::runtime_error("cannot run " + command.front() + ": " +
                             std::strerror(error));

  ForegroundWait foreground;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      throw std::runtime_error(std::string("cannot wait for the program: ") +
                               std::strerror(errno));
  if (WIFSIGNALED(status)) {
    int signal = WTERMSIG(status);
    printError(command.front() + " was killed by signal " +
               std::to_string(signal) + " (" + strsignal(signal) + ")");
    return 128 + signal;
  }
  return WEXITSTATUS(status);
}

} // namespace

int runCommand(const std::vector<std::string> &args) {
  ReportOptions options;
  std::optional<std::string> output;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg.empty() || arg[0] != '-')
      break; // the program
    if (arg == "-h" || arg == "--help") {
      std::cout << kHelp << kReportOptionsHelp << kExitHelp;
      return 0;
    }
    if (std::optional<std::string> longForm = optionValue(args, i, "--output"))
      output = *longForm;
    else if (std::optional<std::string> shortForm = optionValue(args, i, "-o"))
      output = *shortForm;
    else if (!parseReportOption(args, i, options))
      throw UsageError("unknown option '" + arg +
                       "' for roof run (roof run --help)");
  }
  if (i == args.size())
    throw UsageError("roof run needs a program to run (roof run --help)");
  std::vector<std::string> command(
      args.begin() + static_cast<std::ptrdiff_t>(i), args.end());

  std::optional<TemporaryDirectory> temporary;
  std::string census;
  if (output) {
    census = *output;
    std::error_code error;
    std::filesystem::remove(census, error);
    if (error)
      throw std::runtime_error("cannot remove the old census " + census + ": " +
                               error.message());
  } else {
    temporary.emplace();
    census = temporary->path() + "/census.json";
  }

  int programStatus = runProgram(command, census);
  int reportStatus = kExitFailure;
  std::error_code ignored;
  if (std::filesystem::exists(census, ignored))
    reportStatus = reportCensus({census}, options);
  else
    printError(command.front() + " wrote no census to " + census +
               " (was it built with roof cc or roof c++?)");
  return programStatus != 0 ? programStatus : reportStatus;
}

} // namespace roof
