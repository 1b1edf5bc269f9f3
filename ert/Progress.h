//===- ert/Progress.h - Progress on stderr ----------------------*- C++ -*-===//
//
// On a terminal, one bar redrawn in place after every point; elsewhere (a
// log, a test) one plain line per phase, "<tool>: <phase> (N points)", so
// that logs stay readable.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_PROGRESS_H
#define ROOF_ERT_PROGRESS_H

#include <cstddef>
#include <string>

namespace roof::ert {

class Progress {
public:
  Progress(std::string tool, std::size_t totalPoints);
  ~Progress();

  void beginPhase(const std::string &name, std::size_t points);
  // A point of the current phase is done; `detail` says which.
  void pointDone(const std::string &detail);

private:
  void draw(const std::string &detail);

  std::string tool;
  bool terminal;
  std::size_t total;
  std::size_t done = 0;
  std::string phase;
};

// "1 KiB", "32 MiB", "1.5 GiB".
std::string formatBytes(std::size_t bytes);

} // namespace roof::ert

#endif // ROOF_ERT_PROGRESS_H
