//===- LibmCosts.h - Measured FP work of libm and libmvec calls -----------===//
//
// The pass cannot see into glibc's libm or libmvec, so what a call to `exp`
// or `_ZGVdN4v_exp` executes comes from a table measured on the real library
// of the machine roof was built on (tools/libm-probe, docs/libm-costs.md).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_LIBM_COSTS_H
#define ROOF_LIBM_COSTS_H

#include "Contribution.h"

#include "roof/abi.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Type.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roof {

struct LibraryCallWork {
  ClassWork Work{};
  /// False when the table has no measurement for a libm or libmvec
  /// function: Work is then one transcendental operation per element.
  bool Measured = true;
};

/// What one call to the library function \p Name executes: its measured
/// libm/libmvec cost, or one conversion for compiler-rt's software
/// conversions between FP formats (__truncsfbf2, __extendhfsf2, ...), which
/// are integer code performing one conversion in the precision of their
/// result, or one unmeasured transcendental operation for its integer
/// powers (__powidf2, __powisf2). std::nullopt for any other function.
std::optional<LibraryCallWork> libraryCallWork(llvm::StringRef Name);

/// A function whose instructions depend on its argument (roof/abi.h,
/// __roof_libm_path): its path keys grouped by the work a call with each
/// key executes, as measured on this machine. Groups are numbered as met in
/// increasing key order; keys the probe never met do libraryCallWork's
/// typical call.
struct LibmPaths {
  RoofLibmPathFamily Family;
  /// What one call of each group executes.
  std::vector<ClassWork> Groups;
  /// The group of each key.
  std::array<uint8_t, ROOF_LIBM_MAX_PATH_KEYS> GroupOf;
};
/// \p Name's paths, grouped once per process; null for a function without.
const LibmPaths *libmPaths(llvm::StringRef Name);

/// The libm name an intrinsic such as llvm.exp.v8f64 is lowered to, one
/// call per element: exp for double elements, expf for float ones.
std::optional<std::string> libmNameOfIntrinsic(llvm::Intrinsic::ID ID,
                                               llvm::Type *Ty);

/// Vector-function ABI names (_ZGVdN4v_exp): the lanes and the scalar name.
bool parseVectorFunctionName(llvm::StringRef Name, unsigned &Lanes,
                             llvm::StringRef &Scalar);

/// Names of the libm functions counted as one transcendental operation per
/// element (float variants end in 'f'): exp, log, sin, pow, fmod, sincos,
/// cabs...
bool isTranscendentalName(llvm::StringRef Name);

/// A hash of the whole table: results derived from it (cached backend
/// probes) are only valid for the same table.
uint64_t libmCostsFingerprint();

} // namespace roof

#endif // ROOF_LIBM_COSTS_H
