//===- driver/read/StaticCounts.cpp - Strict reader of roof-static's JSON -===//
//
// The same walk as the runtime census's reader (Census.cpp), with the same
// helpers and messages; what differs is the shape of a count: a quantity
// {"polynomial", "value"} whose value is null while a name has no value.
//
//===----------------------------------------------------------------------===//
#include "StaticCounts.h"

#include "Census.h"
#include "InputFile.h"
#include "StrictJson.h"

#include <algorithm>
#include <cmath>

namespace roof {

namespace {

using namespace strict_json;

// 2^64 exactly; nlohmann reads an integer at or above it as a double.
constexpr double kTwoTo64 = 18446744073709551616.0;

bool tallyHasWork(const SourceTally &tally) {
  if (!tally.bytesLoaded.isZero() || !tally.bytesStored.isZero())
    return true;
  return std::any_of(tally.precisions.begin(), tally.precisions.end(),
                     [](const SourcePrecision &precision) {
                       return !precision.canonical.isZero() ||
                              std::any_of(precision.classes.begin(),
                                          precision.classes.end(),
                                          [](const SourceQuantity &count) {
                                            return !count.isZero();
                                          });
                     });
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

// A quantity's value: null while a name has no value, else a count.
// roof-static writes integers of any size; one past 2^64-1 saturates, as
// the runtime's counts do.
std::optional<std::uint64_t> quantityValue(const json &value,
                                           const std::string &path) {
  if (value.is_null())
    return std::nullopt;
  if (value.is_number_float() && value.get<double>() >= kTwoTo64)
    return kSaturated;
  return countValue(value, path);
}

// A symbol's or parameter's value, which may be negative or larger than 64
// bits, as its JSON text.
std::string integerText(const json &value, const std::string &path) {
  bool integral =
      value.is_number_integer() ||
      (value.is_number_float() && std::fabs(value.get<double>()) >= kTwoTo64);
  if (!integral)
    fail(path, "expected an integer, got " + describe(value));
  return value.dump();
}

std::optional<std::string> optionalIntegerText(const json &value,
                                               const std::string &path) {
  if (value.is_null())
    return std::nullopt;
  return integerText(value, path);
}

SourceQuantity quantityIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  SourceQuantity quantity;
  quantity.polynomial = stringAt(object, "polynomial", path);
  if (quantity.polynomial.empty())
    fail(memberPath(path, "polynomial"), "empty polynomial");
  quantity.value = memberAs(object, "value", path, quantityValue);
  return quantity;
}

SourceQuantity quantityAt(const json &object, const char *key,
                          const std::string &path) {
  return memberAs(object, key, path, quantityIn);
}

// Refuses a bound `total` that is not the sum of bound `parts`, summed the
// way the runtime sums, saturating. Nothing is checked while one is unbound.
template <typename Parts>
void checkBoundSum(const SourceQuantity &total, const Parts &parts,
                   const std::string &path, const char *whose) {
  std::uint64_t sum = 0;
  for (const SourceQuantity *part : parts) {
    if (!part->value)
      return;
    sum = saturatingAdd(sum, *part->value);
  }
  if (total.value && *total.value != sum)
    fail(memberPath(path, "value"), std::to_string(*total.value) +
                                        " is not the sum of its " + whose +
                                        " (" + std::to_string(sum) + ")");
}

//===----------------------------------------------------------------------===//
// Tallies
//===----------------------------------------------------------------------===//

SourcePrecision precisionIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  SourcePrecision precision;
  precision.canonical = quantityAt(object, "canonical", path);

  std::string classesPath = memberPath(path, "classes");
  const json &classes =
      objectValue(memberOf(object, "classes", path), classesPath);
  std::vector<const SourceQuantity *> flopClasses;
  for (int cls = 0; cls < ROOF_NUM_CLASSES; ++cls) {
    precision.classes[cls] = quantityAt(classes, kClassNames[cls], classesPath);
    if (isFlopClass(cls))
      flopClasses.push_back(&precision.classes[cls]);
  }
  checkBoundSum(precision.canonical, flopClasses, memberPath(path, "canonical"),
                "FLOP classes");

  precision.bytesLoaded = quantityAt(object, "bytes_loaded", path);
  precision.bytesStored = quantityAt(object, "bytes_stored", path);

