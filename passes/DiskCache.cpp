//===- DiskCache.cpp - Results kept between compilations ------------------===//
#include "DiskCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace roof {

namespace {

std::optional<std::string> entryPath(StringRef Name) {
  SmallString<128> Path;
  if (const char *Dir = std::getenv("ROOF_CACHE_DIR")) {
    if (!*Dir)
      return std::nullopt;
    Path = Dir;
  } else if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg) {
    Path = Xdg;
    sys::path::append(Path, "roof");
  } else if (sys::path::home_directory(Path)) {
    sys::path::append(Path, ".cache", "roof");
  } else {
    return std::nullopt;
  }
  sys::path::append(Path, Name);
  return std::string(Path);
}

} // namespace

std::optional<std::string> readCacheEntry(StringRef Name) {
  std::optional<std::string> Path = entryPath(Name);
  if (!Path)
    return std::nullopt;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(*Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

void writeCacheEntry(StringRef Name, StringRef Contents) {
  std::optional<std::string> Path = entryPath(Name);
  if (!Path || sys::fs::create_directories(sys::path::parent_path(*Path)))
    return;
  int FD;
  SmallString<128> Temporary;
  if (sys::fs::createUniqueFile(*Path + ".%%%%%%.tmp", FD, Temporary))
    return;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
  }
  if (sys::fs::rename(Temporary, *Path))
    sys::fs::remove(Temporary);
}

} // namespace roof
