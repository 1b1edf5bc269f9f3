//===- driver/read/Errors.h - What roof refuses -----------------*- C++ -*-===//
//
// The two errors of roof's own: an input that is wrong (a census, a ceilings
// file, another tool's output) and a command line that is wrong. main()
// prints either as one line on stderr, "roof: <what is wrong>", and exits
// with kExitFailure (Cli.h); a reader's InputError starts with the file's
// path, or gets it from parseInputFile (InputFile.h).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_ERRORS_H
#define ROOF_DRIVER_ERRORS_H

#include <stdexcept>
#include <string>
#include <string_view>

namespace roof {

// `text` on one line: control characters (a line end inside a quoted CSV
// field, a tab, a NUL) are shown as C escapes ("\n", "\x00"), so that an
// error that quotes a file's text stays one line.
std::string oneLine(std::string_view text);

class InputError : public std::runtime_error {
public:
  explicit InputError(const std::string &what)
      : std::runtime_error(oneLine(what)) {}
};

// A mistake in the command line (an option's value, a region the census
// does not have); main() prints it and exits with kExitFailure (Cli.h).
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace roof

#endif // ROOF_DRIVER_ERRORS_H
