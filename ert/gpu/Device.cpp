//===- ert/gpu/Device.cpp - The CUDA device roof-ert-gpu measures ---------===//
//
// cudaDeviceProp lost its clock fields in CUDA 13 (clockRate,
// memoryClockRate); the clocks come from cudaDeviceGetAttribute, in kHz, as
// the peak clocks the device reports.
//
//===----------------------------------------------------------------------===//
#include "Device.h"

#include "../CommandLine.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <stdexcept>

namespace roof::ert::gpu {

namespace {

double attributeGhz(cudaDeviceAttr attribute, int device, const char *name) {
  int kiloHertz = 0;
  checkCuda(cudaDeviceGetAttribute(&kiloHertz, attribute, device), name);
  return kiloHertz / 1e6;
}

std::string versionText(int version) {
  return std::to_string(version / 1000) + "." +
         std::to_string(version % 1000 / 10);
}

} // namespace

void checkCuda(int error, const std::string &what) {
  if (error != cudaSuccess)
    throw std::runtime_error(what + ": " +
                             cudaGetErrorString(cudaError_t(error)));
}

GpuProperties openDevice(int device) {
  int count = 0;
  const cudaError_t found = cudaGetDeviceCount(&count);
  if (found != cudaSuccess)
    throw std::runtime_error(
        std::string("no CUDA device (cudaGetDeviceCount: ") +
        cudaGetErrorString(found) + ")");
  if (count == 0)
    throw std::runtime_error("no CUDA device (cudaGetDeviceCount: 0 devices)");
  if (device >= count)
    throw UsageError("device " + std::to_string(device) + " asked for, but " +
                     std::to_string(count) + " CUDA device" +
                     (count == 1 ? "" : "s") + " (0 .. " +
                     std::to_string(count - 1) + ")");
  checkCuda(cudaSetDevice(device), "cudaSetDevice");

  cudaDeviceProp props;
  checkCuda(cudaGetDeviceProperties(&props, device), "cudaGetDeviceProperties");
  GpuProperties p;
  p.name = props.name;
  p.computeMajor = props.major;
  p.computeMinor = props.minor;
  p.multiprocessors = props.multiProcessorCount;
  p.maxThreadsPerMultiprocessor = props.maxThreadsPerMultiProcessor;
  p.memoryBusBits = props.memoryBusWidth;
  p.l2Bytes = std::size_t(std::max(props.l2CacheSize, 0));
  p.sharedBytesPerMultiprocessor = props.sharedMemPerMultiprocessor;
  p.reservedSharedBytesPerBlock = props.reservedSharedMemPerBlock;
  p.memoryBytes = props.totalGlobalMem;
  p.clockGhz = attributeGhz(cudaDevAttrClockRate, device, "SM clock");
  p.memoryClockGhz =
      attributeGhz(cudaDevAttrMemoryClockRate, device, "memory clock");
  std::size_t freeBytes = 0, totalBytes = 0;
  checkCuda(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
  p.freeMemoryBytes = freeBytes;
  return p;
}

int residentBlocksPerMultiprocessor(int threadsPerBlock,
                                    const std::vector<Precision> &precisions) {
  int fewest = 0;
  for (Precision precision : precisions)
    for (KernelKind kind : kAllKernelKinds)
      for (int flops : flopsPerElementChoices(kind)) {
        const GpuKernel kernel = findGpuKernel(kind, precision, flops);
        int blocks = 0;
        checkCuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                      &blocks, kernel.entry, threadsPerBlock, 0),
                  std::string("cannot run the ") + kernelName(kind) + " " +
                      precisionName(precision) +
                      " kernels on this device (built for " +
                      ROOF_ERT_CUDA_ARCHITECTURES + ")");
        if (blocks < 1)
          throw std::runtime_error("the kernels cannot run " +
                                   std::to_string(threadsPerBlock) +
                                   " threads per block on this device");
        fewest = fewest ? std::min(fewest, blocks) : blocks;
      }
  return fewest;
}

std::string runtimeVersion() {
  int version = 0;
  checkCuda(cudaRuntimeGetVersion(&version), "cudaRuntimeGetVersion");
  return versionText(version);
}

std::string driverVersion() {
  int version = 0;
  checkCuda(cudaDriverGetVersion(&version), "cudaDriverGetVersion");
  return versionText(version);
}

} // namespace roof::ert::gpu
