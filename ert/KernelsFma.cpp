//===- ert/KernelsFma.cpp - Kernels compiled with contraction on ----------===//
//
// Built with -ffp-contract=on (tool/CMakeLists.txt), so `A[i]*beta + alpha`
// becomes one FMA: the FMA and divide+FMA kernels.
//
// Checked with `objdump -d build/bin/roof-ert` (clang 19, -O3 -march=native
// on Zen 4): multiplyAddChain<double, 512> is a loop of 8 independent
// `vfmadd213pd zmm` per step, betas and A in zmm registers, no load or store
// inside the chain; float the same with vfmadd213ps; divideChain adds one
// `vdivpd zmm` per FMA. test/lit/ert/codegen.test keeps it so.
//
//===----------------------------------------------------------------------===//
#include "KernelChains.h"

namespace roof::ert {

KernelFn findContractedKernel(bool divide, Precision precision,
                              int flopsPerElement) {
  return findChainOf(divide, precision, flopsPerElement);
}

} // namespace roof::ert
