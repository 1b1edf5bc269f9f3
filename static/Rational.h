//===- static/Rational.h - Exact rational numbers ---------------*- C++ -*-===//
//
// The coefficients of roof-static polynomials. Sums of powers (Faulhaber)
// have fractional coefficients, N*(N-1)/2 = 1/2*N^2 - 1/2*N, and loop nests
// of realistic sizes overflow 64 bits when multiplied out, so numerator and
// denominator are arbitrary-precision integers (BigInt, LLVMCompat.h). A
// Rational is always in lowest terms with a positive denominator, so that
// equal values compare equal member by member.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_RATIONAL_H
#define ROOF_STATIC_RATIONAL_H

#include "LLVMCompat.h"

#include <cstdint>
#include <string>

namespace roof::staticcount {

// Decimal digits of an arbitrary-precision integer.
std::string toString(const BigInt &Value);

class Rational {
public:
  Rational(int64_t Value = 0) : Num(Value), Den(1) {}
  explicit Rational(BigInt Value) : Num(std::move(Value)), Den(1) {}
  // Throws std::domain_error for a zero denominator.
  Rational(BigInt Numerator, BigInt Denominator);
  Rational(int64_t Numerator, int64_t Denominator)
      : Rational(BigInt(Numerator), BigInt(Denominator)) {}

  const BigInt &numerator() const { return Num; }
  const BigInt &denominator() const { return Den; }

  bool isZero() const { return Num == 0; }
  bool isInteger() const { return Den == 1; }
  bool isNegative() const { return Num < 0; }

  BigInt floor() const;
  BigInt ceil() const;
  BigInt truncate() const;

  Rational operator-() const;
  Rational operator+(const Rational &O) const;
  Rational operator-(const Rational &O) const;
  Rational operator*(const Rational &O) const;
  // Throws std::domain_error when dividing by zero.
  Rational operator/(const Rational &O) const;
  Rational &operator+=(const Rational &O) { return *this = *this + O; }

  bool operator==(const Rational &O) const {
    return Num == O.Num && Den == O.Den;
  }
  bool operator!=(const Rational &O) const { return !(*this == O); }

  // "3", "-7", "1/2", "-5/3".
  std::string str() const;

private:
  BigInt Num;
  BigInt Den;
};

} // namespace roof::staticcount

#endif // ROOF_STATIC_RATIONAL_H
