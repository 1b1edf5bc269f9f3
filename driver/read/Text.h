//===- driver/read/Text.h - Numbers and names for people --------*- C++ -*-===//
//
// Numbers for people (SI prefixes, fixed decimals) and names for people
// (demangled, shortened): the words of every layer of the driver, from a
// reader's error and an analysis's reason to a report's table.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_TEXT_H
#define ROOF_DRIVER_TEXT_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// What the table shows for a count the runtime saturated at 2^64-1.
inline constexpr const char *kOverflowText = "OVERFLOW";
// What the table shows for an undefined metric.
inline constexpr const char *kUndefinedText = "-";

// A count with a decimal SI prefix and three decimals, followed by `unit`:
// 512 -> "512", 2000000000 -> "2.000 G", with unit "B": "2.000 GB".
// Counts below 1000 are printed exactly; a saturated count (2^64-1) as
// kOverflowText.
std::string humanCount(std::uint64_t count, std::string_view unit = "");

// A quantity too large for exact integers (a sum past 2^64-1) the same way,
// always with three decimals.
std::string humanQuantity(double quantity, std::string_view unit = "");

// The difference after - before as an exact signed integer with thousands
// separators: "+2,000", "-297,600", "0".
std::string signedDifference(std::uint64_t after, std::uint64_t before);

// Seconds with three decimals in s, ms, us or ns: 0.0125 -> "12.500 ms".
std::string humanSeconds(double seconds);

// Three decimals, or three significant digits in scientific notation for
// values too small to show that way: 1.25 -> "1.250", 4e-5 -> "4.000e-05".
std::string decimal(double value);

// "81.42%": efficiencies and shares as the paper prints them.
std::string percentText(double fraction);

// `format(*value)`, or kUndefinedText when absent.
std::string orUndefined(const std::optional<double> &value,
                        std::string (*format)(double) = decimal);

// "1 call", "3 calls".
std::string plural(std::uint64_t count, const char *singular,
                   const char *pluralForm);

// "64x2x1": a grid or block size.
std::string dim3Text(const std::array<std::uint64_t, 3> &dim);

// The name to show for a function: `demangled` unless the runtime left it
// mangled, in which case the driver demangles `mangled` itself.
std::string readableFunctionName(const std::string &mangled,
                                 const std::string &demangled);

// Fits `name` into `width` characters: a C++ parameter list is replaced by
// "(...)" first, then the middle is elided, keeping the start (namespaces)
// and the end (the function's own name).
std::string shortenName(const std::string &name, std::size_t width);

// One word for a POSIX shell: quoted unless made of safe characters only.
std::string shellWord(std::string_view word);

// `words` with `separator` between them: "a, b, c".
std::string joined(const std::vector<std::string> &words,
                   const char *separator);

// `words` as one POSIX shell command line.
std::string shellCommand(const std::vector<std::string> &words);

// Shortest decimal text that reads back as the same double.
std::string exactDecimal(double value);

} // namespace roof

#endif // ROOF_DRIVER_TEXT_H
