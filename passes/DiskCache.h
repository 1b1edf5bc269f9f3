//===- DiskCache.h - Results kept between compilations --------------------===//
//
// A project compiles the same translation units again and again; what the
// pass derives from a unit's IR (the twin's machine code, CodegenTwin) is
// kept on disk so that an unchanged rebuild does not pay for it twice. One
// small file per entry, named by a hash of everything the result depends
// on, under $ROOF_CACHE_DIR (default $XDG_CACHE_HOME/roof or ~/.cache/roof;
// ROOF_CACHE_DIR= empty disables the cache).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DISK_CACHE_H
#define ROOF_DISK_CACHE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace roof {

/// The contents of entry \p Name, if the cache is on and has it.
std::optional<std::string> readCacheEntry(llvm::StringRef Name);

/// Stores \p Contents as entry \p Name. Written to a unique temporary and
/// renamed, so that parallel compilations never read a partial file; a
/// failure to cache is not an error.
void writeCacheEntry(llvm::StringRef Name, llvm::StringRef Contents);

} // namespace roof

#endif // ROOF_DISK_CACHE_H
