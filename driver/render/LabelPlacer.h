//===- driver/render/LabelPlacer.h - Labels that do not collide -*- C++ -*-===//
//
// Everything a drawing can collide with (lines, markers, labels) kept as a
// box, rotated with the text it holds, so that each label is put at the
// first of its candidate places that is free (Svg.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_LABELPLACER_H
#define ROOF_DRIVER_LABELPLACER_H

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace roof {

struct Point2 {
  double x = 0, y = 0;
};
struct Box {
  Point2 corners[4];
};
// A box of `width` x `height` whose bottom-left corner is `origin`, turned
// by `angle` radians (screen coordinates, y down; negative turns up).
Box rotatedBox(Point2 origin, double width, double height, double angle);
// True when the two boxes overlap (separating axis test).
bool boxesOverlap(const Box &a, const Box &b);

// Keeps what is already drawn as boxes and finds free places for labels.
class LabelPlacer {
public:
  // Labels go inside `area`, the plot: its top left and bottom right
  // corners.
  explicit LabelPlacer(std::array<Point2, 2> area) : area_(area) {}

  void block(const Box &box) { taken_.push_back(box); }

  // A line of `thickness` pixels from a to b.
  void blockLine(Point2 a, Point2 b, double thickness = 2);

  // The index of the first candidate inside the plot and clear of
  // everything placed; when none is, of the one that collides least, or
  // nothing when `optional`. The chosen box is then taken.
  std::optional<std::size_t> place(const std::vector<Box> &candidates,
                                   bool optional);

private:
  // Overlapped boxes, and a large count for leaving the plot.
  std::size_t collisionsOf(const Box &box) const;

  std::array<Point2, 2> area_;
  std::vector<Box> taken_;
};

} // namespace roof

#endif // ROOF_DRIVER_LABELPLACER_H
