//===- ert/Kernels.h - The four ERT micro-kernels ---------------*- C++ -*-===//
//
// The kernels of the empirical Roofline paper (seed 000, section II-C):
//
//   FMA            beta = A[i]*beta + alpha, contracted to one FMA (2 FLOPs)
//   no-FMA         the same source with contraction off: a multiply and an
//                  add (2 FLOPs)
//   divide+FMA     beta = A[i]*beta + alpha; beta = beta / divisor, the
//                  first contracted: one FMA and one divide (3 FLOPs)
//   divide no-FMA  the same source with contraction off: multiply, add,
//                  divide (3 FLOPs)
//
// Each element of a thread's slice starts a chain of these steps from
// beta = 0.8 and ends with A[i] = -beta: one load and one store per element
// and pass, so a kernel moves 2 * sizeof(T) bytes per element and pass while
// doing its FLOPs per element (1 = the bare `A[i] = -(A[i] + alpha)`, the
// memory-bound kernel of the bandwidth sweep). A divide counts as one
// canonical FLOP, as the paper's "canonical" column does.
//
// FMA and no-FMA differ only in how they are compiled (KernelsFma.cpp and
// KernelsNoFma.cpp include the same KernelChains.h), which is how the paper
// made them: compiled with and without FMA.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_KERNELS_H
#define ROOF_ERT_KERNELS_H

#include <cstddef>
#include <vector>

namespace roof::ert {

enum class Precision { Fp64, Fp32 };
enum class KernelKind { Fma, NoFma, DivideFma, DivideNoFma };

const char *precisionName(Precision); // "FP64", "FP32"
const char *kernelName(KernelKind);   // "FMA", "no-FMA", ...
std::size_t elementBytes(Precision);

// The widest vector register the build targets: a block of kChains of them
// is the unit of work (see KernelChains.h).
#if defined(__AVX512F__)
inline constexpr std::size_t kVectorBytes = 64;
#elif defined(__AVX__)
inline constexpr std::size_t kVectorBytes = 32;
#else
inline constexpr std::size_t kVectorBytes = 16;
#endif
inline constexpr std::size_t kChains = 8;
// A thread's slice must be a multiple of this many bytes.
inline constexpr std::size_t kBlockBytes = kChains * kVectorBytes;

// Runs `trials` passes of a kernel over one thread's slice of `elements`
// values of the kernel's precision.
using KernelFn = void (*)(void *slice, std::size_t elements, long trials);

// The FLOPs per element a kind of kernel comes in, ascending: 1, 2, 4, ...,
// 1024 for FMA and no-FMA, 3, 6, ..., 768 for the divide kernels.
std::vector<int> flopsPerElementChoices(KernelKind);

// The kernel, or nullptr when `flopsPerElement` is not one of the choices.
KernelFn findKernel(KernelKind, Precision, int flopsPerElement);

// Defined once per contraction mode, by KernelsFma.cpp and KernelsNoFma.cpp.
KernelFn findContractedKernel(bool divide, Precision, int flopsPerElement);
KernelFn findUncontractedKernel(bool divide, Precision, int flopsPerElement);

} // namespace roof::ert

#endif // ROOF_ERT_KERNELS_H
