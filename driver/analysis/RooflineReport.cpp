//===- driver/analysis/RooflineReport.cpp - roof report --ceilings --------===//
#include "RooflineReport.h"

#include <algorithm>

namespace roof {

namespace {

// The roofline of every shown precision of `scope` against `ceilings`.
std::vector<ScopeRoofline> rooflinesOf(const RooflineScope &scope,
                                       const Ceilings &ceilings,
                                       const RooflineReportInput &input) {
  std::vector<ScopeRoofline> rooflines;
  for (RoofPrecision precision :
       selectPrecisions(*scope.counts, input.precisions, false))
    if (std::optional<ScopeRoofline> roofline =
            analyseScope(*scope.counts, scope.timeS, precision, ceilings,
                         measuredBytesOf(input.measured, scope)))
      rooflines.push_back(*roofline);
  return rooflines;
}

} // namespace

RooflineData placeOnRoofline(const RooflineReportInput &input) {
  RooflineData data;
  data.input = &input;
  auto place = [&](std::vector<RooflineScope> scopes,
                   const Ceilings &ceilings) {
    for (RooflineScope &scope : scopes) {
      std::vector<ScopeRoofline> rooflines =
          rooflinesOf(scope, ceilings, input);
      data.scopes.push_back(
          {std::move(scope), &ceilings, std::move(rooflines)});
    }
  };
  if (input.host)
    place(rooflineScopes(input.census, input.scopes), input.host->ceilings);
  if (input.device)
    place(rooflineKernelScopes(input.census, input.topKernels),
          input.device->ceilings);
  data.hostFlops = std::any_of(input.census.totals.precisions.begin(),
                               input.census.totals.precisions.end(), hasFlops);
  return data;
}

} // namespace roof
