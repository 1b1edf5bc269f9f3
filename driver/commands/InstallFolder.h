//===- driver/commands/InstallFolder.h - Where the running roof is --------===//
//
// roof finds what it was built or installed with (the plugin, the runtime,
// the headers, roof-ert and roof-static) next to its own executable:
// PREFIX/bin/roof, PREFIX/lib, PREFIX/include.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_INSTALL_FOLDER_H
#define ROOF_DRIVER_INSTALL_FOLDER_H

#include <filesystem>

namespace roof {

/// The folder of the running roof executable (PREFIX/bin), from
/// /proc/self/exe; throws std::runtime_error when it cannot be read.
std::filesystem::path roofBinFolder();

} // namespace roof

#endif // ROOF_DRIVER_INSTALL_FOLDER_H
