//===- driver/render/LabelPlacer.cpp - Labels that do not collide ---------===//
#include "LabelPlacer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace roof {

Box rotatedBox(Point2 origin, double width, double height, double angle) {
  double c = std::cos(angle), s = std::sin(angle);
  // Along the text (c, s); "up" from the baseline is (s, -c).
  Point2 along{width * c, width * s}, up{height * s, -height * c};
  Box box;
  box.corners[0] = origin;
  box.corners[1] = {origin.x + along.x, origin.y + along.y};
  box.corners[2] = {origin.x + along.x + up.x, origin.y + along.y + up.y};
  box.corners[3] = {origin.x + up.x, origin.y + up.y};
  return box;
}

bool boxesOverlap(const Box &a, const Box &b) {
  // Two convex polygons are apart iff some edge normal separates them.
  for (const Box *box : {&a, &b})
    for (int i = 0; i < 2; ++i) {
      Point2 p = box->corners[i], q = box->corners[i + 1];
      Point2 axis{q.y - p.y, p.x - q.x};
      auto project = [&](const Box &shape) {
        double low = INFINITY, high = -INFINITY;
        for (const Point2 &corner : shape.corners) {
          double t = corner.x * axis.x + corner.y * axis.y;
          low = std::min(low, t);
          high = std::max(high, t);
        }
        return std::pair(low, high);
      };
      auto [aLow, aHigh] = project(a);
      auto [bLow, bHigh] = project(b);
      if (aHigh <= bLow || bHigh <= aLow)
        return false;
    }
  return true;
}

void LabelPlacer::blockLine(Point2 a, Point2 b, double thickness) {
  double angle = std::atan2(b.y - a.y, b.x - a.x);
  double length = std::hypot(b.x - a.x, b.y - a.y);
  Point2 origin{a.x - thickness / 2 * std::sin(angle),
                a.y + thickness / 2 * std::cos(angle)};
  block(rotatedBox(origin, length, thickness, angle));
}

std::optional<std::size_t>
LabelPlacer::place(const std::vector<Box> &candidates, bool optional) {
  std::size_t best = 0, fewest = SIZE_MAX;
  for (std::size_t i = 0; i < candidates.size() && fewest > 0; ++i) {
    std::size_t collisions = collisionsOf(candidates[i]);
    if (collisions < fewest) {
      best = i;
      fewest = collisions;
    }
  }
  if (fewest > 0 && optional)
    return std::nullopt;
  block(candidates[best]);
  return best;
}

std::size_t LabelPlacer::collisionsOf(const Box &box) const {
  constexpr std::size_t kOutside = 1000;
  const auto &[topLeft, bottomRight] = area_;
  for (const Point2 &corner : box.corners)
    if (corner.x < topLeft.x + 2 || corner.x > bottomRight.x - 2 ||
        corner.y < topLeft.y + 2 || corner.y > bottomRight.y - 2)
      return kOutside;
  return static_cast<std::size_t>(
      std::count_if(taken_.begin(), taken_.end(), [&](const Box &other) {
        return boxesOverlap(box, other);
      }));
}

} // namespace roof
