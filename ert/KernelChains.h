//===- ert/KernelChains.h - Kernel bodies, one copy per user ----*- C++ -*-===//
//
// Included by KernelsFma.cpp and KernelsNoFma.cpp only, which compile it with
// and without floating-point contraction. Everything here is in an anonymous
// namespace: the two copies of, say, multiplyAddChain<double, 512> differ in
// their code, and with external linkage the linker would keep one of them
// for both, silently turning the no-FMA kernel into the FMA one.
//
// Why blocks of kChains vectors: every step of a chain depends on the step
// before, so one chain runs at the latency of an FMA (4 cycles on Zen 4),
// not at its throughput. A block holds kChains independent chains per lane,
// enough to keep two FMA pipes busy (latency x pipes = 8), or a multiply
// and an add pipe (3 + 3 cycles of latency per step, one of each per
// cycle). The compiler vectorizes the inner loop over the block and keeps
// the block's betas in registers for the whole chain; the loads of A are
// hoisted out of it. Nothing can be removed: every pass reads what the one
// before stored.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ERT_KERNELCHAINS_H
#define ROOF_ERT_KERNELCHAINS_H

#include "Kernels.h"

#include <array>
#include <utility>

namespace roof::ert {
namespace {

// kAlpha, kBetaStart and kDivisor (KernelKinds.h) keep every chain bounded.
template <typename T>
constexpr std::size_t kBlockElements = kBlockBytes / sizeof(T);

// Steps multiply-adds per element; Steps == 0 is the 1-FLOP kernel.
template <typename T, int Steps>
void multiplyAddChain(void *slice, std::size_t elements, long trials) {
  T *a = static_cast<T *>(slice);
  constexpr std::size_t block = kBlockElements<T>;
  const T alpha = T(kAlpha);
  for (long t = 0; t < trials; ++t)
    for (std::size_t i = 0; i < elements; i += block) {
      T beta[block];
      if constexpr (Steps == 0) {
        for (std::size_t j = 0; j < block; ++j)
          beta[j] = a[i + j] + alpha;
      } else {
        for (std::size_t j = 0; j < block; ++j)
          beta[j] = T(kBetaStart);
        for (int s = 0; s < Steps; ++s)
          for (std::size_t j = 0; j < block; ++j)
            beta[j] = a[i + j] * beta[j] + alpha;
      }
      for (std::size_t j = 0; j < block; ++j)
        a[i + j] = -beta[j];
    }
}

// Units of one multiply-add and one divide per element.
template <typename T, int Units>
void divideChain(void *slice, std::size_t elements, long trials) {
  T *a = static_cast<T *>(slice);
  constexpr std::size_t block = kBlockElements<T>;
  const T alpha = T(kAlpha);
  const T divisor = T(kDivisor);
  for (long t = 0; t < trials; ++t)
    for (std::size_t i = 0; i < elements; i += block) {
      T beta[block];
      for (std::size_t j = 0; j < block; ++j)
        beta[j] = T(kBetaStart);
      for (int u = 0; u < Units; ++u)
        for (std::size_t j = 0; j < block; ++j) {
          beta[j] = a[i + j] * beta[j] + alpha;
          beta[j] = beta[j] / divisor;
        }
      for (std::size_t j = 0; j < block; ++j)
        a[i + j] = -beta[j];
    }
}

// Entry k: 2^k FLOPs per element, 1 ... 1024 (chainTableIndex).
template <typename T, std::size_t... K>
constexpr std::array<KernelFn, sizeof...(K) + 1>
multiplyAddTable(std::index_sequence<K...>) {
  return {&multiplyAddChain<T, 0>, &multiplyAddChain<T, (1 << K)>...};
}

// Entry k: 3 * 2^k FLOPs per element, 3 ... 768 (chainTableIndex).
template <typename T, std::size_t... K>
constexpr std::array<KernelFn, sizeof...(K)>
divideTable(std::index_sequence<K...>) {
  return {&divideChain<T, (1 << K)>...};
}

template <typename T> KernelFn findChain(bool divide, int flopsPerElement) {
  static constexpr auto multiplyAdds = multiplyAddTable<T>(
      std::make_index_sequence<kMultiplyAddTableSize - 1>());
  static constexpr auto divides =
      divideTable<T>(std::make_index_sequence<kDivideTableSize>());
  const int index = chainTableIndex(
      divide ? KernelKind::DivideFma : KernelKind::Fma, flopsPerElement);
  if (index < 0)
    return nullptr;
  return divide ? divides[index] : multiplyAdds[index];
}

KernelFn findChainOf(bool divide, Precision precision, int flopsPerElement) {
  return precision == Precision::Fp64
             ? findChain<double>(divide, flopsPerElement)
             : findChain<float>(divide, flopsPerElement);
}

} // namespace
} // namespace roof::ert

#endif // ROOF_ERT_KERNELCHAINS_H
