//===- driver/Commands.h - roof report and roof run -------------*- C++ -*-===//
#ifndef ROOF_DRIVER_COMMANDS_H
#define ROOF_DRIVER_COMMANDS_H

#include "Report.h"

#include <cstddef>
#include <string>
#include <vector>

namespace roof {

// `roof report [options] FILE.json`; returns the exit status.
int reportCommand(const std::vector<std::string> &args);

// `roof run [-o OUT.json] [report options] [--] PROGRAM ARGS...`; returns
// the program's exit status when it is not zero, else the report's.
int runCommand(const std::vector<std::string> &args);

// The options roof report and roof run share. If args[i] is one of them,
// applies it (consuming its value) and returns true.
bool parseReportOption(const std::vector<std::string> &args, std::size_t &i,
                       ReportOptions &options);

// Their lines of --help.
extern const char *const kReportOptionsHelp;

// Reads the census at `path` and prints its report on stdout; a census that
// cannot be read is one line on stderr and kExitFailure.
int reportCensusFile(const std::string &path, const ReportOptions &options);

} // namespace roof

#endif // ROOF_DRIVER_COMMANDS_H
