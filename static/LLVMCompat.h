//===- static/LLVMCompat.h - What differs for roof static between LLVMs ---===//
//
// roof-static builds against LLVM 16, 19 and 22, like the pass
// (passes/LLVMCompat.h). Of what it uses, only the arbitrary-precision
// integer of its polynomials differs: llvm::DynamicAPInt from LLVM 19, and
// before it a stand-in with the same operations, an APInt that widens before
// a result could overflow. Call its functions unqualified (gcd, lcm, abs,
// floorDiv, ceilDiv), so that both are found.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_LLVM_COMPAT_H
#define ROOF_STATIC_LLVM_COMPAT_H

#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR >= 19
#include "llvm/ADT/DynamicAPInt.h"
#else
#include "llvm/ADT/APInt.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <utility>
#endif

#include <cstdint>

namespace roof::staticcount {

#if LLVM_VERSION_MAJOR >= 19
using BigInt = llvm::DynamicAPInt;
#else
class BigInt {
public:
  BigInt(int64_t Value = 0) : Bits(64, uint64_t(Value), /*isSigned=*/true) {}

  explicit operator int64_t() const { return Bits.getSExtValue(); }

  friend bool operator==(const BigInt &A, const BigInt &B) {
    auto [X, Y] = widened(A, B, 0);
    return X == Y;
  }
  friend bool operator!=(const BigInt &A, const BigInt &B) { return !(A == B); }
  friend bool operator<(const BigInt &A, const BigInt &B) {
    auto [X, Y] = widened(A, B, 0);
    return X.slt(Y);
  }
  friend bool operator>(const BigInt &A, const BigInt &B) { return B < A; }
  friend bool operator<=(const BigInt &A, const BigInt &B) { return !(B < A); }
  friend bool operator>=(const BigInt &A, const BigInt &B) { return !(A < B); }

  friend BigInt operator+(const BigInt &A, const BigInt &B) {
    auto [X, Y] = widened(A, B, 1);
    return BigInt(X + Y);
  }
  friend BigInt operator-(const BigInt &A, const BigInt &B) {
    auto [X, Y] = widened(A, B, 1);
    return BigInt(X - Y);
  }
  friend BigInt operator*(const BigInt &A, const BigInt &B) {
    auto [X, Y] = widened(A, B, A.Bits.getBitWidth());
    return BigInt(X * Y);
  }
  /// Rounded toward zero, as int64_t's.
  friend BigInt operator/(const BigInt &A, const BigInt &B) {
    auto [X, Y] = widened(A, B, 1);
    return BigInt(X.sdiv(Y));
  }
  friend BigInt operator%(const BigInt &A, const BigInt &B) {
    auto [X, Y] = widened(A, B, 1);
    return BigInt(X.srem(Y));
  }
  BigInt operator-() const { return BigInt(0) - *this; }
  BigInt &operator+=(const BigInt &O) { return *this = *this + O; }
  BigInt &operator-=(const BigInt &O) { return *this = *this - O; }
  BigInt &operator*=(const BigInt &O) { return *this = *this * O; }
  BigInt &operator/=(const BigInt &O) { return *this = *this / O; }
  BigInt &operator%=(const BigInt &O) { return *this = *this % O; }

  friend BigInt abs(const BigInt &X) { return X < 0 ? -X : X; }
  friend BigInt floorDiv(const BigInt &A, const BigInt &B) {
    BigInt Q = A / B;
    return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
  }
  friend BigInt ceilDiv(const BigInt &A, const BigInt &B) {
    BigInt Q = A / B;
    return (A % B != 0 && (A < 0) == (B < 0)) ? Q + 1 : Q;
  }
  friend BigInt gcd(const BigInt &A, const BigInt &B) {
    BigInt X = abs(A), Y = abs(B);
    while (Y != 0)
      X = std::exchange(Y, X % Y);
    return X;
  }
  friend BigInt lcm(const BigInt &A, const BigInt &B) {
    if (A == 0 || B == 0)
      return 0;
    return abs(A / gcd(A, B) * B);
  }

  friend llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const BigInt &X) {
    X.Bits.print(OS, /*isSigned=*/true);
    return OS;
  }

private:
  /// \p Value in the fewest bits that hold it, 64 at least.
  explicit BigInt(const llvm::APInt &Value)
      : Bits(Value.sextOrTrunc(std::max(64u, Value.getSignificantBits()))) {}

  /// \p A and \p B at one width, with \p Extra bits more than the wider.
  static std::pair<llvm::APInt, llvm::APInt>
  widened(const BigInt &A, const BigInt &B, unsigned Extra) {
    unsigned Width =
        std::max(A.Bits.getBitWidth(), B.Bits.getBitWidth()) + Extra;
    return {A.Bits.sextOrTrunc(Width), B.Bits.sextOrTrunc(Width)};
  }

  llvm::APInt Bits;
};
#endif

} // namespace roof::staticcount

#endif // ROOF_STATIC_LLVM_COMPAT_H
