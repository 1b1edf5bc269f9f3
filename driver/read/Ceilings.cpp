//===- driver/read/Ceilings.cpp - Ceilings from ERT roofline.json ---------===//
#include "Ceilings.h"

#include "Census.h"
#include "InputFile.h"
#include "StrictJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace roof {

const char *computeKindName(ComputeKind kind) {
  switch (kind) {
  case ComputeKind::Fma:
    return "FMA";
  case ComputeKind::NoFma:
    return "no-FMA";
  case ComputeKind::DivideFma:
    return "divide+FMA";
  case ComputeKind::DivideNoFma:
    return "divide no-FMA";
  case ComputeKind::Other:
    return "other";
  }
  return "other";
}

std::string ceilingLabel(const ComputeCeiling &ceiling) {
  if (ceiling.kind == ComputeKind::Other)
    return ceiling.name;
  std::string label;
  if (ceiling.precision) {
    label = kPrecisionNames[*ceiling.precision];
    for (char &c : label)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    label += " ";
  }
  return label + computeKindName(ceiling.kind);
}

namespace {

std::string lowercase(std::string_view text) {
  std::string lower(text);
  for (char &c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// The kernel named by what is left of a ceiling name once its precision and
// unit are taken off, in the spellings ERT, roof-ert and the NERSC plotting
// scripts use ("No-FMA", "noFMA", "div FMA", ...).
ComputeKind kindFromWords(const std::string &words) {
  std::string squeezed;
  for (char c : words)
    if (c != ' ' && c != '-' && c != '_' && c != '+')
      squeezed += c;
  if (squeezed.empty() || squeezed == "fma")
    return ComputeKind::Fma;
  if (squeezed == "nofma")
    return ComputeKind::NoFma;
  if (squeezed == "dividefma" || squeezed == "divfma")
    return ComputeKind::DivideFma;
  if (squeezed == "dividenofma" || squeezed == "divnofma")
    return ComputeKind::DivideNoFma;
  return ComputeKind::Other;
}

} // namespace

CeilingName classifyCeilingName(std::string_view name) {
  std::vector<std::string_view> words = blankSeparatedWords(name);
  CeilingName result{std::nullopt, ComputeKind::Other};
  if (!words.empty()) {
    std::string unit = lowercase(words.back());
    if (unit == "gflops" || unit == "gflop/s")
      words.pop_back();
  }
  if (!words.empty())
    if (std::optional<RoofPrecision> precision =
            precisionFromName(lowercase(words.front()))) {
      result.precision = precision;
      words.erase(words.begin());
    }
  std::string rest;
  for (std::string_view word : words)
    rest += (rest.empty() ? "" : " ") + lowercase(word);
  result.kind = kindFromWords(rest);
  return result;
}

const BandwidthCeiling *Ceilings::bandwidthOf(std::string_view level) const {
  for (const BandwidthCeiling &ceiling : bandwidth)
    if (ceiling.level == level)
      return &ceiling;
  return nullptr;
}

const ComputeCeiling *Ceilings::computeOf(ComputeKind kind,
                                          RoofPrecision precision) const {
  const ComputeCeiling *withoutPrecision = nullptr;
  for (const ComputeCeiling &ceiling : compute) {
    if (ceiling.kind != kind)
      continue;
    if (ceiling.precision == precision)
      return &ceiling;
    if (!ceiling.precision && !withoutPrecision)
      withoutPrecision = &ceiling;
  }
  return withoutPrecision;
}

namespace {

using nlohmann::json;

//===----------------------------------------------------------------------===//
// Walking the JSON
//===----------------------------------------------------------------------===//

[[noreturn]] void refuse(const std::string &where, const std::string &what) {
  throw InputError(where.empty() ? what : where + ": " + what);
}

const json &objectAt(const json &parent, const char *key,
                     const std::string &where) {
  auto found = parent.find(key);
  std::string path = where.empty() ? key : where + "." + key;
  if (found == parent.end())
    refuse(where,
           std::string("missing \"") + key + "\" (not an ERT roofline.json?)");
  if (!found->is_object())
    refuse(path, "expected an object");
  return *found;
}

// `value` as JSON text, cut short: enough to recognise it in one line.
std::string shortJson(const json &value) {
  constexpr std::size_t kMaxShown = 60;
  std::string text = value.dump(-1, ' ', true);
  return text.size() > kMaxShown ? text.substr(0, kMaxShown) + "..." : text;
}

// The [name, value] pairs of SECTION.data, e.g. empirical.gflops.data.
std::vector<std::pair<std::string, double>>
namedValues(const json &section, const std::string &where, const char *unit) {
  std::string path = where + ".data";
  auto data = section.find("data");
  if (data == section.end())
    refuse(where, "missing \"data\"");
  if (!data->is_array())
    refuse(path, "expected an array of [name, value] pairs");
  if (data->empty())
    refuse(path, std::string("no ") + unit + " ceiling");

  std::vector<std::pair<std::string, double>> values;
  for (std::size_t i = 0; i < data->size(); ++i) {
    const json &entry = (*data)[i];
    std::string entryPath = path + "[" + std::to_string(i) + "]";
    if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string())
      refuse(entryPath, std::string("expected [name, ") + unit + "], got " +
                            shortJson(entry));
    std::string name = entry[0].get<std::string>();
    if (!entry[1].is_number() || !std::isfinite(entry[1].get<double>()) ||
        entry[1].get<double>() <= 0)
      refuse(entryPath, "\"" + name + "\": expected a positive number of " +
                            unit + ", got " + shortJson(entry[1]));
    bool repeated = std::any_of(values.begin(), values.end(),
                                [&](const auto &v) { return v.first == name; });
    if (repeated)
      refuse(entryPath, "\"" + name + "\" appears twice");
    values.emplace_back(name, entry[1].get<double>());
  }
  return values;
}

// A string member of the metadata, or empty: the metadata is free-form and
// never a reason to refuse a file.
std::string metadataString(const json &metadata, const char *key) {
  auto found = metadata.find(key);
  if (found == metadata.end())
    return "";
  if (found->is_string())
    return found->get<std::string>();
  if (found->is_array() && !found->empty() && (*found)[0].is_string())
    return (*found)[0].get<std::string>();
  return "";
}

// "ERT 1.1.0 on cori07", "roof-ert 0.1.0 on node12", "" when unknown.
std::string originOf(const json &metadata) {
  std::string tool = metadataString(metadata, "TOOL");
  std::string version = metadataString(metadata, "TOOL_VERSION");
  if (tool.empty()) {
    version = metadataString(metadata, "ERT_VERSION");
    if (!version.empty())
      tool = "ERT";
  }
  std::string origin = tool;
  if (!version.empty())
    origin += (origin.empty() ? "" : " ") + version;
  std::string host = metadataString(metadata, "HOSTNAME");
  if (!host.empty())
    origin += (origin.empty() ? "" : " on ") + host;
  return origin;
}

// The single precision the ERT run measured (CONFIG.ERT_PRECISION "FP64"),
// if the metadata names exactly one.
std::optional<RoofPrecision> onlyMeasuredPrecision(const json &metadata) {
  auto config = metadata.find("CONFIG");
  if (config == metadata.end() || !config->is_object())
    return std::nullopt;
  std::string precisions = metadataString(*config, "ERT_PRECISION");
  if (precisions.find(',') != std::string::npos)
    return std::nullopt;
  return precisionFromName(lowercase(trimmed(precisions)));
}

// ERT copies its config file into the metadata, each key's words as a list:
// "ERT_GPU": ["True"] for a GPU run, [false] when the key was absent.
bool measuredOnGpu(const json &metadata) {
  auto config = metadata.find("CONFIG");
  if (config == metadata.end() || !config->is_object())
    return false;
  auto gpu = config->find("ERT_GPU");
  if (gpu == config->end())
    return false;
  const json &value = gpu->is_array() && !gpu->empty() ? (*gpu)[0] : *gpu;
  return value.is_boolean() ? value.get<bool>()
                            : value.is_string() &&
                                  lowercase(value.get<std::string>()) == "true";
}

} // namespace

Ceilings parseCeilings(std::string_view text) {
  json root;
  try {
    root = strict_json::parseJsonText(text);
  } catch (const strict_json::InvalidJson &error) {
    throw InputError(std::string("not JSON: ") + error.what());
  }
  if (!root.is_object())
    refuse("", "expected a JSON object at the top level (not an ERT "
               "roofline.json?)");
  const json &empirical = objectAt(root, "empirical", "");

  Ceilings ceilings;
  const json emptyMetadata = json::object();
  auto metadata = empirical.find("metadata");
  const json &meta = metadata != empirical.end() && metadata->is_object()
                         ? *metadata
                         : emptyMetadata;
  ceilings.origin = originOf(meta);
  ceilings.gpu = measuredOnGpu(meta);
  std::optional<RoofPrecision> measured = onlyMeasuredPrecision(meta);

  for (auto &[name, gflops] :
       namedValues(objectAt(empirical, "gflops", "empirical"),
                   "empirical.gflops", "GFLOP/s")) {
    CeilingName reading = classifyCeilingName(name);
    if (!reading.precision)
      reading.precision = measured;
    ceilings.compute.push_back({name, reading.precision, reading.kind, gflops});
  }
  for (auto &[level, gbytes] :
       namedValues(objectAt(empirical, "gbytes", "empirical"),
                   "empirical.gbytes", "GB/s"))
    ceilings.bandwidth.push_back({level, gbytes});
  return ceilings;
}

Ceilings readCeilingsFile(const std::string &path) {
  return parseInputFile(path, parseCeilings);
}

} // namespace roof
