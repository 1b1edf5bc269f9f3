//===- ert/LevelDetection.cpp - Memory levels from a bandwidth sweep ------===//
//
// See LevelDetection.h for the method; this file keeps it in that order.
//
//===----------------------------------------------------------------------===//
#include "LevelDetection.h"

#include <algorithm>
#include <cmath>

namespace roof::ert {

std::size_t minimumSupportFor(unsigned pointsPerDoubling) {
  return std::max<std::size_t>(2, std::size_t(pointsPerDoubling) + 1);
}

std::vector<MemoryLevel>
detectMemoryLevels(std::vector<BandwidthSample> samples,
                   const LevelDetectionOptions &options) {
  if (samples.empty())
    return {};
  std::sort(samples.begin(), samples.end(),
            [](const BandwidthSample &a, const BandwidthSample &b) {
              return a.workingSetBytes != b.workingSetBytes
                         ? a.workingSetBytes < b.workingSetBytes
                         : a.gbytesPerSecond > b.gbytesPerSecond;
            });

  // 1. Drop what lies left of the maximum (the first one, should it repeat).
  auto fastest =
      std::max_element(samples.begin(), samples.end(),
                       [](const BandwidthSample &a, const BandwidthSample &b) {
                         return a.gbytesPerSecond < b.gbytesPerSecond;
                       });
  samples.erase(samples.begin(), fastest);

  const std::size_t count = samples.size();
  auto bandwidth = [&](std::size_t i) { return samples[i].gbytesPerSecond; };
  auto within = [&](std::size_t i, double reference) {
    return std::fabs(bandwidth(i) - reference) <=
           options.plateauTolerance * reference;
  };

  // 2. The histogram: each point's count of points within the tolerance.
  std::vector<std::size_t> support(count, 0);
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t j = 0; j < count; ++j)
      support[i] += within(j, bandwidth(i));

  // 4. (needed while walking) A level is the indices of its points; its
  // bandwidth is the median of those in the bin of its best-supported point,
  // the faster one on a tie.
  using Members = std::vector<std::size_t>;
  auto bandwidthOf = [&](const Members &level) {
    std::size_t peak = level.front();
    for (std::size_t i : level)
      if (support[i] > support[peak] ||
          (support[i] == support[peak] && bandwidth(i) > bandwidth(peak)))
        peak = i;
    std::vector<double> bin;
    for (std::size_t i : level)
      if (within(i, bandwidth(peak)))
        bin.push_back(bandwidth(i));
    std::sort(bin.begin(), bin.end());
    const std::size_t half = bin.size() / 2;
    return bin.size() % 2 ? bin[half] : 0.5 * (bin[half - 1] + bin[half]);
  };
  auto isBelow = [&](double value, const Members &level) {
    return value < (1.0 - options.newLevelDrop) * bandwidthOf(level);
  };

  // 3. Walk towards larger working sets.
  std::vector<Members> levels{{0}};
  for (std::size_t i = 1; i < count; ++i) {
    if (support[i] < options.minimumSupport)
      continue; // on a slope between plateaus, or an outlier
    if (isBelow(bandwidth(i), levels.back()))
      levels.push_back({i});
    else
      levels.back().push_back(i);
  }
  // The tail: the last point and those right before it within the
  // tolerance of it, when no level has them yet.
  const std::size_t last = count - 1;
  if (isBelow(bandwidth(last), levels.back())) {
    Members tail;
    for (std::size_t i = last;
         i > levels.back().back() && within(i, bandwidth(last)); --i)
      tail.insert(tail.begin(), i);
    if (tail.size() >= 2)
      levels.push_back(tail);
  }

  // 5. The walk compared each point with a level still growing; now that
  // all are in, a level that is not more than 15% below the one before it
  // joins it.
  for (std::size_t l = 1; l < levels.size();) {
    if (!isBelow(bandwidthOf(levels[l]), levels[l - 1])) {
      levels[l - 1].insert(levels[l - 1].end(), levels[l].begin(),
                           levels[l].end());
      levels.erase(levels.begin() + std::ptrdiff_t(l));
      l = std::max<std::size_t>(1, l - 1);
    } else {
      ++l;
    }
  }

  std::vector<MemoryLevel> result;
  for (std::size_t l = 0; l < levels.size(); ++l) {
    const Members &level = levels[l];
    MemoryLevel out;
    out.name = l + 1 == levels.size() ? "DRAM" : "L" + std::to_string(l + 1);
    out.gbytesPerSecond = bandwidthOf(level);
    out.smallestWorkingSetBytes = samples[level.front()].workingSetBytes;
    out.largestWorkingSetBytes = samples[level.back()].workingSetBytes;
    result.push_back(out);
  }
  return result;
}

void nameLevelsByCapacity(std::vector<MemoryLevel> &levels,
                          const std::vector<CacheCapacity> &caches) {
  if (caches.empty())
    return;
  std::vector<std::string> names;
  for (const MemoryLevel &level : levels) {
    std::string name = "DRAM";
    for (const CacheCapacity &cache : caches)
      if (cache.bytes > 0 && level.largestWorkingSetBytes <= cache.bytes) {
        name = cache.name;
        break;
      }
    names.push_back(name);
  }
  for (std::size_t l = 0; l < levels.size(); ++l) {
    const std::size_t same =
        std::size_t(std::count(names.begin(), names.end(), names[l]));
    const std::size_t before = std::size_t(
        std::count(names.begin(), names.begin() + std::ptrdiff_t(l), names[l]));
    levels[l].name = before + 1 == same
                         ? names[l]
                         : names[l] + "." + std::to_string(before + 1);
  }
}

} // namespace roof::ert
