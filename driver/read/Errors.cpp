//===- driver/read/Errors.cpp - What roof refuses -------------------------===//
#include "Errors.h"

namespace roof {

std::string oneLine(std::string_view text) {
  std::string line;
  line.reserve(text.size());
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      line += c;
      continue;
    }
    switch (c) {
    case '\n':
      line += "\\n";
      break;
    case '\r':
      line += "\\r";
      break;
    case '\t':
      line += "\\t";
      break;
    default: {
      constexpr char kHex[] = "0123456789abcdef";
      line += "\\x";
      line += kHex[byte >> 4];
      line += kHex[byte & 15];
    }
    }
  }
  return line;
}

} // namespace roof
