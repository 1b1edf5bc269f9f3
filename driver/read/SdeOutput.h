//===- driver/read/SdeOutput.h - Intel SDE's counts -------------*- C++ -*-===//
//
// `sde64 -mix -iform -- PROGRAM` writes sde-mix-out.txt; its global block
// (# EMIT_GLOBAL_DYNAMIC_STATS ... # END_GLOBAL_DYNAMIC_STATS) lists
//   *elements_fp_{single,double}_W   FP instructions that compute W elements
//                                    (compares included)
//   VFMADD231PD_YMMqq_YMMqq_YMMqq N  one line per instruction form (-iform)
//   *mem-read-N, *mem-write-N        memory accesses of N bytes
// The NERSC formula (shared/reference/formats.md) gives
//   FLOPs = sum over W of W x (elements_fp_W + FMA forms of width W)
// i.e. FMA = 2 per element, every instruction at its full vector width.
//
// `-dyn_mask_profile` also writes sde-dyn-mask-profile.txt, with one
// <instruction-details> record per instruction: its <disassembly>,
// <execution-counts> and <computation-count> (the elements its write mask
// let it compute). For each write-masked ({k1}..{k7}) FP instruction roof
// takes away the lanes the mask switched off, twice for an FMA:
//   inactive = (W x executions - computations) x (FMA ? 2 : 1)
// which makes the count mask-aware, SDE's definition of empirical FLOPs.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_SDEOUTPUT_H
#define ROOF_DRIVER_SDEOUTPUT_H

#include "roof/abi.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace roof {

struct SdeCounts {
  // Indexed by RoofPrecision (SDE has fp32 and fp64 element counts only).
  using PerPrecision = std::array<std::uint64_t, ROOF_NUM_PRECISIONS>;
  PerPrecision elements{};      // sum W x *elements_fp_*_W
  PerPrecision fmaElements{};   // sum W x FMA forms: the FMA's second FLOP
  PerPrecision inactiveFlops{}; // lanes masks switched off (mask profile)
  std::uint64_t fmaInstructions = 0;
  std::uint64_t bytesRead = 0;
  std::uint64_t bytesWritten = 0;
  bool maskAware = false;               // a mask profile was applied
  std::uint64_t maskedInstructions = 0; // records with a write mask

  std::uint64_t flops(RoofPrecision precision) const {
    std::uint64_t full = elements[precision] + fmaElements[precision];
    return full - std::min(full, inactiveFlops[precision]);
  }
};

// The precision and width (elements) of an FMA instruction form such as
// "VFMADD231PD_ZMMf64_MASKmskw_ZMMf64_ZMMf64_AVX512"; nothing for another
// instruction. Throws InputError for an FMA opcode without its operands (a
// mix written without -iform).
struct FmaForm {
  RoofPrecision precision;
  unsigned width;
};
std::optional<FmaForm> fmaForm(std::string_view iform);

// Parses sde-mix-out.txt. Throws InputError (without a path).
SdeCounts parseSdeMix(std::string_view text);

// Applies sde-dyn-mask-profile.txt to `counts`. Throws InputError.
void applySdeMaskProfile(SdeCounts &counts, std::string_view text);

} // namespace roof

#endif // ROOF_DRIVER_SDEOUTPUT_H
