//===- Contribution.h - What one instruction adds to the counts -----------===//
//
// The vocabulary shared by the cost model (which decides what an instruction
// is worth), the instrumenter (which turns that into counters) and the
// printer (which shows it for lit tests).
//
// An instruction contributes amounts to metrics (abi.h: precision x class x
// canonical/empirical/full-width, and bytes). Each contribution is scaled by
// how often it happens at run time:
//   - once per execution of the block (a plain block counter),
//   - per active lane of a mask (the popcount of an AVX-512 mask, of a
//     masked load/store mask, of a vector-predication mask and length),
//   - per unit of a run-time amount (the length of a memcpy).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_CONTRIBUTION_H
#define ROOF_CONTRIBUTION_H

#include "roof/abi.h"

#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Value.h"

#include <array>
#include <cstdint>
#include <tuple>

namespace roof {

/// Work per precision and class: FLOPs (an FMA lane is 2), or operations
/// for the classes that are not FLOPs.
using ClassWork =
    std::array<std::array<uint64_t, ROOF_NUM_CLASSES>, ROOF_NUM_PRECISIONS>;

inline void addWork(ClassWork &Sum, const ClassWork &More) {
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
      Sum[P][C] += More[P][C];
}

//===----------------------------------------------------------------------===//
// Scale: what one unit of a counter is
//===----------------------------------------------------------------------===//
struct CountingScale {
  enum KindTy { PerExecution, PerActiveLane, PerUnit, PerPath };
  KindTy Kind = PerExecution;
  // PerActiveLane: lanes i < EVL (when EVL is set) whose mask bit is set, or
  // clear when Inverted (the "false" arm of a select).
  llvm::Value *Mask = nullptr;
  bool Inverted = false;
  llvm::Value *EVL = nullptr;
  // PerUnit: an integer amount, e.g. a memcpy length in bytes. PerPath: the
  // group of paths a libm call takes (LibmPathCalls), one unit when it is
  // Path. The slots of a call's groups 0..N-1 are consecutive, so that the
  // host adds its one unit at the slot of the group taken.
  llvm::Value *Amount = nullptr;
  unsigned Path = 0;
  // The call after which this part of the block starts (null: the block's
  // start). Calls split a block so that counts never move across a call that
  // may read them (roof_region_end) or not return (exit).
  llvm::Instruction *After = nullptr;

  static CountingScale perExecution() { return {}; }
  static CountingScale activeLanes(llvm::Value *Mask, bool Inverted,
                                   llvm::Value *EVL) {
    CountingScale S;
    S.Kind = PerActiveLane;
    S.Mask = Mask;
    S.Inverted = Inverted;
    S.EVL = EVL;
    return S;
  }
  static CountingScale perUnit(llvm::Value *Amount) {
    CountingScale S;
    S.Kind = PerUnit;
    S.Amount = Amount;
    return S;
  }
  static CountingScale perPath(llvm::Value *Group, unsigned Path) {
    CountingScale S;
    S.Kind = PerPath;
    S.Amount = Group;
    S.Path = Path;
    return S;
  }
  bool operator==(const CountingScale &O) const {
    return std::tie(Kind, After, Mask, Inverted, EVL, Amount, Path) ==
           std::tie(O.Kind, O.After, O.Mask, O.Inverted, O.EVL, O.Amount,
                    O.Path);
  }
};

struct Contribution {
  uint32_t Metric; // abi.h metric index
  uint64_t Amount; // per unit of Scale
  CountingScale Scale;
};

using ContributionList = llvm::SmallVector<Contribution, 8>;

//===----------------------------------------------------------------------===//
// Names, for the printer and diagnostics
//===----------------------------------------------------------------------===//
llvm::StringRef precisionName(unsigned Precision);
llvm::StringRef className(unsigned Class);
llvm::StringRef kindName(unsigned Kind);

inline uint32_t flopMetric(RoofPrecision P, RoofClass C, RoofKind K) {
  return ROOF_FLOP_METRIC(P, C, K);
}

} // namespace roof

namespace llvm {
/// Scales as keys: a function's plan finds the slot of each of its
/// contributions' scales.
template <> struct DenseMapInfo<roof::CountingScale> {
  static roof::CountingScale getEmptyKey() {
    roof::CountingScale S;
    S.Mask = DenseMapInfo<Value *>::getEmptyKey();
    return S;
  }
  static roof::CountingScale getTombstoneKey() {
    roof::CountingScale S;
    S.Mask = DenseMapInfo<Value *>::getTombstoneKey();
    return S;
  }
  static unsigned getHashValue(const roof::CountingScale &S) {
    return static_cast<unsigned>(hash_combine(
        S.Kind, S.After, S.Mask, S.Inverted, S.EVL, S.Amount, S.Path));
  }
  static bool isEqual(const roof::CountingScale &A,
                      const roof::CountingScale &B) {
    return A == B;
  }
};
} // namespace llvm

#endif // ROOF_CONTRIBUTION_H
