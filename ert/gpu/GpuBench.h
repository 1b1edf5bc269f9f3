//===- ert/gpu/GpuBench.h - The kernels on a CUDA device --------*- C++ -*-===//
//
// One device buffer (cudaMalloc: device memory, never managed memory, which
// would migrate pages while the kernels run) as large as the largest working
// set; a point uses its first bytes. A run is one launch of the whole grid,
// timed with CUDA events around it.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_GPU_GPUBENCH_H
#define ROOF_ERT_GPU_GPUBENCH_H

#include "../Sweep.h"
#include "GpuKernels.h"

#include <cuda_runtime_api.h>

namespace roof::ert::gpu {

class GpuBench : public Bench {
public:
  GpuBench(std::size_t largestWorkingSetBytes, LaunchShape);
  ~GpuBench() override;
  GpuBench(const GpuBench &) = delete;
  GpuBench &operator=(const GpuBench &) = delete;

  Measurement calibrate(const Point &) override;
  void repeat(Measurement &) override;

private:
  // Seconds of one launch of `trials` passes over the working set.
  double timedRun(const GpuKernel &, std::size_t elements, long trials);

  LaunchShape shape;
  void *data = nullptr;
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
};

} // namespace roof::ert::gpu

#endif // ROOF_ERT_GPU_GPUBENCH_H
