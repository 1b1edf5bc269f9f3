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

uint64_t libmCostsFingerprint() {
  uint64_t Hash = 1469598103934665603ull; // FNV-1a
  auto Mix = [&](uint64_t V) {
    for (int Byte = 0; Byte < 8; ++Byte, V >>= 8)
      Hash = (Hash ^ (V & 0xff)) * 1099511628211ull;
  };
  for (const LibmCost &C : Table) {
    for (const char *P = C.Name; *P; ++P)
      Mix(uint8_t(*P));
    Mix(C.Precision);
    Mix(C.Lanes);
    for (uint64_t V : C.PerCall)
      Mix(V);
  }
  return Hash;
}

} // namespace roof
