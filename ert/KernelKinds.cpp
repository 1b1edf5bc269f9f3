//===- ert/KernelKinds.cpp - Names and choices of the kernels -------------===//
#include "KernelKinds.h"

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

bool isDivide(KernelKind kind) {
  return kind == KernelKind::DivideFma || kind == KernelKind::DivideNoFma;
}

bool isFused(KernelKind kind) {
  return kind == KernelKind::Fma || kind == KernelKind::DivideFma;
}

std::vector<int> flopsPerElementChoices(KernelKind kind) {
  std::vector<int> choices;
  if (isDivide(kind))
    for (int k = 0; k < kDivideTableSize; ++k)
      choices.push_back(3 << k);
  else
    for (int k = 0; k < kMultiplyAddTableSize; ++k)
      choices.push_back(1 << k);
  return choices;
}

int chainTableIndex(KernelKind kind, int flopsPerElement) {
  const std::vector<int> choices = flopsPerElementChoices(kind);
  for (std::size_t k = 0; k < choices.size(); ++k)
    if (choices[k] == flopsPerElement)
      return int(k);
  return -1;
}

} // namespace roof::ert
