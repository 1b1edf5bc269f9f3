//===- driver/render/Plot.h - Roofline SVG and data.txt ---------*- C++ -*-===//
//
// writeRooflineSvg draws what seed 000 (figures 3-4) and the NERSC roofline
// scripts draw: log-log axes with a tick and a label per decade, a diagonal
// per memory level (bandwidth x AI, up to the highest compute ceiling), a
// horizontal per compute ceiling of the plotted precision (from the ridge of
// the fastest level), each labelled with its name and value; per scope, its
// chosen partial-FMA ceiling when it has one, its empirical point (filled)
// per memory level (one marker shape per level), its canonical point
// (hollow) and an arrow from canonical to empirical; a legend with each
// scope's efficiency. Labels are placed where they overlap neither each
// other nor the lines and points, when such a place exists.
//
// writeNerscData writes the input of the nersc-roofline plotting scripts
// (shared/reference/formats.md): memroofs, mem_roof_names, comproofs,
// comp_roof_names, then AI (or AI_<LEVEL> per level when bytes of several
// levels are known for every scope), GFLOPs and labels, empirical FLOPs.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_PLOT_H
#define ROOF_DRIVER_PLOT_H

#include "Ceilings.h"
#include "Roofline.h"

#include <ostream>
#include <string>
#include <vector>

namespace roof {

struct PlotScope {
  std::string label;
  ScopeRoofline roofline;
};

struct PlotInput {
  std::string title;    // first line above the plot
  std::string subtitle; // second line: where the ceilings come from
  const Ceilings &ceilings;
  RoofPrecision precision = ROOF_FP64;
  std::vector<PlotScope> scopes; // with FLOPs in `precision`
};

void writeRooflineSvg(std::ostream &out, const PlotInput &input);

// Throws InputError when no scope has a defined AI and GFLOP/s.
void writeNerscData(std::ostream &out, const PlotInput &input);

//===----------------------------------------------------------------------===//
// Pieces exposed for the unit tests
//===----------------------------------------------------------------------===//

// A log axis from 10^lowDecade to 10^highDecade covering `values` (positive
// ones) with `margin` (a factor) on either side and at least `minDecades`.
struct LogAxis {
  int lowDecade = 0;
  int highDecade = 1;
};
LogAxis logAxisCovering(const std::vector<double> &values, double margin,
                        int minDecades);

// The label of the tick at 10^decade: "0.01", "1", "1000", "1e5".
std::string decadeLabel(int decade);

// Rectangles, possibly rotated, as their four corners in order.
} // namespace roof

#endif // ROOF_DRIVER_PLOT_H
