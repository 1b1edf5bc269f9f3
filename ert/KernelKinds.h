//===- ert/KernelKinds.h - The ERT kernels, whatever runs them --*- C++ -*-===//
//
// The kernels of the empirical Roofline paper (seed 000, section II-C), as
// roof-ert (CPU) and roof-ert-gpu both run them:
//
//   FMA            beta = A[i]*beta + alpha as one FMA (2 FLOPs)
//   no-FMA         the same as a multiply and an add (2 FLOPs)
//   divide+FMA     beta = A[i]*beta + alpha; beta = beta / divisor: one FMA
//                  and one divide (3 FLOPs)
//   divide no-FMA  multiply, add, divide (3 FLOPs)
//
// Each element starts a chain of these steps from beta = kBetaStart and ends
// with A[i] = -beta: one load and one store per element and pass, so a
// kernel moves 2 * sizeof(T) bytes per element and pass while doing its
// FLOPs per element (1 = the bare `A[i] = -(A[i] + alpha)`, the memory-bound
// kernel of the bandwidth sweep). A divide counts as one canonical FLOP, as
// the paper's "canonical" column does.
//
// This header is plain C++17 with no function bodies but constants, so that
// nvcc can compile it into device code too.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_KERNELKINDS_H
#define ROOF_ERT_KERNELKINDS_H

#include <cstddef>
#include <vector>

namespace roof::ert {

enum class Precision { Fp64, Fp32 };
enum class KernelKind { Fma, NoFma, DivideFma, DivideNoFma };

inline constexpr KernelKind kAllKernelKinds[] = {
    KernelKind::Fma, KernelKind::NoFma, KernelKind::DivideFma,
    KernelKind::DivideNoFma};

// The values make every chain converge, whatever A held: for |A[i]| < 1,
// beta -> alpha / (1 - A[i]) and A[i] = -beta settles near -0.37; with the
// divide, near -0.35. Nothing overflows or becomes subnormal, which would
// slow the kernels down for reasons that have nothing to do with the
// machine's ceilings.
inline constexpr double kAlpha = 0.5;
inline constexpr double kBetaStart = 0.8;
// What the buffers hold before a point is measured.
inline constexpr double kInitialValue = 0.5;
// Not a power of two, so that the compiler may not replace the divide by a
// multiplication with the (then exact) reciprocal.
inline constexpr double kDivisor = 1.1;

// How many chain lengths each kind comes in (see chainTableIndex).
inline constexpr int kMultiplyAddTableSize = 11; // 1, 2, 4, ..., 1024 FLOPs
inline constexpr int kDivideTableSize = 9;       // 3, 6, 12, ..., 768 FLOPs

const char *precisionName(Precision); // "FP64", "FP32"
const char *kernelName(KernelKind);   // "FMA", "no-FMA", ...
std::size_t elementBytes(Precision);
bool isDivide(KernelKind);
// Whether the kernel's multiply and add are one FMA.
bool isFused(KernelKind);

// The FLOPs per element a kind of kernel comes in, ascending: 1, 2, 4, ...,
// 1024 for FMA and no-FMA, 3, 6, ..., 768 for the divide kernels.
std::vector<int> flopsPerElementChoices(KernelKind);

// Where a kernel sits in its table of compiled chains: entry k has
// 2^k FLOPs per element for FMA and no-FMA (k = 0 is the 1-FLOP kernel,
// k >= 1 a chain of 2^(k-1) multiply-adds) and 2^k steps of a multiply-add
// and a divide (3 * 2^k FLOPs) for the divide kernels; -1 when
// `flopsPerElement` is not one of the kind's choices.
int chainTableIndex(KernelKind, int flopsPerElement);

} // namespace roof::ert

#endif // ROOF_ERT_KERNELKINDS_H
