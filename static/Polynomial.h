//===- static/Polynomial.h - Symbolic operation counts ----------*- C++ -*-===//
//
// A count written the way a person counts by hand: a polynomial with exact
// rational coefficients in named quantities, 2*NI*NJ*NK + NI*NJ. The named
// quantities ("atoms") are
//   - symbols: a variable or macro of the program (n, NI), a loop variable
//     while its loop is being summed, or the unknown trip count of a loop
//     that cannot be bounded (trips_L12);
//   - opaque expressions: a loop-invariant expression that is not
//     arithmetic, named by its source text (v.size(), a->n), which depends on
//     the variables it mentions;
//   - quotients: floor, ceil or C's truncating division of a polynomial by a
//     positive integer, which is what a loop with a step other than 1 runs:
//     for (i = 0; i < N; i += 8) runs ceil(N/8) times.
// Every atom stands for an integer, so a polynomial whose coefficients are
// integers divisible by d divides exactly by d.
//
// sumOver() is the reason for this class: the sum of a polynomial over a
// loop variable, by Faulhaber's formula, so that for (i < N) for (j < i)
// gives N*(N-1)/2 symbolically.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_POLYNOMIAL_H
#define ROOF_STATIC_POLYNOMIAL_H

#include "Rational.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace roof::staticcount {

enum class Rounding { Floor, Ceil, TowardZero };

class Atom;
using AtomRef = std::shared_ptr<const Atom>;

// A product of atoms raised to positive powers, kept sorted by atom name so
// that equal products are equal vectors.
class Monomial {
public:
  struct Power {
    AtomRef Base;
    unsigned Exponent;
  };

  Monomial() = default; // the empty product, 1
  explicit Monomial(AtomRef Base);

  const std::vector<Power> &powers() const { return Powers; }
  unsigned degree() const;
  Monomial operator*(const Monomial &O) const;
  // This product without the symbol SymbolName, whose exponent (0 if
  // absent) goes to Exponent.
  Monomial without(llvm::StringRef SymbolName, unsigned &Exponent) const;
  // Display order: higher total degree first, then by atom names.
  bool operator<(const Monomial &O) const;
  bool operator==(const Monomial &O) const;
  std::string str() const;

private:
  std::vector<Power> Powers;
};

class Polynomial {
public:
  Polynomial() = default; // zero
  Polynomial(Rational Constant);
  Polynomial(int64_t Constant) : Polynomial(Rational(Constant)) {}

  // A program variable or macro, or any named unknown.
  static Polynomial symbol(const std::string &Name);
  // A loop-invariant expression named by its text; it changes when any
  // variable in DependsOn does.
  static Polynomial opaque(const std::string &Text,
                           std::set<std::string> DependsOn);
  // Numerator / Divisor rounded as asked, folded to a polynomial when the
  // division is exact or the numerator is a constant. Divisor must not be 0.
  static Polynomial quotient(const Polynomial &Numerator, const BigInt &Divisor,
                             Rounding Mode);

  bool isZero() const { return Terms.empty(); }
  // The value, when no atom is left.
  std::optional<Rational> constant() const;
  const std::map<Monomial, Rational> &terms() const { return Terms; }

  Polynomial operator-() const;
  Polynomial operator+(const Polynomial &O) const;
  Polynomial operator-(const Polynomial &O) const;
  Polynomial operator*(const Polynomial &O) const;
  Polynomial &operator+=(const Polynomial &O);
  Polynomial &operator-=(const Polynomial &O);
  Polynomial &operator*=(const Polynomial &O);
  Polynomial pow(unsigned Exponent) const;
  bool operator==(const Polynomial &O) const { return Terms == O.Terms; }

  // Replaces the atom called Name (a symbol or an opaque expression) by
  // Value, inside quotients too.
  Polynomial substitute(llvm::StringRef Name, const Polynomial &Value) const;
  // Replaces every atom named in Values by its value.
  Polynomial bind(const std::map<std::string, Rational> &Values) const;

  // Whether the value changes with the variable Name through anything but
  // the plain symbol Name: an opaque expression or a quotient that mentions
  // it. Such a polynomial cannot be summed over Name.
  bool dependsOnOpaquely(llvm::StringRef Name) const;
  // Coefficients of Name^0, Name^1, ..., for a polynomial that does not
  // depend on Name opaquely.
  std::vector<Polynomial> coefficientsIn(llvm::StringRef Name) const;
  // The names a user can bind with --param: symbols and opaque expressions,
  // those inside quotients included.
  std::set<std::string> freeNames() const;

  // Sum of this polynomial for Index = 0, 1, ..., Count - 1 (Faulhaber's
  // formula), with Count itself a polynomial. Exact when Count >= 0; empty
  // when the polynomial depends on Index opaquely.
  std::optional<Polynomial> sumOver(llvm::StringRef Index,
                                    const Polynomial &Count) const;

  // "2*NI*NJ*NK + NI*NJ", "(N^2 - N)/2", "ceil(N/8)", "0".
  std::string str() const;

private:
  static Polynomial ofAtom(AtomRef A);
  void addTerm(const Monomial &M, const Rational &Coefficient);
  // Rebuilds the polynomial with each atom replaced by what Replace returns
  // for it (nothing: keep the atom).
  Polynomial mapAtoms(
      const std::function<std::optional<Polynomial>(const Atom &)> &Replace)
      const;

  std::map<Monomial, Rational> Terms; // no zero coefficient
};

class Atom {
public:
  enum class Kind { Symbol, Opaque, Quotient };

  Kind kind() const { return TheKind; }
  // The identity of the atom and how it prints: "n", "v.size()",
  // "ceil((N - 1)/4)".
  const std::string &name() const { return Name; }
  // Program variables the value depends on.
  const std::set<std::string> &dependencies() const { return Dependencies; }

  // Quotient atoms only.
  const Polynomial &numerator() const { return Numerator; }
  const BigInt &divisor() const { return Divisor; }
  Rounding rounding() const { return Mode; }

private:
  friend class Polynomial;
  Atom(Kind K, std::string Name, std::set<std::string> Dependencies)
      : TheKind(K), Name(std::move(Name)),
        Dependencies(std::move(Dependencies)) {}

  Kind TheKind;
  std::string Name;
  std::set<std::string> Dependencies;
  Polynomial Numerator;
  BigInt Divisor{1};
  Rounding Mode = Rounding::Floor;
};

} // namespace roof::staticcount

#endif // ROOF_STATIC_POLYNOMIAL_H
