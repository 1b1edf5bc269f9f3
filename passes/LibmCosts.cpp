//===- LibmCosts.cpp - Measured FP work of libm and libmvec calls ---------===//
//
// LibmCosts.inc is generated at build time by roof-libm-probe, which
// single-steps every function of libm/libmvec on typical arguments and
// classifies each executed instruction (tools/libm-probe).
//
//===----------------------------------------------------------------------===//
#include "LibmCosts.h"

#include <algorithm>
#include <iterator>

namespace roof {

namespace {

const LibmCost Table[] = {
#define ROOF_LIBM_COST(Name, Precision, Lanes, Add, Mul, Fma, Div, Sqrt,       \
                       MinMax, Compare, Convert)                               \
  {Name, Precision, Lanes, {Add, Mul, Fma, Div, Sqrt, 0, MinMax, Compare, Convert}},
#include "LibmCosts.inc"
#undef ROOF_LIBM_COST
};

} // namespace

const LibmCost *lookupLibmCost(llvm::StringRef Name) {
  auto It = std::find_if(std::begin(Table), std::end(Table),
                         [&](const LibmCost &C) { return Name == C.Name; });
  return It == std::end(Table) ? nullptr : It;
}

} // namespace roof
