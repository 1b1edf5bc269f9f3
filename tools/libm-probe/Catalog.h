//===- Catalog.h - What roof-libm-probe calls, and with which arguments ---===//
//
// A probe is one function symbol, its calling signature, the domains its
// arguments are drawn from, and (for libm) the scalar double function that
// computes the same thing, against which the child checks every result so a
// wrong signature cannot go unnoticed.
//
// Signature syntax, ARGS_RET, each type one token:
//   d f        scalar double / float (an xmm register)
//   p          scalar pointer to an output (a general-purpose register)
//   vNd vNf    vector of N doubles / floats (one xmm, ymm or zmm register)
//   vNp        vector of N pointers to outputs, split over as many registers
//              of the data's width as it takes (x86-64 vector function ABI)
//   RET is d, f, vNd, vNf, or v for void.
// An optional prefix "c:" selects the AVX (ISA c) rule of that ABI: integer
// vectors, pointers included, travel in 128-bit registers although FP
// vectors fill 256-bit ones (AVX has no 256-bit integer instructions).
// Examples: exp d_d, pow dd_d, sincos dpp_v, _ZGVdN4v_exp v4d_v4d,
//           _ZGVbN4vvv_sincosf v4fv4pv4p_v, _ZGVcN4vvv_sincos c:v4dv4pv4p_v.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_LIBM_PROBE_CATALOG_H
#define ROOF_LIBM_PROBE_CATALOG_H

#include "Tracer.h"

#include "roof/abi.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace roof {

enum class ElemType { F64, F32, Ptr };

struct ValueType {
  ElemType Elem = ElemType::F64;
  unsigned Lanes = 1;
  bool Vector = false;
  unsigned bits() const;
};

struct Signature {
  std::vector<ValueType> Args;
  std::optional<ValueType> Ret; // none: void
  bool NarrowIntegers = false;  // "c:" prefix

  static std::optional<Signature> parse(llvm::StringRef Text, std::string &Err);
  /// Width of the vector registers FP arguments travel in.
  unsigned registerBits() const;
  /// Width of the vector registers pointer vectors are split over.
  unsigned integerBits() const;
  RoofPrecision precision() const;
  unsigned lanes() const;
  unsigned fpArgs() const;
};

enum class CpuFeature { None, AVX, AVX2, AVX512F };
bool cpuHas(CpuFeature F);
const char *cpuFeatureName(CpuFeature F);

struct Domain {
  double Lo, Hi;
  bool Geometric = false; // spread evenly in log space
};

struct ProbeSpec {
  std::string Symbol;
  std::string Library; // what dlopen() gets
  Signature Sig;
  std::vector<Domain> Domains; // per FP argument
  std::vector<double> Extras;  // a few arguments outside the domain
  std::string Reference;       // scalar double libm function, "" if none
  CpuFeature Feature = CpuFeature::None;
  /// The path family (roof/abi.h) of a scalar function whose instructions
  /// depend on its argument, or -1: each path is then probed on its own.
  int PathFamily = -1;

  /// "x in [-10, 10]; y in ..." for comments.
  std::string describeInputs() const;
};

/// Every scalar libm function the pass may call, every unmasked libmvec
/// variant of them (SSE b, AVX c, AVX2 d, AVX-512 e) and the complex
/// helpers of the compiler runtime (__divdc3, ...); the caller drops those
/// this system lacks or this CPU cannot run.
std::vector<ProbeSpec> libmCatalog();

/// Fills the argument registers of call number Call (of Calls) and points
/// pointer arguments at the frame's Out buffers.
void fillFrame(const ProbeSpec &Spec, unsigned Call, unsigned Calls,
               CallFrame &F);

/// Fills the frame of a call with \p X as its FP argument (a float
/// function gets it rounded to float).
void fillFrameAt(const ProbeSpec &Spec, double X, CallFrame &F);

/// Arguments that reach every path of \p Family: both sides of each of its
/// thresholds, grids in |x| and in x, quadrants far out, zeros, infinities
/// and NaN.
std::vector<double> pathArguments(RoofLibmPathFamily Family);

/// Builds the child-side result check of Spec, resolving its reference
/// functions in LibmHandle now (before fork); empty when there is none.
std::function<std::string(const CallFrame &)>
makeResultCheck(const ProbeSpec &Spec, void *LibmHandle);

/// Lane 0 of every FP argument of a filled frame, for --verbose.
std::string describeFrame(const ProbeSpec &Spec, const CallFrame &F);

} // namespace roof

#endif // ROOF_LIBM_PROBE_CATALOG_H
