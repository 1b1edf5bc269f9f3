//===- ert/Kernels.cpp - The CPU kernel for a kind and precision ----------===//
#include "Kernels.h"

namespace roof::ert {

KernelFn findKernel(KernelKind kind, Precision precision, int flopsPerElement) {
  return isFused(kind)
             ? findContractedKernel(isDivide(kind), precision, flopsPerElement)
             : findUncontractedKernel(isDivide(kind), precision,
                                      flopsPerElement);
}

} // namespace roof::ert
