//===- ert/LevelDetection.h - Levels from a bandwidth sweep -----*- C++ -*-===//
//
// The 1-FLOP-per-element kernel is memory-bound at every working-set size, so
// its bandwidth against size is a staircase: one step per level of the memory
// hierarchy the working set overflows. This unit finds the steps the way ERT
// describes it, without knowing the cache sizes:
//
//   1. Points left of the bandwidth maximum are dropped (tiny working sets
//      are slow for loop overhead, not for lack of bandwidth).
//   2. Histogram: a point's support is the number of points whose bandwidth
//      lies within +-5% of its own. Points on a plateau have many such
//      neighbours, points on the slope between two plateaus few.
//   3. Walking towards larger sizes, a supported point starts a new level
//      when it lies more than 15% below the current level; unsupported
//      points (slopes, outliers) are skipped. The maximum seeds the first
//      level. If the largest working set lies more than 15% below the last
//      level found, it and the points right before it within +-5% of it
//      form one more level, provided they are at least two: a DRAM plateau
//      too ragged for the histogram (other processes at work), or a sweep
//      with no plateau at all, still ends in a DRAM level, while a single
//      slow last run does not.
//   4. A level's bandwidth is the median of its points in the bin of its
//      best-supported point (the histogram's peak within the level; the
//      faster point on a tie): a plateau's typical value, not a lucky run.
//   5. A level that ends up less than 15% below the level before it (the
//      walk compared its first point with a level that was still growing)
//      is merged into that level, so each level is more than 15% below the
//      one before.
//
// The last level is DRAM, the others L1, L2, ... from the top. Where the
// cache sizes are known (roof-ert-gpu), nameLevelsByCapacity names each
// level after the first cache that holds its largest working set.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_LEVELDETECTION_H
#define ROOF_ERT_LEVELDETECTION_H

#include <cstddef>
#include <string>
#include <vector>

namespace roof::ert {

struct BandwidthSample {
  std::size_t workingSetBytes;
  double gbytesPerSecond;
};

struct MemoryLevel {
  std::string name; // "L1", "L2", ..., "DRAM"
  double gbytesPerSecond;
  // The working sets of the points that make up the level, for the reader
  // to compare with the cache sizes.
  std::size_t smallestWorkingSetBytes;
  std::size_t largestWorkingSetBytes;
};

struct LevelDetectionOptions {
  // Relative half-width of a histogram bin.
  double plateauTolerance = 0.05;
  // How far below the current level a plateau must lie to be a new level.
  double newLevelDrop = 0.15;
  // Support a point needs to start a level. The sweep decides: a plateau
  // should cover at least a doubling of the working set, i.e. one more point
  // than the sweep takes per doubling (see minimumSupportFor).
  std::size_t minimumSupport = 2;
};

// The support that makes a plateau at least one doubling of the working set
// wide, for a sweep taking `pointsPerDoubling` sizes per doubling.
std::size_t minimumSupportFor(unsigned pointsPerDoubling);

// The levels of `samples` (any order; sorted by working set here), fastest
// first, DRAM last. Empty only when `samples` is.
std::vector<MemoryLevel>
detectMemoryLevels(std::vector<BandwidthSample> samples,
                   const LevelDetectionOptions &options = {});

// A cache the working set can be compared with: its name ("L1", "L2") and
// the bytes it holds for the whole sweep (for per-core or per-multiprocessor
// caches, the size of one times the cores or multiprocessors that share the
// working set).
struct CacheCapacity {
  std::string name;
  std::size_t bytes;
};

// Renames `levels` after the caches that hold them rather than by their
// order: a level is the first cache of `caches` (in the order of the
// hierarchy, L1 first) whose capacity is at least the level's largest
// working set, "DRAM" when none is. (Not the smallest: a V100's 80 L1s
// hold 10 MiB together, its L2 6 MiB.) The plateau of a cache ends once the
// working set outgrows it, so the largest working set of a level lies within
// the cache it measures. Levels that name the same cache (a plateau split by a
// step that is not a cache, e.g. the near and far halves of an L2) keep
// distinct names: the last is the plain name, the earlier ones "<name>.1",
// "<name>.2", ... With no caches, the names stay ERT's order.
void nameLevelsByCapacity(std::vector<MemoryLevel> &levels,
                          const std::vector<CacheCapacity> &caches);

} // namespace roof::ert

#endif // ROOF_ERT_LEVELDETECTION_H
