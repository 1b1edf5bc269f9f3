//===- driver/read/SourceCensus.h - roof-census's JSON ----------*- C++ -*-===//
//
// An in-memory model of what roof-census writes with --json (schema
// "roof-census", version 1, docs/census.md): the canonical FLOPs and bytes
// of each function as written in the source, for ONE call, as polynomials in
// the program's names, with their values when every name has one. `roof
// report --census` puts them beside the runtime's counts (CensusComparison.h).
//
// The reader is as strict as the runtime census's (Census.h) and shares its
// helpers (StrictJson.h): another schema or version, a missing or mistyped
// key, a negative or fractional count, a FLOP total that is not the sum of
// its classes are refused with an InputError that names the key. Only the
// per-function totals are modelled; loops and statements must be arrays but
// are not read.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_SOURCECENSUS_H
#define ROOF_DRIVER_SOURCECENSUS_H

#include "roof/abi.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roof {

inline constexpr const char *kSourceCensusSchema = "roof-census";
inline constexpr std::uint64_t kSourceCensusSchemaVersion = 2;

// A count of one call: {"polynomial": "2*NI*NJ", "value": 800}.
struct SourceQuantity {
  std::string polynomial;
  // Absent when a name in the polynomial has no value; kSaturated when the
  // value does not fit in 64 bits (roof-census writes integers of any size).
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

// A census of the source: per precision, and the bytes of all precisions.
struct SourceTally {
  std::array<SourcePrecision, ROOF_NUM_PRECISIONS> precisions;
  SourceQuantity bytesLoaded;
  SourceQuantity bytesStored;
};

// A name the polynomials use (a macro, variable, loop's trip count), with
// the value roof-census gave it as JSON text ("1000"), if any.
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

struct SourceCensus {
  // --param values, NAME and the JSON text of its value.
  std::vector<std::pair<std::string, std::string>> parameters;
  std::vector<std::string> failed; // files that did not compile
  std::vector<std::string> notes;
  std::vector<SourceFunction> functions;
};

// Parses and validates roof-census's JSON. Throws InputError (without a
// file name).
SourceCensus parseSourceCensus(std::string_view text);

// Reads the file at `path` and parses it. Throws InputError "PATH: ...".
SourceCensus readSourceCensusFile(const std::string &path);

} // namespace roof

#endif // ROOF_DRIVER_SOURCECENSUS_H
