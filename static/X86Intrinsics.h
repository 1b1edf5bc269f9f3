//===- static/X86Intrinsics.h - SIMD intrinsics by name ---------*- C++ -*-===//
//
// A call to _mm512_fmadd_pd is written as one operation on eight doubles:
// its canonical count is 2 FLOPs per lane, 16. Intel's names say it all:
//
//   _mm{,256,512}_[mask_|maskz_|mask3_]<operation>[_round]_<type>[_mask]
//
// with the vector width in the prefix (128 without a number), the element
// type in the suffix (pd, ps, ph, pbh packed; sd, ss, sh one lane), and a
// __mmask argument in the masked forms that selects the active lanes. Some
// intrinsics are macros over __builtin_ia32_* (those with an immediate
// operand); the caller recovers their name from the macro expansion.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_X86_INTRINSICS_H
#define ROOF_STATIC_X86_INTRINSICS_H

#include "CountingRules.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace roof::staticcount {

struct IntrinsicEffect {
  enum class Kind {
    Arithmetic, // PerLane in each active lane
    Load,       // reads ElementBytes per active lane
    Store,      // writes ElementBytes per active lane
    NoWork,     // set, shuffle, blend, logic, casts: no FP operation
    Unknown     // an FP intrinsic roof-static has no rule for
  };
  Kind What = Kind::Unknown;
  RoofPrecision Precision = ROOF_FP64;
  ClassCount PerLane{ROOF_CLASS_ADD, 1};
  unsigned Lanes = 1;     // lanes (elements) without a mask
  bool Reduction = false; // horizontal: one operation fewer than lanes
  bool Masked = false;    // a __mmask argument selects the lanes
  unsigned ElementBytes = 8;
  std::string Listed; // name among the functions called (SVML: exp)
};

// Describes the intrinsic called Name. TypeLanes is the number of elements of
// the widest floating-point vector among the call's result and arguments; it
// gives the lanes of conversions, whose names do not. Nothing when Name is
// not an x86 intrinsic on floating-point data.
std::optional<IntrinsicEffect> describeX86Intrinsic(llvm::StringRef Name,
                                                    unsigned TypeLanes);

} // namespace roof::staticcount

#endif // ROOF_STATIC_X86_INTRINSICS_H
