//===- ert/gpu/GpuBench.cpp - The kernels on a CUDA device ----------------===//
#include "GpuBench.h"

#include "Device.h"

#include <new>
#include <stdexcept>
#include <string>

namespace roof::ert::gpu {

namespace {

GpuKernel kernelOf(KernelKind kind, Precision precision, int flops) {
  const GpuKernel kernel = findGpuKernel(kind, precision, flops);
  if (!kernel.launch)
    throw std::runtime_error(std::string("no ") + kernelName(kind) +
                             " kernel of " + std::to_string(flops) +
                             " FLOPs per element");
  return kernel;
}

std::size_t elementsOf(std::size_t workingSetBytes, Precision precision) {
  return workingSetBytes / elementBytes(precision);
}

} // namespace

GpuBench::GpuBench(std::size_t largestWorkingSetBytes, LaunchShape shape)
    : shape(shape) {
  if (cudaMalloc(&data, largestWorkingSetBytes) != cudaSuccess)
    throw std::bad_alloc();
  checkCuda(cudaEventCreate(&start), "cudaEventCreate");
  checkCuda(cudaEventCreate(&stop), "cudaEventCreate");
}

GpuBench::~GpuBench() {
  if (stop)
    cudaEventDestroy(stop);
  if (start)
    cudaEventDestroy(start);
  cudaFree(data);
}

double GpuBench::timedRun(const GpuKernel &kernel, std::size_t elements,
                          long trials) {
  checkCuda(cudaEventRecord(start), "cudaEventRecord");
  checkCuda(kernel.launch(data, elements, trials, shape), "kernel launch");
  checkCuda(cudaEventRecord(stop), "cudaEventRecord");
  checkCuda(cudaEventSynchronize(stop), "kernel run");
  float milliseconds = 0;
  checkCuda(cudaEventElapsedTime(&milliseconds, start, stop),
            "cudaEventElapsedTime");
  return milliseconds / 1e3;
}

Measurement GpuBench::calibrate(const Point &point) {
  const GpuKernel kernel =
      kernelOf(point.kind, point.precision, point.flopsPerElement);
  const std::size_t elements =
      elementsOf(point.workingSetBytes, point.precision);
  // Start from values the kernels' chains converge from.
  checkCuda(launchFill(data, elements, point.precision, shape), "fill launch");
  checkCuda(cudaDeviceSynchronize(), "fill");
  const long trials = findTrials(
      [&](long trials) { return timedRun(kernel, elements, trials); },
      point.effort.minimumSeconds);
  return measurementOf(point, trials);
}

void GpuBench::repeat(Measurement &m) {
  const GpuKernel kernel = kernelOf(m.kind, m.precision, m.flopsPerElement);
  const std::size_t elements = elementsOf(m.workingSetBytes, m.precision);
  // One untimed pass brings the working set back into the caches that the
  // points measured in between may have taken.
  timedRun(kernel, elements, 1);
  m.seconds.push_back(timedRun(kernel, elements, m.trials));
}

} // namespace roof::ert::gpu
