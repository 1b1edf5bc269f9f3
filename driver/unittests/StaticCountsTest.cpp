//===- driver/unittests/StaticCountsTest.cpp - roof-static's JSON ---------===//
//
// Each test starts from a valid roof-static JSON built with nlohmann/json,
// shaped as static/ReportWriter.cpp writes it, breaks one thing, and checks
// the exact message the reader gives.
//
//===----------------------------------------------------------------------===//
#include "StaticCounts.h"

#include "Census.h"
#include "InputFile.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>

namespace roof {
namespace {

using nlohmann::json;

json quantity(const std::string &polynomial, json value) {
  return {{"polynomial", polynomial}, {"value", std::move(value)}};
}

json zeroPrecision() {
  json precision = {{"canonical", quantity("0", 0)},
                    {"bytes_loaded", quantity("0", 0)},
                    {"bytes_stored", quantity("0", 0)},
                    {"functions", json::object()}};
  for (const char *cls : kClassNames)
    precision["classes"][cls] = quantity("0", 0);
  return precision;
}

json zeroTally() {
  json tally;
  for (const char *precision : kPrecisionNames)
    tally[precision] = zeroPrecision();
  tally["bytes_loaded"] = quantity("0", 0);
  tally["bytes_stored"] = quantity("0", 0);
  return tally;
}

// kernel: fp64 2*n mul + n sqrt (3*n FLOPs), loads 8*n bytes, stores 8*n;
// n = 100 when `bound`.
json kernelFunction(bool bound) {
  auto count = [&](const char *polynomial, std::uint64_t perN) {
    return quantity(polynomial, bound ? json(perN * 100) : json(nullptr));
  };
  json totals = zeroTally();
  json &fp64 = totals["fp64"];
  fp64["canonical"] = count("3*n", 3);
  fp64["classes"]["mul"] = count("2*n", 2);
  fp64["classes"]["sqrt"] = count("n", 1);
  fp64["functions"]["sqrt"] = count("n", 1);
  fp64["bytes_loaded"] = count("8*n", 8);
  fp64["bytes_stored"] = count("8*n", 8);
  totals["bytes_loaded"] = count("8*n", 8);
  totals["bytes_stored"] = count("8*n", 8);
  totals["mask_dependent"] = zeroTally();
  return {{"name", "_Z6kerneliPd"},
          {"demangled", "kernel(int, double*)"},
          {"kind", "function"},
          {"file", "/src/k.cpp"},
          {"line", 12},
          {"column", 6},
          {"exact", true},
          {"caveats", json::array()},
          {"symbols",
           {{"n",
             {{"origin", "variable"},
              {"value", bound ? json(100) : json(nullptr)}}}}},
          {"totals", totals},
          {"loops", json::array()},
          {"statements", json::array()}};
}

json emptyFunction() {
  json function = kernelFunction(true);
  function["name"] = "main";
  function["demangled"] = "main";
  function["symbols"] = json::object();
  function["totals"] = zeroTally();
  function["totals"]["mask_dependent"] = zeroTally();
  return function;
}

json validStaticCounts() {
  return {{"schema", "roof-static"},
          {"schema_version", 2},
          {"conventions", {{"fma", "2 FLOPs per element, in class fma"}}},
          {"parameters", {{"n", 100}}},
          {"failed", {"broken.c"}},
          {"notes", json::array()},
          {"functions", {kernelFunction(true), emptyFunction()}}};
}

// The message parseStaticCounts gives for `text`, or "" when it accepts it.
std::string refusal(const std::string &text) {
  try {
    parseStaticCounts(text);
  } catch (const InputError &error) {
    return error.what();
  }
  return "";
}
std::string refusal(const json &document) { return refusal(document.dump()); }

TEST(StaticCountsTest, ReadsEveryField) {
  StaticCounts census = parseStaticCounts(validStaticCounts().dump());
  ASSERT_EQ(census.parameters.size(), 1u);
  EXPECT_EQ(census.parameters[0].first, "n");
  EXPECT_EQ(census.parameters[0].second, "100");
  EXPECT_EQ(census.failed, std::vector<std::string>{"broken.c"});
  ASSERT_EQ(census.functions.size(), 2u);

  const SourceFunction &kernel = census.functions[0];
  EXPECT_EQ(kernel.name, "_Z6kerneliPd");
  EXPECT_EQ(kernel.demangled, "kernel(int, double*)");
  EXPECT_EQ(kernel.kind, "function");
  EXPECT_EQ(kernel.file, "/src/k.cpp");
  EXPECT_EQ(kernel.line, 12u);
  EXPECT_EQ(kernel.column, 6u);
  EXPECT_TRUE(kernel.exact);
  ASSERT_EQ(kernel.symbols.size(), 1u);
  EXPECT_EQ(kernel.symbols[0].origin, "variable");
  EXPECT_EQ(kernel.symbols[0].value, "100");
  EXPECT_TRUE(kernel.unboundNames().empty());

  const SourcePrecision &fp64 = kernel.totals.precisions[ROOF_FP64];
  EXPECT_EQ(fp64.canonical.polynomial, "3*n");
  EXPECT_EQ(fp64.canonical.value, 300u);
  EXPECT_EQ(fp64.classes[ROOF_CLASS_MUL].value, 200u);
  EXPECT_EQ(fp64.classes[ROOF_CLASS_SQRT].polynomial, "n");
  ASSERT_EQ(fp64.functions.size(), 1u);
  EXPECT_EQ(fp64.functions[0].first, "sqrt");
  EXPECT_EQ(fp64.functions[0].second.value, 100u);
  EXPECT_EQ(kernel.totals.bytesStored.value, 800u);
  EXPECT_TRUE(kernel.totals.precisions[ROOF_FP32].canonical.isZero());
  EXPECT_TRUE(kernel.hasWork());
  EXPECT_FALSE(census.functions[1].hasWork());
}

TEST(StaticCountsTest, KeepsUnboundCountsSymbolic) {
  json document = validStaticCounts();
  document["parameters"] = json::object();
  document["functions"][0] = kernelFunction(false);
  StaticCounts census = parseStaticCounts(document.dump());
  const SourceFunction &kernel = census.functions[0];
  const SourceQuantity &canonical =
      kernel.totals.precisions[ROOF_FP64].canonical;
  EXPECT_EQ(canonical.polynomial, "3*n");
  EXPECT_FALSE(canonical.value);
  EXPECT_FALSE(canonical.isZero());
  EXPECT_EQ(kernel.unboundNames(), std::vector<std::string>{"n"});
  EXPECT_TRUE(kernel.hasWork());
}

TEST(StaticCountsTest, SaturatesValuesPast64Bits) {
  // roof-static writes integers of any size.
  json document = validStaticCounts();
  std::string text = document.dump();
  std::string small = "\"polynomial\":\"8*n\",\"value\":800";
  std::string huge =
      "\"polynomial\":\"8*n\",\"value\":100000000000000000000000";
  for (std::size_t at = text.find(small); at != std::string::npos;
       at = text.find(small, at + huge.size()))
    text.replace(at, small.size(), huge);
  StaticCounts census = parseStaticCounts(text);
  EXPECT_EQ(census.functions[0].totals.bytesLoaded.value, kSaturated);

  document["parameters"]["big"] = 1e30;
  document["parameters"]["negative"] = -4;
  census = parseStaticCounts(document.dump());
  EXPECT_EQ(census.parameters[0].second, "1e+30");
  EXPECT_EQ(census.parameters[2].second, "-4");
}

TEST(StaticCountsTest, RefusesWhatIsNotJson) {
  EXPECT_EQ(refusal(std::string(" \n")),
            "empty file (expected roof-static's JSON)");
  EXPECT_EQ(refusal(std::string("{\"schema\": ")),
            "not JSON: parse error at line 1, column 12: syntax error while "
            "parsing value - unexpected end of input; expected '[', '{', or "
            "a literal");
  EXPECT_EQ(refusal(std::string("[]")),
            "expected a JSON object at the top level, got an array");
}

TEST(StaticCountsTest, RefusesOtherSchemasAndVersions) {
  json document = validStaticCounts();
  document["schema"] = "roof";
  EXPECT_EQ(refusal(document),
            "\"schema\" is string \"roof\", expected \"roof-static\" (not "
            "roof-static's JSON)");
  document = validStaticCounts();
  document["schema_version"] = 1;
  EXPECT_EQ(refusal(document),
            "schema_version 1 is not supported (this roof reads version 2)");
  document.erase("schema_version");
  EXPECT_EQ(refusal(document), "missing key \"schema_version\"");
}

TEST(StaticCountsTest, ReadsTheDeprecatedSchemaName) {
  // "roof-census", the name before roof static, is read for one release,
  // and marked so that the command can say it is deprecated.
  json document = validStaticCounts();
  EXPECT_FALSE(parseStaticCounts(document.dump()).oldSchemaName);
  document["schema"] = "roof-census";
  StaticCounts counts = parseStaticCounts(document.dump());
  EXPECT_TRUE(counts.oldSchemaName);
  EXPECT_EQ(counts.functions.size(), 2u);
  document["schema_version"] = 1;
  EXPECT_EQ(refusal(document),
            "schema_version 1 is not supported (this roof reads version 2)");
}

TEST(StaticCountsTest, RefusesMissingAndMistypedKeys) {
  struct Case {
    std::function<void(json &)> breakIt;
    const char *message;
  };
  const std::vector<Case> cases = {
      {[](json &d) { d.erase("functions"); }, "missing key \"functions\""},
      {[](json &d) { d["failed"] = {3}; },
       "failed[0]: expected a string, got 3"},
      {[](json &d) { d["parameters"]["n"] = "100"; },
       "parameters.n: expected an integer, got string \"100\""},
      {[](json &d) { d["parameters"]["n"] = 1.5; },
       "parameters.n: expected an integer, got 1.5"},
      {[](json &d) { d["functions"][1].erase("totals"); },
       "functions[1]: missing key \"totals\""},
      {[](json &d) { d["functions"][0]["name"] = ""; },
       "functions[0].name: empty name"},
      {[](json &d) { d["functions"][0]["kind"] = "lambda"; },
       "functions[0].kind: expected function, kernel or device, got string "
       "\"lambda\""},
      {[](json &d) { d["functions"][0]["line"] = -1; },
       "functions[0].line: negative count -1"},
      {[](json &d) { d["functions"][0]["exact"] = false; },
       "functions[0].exact: false, but there is no caveat"},
      {[](json &d) { d["functions"][0]["caveats"] = {"a loop"}; },
       "functions[0].exact: true, but there are caveats"},
      {[](json &d) { d["functions"][0]["loops"] = json::object(); },
       "functions[0].loops: expected an array, got an object"},
      {[](json &d) { d["functions"][0]["symbols"]["n"]["value"] = 0.5; },
       "functions[0].symbols.n.value: expected an integer, got 0.5"},
      {[](json &d) { d["functions"][0]["totals"].erase("mask_dependent"); },
       "functions[0].totals: missing key \"mask_dependent\""},
      {[](json &d) {
         d["functions"][0]["totals"]["fp32"]["classes"].erase("convert");
       },
       "functions[0].totals.fp32.classes: missing key \"convert\""},
      {[](json &d) { d["functions"][0]["totals"]["fp64"]["canonical"] = 300; },
       "functions[0].totals.fp64.canonical: expected an object, got 300"},
      {[](json &d) {
         d["functions"][0]["totals"]["fp64"]["canonical"].erase("value");
       },
       "functions[0].totals.fp64.canonical: missing key \"value\""},
      {[](json &d) {
         d["functions"][0]["totals"]["fp64"]["canonical"]["polynomial"] = "";
       },
       "functions[0].totals.fp64.canonical.polynomial: empty polynomial"},
      {[](json &d) {
         d["functions"][0]["totals"]["fp64"]["classes"]["mul"]["value"] = "200";
       },
       "functions[0].totals.fp64.classes.mul.value: expected an unsigned "
       "integer, got string \"200\""},
      {[](json &d) {
         d["functions"][0]["totals"]["fp64"]["classes"]["mul"]["value"] = -2;
       },
       "functions[0].totals.fp64.classes.mul.value: negative count -2"},
      {[](json &d) {
         d["functions"][0]["totals"]["fp64"]["functions"]["sqrt"]["value"] =
             2.5;
       },
       "functions[0].totals.fp64.functions.sqrt.value: expected an integer "
       "count, got 2.5"},
  };
  for (const Case &c : cases) {
    json document = validStaticCounts();
    c.breakIt(document);
    EXPECT_EQ(refusal(document), c.message);
  }
}

TEST(StaticCountsTest, RefusesTotalsThatAreNotTheSumOfTheirParts) {
  json document = validStaticCounts();
  document["functions"][0]["totals"]["fp64"]["canonical"]["value"] = 301;
  EXPECT_EQ(refusal(document),
            "functions[0].totals.fp64.canonical.value: 301 is not the sum of "
            "its FLOP classes (300)");

  document = validStaticCounts();
  document["functions"][0]["totals"]["bytes_stored"]["value"] = 1;
  EXPECT_EQ(refusal(document),
            "functions[0].totals.bytes_stored.value: 1 is not the sum of its "
            "precisions (800)");

  // Nothing to check while a part is unbound.
  document = validStaticCounts();
  document["functions"][0]["totals"]["fp64"]["classes"]["sqrt"]["value"] =
      nullptr;
  EXPECT_EQ(refusal(document), "");
}

TEST(StaticCountsTest, FileErrorsNameTheFile) {
  std::string directory = testing::TempDir();
  std::string path = directory + "/static-counts-test.json";
  {
    json document = validStaticCounts();
    document["schema_version"] = 7;
    std::ofstream(path) << document.dump();
  }
  try {
    readStaticCountsFile(path);
    FAIL() << "accepted version 7";
  } catch (const InputError &error) {
    EXPECT_EQ(std::string(error.what()),
              path + ": schema_version 7 is not supported (this roof reads "
                     "version 2)");
  }
  std::filesystem::remove(path);
  try {
    readStaticCountsFile(path);
    FAIL() << "read a missing file";
  } catch (const InputError &error) {
    EXPECT_EQ(std::string(error.what()),
              path + ": cannot open: No such file or directory");
  }
}

} // namespace
} // namespace roof
