//===- ert/Kernels.h - The ERT micro-kernels on the CPU ---------*- C++ -*-===//
//
// The kernels of KernelKinds.h, vectorized by clang for this CPU. FMA and
// no-FMA differ only in how they are compiled (KernelsFma.cpp and
// KernelsNoFma.cpp include the same KernelChains.h), which is how the paper
// made them: compiled with and without FMA.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_KERNELS_H
#define ROOF_ERT_KERNELS_H

#include "KernelKinds.h"

#include <cstddef>

namespace roof::ert {

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

// The kernel, or nullptr when `flopsPerElement` is not one of the choices.
KernelFn findKernel(KernelKind, Precision, int flopsPerElement);

// Defined once per contraction mode, by KernelsFma.cpp and KernelsNoFma.cpp.
KernelFn findContractedKernel(bool divide, Precision, int flopsPerElement);
KernelFn findUncontractedKernel(bool divide, Precision, int flopsPerElement);

} // namespace roof::ert

#endif // ROOF_ERT_KERNELS_H
