//===- driver/commands/Cli.h - CLI conventions ------------------*- C++ -*-===//
//
// Every error of roof's own (a wrong option, an unreadable census, a missing
// plugin) is one line on stderr, "roof: <what is wrong>", and exit status 2.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_CLI_H
#define ROOF_DRIVER_CLI_H

#include "Errors.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

inline constexpr int kExitFailure = 2;

// Prints "roof: <message>" as one line on stderr; returns kExitFailure.
int printError(std::string_view message);

// If args[i] is the option `name` written "NAME VALUE" or "NAME=VALUE",
// returns VALUE and leaves `i` on the last argument consumed; otherwise
// returns nothing. A missing value is a UsageError.
std::optional<std::string> optionValue(const std::vector<std::string> &args,
                                       std::size_t &i, std::string_view name);

// A non-negative decimal integer given to `option`, or a UsageError.
std::size_t parseCount(const std::string &text, std::string_view option);

} // namespace roof

#endif // ROOF_DRIVER_CLI_H
