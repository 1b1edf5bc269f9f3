//===- driver/unittests/StaticComparisonTest.cpp - roof report --static ---===//
//
// The lit test test/lit/driver/report-static.c runs the real pipeline; these
// check the pairing of functions, the arithmetic of the three numbers and
// that the table, --json and --csv say the same.
//
//===----------------------------------------------------------------------===//
#include "StaticComparison.h"
#include "Commands.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace roof {
namespace {

// A run's function with fp64 mul: `canonical` and `empirical` FLOPs.
FunctionRecord runFunction(const std::string &name, const std::string &module,
                           std::uint64_t calls, std::uint64_t canonical,
                           std::uint64_t empirical) {
  FunctionRecord function;
  function.name = name;
  function.demangled = name;
  function.module = module;
  function.calls = calls;
  PrecisionCounts &fp64 = function.counts.precisions[ROOF_FP64];
  fp64.classes[ROOF_CLASS_MUL] = {canonical, empirical, empirical};
  fp64.flops = {canonical, empirical, empirical};
  return function;
}

SourceQuantity bound(std::uint64_t value) {
  return {std::to_string(value), value};
}

// A function of the static counts with fp64 mul: `perCall` FLOPs of one call,
// named `polynomial` (unbound when `value` is absent).
SourceFunction sourceFunction(const std::string &name, const std::string &file,
                              const std::string &polynomial,
                              std::optional<std::uint64_t> value) {
  SourceFunction function;
  function.name = name;
  function.demangled = name;
  function.kind = "function";
  function.file = file;
  function.line = 3;
  for (SourcePrecision &precision : function.totals.precisions) {
    precision.canonical = bound(0);
    for (SourceQuantity &count : precision.classes)
      count = bound(0);
    precision.bytesLoaded = precision.bytesStored = bound(0);
  }
  function.totals.bytesLoaded = function.totals.bytesStored = bound(0);
  function.maskDependent = function.totals;
  SourcePrecision &fp64 = function.totals.precisions[ROOF_FP64];
  fp64.canonical = fp64.classes[ROOF_CLASS_MUL] = {polynomial, value};
  if (!value)
    function.symbols.push_back({"n", "variable", std::nullopt});
  return function;
}

TEST(StaticComparisonTest, PairsByNameAndListsTheRest) {
  Census run;
  run.functions = {runFunction("hot", "k.c", 1, 10, 10),
                   runFunction("onlyRun", "k.c", 1, 50, 50)};
  StaticCounts source;
  source.functions = {sourceFunction("hot", "/src/k.c", "20", 20),
                      sourceFunction("onlySource", "/src/k.c", "4", 4),
                      sourceFunction("noWork", "/src/k.c", "0", 0)};
  FunctionPairing pairing = pairFunctions(run, source, {});
  ASSERT_EQ(pairing.both.size(), 1u);
  EXPECT_EQ(pairing.both[0].run, &run.functions[0]);
  EXPECT_EQ(pairing.both[0].source, &source.functions[0]);
  ASSERT_EQ(pairing.runOnly.size(), 1u);
  EXPECT_EQ(pairing.runOnly[0].run, &run.functions[1]);
  EXPECT_EQ(pairing.runOnly[0].source, nullptr);
  ASSERT_EQ(pairing.staticOnly.size(), 1u);
  EXPECT_EQ(pairing.staticOnly[0].source, &source.functions[1]);
  EXPECT_EQ(pairing.staticOnlyWithoutWork, 1u);
}

TEST(StaticComparisonTest, TellsStaticFunctionsOfOneNameApartByFile) {
  Census run;
  run.functions = {runFunction("helper", "b.c", 1, 2, 2),
                   runFunction("helper", "./a.c", 1, 1, 1)};
  StaticCounts source;
  source.functions = {sourceFunction("helper", "/work/a.c", "1", 1),
                      sourceFunction("helper", "/work/b.c", "2", 2),
                      sourceFunction("helper", "/work/c.c", "3", 3)};
  FunctionPairing pairing = pairFunctions(run, source, {});
  ASSERT_EQ(pairing.both.size(), 2u);
  EXPECT_EQ(pairing.both[0].run->module, "b.c");
  EXPECT_EQ(pairing.both[0].source->file, "/work/b.c");
  EXPECT_EQ(pairing.both[1].run->module, "./a.c");
  EXPECT_EQ(pairing.both[1].source->file, "/work/a.c");
  ASSERT_EQ(pairing.staticOnly.size(), 1u);
  EXPECT_EQ(pairing.staticOnly[0].source->file, "/work/c.c");

  // Without a file in common, one left on each side still pairs.
  run.functions = {runFunction("helper", "gen/x.c", 1, 1, 1)};
  source.functions = {sourceFunction("helper", "/work/x.c", "1", 1)};
  EXPECT_EQ(pairFunctions(run, source, {}).both.size(), 1u);
}

TEST(StaticComparisonTest, MultipliesOneCallByTheCalls) {
  // Source 2000 FLOPs per call, 3 calls: 6000; the optimizer left 3003, the
  // target executed 6006.
  FunctionRecord run = runFunction("f", "f.c", 3, 3003, 6006);
  SourceFunction source = sourceFunction("f", "f.c", "2*n", 2000);
  ComparedCounts counts = compareCounts({&run, &source}, ROOF_FP64);
  EXPECT_EQ(counts.perCall->value, 2000u);
  EXPECT_EQ(counts.source, 6000u);
  EXPECT_EQ(counts.executed, 3003u);
  EXPECT_EQ(counts.empirical, 6006u);
  EXPECT_DOUBLE_EQ(*counts.executedPerSource, 3003.0 / 6000.0);
  EXPECT_DOUBLE_EQ(*counts.empiricalPerExecuted, 2.0);

  ComparedCounts mul =
      compareCounts({&run, &source}, ROOF_FP64, ROOF_CLASS_MUL);
  EXPECT_EQ(mul.source, 6000u);
  ComparedCounts div =
      compareCounts({&run, &source}, ROOF_FP64, ROOF_CLASS_DIV);
  EXPECT_EQ(div.source, 0u);
  EXPECT_FALSE(div.executedPerSource);
  EXPECT_FALSE(div.empiricalPerExecuted);
}

TEST(StaticComparisonTest, LeavesUnboundAndSaturatedCountsUndefined) {
  FunctionRecord run = runFunction("f", "f.c", 3, 3003, 6006);
  SourceFunction unbound = sourceFunction("f", "f.c", "2*n", std::nullopt);
  ComparedCounts counts = compareCounts({&run, &unbound}, ROOF_FP64);
  EXPECT_EQ(counts.perCall->polynomial, "2*n");
  EXPECT_FALSE(counts.source);
  EXPECT_FALSE(counts.executedPerSource);
  EXPECT_DOUBLE_EQ(*counts.empiricalPerExecuted, 2.0);

  SourceFunction huge = sourceFunction("f", "f.c", "n", kSaturated / 2);
  counts = compareCounts({&run, &huge}, ROOF_FP64);
  EXPECT_EQ(counts.source, kSaturated);
  EXPECT_FALSE(counts.executedPerSource);

  // Only in the static counts: no calls, so no total.
  counts = compareCounts({nullptr, &huge}, ROOF_FP64);
  EXPECT_EQ(counts.perCall->value, kSaturated / 2);
  EXPECT_FALSE(counts.source);
  EXPECT_FALSE(counts.executed);
}

struct Inputs {
  Census run;
  StaticCounts source;
};

Inputs sampleInputs() {
  Inputs inputs;
  inputs.run.program = "/bin/p";
  inputs.run.functions = {runFunction("bound", "p.c", 2, 150, 300),
                          runFunction("symbolic", "p.c", 1, 40, 40),
                          runFunction("onlyRun", "q.c", 1, 5, 5)};
  inputs.source.parameters = {{"m", "100"}};
  inputs.source.functions = {
      sourceFunction("bound", "/p.c", "2*m", 200),
      sourceFunction("symbolic", "/p.c", "n*n", std::nullopt),
      sourceFunction("onlySource", "/p.c", "7", 7)};
  inputs.source.functions[0].exact = false;
  inputs.source.functions[0].caveats = {"conditional code counted as if it "
                                        "ran"};
  return inputs;
}

std::string comparison(const Inputs &inputs, ReportOptions options) {
  std::ostringstream out;
  printStaticComparison(out, inputs.run, "run.json", inputs.source,
                        "census.json", options);
  return out.str();
}

// `text` with each run of spaces made one, to find rows whatever the widths
// of their columns.
std::string squeezed(const std::string &text) {
  std::string result;
  for (char c : text)
    if (c != ' ' || result.empty() || result.back() != ' ')
      result += c;
  return result;
}

TEST(StaticComparisonTest, TableShowsTheThreeNumbersAndWhatIsUnbound) {
  std::string table = squeezed(comparison(sampleInputs(), {}));
  EXPECT_NE(table.find("static: 3 functions; parameters: m = 100"),
            std::string::npos);
  EXPECT_NE(table.find("source not exact: conditional code counted as if it "
                       "ran"),
            std::string::npos);
  // 2 calls x 200 = 400 beside 150 and 300.
  EXPECT_NE(table.find("\n fp64 400 150 300 0.375 2.000\n"), std::string::npos)
      << table;
  EXPECT_NE(table.find("\n fp64 unbound 40 40 - 1.000\n"), std::string::npos)
      << table;
  EXPECT_NE(table.find("source unbound: n*n per call (no value: n)"),
            std::string::npos);
  EXPECT_NE(table.find("Functions only in the run (1 of 1"), std::string::npos);
  EXPECT_NE(table.find("#1 onlyRun [q.c]"), std::string::npos);
  EXPECT_NE(table.find("\n fp64 - 5 5 - 1.000\n"), std::string::npos);
  EXPECT_NE(table.find("Functions only in the static counts (1 of 1"),
            std::string::npos);
  EXPECT_NE(table.find("fp64 per call: 7"), std::string::npos);
}

TEST(StaticComparisonTest, JsonAndCsvHaveTheSameColumns) {
  Inputs inputs = sampleInputs();
  ReportOptions options;
  options.classes = true;
  options.format = ReportFormat::Json;
  // Ordered, to read the precisions in the order of the CSV rows.
  using Json = nlohmann::ordered_json;
  Json json = Json::parse(comparison(inputs, options));
  options.format = ReportFormat::Csv;
  std::istringstream csv(comparison(inputs, options));

  EXPECT_EQ(json["schema"], "roof-static-comparison");
  EXPECT_EQ(json["functions_total"],
            Json({{"both", 2}, {"run", 1}, {"static", 1}}));
  auto split = [](const std::string &line) {
    std::vector<std::string> fields;
    std::stringstream stream(line);
    for (std::string field; std::getline(stream, field, ',');)
      fields.push_back(field);
    if (!line.empty() && line.back() == ',')
      fields.push_back("");
    return fields;
  };
  std::string line;
  std::getline(csv, line);
  std::vector<std::string> header = split(line);

  // Each CSV row is a JSON function's precision, flattened.
  std::size_t rows = 0;
  for (const Json &function : json["functions"]) {
    for (const auto &[precision, entry] : function["precisions"].items()) {
      ASSERT_TRUE(std::getline(csv, line));
      ++rows;
      std::vector<std::string> fields = split(line);
      ASSERT_EQ(fields.size(), header.size()) << line;
      for (std::size_t i = 0; i < header.size(); ++i) {
        const std::string &key = header[i];
        Json value;
        std::size_t underscore = key.find('_');
        if (key == "precision")
          value = precision;
        else if (key == "caveats")
          value = function["caveats"].empty() ? Json(nullptr)
                                              : function["caveats"][0];
        else if (function.contains(key))
          value = function[key];
        else if (entry.contains(key))
          value = entry[key];
        else
          value = entry["classes"][key.substr(0, underscore)]
                       [key.substr(underscore + 1)];
        std::string expected = value.is_null()     ? ""
                               : value.is_string() ? value.get<std::string>()
                                                   : value.dump();
        if (value.is_number_float())
          EXPECT_DOUBLE_EQ(std::stod(fields[i]), value.get<double>()) << key;
        else
          EXPECT_EQ(fields[i], expected) << key << " in " << line;
      }
    }
  }
  EXPECT_FALSE(std::getline(csv, line)) << line;
  EXPECT_EQ(rows, 4u * 4u); // four functions, all four precisions

  const Json &bound = json["functions"][0];
  EXPECT_EQ(bound["in"], "both");
  EXPECT_EQ(bound["exact"], false);
  const Json &fp64 = bound["precisions"]["fp64"];
  EXPECT_EQ(fp64["source_per_call"], 200);
  EXPECT_EQ(fp64["source_canonical"], 400);
  EXPECT_EQ(fp64["classes"]["mul"]["source_canonical"], 400);
  const Json &symbolic = json["functions"][1]["precisions"]["fp64"];
  EXPECT_EQ(symbolic["source_polynomial"], "n*n");
  EXPECT_TRUE(symbolic["source_per_call"].is_null());
  EXPECT_TRUE(symbolic["executed_per_source"].is_null());
  const Json &onlySource = json["functions"][3];
  EXPECT_EQ(onlySource["in"], "static");
  EXPECT_TRUE(onlySource["calls"].is_null());
  EXPECT_TRUE(onlySource["precisions"]["fp64"]["executed_canonical"].is_null());
}

TEST(StaticComparisonTest, TopLimitsEachSection) {
  Inputs inputs = sampleInputs();
  ReportOptions options;
  options.format = ReportFormat::Json;
  options.top = 1;
  nlohmann::json json = nlohmann::json::parse(comparison(inputs, options));
  EXPECT_EQ(json["functions"].size(), 3u);
  EXPECT_EQ(json["functions_total"]["both"], 2);

  options.format = ReportFormat::Table;
  EXPECT_NE(comparison(inputs, options).find("... 1 more (--top 0 shows all)"),
            std::string::npos);
}

} // namespace
} // namespace roof
