//===- static/FloatTypes.h - FP shape of a clang type -----------*- C++ -*-===//
//
// Which precision a value has and how many elements one operation on it
// touches: a double is one fp64 element, __m512d eight, float _Complex and
// std::complex<float> two fp32 parts. long double, __float128 and integer
// types are none of the four precisions and are not counted.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_FLOAT_TYPES_H
#define ROOF_STATIC_FLOAT_TYPES_H

#include "roof/abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Type.h"

#include <cstdint>
#include <optional>

namespace roof::staticcount {

struct FloatShape {
  RoofPrecision Precision;
  unsigned Lanes = 1;   // elements of a vector type
  bool Complex = false; // _Complex T or a complex<T> class
  uint64_t Bytes = 0;   // size of one value: all lanes, both parts
};

// The shape of T (references looked through), or nothing when T is not a
// floating-point scalar, vector or complex of fp16, bf16, fp32 or fp64.
std::optional<FloatShape> floatShape(clang::QualType T,
                                     const clang::ASTContext &Ctx);

// The precision of a builtin floating-point type.
std::optional<RoofPrecision> precisionOf(clang::QualType T);

// Whether T is a complex<T> class: std::complex, and the classes of the same
// name and shape in other libraries (thrust::complex, Kokkos::complex).
bool isComplexClass(clang::QualType T);

} // namespace roof::staticcount

#endif // ROOF_STATIC_FLOAT_TYPES_H
