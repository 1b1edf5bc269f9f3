//===- ert/gpu/GpuKernels.cu - The ERT kernels on a GPU -------------------===//
//
// Every kernel is one template, instantiated per precision, arithmetic and
// chain length. Multiply-add chains are unrolled completely, as ERT unrolls
// them in its source, so that no loop counter takes issue slots from the
// FP32 FMAs (one warp instruction per cycle and scheduler on sm_80 and
// sm_90, which FP32 FMAs alone fill). Divide chains are unrolled by
// kDivideUnroll steps: a divide is some twenty instructions, next to which a
// loop counter costs nothing, and 256 steps unrolled would be 92 KiB of code
// on sm_90 (ptxas, FP64), most of the instruction cache.
//
// One chain per thread: every step depends on the one before, and the
// multiprocessor hides the latency of an FMA (4 to 8 cycles) with the other
// warps it holds, up to 64 of them, rather than with independent chains
// within a thread as the CPU kernels must.
//
// What ptxas is given, per chain step (test/lit/ert/gpu-ptx.test checks it
// in the PTX this file compiles to):
//   FMA            fma.rn.f64 / fma.rn.f32
//   no-FMA         mul.rn.f64 + add.rn.f64 (mul.rn.f32 + add.rn.f32)
//   divide kernels the same and div.rn.f64 / div.rn.f32, IEEE divides that
//                  ptxas expands into a reciprocal estimate and Newton steps
//                  on the FMA units, with a slow path for operands near the
//                  ends of the exponent range
//
//===----------------------------------------------------------------------===//
#include "GpuKernels.h"

#include <cuda_runtime.h>

#include <array>
#include <utility>

namespace roof::ert::gpu {
namespace {

// A multiply-add as one FMA, whatever nvcc's --fmad says.
struct Fused {
  __device__ static double multiplyAdd(double a, double b, double c) {
    return fma(a, b, c);
  }
  __device__ static float multiplyAdd(float a, float b, float c) {
    return fmaf(a, b, c);
  }
};

// A multiply and an add with their rounding spelled out (__dmul_rn,
// __dadd_rn): nvcc and ptxas never contract those into an FMA.
struct Separate {
  __device__ static double multiplyAdd(double a, double b, double c) {
    return __dadd_rn(__dmul_rn(a, b), c);
  }
  __device__ static float multiplyAdd(float a, float b, float c) {
    return __fadd_rn(__fmul_rn(a, b), c);
  }
};

// Steps multiply-adds per element, each followed by a divide when Divide;
// Steps == 0 is the 1-FLOP kernel. The divisor is an argument, not the
// constant it always is, so that the divide routine cannot be specialised
// for a known divisor.
constexpr int kDivideUnroll = 16;

template <typename T, typename Arithmetic, int Steps, bool Divide>
__global__ void chainKernel(T *data, std::size_t elements, long trials,
                            T divisor) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  const std::size_t first = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const T alpha = T(kAlpha);
  for (long t = 0; t < trials; ++t)
    for (std::size_t i = first; i < elements; i += stride) {
      const T element = data[i];
      T beta;
      if constexpr (Steps == 0) {
        beta = element + alpha;
      } else {
        beta = T(kBetaStart);
        constexpr int kUnroll =
            Divide && Steps > kDivideUnroll ? kDivideUnroll : Steps;
#pragma unroll kUnroll
        for (int s = 0; s < Steps; ++s) {
          beta = Arithmetic::multiplyAdd(element, beta, alpha);
          if constexpr (Divide)
            beta = beta / divisor;
        }
      }
      data[i] = -beta;
    }
}

template <typename T>
__global__ void fillKernel(T *data, std::size_t elements, T value) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
       i < elements; i += stride)
    data[i] = value;
}

template <typename T, typename Arithmetic, int Steps, bool Divide>
int launchChain(void *data, std::size_t elements, long trials,
                LaunchShape shape) {
  chainKernel<T, Arithmetic, Steps, Divide>
      <<<shape.blocks, shape.threadsPerBlock>>>(static_cast<T *>(data),
                                                elements, trials, T(kDivisor));
  return int(cudaGetLastError());
}

template <typename T, typename Arithmetic, int Steps, bool Divide>
GpuKernel chainEntry() {
  return {reinterpret_cast<const void *>(
              &chainKernel<T, Arithmetic, Steps, Divide>),
          &launchChain<T, Arithmetic, Steps, Divide>};
}

// Entry k has 2^k FLOPs per element (chainTableIndex): the 1-FLOP kernel,
// then 2^(k-1) multiply-adds.
template <typename T, typename Arithmetic, std::size_t... K>
std::array<GpuKernel, sizeof...(K) + 1>
multiplyAddTable(std::index_sequence<K...>) {
  return {chainEntry<T, Arithmetic, 0, false>(),
          chainEntry<T, Arithmetic, (1 << K), false>()...};
}

// Entry k has 2^k steps of a multiply-add and a divide, 3 * 2^k FLOPs.
template <typename T, typename Arithmetic, std::size_t... K>
std::array<GpuKernel, sizeof...(K)> divideTable(std::index_sequence<K...>) {
  return {chainEntry<T, Arithmetic, (1 << K), true>()...};
}

template <typename T, typename Arithmetic>
GpuKernel findChain(bool divide, int flopsPerElement) {
  static const auto multiplyAdds = multiplyAddTable<T, Arithmetic>(
      std::make_index_sequence<kMultiplyAddTableSize - 1>());
  static const auto divides =
      divideTable<T, Arithmetic>(std::make_index_sequence<kDivideTableSize>());
  const int index = chainTableIndex(
      divide ? KernelKind::DivideFma : KernelKind::Fma, flopsPerElement);
  if (index < 0)
    return {nullptr, nullptr};
  return divide ? divides[index] : multiplyAdds[index];
}

template <typename T> GpuKernel findChainOf(KernelKind kind, int flops) {
  return isFused(kind) ? findChain<T, Fused>(isDivide(kind), flops)
                       : findChain<T, Separate>(isDivide(kind), flops);
}

} // namespace

GpuKernel findGpuKernel(KernelKind kind, Precision precision,
                        int flopsPerElement) {
  return precision == Precision::Fp64
             ? findChainOf<double>(kind, flopsPerElement)
             : findChainOf<float>(kind, flopsPerElement);
}

int launchFill(void *data, std::size_t elements, Precision precision,
               LaunchShape shape) {
  if (precision == Precision::Fp64)
    fillKernel<<<shape.blocks, shape.threadsPerBlock>>>(
        static_cast<double *>(data), elements, kInitialValue);
  else
    fillKernel<<<shape.blocks, shape.threadsPerBlock>>>(
        static_cast<float *>(data), elements, float(kInitialValue));
  return int(cudaGetLastError());
}

} // namespace roof::ert::gpu