  std::string functionsPath = memberPath(path, "functions");
  const json &functions =
      objectValue(memberOf(object, "functions", path), functionsPath);
  for (const auto &[name, count] : functions.items())
    precision.functions.emplace_back(
        name, quantityIn(count, memberPath(functionsPath, name)));
  return precision;
}

// The keys of a tally in `object`: the runtime's census object, with
// quantities for counts.
SourceTally tallyIn(const json &object, const std::string &path) {
  SourceTally tally;
  std::vector<const SourceQuantity *> loaded, stored;
  for (int p = 0; p < ROOF_NUM_PRECISIONS; ++p) {
    const char *name = kPrecisionNames[p];
    tally.precisions[p] =
        precisionIn(memberOf(object, name, path), memberPath(path, name));
    loaded.push_back(&tally.precisions[p].bytesLoaded);
    stored.push_back(&tally.precisions[p].bytesStored);
  }
  tally.bytesLoaded = quantityAt(object, "bytes_loaded", path);
  checkBoundSum(tally.bytesLoaded, loaded, memberPath(path, "bytes_loaded"),
                "precisions");
  tally.bytesStored = quantityAt(object, "bytes_stored", path);
  checkBoundSum(tally.bytesStored, stored, memberPath(path, "bytes_stored"),
                "precisions");
  return tally;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

std::string kindValue(const json &value, const std::string &path) {
  std::string kind = stringValue(value, path);
  if (kind != "function" && kind != "kernel" && kind != "device")
    fail(path, "expected function, kernel or device, got " + describe(value));
  return kind;
}

std::string nameValue(const json &value, const std::string &path) {
  std::string name = stringValue(value, path);
  if (name.empty())
    fail(path, "empty name");
  return name;
}

std::vector<SourceSymbol> symbolsIn(const json &value,
                                    const std::string &path) {
  std::vector<SourceSymbol> symbols;
  for (const auto &[name, symbol] : objectValue(value, path).items()) {
    std::string symbolPath = memberPath(path, name);
    objectValue(symbol, symbolPath);
    symbols.push_back(
        {name, stringAt(symbol, "origin", symbolPath),
         memberAs(symbol, "value", symbolPath, optionalIntegerText)});
  }
  return symbols;
}

SourceFunction functionIn(const json &value, const std::string &path) {
  const json &object = objectValue(value, path);
  SourceFunction function;
  function.name = memberAs(object, "name", path, nameValue);
  function.demangled = memberAs(object, "demangled", path, nameValue);
  function.kind = memberAs(object, "kind", path, kindValue);
  function.file = stringAt(object, "file", path);
  function.line = countAt(object, "line", path);
  function.column = countAt(object, "column", path);
  function.exact = memberAs(object, "exact", path, boolValue);
  function.caveats = arrayAt<std::string>(object, "caveats", path, stringValue);
  if (function.exact != function.caveats.empty())
    fail(memberPath(path, "exact"), function.exact
                                        ? "true, but there are caveats"
                                        : "false, but there is no caveat");
  function.symbols = memberAs(object, "symbols", path, symbolsIn);

  std::string totalsPath = memberPath(path, "totals");
  const json &totals =
      objectValue(memberOf(object, "totals", path), totalsPath);
  function.totals = tallyIn(totals, totalsPath);
  std::string maskPath = memberPath(totalsPath, "mask_dependent");
  function.maskDependent = tallyIn(
      objectValue(memberOf(totals, "mask_dependent", totalsPath), maskPath),
      maskPath);

  // Not modelled, but part of the format.
  memberAs(object, "loops", path, arrayValue);
  memberAs(object, "statements", path, arrayValue);
  return function;
}

StaticCounts staticCountsIn(const json &root) {
  // Deprecated: the schema's name from before the tool was roof static is
  // read for one release; the command says so.
  bool oldName = root.is_object() && root.contains("schema") &&
                 root["schema"] == kStaticCountsOldSchema;
  checkDocumentHeader(root,
                      oldName ? kStaticCountsOldSchema : kStaticCountsSchema,
                      kStaticCountsSchemaVersion, kStaticCountsSchemaVersion,
                      "roof-static's JSON");
  const std::string top;
  StaticCounts census;
  census.oldSchemaName = oldName;
  memberAs(root, "conventions", top, objectValue);
  for (const auto &[name, value] :
       memberAs(root, "parameters", top, objectValue).items())
    census.parameters.emplace_back(
        name, integerText(value, memberPath("parameters", name)));
  census.failed = arrayAt<std::string>(root, "failed", top, stringValue);
  census.notes = arrayAt<std::string>(root, "notes", top, stringValue);
  census.functions =
      arrayAt<SourceFunction>(root, "functions", top, functionIn);
  return census;
}

} // namespace

bool SourceFunction::hasWork() const {
  return tallyHasWork(totals) || tallyHasWork(maskDependent);
}

std::vector<std::string> SourceFunction::unboundNames() const {
  std::vector<std::string> names;
  for (const SourceSymbol &symbol : symbols)
    if (!symbol.value)
      names.push_back(symbol.name);
  return names;
}

StaticCounts parseStaticCounts(std::string_view text) {
  return staticCountsIn(parseDocument(text, "roof-static's JSON"));
}

StaticCounts readStaticCountsFile(const std::string &path) {
  return parseInputFile(path, parseStaticCounts);
}

} // namespace roof
