//===- driver/commands/InstallFolder.cpp - Where the running roof is ------===//
#include "InstallFolder.h"

#include <stdexcept>

namespace roof {

std::filesystem::path roofBinFolder() {
  std::error_code error;
  std::filesystem::path self =
      std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    throw std::runtime_error(
        "cannot find roof's own folder through /proc/self/exe: " +
        error.message());
  return self.parent_path();
}

} // namespace roof
