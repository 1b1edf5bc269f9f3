//===- driver/read/InputFile.h - Reading other tools' files -----*- C++ -*-===//
//
// roof reads a handful of files it did not write: ERT's roofline.json, bytes
// measured by the user, Intel SDE, LIKWID, Nsight Compute and nvprof output.
// Each reader throws an InputError (Errors.h) whose message is one line that
// starts with the file's path.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_INPUTFILE_H
#define ROOF_DRIVER_INPUTFILE_H

#include "Errors.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// The contents of the file at `path`. Throws InputError "PATH: cannot open:
// REASON" (also for a directory or an empty file, which no reader accepts).
std::string readInputFile(const std::string &path);

// `text` as a finite double written in C syntax ("1.5e9", "42"), or nothing
// when it is anything else (also "nan", "inf", trailing characters).
// A whole decimal number that fits 64 bits, nothing else (no sign, no
// blanks); nothing otherwise.
std::optional<std::uint64_t> parseUnsigned(std::string_view text);

std::optional<double> parseFiniteNumber(std::string_view text);

// `text` as a finite double that may group its integer digits by thousands
// with commas, as Nsight Compute prints them ("837,859,712",
// "1,708,634.20"); nothing for anything else, including commas that do not
// separate groups of three digits ("1,5").
std::optional<double> parseGroupedNumber(std::string_view text);

// The fields of one CSV record (RFC 4180: a field in double quotes may hold
// commas, and "" for a quote), or nothing when a quote is left open.
std::optional<std::vector<std::string>> csvRecord(std::string_view line);

// `text` split at runs of blanks (spaces and tabs), without empty words.
std::vector<std::string_view> blankSeparatedWords(std::string_view text);

// `text` without leading and trailing blanks and line ends.
std::string_view trimmed(std::string_view text);

// The lines of `text`, without their line ends ("\n" or "\r\n").
std::vector<std::string_view> textLines(std::string_view text);

inline bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}
inline bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         text.substr(text.size() - suffix.size()) == suffix;
}

// `parse(text)` of the file at `path`; its InputErrors, which do not know
// the file, are given the path.
template <typename Parse>
auto parseInputFile(const std::string &path, Parse parse) {
  std::string text = readInputFile(path);
  try {
    return parse(std::string_view(text));
  } catch (const InputError &error) {
    throw InputError(path + ": " + error.what());
  }
}

} // namespace roof

#endif // ROOF_DRIVER_INPUTFILE_H
