//===- FunctionTable.h - The functions of an x86-64 ELF executable --------===//
//
// roof-oracle attributes each executed instruction to the function symbol
// that contains it, as roof attributes its counts to the IR function: the
// symbol table of the executable (or the dynamic one when it is stripped)
// gives each function's link-time address range.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ORACLE_FUNCTIONTABLE_H
#define ROOF_ORACLE_FUNCTIONTABLE_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roof {

struct FunctionSymbol {
  uint64_t Start = 0; // link-time address
  uint64_t End = 0;
  std::string Name;
};

class FunctionTable {
public:
  /// Reads Path; fails with one line when it is not an x86-64 ELF
  /// executable or has no `main`.
  static llvm::Expected<FunctionTable> read(const std::string &Path);

  /// The function containing link-time address A, or null.
  const FunctionSymbol *find(uint64_t A) const;
  const FunctionSymbol *byName(llvm::StringRef Name) const;

  /// e_entry: with the entry the loader reports (AT_ENTRY) it gives the
  /// load bias of a position-independent executable.
  uint64_t entry() const { return Entry; }
  bool positionIndependent() const { return PIE; }

private:
  std::vector<FunctionSymbol> Functions; // sorted by Start, disjoint
  uint64_t Entry = 0;
  bool PIE = false;
};

} // namespace roof

#endif // ROOF_ORACLE_FUNCTIONTABLE_H
