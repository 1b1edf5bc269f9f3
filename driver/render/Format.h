//===- driver/Format.h - Text formatting for reports ------------*- C++ -*-===//
//
// Numbers for people (SI prefixes, fixed decimals), names for people
// (demangled, shortened), fields for machines (CSV, shell words) and a plain
// text table with aligned columns.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_FORMAT_H
#define ROOF_DRIVER_FORMAT_H

#include <cstdint>
#include <optional>
#include <ostream>
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

// `format(*value)`, or kUndefinedText when absent.
std::string orUndefined(const std::optional<double> &value,
                        std::string (*format)(double) = decimal);

// The name to show for a function: `demangled` unless the runtime left it
// mangled, in which case the driver demangles `mangled` itself.
std::string readableFunctionName(const std::string &mangled,
                                 const std::string &demangled);

// Fits `name` into `width` characters: a C++ parameter list is replaced by
// "(...)" first, then the middle is elided, keeping the start (namespaces)
// and the end (the function's own name).
std::string shortenName(const std::string &name, std::size_t width);

// One CSV field (RFC 4180): quoted when it contains a comma, a quote or a
// line break.
std::string csvField(std::string_view text);

// One word for a POSIX shell: quoted unless made of safe characters only.
std::string shellWord(std::string_view word);

// `words` as one POSIX shell command line.
std::string shellCommand(const std::vector<std::string> &words);

// Shortest decimal text that reads back as the same double.
std::string exactDecimal(double value);

// Columns of text; numbers right-aligned, names left-aligned. Free-text
// lines and repeated header rows may be interleaved between rows; the widths
// of the columns are those of the widest cell over all rows.
class TextTable {
public:
  enum class Align { Left, Right };

  void addColumn(std::string header, Align align);
  void addHeader();
  void addRow(std::vector<std::string> cells);
  void addText(std::string line);

  // Writes the lines; rows and headers are prefixed with `indent`, free text
  // is written as it is.
  void print(std::ostream &out, std::string_view indent) const;

private:
  struct Line {
    enum class Kind { Header, Row, Text } kind;
    std::vector<std::string> cells; // for a row
    std::string text;               // for free text
  };
  void printCells(std::ostream &out, std::string_view indent,
                  const std::vector<std::string> &cells,
                  const std::vector<std::size_t> &widths) const;

  std::vector<std::string> headers_;
  std::vector<Align> aligns_;
  std::vector<Line> lines_;
};

} // namespace roof

#endif // ROOF_DRIVER_FORMAT_H
