//===- driver/read/SdeOutput.cpp - FLOPs and bytes from Intel SDE ---------===//
#include "SdeOutput.h"

#include "InputFile.h"

#include <algorithm>
#include <cctype>

namespace roof {

namespace {

std::string uppercase(std::string_view text) {
  std::string upper(text);
  for (char &c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

// fp64 for "D" (PD, SD), fp32 for "S", fp16 for "H".
std::optional<RoofPrecision> precisionOfSuffix(char element) {
  switch (element) {
  case 'D':
    return ROOF_FP64;
  case 'S':
    return ROOF_FP32;
  case 'H':
    return ROOF_FP16;
  default:
    return std::nullopt;
  }
}

unsigned elementBits(RoofPrecision precision) {
  return precision == ROOF_FP64 ? 64 : precision == ROOF_FP32 ? 32 : 16;
}

// The vector register width named first in `operands` (XMM, YMM, ZMM, in
// an iform or in AT&T/Intel disassembly alike), 0 when none.
unsigned registerBits(std::string_view operands) {
  std::string upper = uppercase(operands);
  std::size_t x = upper.find("XMM"), y = upper.find("YMM"),
              z = upper.find("ZMM");
  std::size_t first = std::min({x, y, z});
  if (first == std::string::npos)
    return 0;
  return first == z ? 512 : first == y ? 256 : 128;
}

// Precision and width of a mnemonic ending in PD/PS/PH (packed) or
// SD/SS/SH (scalar), with its operands for the packed width.
std::optional<FmaForm> elementsOf(const std::string &mnemonic,
                                  std::string_view operands) {
  if (mnemonic.size() < 3)
    return std::nullopt;
  char kind = mnemonic[mnemonic.size() - 2];
  std::optional<RoofPrecision> precision = precisionOfSuffix(mnemonic.back());
  if (!precision || (kind != 'P' && kind != 'S'))
    return std::nullopt;
  if (kind == 'S')
    return FmaForm{*precision, 1};
  unsigned bits = registerBits(operands);
  if (bits == 0)
    return FmaForm{*precision, 0}; // width unknown
  return FmaForm{*precision, bits / elementBits(*precision)};
}

bool isFmaMnemonic(const std::string &mnemonic) {
  for (const char *prefix : {"VFMADD", "VFMSUB", "VFNMADD", "VFNMSUB"})
    if (startsWith(mnemonic, prefix))
      return true;
  return false;
}

} // namespace

std::optional<FmaForm> fmaForm(std::string_view iform) {
  std::string name = uppercase(iform);
  std::size_t underscore = name.find('_');
  std::string mnemonic = name.substr(0, underscore);
  if (!isFmaMnemonic(mnemonic))
    return std::nullopt;
  std::string_view operands =
      underscore == std::string::npos
          ? std::string_view()
          : std::string_view(iform).substr(underscore + 1);
  std::optional<FmaForm> form = elementsOf(mnemonic, operands);
  if (!form)
    return std::nullopt;
  if (form->width == 0)
    throw InputError("the mix counts " + std::string(iform) +
                     " by opcode only: its vector width is unknown (run "
                     "SDE with -iform)");
  return form;
}

SdeCounts parseSdeMix(std::string_view text) {
  std::vector<std::string_view> lines = textLines(text);
  auto begin = std::find_if(lines.begin(), lines.end(), [](auto line) {
    return startsWith(line, "# EMIT_GLOBAL_DYNAMIC_STATS");
  });
  if (begin == lines.end())
    throw InputError("no # EMIT_GLOBAL_DYNAMIC_STATS block (not the output "
                     "of sde -mix?)");
  auto end = std::find_if(begin, lines.end(), [](auto line) {
    return startsWith(line, "# END_GLOBAL_DYNAMIC_STATS");
  });
  if (end == lines.end())
    throw InputError("the global block has no # END_GLOBAL_DYNAMIC_STATS "
                     "(a truncated file?)");

  SdeCounts counts;
  bool anyElements = false;
  for (auto line = begin + 1; line != end; ++line) {
    std::vector<std::string_view> words = blankSeparatedWords(*line);
    if (words.size() < 2 || words[0].front() == '#')
      continue;
    std::optional<std::uint64_t> count = parseUnsigned(words[1]);
    if (!count)
      continue;
    std::string_view name = words[0];
    if (startsWith(name, "*elements_fp_")) {
      // *elements_fp_double_8: the precision, then the width.
      std::string_view rest = name.substr(13);
      std::size_t underscore = rest.find('_');
      std::optional<std::uint64_t> width =
          parseUnsigned(rest.substr(underscore + 1));
      std::string_view precision = rest.substr(0, underscore);
      if (underscore == std::string_view::npos || !width)
        continue; // some other grouping of elements
      if (precision != "double" && precision != "single")
        continue;
      counts.elements[precision == "double" ? ROOF_FP64 : ROOF_FP32] +=
          *width * *count;
      anyElements = true;
    } else if (startsWith(name, "*mem-read-") ||
               startsWith(name, "*mem-write-")) {
      bool read = startsWith(name, "*mem-read-");
      std::optional<std::uint64_t> size =
          parseUnsigned(name.substr(read ? 10 : 11));
      if (size)
        (read ? counts.bytesRead : counts.bytesWritten) += *size * *count;
    } else if (std::optional<FmaForm> form = fmaForm(name)) {
      counts.fmaElements[form->precision] += form->width * *count;
      counts.fmaInstructions += *count;
    }
  }
  if (!anyElements)
    throw InputError("the global block has no *elements_fp_ counts (not the "
                     "output of sde -mix?)");
  return counts;
}

//===----------------------------------------------------------------------===//
// Mask profile
//===----------------------------------------------------------------------===//

namespace {

// The text between <tag> and </tag> in `record`, trimmed; nothing if absent.
std::optional<std::string_view> element(std::string_view record,
                                        std::string_view tag) {
  std::string open = "<" + std::string(tag) + ">";
  std::string close = "</" + std::string(tag) + ">";
  std::size_t start = record.find(open);
  if (start == std::string_view::npos)
    return std::nullopt;
  start += open.size();
  std::size_t stop = record.find(close, start);
  if (stop == std::string_view::npos)
    return std::nullopt;
  return trimmed(record.substr(start, stop - start));
}

// The instructions SDE's elements_fp counts compute with: arithmetic,
// min/max, reciprocal estimates, compares (Intel's list for the FLOP
// method: ADD, SUB, MUL, DIV, SQRT, RCP, FMA, FMS, DPP, MAX, MIN).
bool isFpArithmetic(const std::string &mnemonic) {
  if (isFmaMnemonic(mnemonic))
    return true;
  if (mnemonic.size() < 4 || mnemonic[0] != 'V')
    return false; // legacy SSE: never write-masked
  std::string stem = mnemonic.substr(1, mnemonic.size() - 3); // V...PD
  for (const char *arithmetic :
       {"ADD", "SUB", "MUL", "DIV", "SQRT", "MIN", "MAX", "RCP14", "RCP28",
        "RSQRT14", "RSQRT28", "RCP", "RSQRT", "CMP", "DP"})
    if (stem == arithmetic)
      return true;
  return false;
}

// True when the operands carry a write mask other than k0.
bool writeMasked(std::string_view operands) {
  for (std::size_t at = operands.find("{k"); at != std::string_view::npos;
       at = operands.find("{k", at + 2))
    if (at + 2 < operands.size() && operands[at + 2] >= '1' &&
        operands[at + 2] <= '7')
      return true;
  return false;
}

} // namespace

void applySdeMaskProfile(SdeCounts &counts, std::string_view text) {
  constexpr std::string_view kOpen = "<instruction-details>";
  constexpr std::string_view kClose = "</instruction-details>";
  std::size_t records = 0;
  for (std::size_t start = text.find(kOpen); start != std::string_view::npos;
       start = text.find(kOpen, start + kOpen.size())) {
    std::size_t stop = text.find(kClose, start);
    if (stop == std::string_view::npos)
      throw InputError("an <instruction-details> record is not closed (a "
                       "truncated file?)");
    ++records;
    std::string_view record = text.substr(start, stop - start);
    std::optional<std::string_view> disassembly =
        element(record, "disassembly");
    std::optional<std::string_view> executed =
        element(record, "execution-counts");
    std::optional<std::string_view> computed =
        element(record, "computation-count");
    if (!disassembly || !executed || !computed)
      throw InputError("instruction record " + std::to_string(records) +
                       " lacks <disassembly>, <execution-counts> or "
                       "<computation-count>");
    std::optional<std::uint64_t> executions = parseUnsigned(*executed);
    std::optional<std::uint64_t> computations = parseUnsigned(*computed);
    if (!executions || !computations)
      throw InputError("instruction record " + std::to_string(records) +
                       ": counts are not integers");

    std::vector<std::string_view> words = blankSeparatedWords(*disassembly);
    std::string mnemonic = uppercase(words.empty() ? "" : words[0]);
    std::string_view operands =
        disassembly->substr(std::min(disassembly->size(), mnemonic.size()));
    if (!writeMasked(operands) || !isFpArithmetic(mnemonic))
      continue;
    std::optional<FmaForm> form = elementsOf(mnemonic, operands);
    if (!form || form->width == 0)
      continue;
    ++counts.maskedInstructions;
    std::uint64_t lanes = form->width * *executions;
    std::uint64_t inactive = lanes > *computations ? lanes - *computations : 0;
    counts.inactiveFlops[form->precision] +=
        inactive * (isFmaMnemonic(mnemonic) ? 2 : 1);
  }
  if (records == 0)
    throw InputError("no <instruction-details> records (not the output of "
                     "sde -dyn_mask_profile?)");
  counts.maskAware = true;
}

} // namespace roof
