//===- CudaLaunchInstrumenter.h - Host side of CUDA kernel counting -------===//
//
// In the host module of a CUDA translation unit (x86-64, after clang's
// CUDA code generation):
//   - next to each `__cudaRegisterFunction(handle, stub, "kernel", ...)` in
//     the module constructor, registers a host shadow of the kernel's device
//     counter array (`__roof_kc_<kernel>`, CudaKernels.h) with
//     `__cudaRegisterVar`, exactly as clang does for a __device__ variable,
//     and tells libroofrt-cuda which stub, names and shadow belong together
//     (`__roof_cuda_register_kernel`);
//   - sends every `cudaLaunchKernel` (and `_ptsz`) call through
//     `__roof_cudaLaunchKernel`, which has the same signature and decides,
//     per launch, whether and how to collect the counts (docs/schema.md).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_CUDA_LAUNCH_INSTRUMENTER_H
#define ROOF_CUDA_LAUNCH_INSTRUMENTER_H

#include "llvm/IR/Module.h"

namespace roof {

/// False when the module registers no kernel and launches none.
bool instrumentCudaLaunches(llvm::Module &M);

} // namespace roof

#endif // ROOF_CUDA_LAUNCH_INSTRUMENTER_H
