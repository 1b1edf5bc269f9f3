//===- ert/gpu/GpuKernels.h - The ERT kernels on a GPU ----------*- C++ -*-===//
//
// The kernels of KernelKinds.h as CUDA kernels, for roof-ert-gpu. Plain C++
// on this side: the host code that uses them is not compiled by nvcc.
//
// A kernel is a grid-stride loop, as in ERT's GPU driver: the grid's
// threads take the working set's elements in turn (thread t the elements
// t, t + T, t + 2T, ... of T threads), and every thread runs all the trials
// over its elements within one launch, so that a working set small enough
// stays in the caches of the multiprocessors that hold it.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_GPU_GPUKERNELS_H
#define ROOF_ERT_GPU_GPUKERNELS_H

#include "../KernelKinds.h"

#include <cstddef>

namespace roof::ert::gpu {

struct LaunchShape {
  int blocks;
  int threadsPerBlock;
  long threads() const { return long(blocks) * threadsPerBlock; }
};

// A launch: `trials` passes over the `elements` values of the kernel's
// precision at `data` (device memory). Returns the launch's error code
// (a cudaError_t), 0 when it started.
using LaunchFn = int (*)(void *data, std::size_t elements, long trials,
                         LaunchShape shape);

struct GpuKernel {
  const void *entry; // the __global__ function, for CUDA's attribute queries
  LaunchFn launch;
};

// The kernel, or {nullptr, nullptr} when `flopsPerElement` is not one of the
// kind's choices.
GpuKernel findGpuKernel(KernelKind, Precision, int flopsPerElement);

// Sets `elements` values of `precision` at `data` to kInitialValue; returns
// the launch's error code as LaunchFn does.
int launchFill(void *data, std::size_t elements, Precision, LaunchShape);

} // namespace roof::ert::gpu

#endif // ROOF_ERT_GPU_GPUKERNELS_H
