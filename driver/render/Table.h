//===- driver/render/Table.h - Reports as text tables -----------*- C++ -*-===//
//
// The text tables roof prints by default, each from the data its analysis
// derived: counts with SI prefixes, metrics with three decimals, "-" where
// undefined, a legend and the facts of each scope as free text between the
// rows.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_TABLE_H
#define ROOF_DRIVER_TABLE_H

#include "Report.h"
#include "RooflineReport.h"
#include "StaticComparison.h"
#include "Text.h"
#include "ToolComparison.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

// Columns of text; numbers right-aligned, names left-aligned. Free-text
// lines and repeated header rows may be interleaved between rows; the widths
// of the columns are those of the widest cell over all rows.
class TextTable {
public:
  enum class Align { Left, Right };

  void addColumn(std::string header, Align align);
  void addHeader();
  void addRow(std::vector<std::string> cells);
  void addText(std::string line);

  // Writes the lines; rows and headers are prefixed with `indent`, free text
  // is written as it is.
  void print(std::ostream &out, std::string_view indent) const;

private:
  struct Line {
    enum class Kind { Header, Row, Text } kind;
    std::vector<std::string> cells; // for a row
    std::string text;               // for free text
  };
  void printCells(std::ostream &out, std::string_view indent,
                  const std::vector<std::string> &cells,
                  const std::vector<std::size_t> &widths) const;

  std::vector<std::string> headers_;
  std::vector<Align> aligns_;
  std::vector<Line> lines_;
};

// roof report: the report of the census read from `censusPath`.
void printReportTable(std::ostream &out, const ReportData &report,
                      const std::string &censusPath);

// roof report --static: the run read from `runPath` beside the static
// counts read from `sourcePath`.
void printStaticComparisonTable(std::ostream &out, const ComparisonData &data,
                                const std::string &runPath,
                                const std::string &sourcePath);

// roof report --ceilings.
void printRooflineTable(std::ostream &out, const RooflineData &data);

// The one-line summary of where a point sits: "e = 81.42% (bound by DRAM
// bandwidth x AI)", or why there is no efficiency.
std::string efficiencySummary(const RooflinePoint &point);

// roof compare --sde [--sde-mask].
void printSdeComparison(std::ostream &out, const SdeComparison &sde,
                        const std::string &sdePath,
                        const std::optional<std::string> &sdeMaskPath);

// roof compare --likwid, the census read from `censusPath`.
void printLikwidComparisons(std::ostream &out,
                            const std::vector<LikwidComparison> &comparisons,
                            const std::string &likwidPath,
                            const std::string &censusPath);

// roof compare --ncu, --nvprof.
void printGpuComparison(std::ostream &out, const Census &census,
                        const GpuComparison &comparison);

} // namespace roof

#endif // ROOF_DRIVER_TABLE_H
