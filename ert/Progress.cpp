//===- ert/Progress.cpp - Progress on stderr ------------------------------===//
#include "Progress.h"

#include <unistd.h>

#include <cstdio>
#include <utility>

namespace roof::ert {

Progress::Progress(std::string tool, std::size_t totalPoints)
    : tool(std::move(tool)), terminal(isatty(STDERR_FILENO)),
      total(totalPoints) {}

Progress::~Progress() {
  if (terminal && done > 0)
    std::fputs("\r\033[K", stderr);
}

void Progress::beginPhase(const std::string &name, std::size_t points) {
  phase = name;
  if (terminal)
    draw("");
  else
    std::fprintf(stderr, "%s: %s (%zu point%s)\n", tool.c_str(), name.c_str(),
                 points, points == 1 ? "" : "s");
}

void Progress::pointDone(const std::string &detail) {
  ++done;
  if (terminal)
    draw(detail);
}

void Progress::draw(const std::string &detail) {
  constexpr std::size_t kWidth = 30;
  const std::size_t filled = total ? done * kWidth / total : kWidth;
  std::string bar(filled, '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "\r\033[K[%s] %3zu%% %s%s%s", bar.c_str(),
               total ? done * 100 / total : 100, phase.c_str(),
               detail.empty() ? "" : ", ", detail.c_str());
  std::fflush(stderr);
}

std::string formatBytes(std::size_t bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = double(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  if (value == double(long(value)))
    std::snprintf(text, sizeof(text), "%ld %s", long(value), units[unit]);
  else
    std::snprintf(text, sizeof(text), "%.1f %s", value, units[unit]);
  return text;
}

} // namespace roof::ert
