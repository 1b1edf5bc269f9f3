//===- driver/unittests/FormatTest.cpp - Text formatting ------------------===//
#include "Csv.h"
#include "Table.h"
#include "Text.h"

#include <gtest/gtest.h>

#include <sstream>

namespace roof {
namespace {

TEST(FormatTest, HumanCounts) {
  EXPECT_EQ(humanCount(0), "0");
  EXPECT_EQ(humanCount(999), "999");
  EXPECT_EQ(humanCount(512, "B"), "512 B");
  EXPECT_EQ(humanCount(1000), "1.000 k");
  EXPECT_EQ(humanCount(999999), "999.999 k");
  EXPECT_EQ(humanCount(2000000000), "2.000 G");
  EXPECT_EQ(humanCount(1600000000, "B"), "1.600 GB");
  EXPECT_EQ(humanCount(18446744073709551614u), "18.447 E");
  EXPECT_EQ(humanCount(UINT64_MAX), "OVERFLOW");
}

TEST(FormatTest, HumanCountsNeverShowAThousandOfAPrefix) {
  EXPECT_EQ(humanCount(999999999), "1.000 G");
  EXPECT_EQ(humanCount(999999499), "999.999 M");
  EXPECT_EQ(humanCount(999999500), "1.000 G");
}

TEST(FormatTest, HumanQuantities) {
  EXPECT_EQ(humanQuantity(2.5e19, "B"), "25.000 EB");
  EXPECT_EQ(humanQuantity(1.5), "1.500");
}

TEST(FormatTest, HumanSeconds) {
  EXPECT_EQ(humanSeconds(0), "0 s");
  EXPECT_EQ(humanSeconds(2), "2.000 s");
  EXPECT_EQ(humanSeconds(1234.5), "1234.500 s");
  EXPECT_EQ(humanSeconds(0.25), "250.000 ms");
  EXPECT_EQ(humanSeconds(0.9999996), "1.000 s");
  EXPECT_EQ(humanSeconds(1.5e-6), "1.500 us");
  EXPECT_EQ(humanSeconds(2e-10), "0.200 ns");
}

TEST(FormatTest, Decimals) {
  EXPECT_EQ(decimal(1.25), "1.250");
  EXPECT_EQ(decimal(0), "0.000");
  EXPECT_EQ(decimal(1.0 / 1.2), "0.833");
  EXPECT_EQ(decimal(0.0005), "0.001");
  EXPECT_EQ(decimal(4e-5), "4.000e-05");
  EXPECT_EQ(orUndefined(std::nullopt), "-");
  EXPECT_EQ(orUndefined(2.0), "2.000");
  EXPECT_EQ(orUndefined(0.5, humanSeconds), "500.000 ms");
}

TEST(FormatTest, ReadableFunctionNames) {
  EXPECT_EQ(readableFunctionName("_Z1fv", "f()"), "f()");
  EXPECT_EQ(readableFunctionName("main", "main"), "main");
  EXPECT_EQ(readableFunctionName("_Z4initPfm", "_Z4initPfm"),
            "init(float*, unsigned long)");
  EXPECT_EQ(readableFunctionName("_ZN2ns3fooEv", ""), "ns::foo()");
  EXPECT_EQ(readableFunctionName("_Znot_mangled", "_Znot_mangled"),
            "_Znot_mangled");
}

TEST(FormatTest, ShortensNames) {
  EXPECT_EQ(shortenName("daxpy(int, double)", 18), "daxpy(int, double)");
  EXPECT_EQ(shortenName("daxpy(int, double)", 17), "daxpy(...)");
  EXPECT_EQ(shortenName("S::operator()(std::vector<int> const&) const", 30),
            "S::operator()(...) const");
  std::string templated = "ns::Kernel<std::complex<double>, 4>::apply";
  std::string shortened = shortenName(templated, 21);
  EXPECT_EQ(shortened, "ns::Ke...>, 4>::apply");
  EXPECT_LE(shortened.size(), 21u);
  EXPECT_EQ(shortenName("abcdef", 2), "ab");
  // "é" is two bytes; neither cut splits it.
  std::string french = "r\u00e9gion_de_calcul_num\u00e9rique";
  EXPECT_EQ(shortenName(french, 9), "r...ique");
  EXPECT_EQ(shortenName(french, 12), "r\u00e9...rique");
}

TEST(FormatTest, CsvFields) {
  EXPECT_EQ(csvField("plain"), "plain");
  EXPECT_EQ(csvField(""), "");
  EXPECT_EQ(csvField("f(int, int)"), "\"f(int, int)\"");
  EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csvField("two\nlines"), "\"two\nlines\"");
}

TEST(FormatTest, ShellWords) {
  EXPECT_EQ(shellWord("-fpass-plugin=/a/b.so"), "-fpass-plugin=/a/b.so");
  EXPECT_EQ(shellWord(""), "''");
  EXPECT_EQ(shellWord("two words"), "'two words'");
  EXPECT_EQ(shellWord("it's"), "'it'\\''s'");
  EXPECT_EQ(shellCommand({"cc", "-c", "a b.c"}), "cc -c 'a b.c'");
  EXPECT_EQ(shellCommand({}), "");
}

TEST(FormatTest, ExactDecimals) {
  EXPECT_EQ(exactDecimal(0.1), "0.1");
  EXPECT_EQ(exactDecimal(1.0 / 1.2), "0.8333333333333334");
  EXPECT_EQ(exactDecimal(2.0), "2");
}

TEST(FormatTest, TextTableAlignsColumns) {
  TextTable table;
  table.addColumn("name", TextTable::Align::Left);
  table.addColumn("value", TextTable::Align::Right);
  table.addText("title");
  table.addHeader();
  table.addRow({"a", "1"});
  table.addRow({"longer", "12345678"});
  table.addRow({"short"});
  std::ostringstream out;
  table.print(out, "> ");
  EXPECT_EQ(out.str(), "title\n"
                       "> name       value\n"
                       "> a              1\n"
                       "> longer  12345678\n"
                       "> short\n");
}

} // namespace
} // namespace roof
