// CUDA 13 moved Thrust, CUB and libcu++ to include/cccl, where only nvcc
// looks (-isystem include/cccl); cooperative_groups.h needs libcu++ too. The
// mirror links them into include/, so that clang 19 finds them on both
// sides of the compilation.
//
// Not with clang 16: CCCL needs C++17 (clang 16's CUDA default is C++14)
// and declares variadic functions on the device, which clang 16 refuses
// (clang 17 accepts them); no header of the mirror can change that.
// REQUIRES: cuda
// UNSUPPORTED: llvm-16
// RUN: %clangxx --cuda-path=%cudapath -Wno-unknown-cuda-version \
// RUN:   --cuda-gpu-arch=sm_90 -O2 --cuda-device-only -S %s -o - | FileCheck %s
// RUN: %clangxx --cuda-path=%cudapath -Wno-unknown-cuda-version \
// RUN:   --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only %s

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/std/complex>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>

namespace cg = cooperative_groups;

// CHECK-LABEL: .entry _Z9warp_normPKN4cuda3std3__4{{.*}}complexIdEEPd(
__global__ void warp_norm(const cuda::std::complex<double> *z, double *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  double v = cuda::std::norm(z[threadIdx.x]);
  // CHECK: shfl.sync
  out[threadIdx.x] = cg::reduce(warp, v, cg::plus<double>());
}

double sum(const thrust::device_vector<double> &v) {
  return thrust::reduce(v.begin(), v.end());
}
