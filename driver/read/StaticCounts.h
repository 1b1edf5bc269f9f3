//===- driver/read/StaticCounts.h - roof-static's JSON ----------*- C++ -*-===//
//
// An in-memory model of what roof-static writes with --json (schema
// "roof-static", version 2, docs/static.md): the canonical FLOPs and bytes
// of each function as written in the source, for ONE call, as polynomials in
// the program's names, with their values when every name has one. `roof
// report --static` puts them beside the runtime's counts (StaticComparison.h).
//
// The reader is as strict as the runtime census's (Census.h) and shares its
// helpers (StrictJson.h): another schema or version, a missing or mistyped
// key, a negative or fractional count, a FLOP total that is not the sum of
// its classes are refused with an InputError that names the key. Only the
// per-function totals are modelled; loops and statements must be arrays but
// are not read.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_STATICCOUNTS_H
#define ROOF_DRIVER_STATICCOUNTS_H

#include "roof/abi.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roof {

inline constexpr const char *kStaticCountsSchema = "roof-static";
inline constexpr std::uint64_t kStaticCountsSchemaVersion = 2;
// Deprecated: the schema's name until roof-census became roof static; read
// for one release (the same version, the same content).
inline constexpr const char *kStaticCountsOldSchema = "roof-census";

// A count of one call: {"polynomial": "2*NI*NJ", "value": 800}.
struct SourceQuantity {
  std::string polynomial;
  // Absent when a name in the polynomial has no value; kSaturated when the
  // value does not fit in 64 bits (roof-static writes integers of any size).
  std::optional<std::uint64_t> value;

  // True when the count is known to be 0 (an unbound polynomial is not).
  bool isZero() const { return value && *value == 0; }
};

struct SourcePrecision {
  SourceQuantity canonical; // FLOPs: the sum of the six FLOP classes
  std::array<SourceQuantity, ROOF_NUM_CLASSES> classes;
  SourceQuantity bytesLoaded;
  SourceQuantity bytesStored;
  // Square roots and math functions by name ("sqrt", "exp"), in file order.
  std::vector<std::pair<std::string, SourceQuantity>> functions;
};

// The counts of the source: per precision, and the bytes of all precisions.
struct SourceTally {
  std::array<SourcePrecision, ROOF_NUM_PRECISIONS> precisions;
  SourceQuantity bytesLoaded;
  SourceQuantity bytesStored;
};

// A name the polynomials use (a macro, variable, loop's trip count), with
// the value roof-static gave it as JSON text ("1000"), if any.
struct SourceSymbol {
  std::string name;
  std::string origin; // macro, constant, variable, expression, loop
  std::optional<std::string> value;
};

struct SourceFunction {
  std::string name;      // mangled, as the runtime's function name
  std::string demangled; // as the runtime's
  std::string kind;      // function, kernel, device
  std::string file;
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  bool exact = true;
  std::vector<std::string> caveats; // why not exact
  std::vector<SourceSymbol> symbols;
  SourceTally totals;        // one call
  SourceTally maskDependent; // all lanes, not in the totals

  // True when some count of `totals` is not known to be zero.
  bool hasWork() const;
  // The names of `symbols` without a value.
  std::vector<std::string> unboundNames() const;
};

struct StaticCounts {
  // --param values, NAME and the JSON text of its value.
  std::vector<std::pair<std::string, std::string>> parameters;
  std::vector<std::string> failed; // files that did not compile
  std::vector<std::string> notes;
  std::vector<SourceFunction> functions;
  // True when the file names the deprecated schema kStaticCountsOldSchema.
  bool oldSchemaName = false;
};

// Parses and validates roof-static's JSON. Throws InputError (without a
// file name).
StaticCounts parseStaticCounts(std::string_view text);

// Reads the file at `path` and parses it. Throws InputError "PATH: ...".
StaticCounts readStaticCountsFile(const std::string &path);

} // namespace roof

#endif // ROOF_DRIVER_STATICCOUNTS_H
