/*===- examples/cuda/cuda_harness.h - what every CUDA example does
---------===*\
|*
|* Besides ../harness.h (command line, host allocation, timing, checksum):
|* the device check and CUDA error checking, shared by the CUDA examples.
|*
|* An example run where no GPU can be used (no device, or no driver) prints
|* "<example>: no CUDA device (<why>)" on stderr and exits 0, so that tests
|* compile, link and run the examples on any machine.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_EXAMPLES_CUDA_HARNESS_H
#define ROOF_EXAMPLES_CUDA_HARNESS_H

#include "../harness.h"
#include <cuda_runtime.h>

// Exits 0 with "<example>: no CUDA device (<why>)" on stderr unless a GPU
// can run kernels.
static void exit_unless_device(const char *example) {
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaSuccess && count > 0)
    return;
  fprintf(stderr, "%s: no CUDA device (%s)\n", example,
          status == cudaSuccess ? "none found" : cudaGetErrorString(status));
  exit(0);
}

// A CUDA call that failed: "<file>:<line>: <call>: <error>" on stderr and
// exit status 1.
#define CUDA_CHECK(call) cuda_check((call), #call, __FILE__, __LINE__)
static void cuda_check(cudaError_t status, const char *call, const char *file,
                       int line) {
  if (status == cudaSuccess)
    return;
  fprintf(stderr, "%s:%d: %s: %s\n", file, line, call,
          cudaGetErrorString(status));
  exit(1);
}

// Kernel launches report their errors through the next CUDA call; this
// makes it one.
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())

#endif // ROOF_EXAMPLES_CUDA_HARNESS_H
