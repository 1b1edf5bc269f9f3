//===- static/Rational.cpp - Exact rational numbers -----------------------===//
#include "Rational.h"

#include "llvm/Support/raw_ostream.h"

#include <stdexcept>

namespace roof::staticcount {

std::string toString(const BigInt &Value) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << Value;
  return Text;
}

Rational::Rational(BigInt Numerator, BigInt Denominator)
    : Num(std::move(Numerator)), Den(std::move(Denominator)) {
  if (Den == 0)
    throw std::domain_error("rational with a zero denominator");
  if (Den < 0) {
    Num = -Num;
    Den = -Den;
  }
  BigInt Divisor = gcd(abs(Num), Den);
  if (Divisor > 1) {
    Num /= Divisor;
    Den /= Divisor;
  }
}

BigInt Rational::floor() const { return floorDiv(Num, Den); }
BigInt Rational::ceil() const { return ceilDiv(Num, Den); }
BigInt Rational::truncate() const { return Num / Den; }

Rational Rational::operator-() const { return Rational(-Num, Den); }

Rational Rational::operator+(const Rational &O) const {
  return Rational(Num * O.Den + O.Num * Den, Den * O.Den);
}

Rational Rational::operator-(const Rational &O) const { return *this + -O; }

Rational Rational::operator*(const Rational &O) const {
  return Rational(Num * O.Num, Den * O.Den);
}

Rational Rational::operator/(const Rational &O) const {
  if (O.isZero())
    throw std::domain_error("division by zero");
  return Rational(Num * O.Den, Den * O.Num);
}

std::string Rational::str() const {
  if (isInteger())
    return toString(Num);
  return toString(Num) + "/" + toString(Den);
}

} // namespace roof::staticcount
