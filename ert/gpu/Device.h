//===- ert/gpu/Device.h - The CUDA device roof-ert-gpu measures -*- C++ -*-===//
#ifndef ROOF_ERT_GPU_DEVICE_H
#define ROOF_ERT_GPU_DEVICE_H

#include "GpuPlan.h"

#include <string>
#include <vector>

namespace roof::ert::gpu {

// Throws std::runtime_error("<what>: <CUDA's description of error>") unless
// `error` (a cudaError_t) is cudaSuccess.
void checkCuda(int error, const std::string &what);

// Makes device `device` current and reads its properties. Throws "no CUDA
// device (cudaGetDeviceCount: <why>)" when there is none, and a UsageError
// when `device` is not one of them.
GpuProperties openDevice(int device);

// How many blocks of `threadsPerBlock` threads every kernel of `precisions`
// keeps resident on one multiprocessor at once (the least over the
// kernels), so that a grid of multiprocessors x that many blocks runs in
// one wave. Throws when the kernels cannot run on the device (a compute
// capability the build has no code for).
int residentBlocksPerMultiprocessor(int threadsPerBlock,
                                    const std::vector<Precision> &precisions);

// "13.0" for the runtime linked in and for the driver's CUDA version.
std::string runtimeVersion();
std::string driverVersion();

} // namespace roof::ert::gpu

#endif // ROOF_ERT_GPU_DEVICE_H
