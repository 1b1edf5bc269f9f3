//===- ert/Kernels.cpp - Names and choices of the kernels -----------------===//
#include "Kernels.h"

namespace roof::ert {

const char *precisionName(Precision precision) {
  return precision == Precision::Fp64 ? "FP64" : "FP32";
}

const char *kernelName(KernelKind kind) {
  switch (kind) {
  case KernelKind::Fma:
    return "FMA";
  case KernelKind::NoFma:
    return "no-FMA";
  case KernelKind::DivideFma:
    return "divide+FMA";
  case KernelKind::DivideNoFma:
    return "divide no-FMA";
  }
  return "?";
}

std::size_t elementBytes(Precision precision) {
  return precision == Precision::Fp64 ? sizeof(double) : sizeof(float);
}

static bool isDivide(KernelKind kind) {
  return kind == KernelKind::DivideFma || kind == KernelKind::DivideNoFma;
}

std::vector<int> flopsPerElementChoices(KernelKind kind) {
  std::vector<int> choices;
  if (isDivide(kind))
    for (int units = 1; units <= 256; units *= 2)
      choices.push_back(3 * units);
  else
    for (int flops = 1; flops <= 1024; flops *= 2)
      choices.push_back(flops);
  return choices;
}

KernelFn findKernel(KernelKind kind, Precision precision, int flopsPerElement) {
  const bool contracted =
      kind == KernelKind::Fma || kind == KernelKind::DivideFma;
  return contracted
             ? findContractedKernel(isDivide(kind), precision, flopsPerElement)
             : findUncontractedKernel(isDivide(kind), precision,
                                      flopsPerElement);
}

} // namespace roof::ert
