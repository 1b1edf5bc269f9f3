//===- driver/render/NerscData.cpp - The roofline as data.txt -------------===//
//
// The input of the nersc-roofline plotting scripts (Plot.h).
//
//===----------------------------------------------------------------------===//
#include "Plot.h"

#include "InputFile.h"
#include "Text.h"

#include <algorithm>

namespace roof {

namespace {

// A name for the space-separated, single-quoted lists of data.txt: no quote
// may end it early.
std::string quotedName(std::string name) {
  std::replace(name.begin(), name.end(), '\'', '`');
  return "'" + name + "'";
}

} // namespace

void writeNerscData(std::ostream &out, const PlotInput &input) {
  // The scopes that have a point: AI and GFLOP/s both defined at L1 (or the
  // first level).
  std::vector<const PlotScope *> shown;
  for (const PlotScope &scope : input.scopes) {
    const RooflinePoint &point = scope.roofline.empirical;
    if (point.gflops && !point.levels.empty() && point.levels.front().ai)
      shown.push_back(&scope);
  }
  if (shown.empty())
    throw InputError("no scope has both an arithmetic intensity and a time: "
                     "nothing to write");

  // The levels every shown scope has bytes for, in the first scope's order.
  std::vector<std::string> levels;
  for (const LevelPoint &level : shown.front()->roofline.empirical.levels) {
    bool everywhere = std::all_of(shown.begin(), shown.end(), [&](auto *s) {
      const auto &others = s->roofline.empirical.levels;
      return std::any_of(others.begin(), others.end(), [&](const auto &l) {
        return l.bytes.level == level.bytes.level && l.ai;
      });
    });
    if (everywhere)
      levels.push_back(level.bytes.level);
  }

  auto numbers = [&](const char *key, auto value) {
    out << key;
    for (const auto &item : value)
      out << " " << exactDecimal(item);
    out << "\n";
  };
  std::vector<double> memory, compute;
  std::string memoryNames, computeNames;
  for (const BandwidthCeiling &bandwidth : input.ceilings.bandwidth) {
    memory.push_back(bandwidth.gbytes);
    memoryNames += " " + quotedName(bandwidth.level);
  }
  for (const ComputeCeiling &ceiling : input.ceilings.compute)
    if (!ceiling.precision || *ceiling.precision == input.precision) {
      compute.push_back(ceiling.gflops);
      computeNames += " " + quotedName(ceilingLabel(ceiling));
    }
  numbers("memroofs", memory);
  out << "mem_roof_names" << memoryNames << "\n";
  numbers("comproofs", compute);
  out << "comp_roof_names" << computeNames << "\n";

  for (const std::string &level : levels) {
    std::vector<double> ais;
    for (const PlotScope *scope : shown)
      for (const LevelPoint &point : scope->roofline.empirical.levels)
        if (point.bytes.level == level)
          ais.push_back(*point.ai);
    std::string key = levels.size() == 1 ? "AI" : "AI_" + level;
    numbers(key.c_str(), ais);
  }
  std::vector<double> gflops;
  std::string labels;
  for (const PlotScope *scope : shown) {
    gflops.push_back(*scope->roofline.empirical.gflops);
    labels += " " + quotedName(scope->label);
  }
  numbers("GFLOPs", gflops);
  out << "labels" << labels << "\n";
}

} // namespace roof
