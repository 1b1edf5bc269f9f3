//===- ert/KernelsNoFma.cpp - Kernels compiled with contraction off -------===//
//
// Built with -ffp-contract=off (tool/CMakeLists.txt), so `A[i]*beta + alpha`
// stays a multiply and an add: the no-FMA and divide no-FMA kernels, the
// paper's "compiled without FMA".
//
// Checked with `objdump -d build/bin/roof-ert` (clang 19, -O3 -march=native
// on Zen 4): multiplyAddChain<double, 512> is 8 `vmulpd zmm` and 8
// `vaddpd zmm` per step and no FMA; divideChain adds one `vdivpd zmm` per
// multiply and add. test/lit/ert/codegen.test keeps it so.
//
//===----------------------------------------------------------------------===//
#include "KernelChains.h"

namespace roof::ert {

KernelFn findUncontractedKernel(bool divide, Precision precision,
                                int flopsPerElement) {
  return findChainOf(divide, precision, flopsPerElement);
}

} // namespace roof::ert
