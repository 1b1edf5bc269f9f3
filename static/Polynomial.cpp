//===- static/Polynomial.cpp - Symbolic operation counts ------------------===//
#include "Polynomial.h"

#include <algorithm>
#include <stdexcept>

namespace roof::staticcount {

//===----------------------------------------------------------------------===//
// Monomials
//===----------------------------------------------------------------------===//

Monomial::Monomial(AtomRef Base) : Powers{{std::move(Base), 1}} {}

unsigned Monomial::degree() const {
  unsigned Degree = 0;
  for (const Power &P : Powers)
    Degree += P.Exponent;
  return Degree;
}

Monomial Monomial::operator*(const Monomial &O) const {
  // Both factors are sorted by name: merge them.
  Monomial Product;
  auto A = Powers.begin(), B = O.Powers.begin();
  while (A != Powers.end() || B != O.Powers.end()) {
    if (B == O.Powers.end() ||
        (A != Powers.end() && A->Base->name() < B->Base->name())) {
      Product.Powers.push_back(*A++);
    } else if (A == Powers.end() || B->Base->name() < A->Base->name()) {
      Product.Powers.push_back(*B++);
    } else {
      Product.Powers.push_back({A->Base, A->Exponent + B->Exponent});
      ++A;
      ++B;
    }
  }
  return Product;
}

bool Monomial::operator<(const Monomial &O) const {
  unsigned D = degree(), OD = O.degree();
  if (D != OD)
    return D > OD;
  for (size_t I = 0; I < Powers.size() && I < O.Powers.size(); ++I) {
    const std::string &Name = Powers[I].Base->name();
    const std::string &OName = O.Powers[I].Base->name();
    if (Name != OName)
      return Name < OName;
    if (Powers[I].Exponent != O.Powers[I].Exponent)
      return Powers[I].Exponent > O.Powers[I].Exponent;
  }
  return Powers.size() < O.Powers.size();
}

bool Monomial::operator==(const Monomial &O) const {
  if (Powers.size() != O.Powers.size())
    return false;
  for (size_t I = 0; I < Powers.size(); ++I)
    if (Powers[I].Base->name() != O.Powers[I].Base->name() ||
        Powers[I].Exponent != O.Powers[I].Exponent)
      return false;
  return true;
}

Monomial Monomial::without(llvm::StringRef SymbolName,
                           unsigned &Exponent) const {
  Monomial Rest;
  Exponent = 0;
  for (const Power &P : Powers) {
    if (P.Base->kind() == Atom::Kind::Symbol && P.Base->name() == SymbolName)
      Exponent = P.Exponent;
    else
      Rest.Powers.push_back(P);
  }
  return Rest;
}

std::string Monomial::str() const {
  std::string Text;
  for (const Power &P : Powers) {
    if (!Text.empty())
      Text += "*";
    Text += P.Base->name();
    if (P.Exponent > 1)
      Text += "^" + std::to_string(P.Exponent);
  }
  return Text;
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

Polynomial::Polynomial(Rational Constant) { addTerm(Monomial(), Constant); }

Polynomial Polynomial::ofAtom(AtomRef A) {
  Polynomial P;
  P.addTerm(Monomial(std::move(A)), Rational(1));
  return P;
}

Polynomial Polynomial::symbol(const std::string &Name) {
  return ofAtom(AtomRef(new Atom(Atom::Kind::Symbol, Name, {Name})));
}

Polynomial Polynomial::opaque(const std::string &Text,
                              std::set<std::string> DependsOn) {
  return ofAtom(
      AtomRef(new Atom(Atom::Kind::Opaque, Text, std::move(DependsOn))));
}

namespace {

BigInt roundQuotient(const Rational &Value, Rounding Mode) {
  switch (Mode) {
  case Rounding::Floor:
    return Value.floor();
  case Rounding::Ceil:
    return Value.ceil();
  case Rounding::TowardZero:
    return Value.truncate();
  }
  return Value.truncate();
}

const char *roundingName(Rounding Mode) {
  switch (Mode) {
  case Rounding::Floor:
    return "floor";
  case Rounding::Ceil:
    return "ceil";
  case Rounding::TowardZero:
    return "trunc";
  }
  return "trunc";
}

} // namespace

Polynomial Polynomial::quotient(const Polynomial &Numerator,
                                const BigInt &Divisor, Rounding Mode) {
  if (Divisor == 0)
    throw std::domain_error("quotient by zero");
  if (Divisor < 0) {
    // floor(x/-d) = -ceil(x/d), ceil(x/-d) = -floor(x/d),
    // trunc(x/-d) = -trunc(x/d).
    Rounding Flipped = Mode == Rounding::Floor  ? Rounding::Ceil
                       : Mode == Rounding::Ceil ? Rounding::Floor
                                                : Rounding::TowardZero;
    return -quotient(Numerator, -Divisor, Flipped);
  }
  Rational D(Divisor);
  if (auto Value = Numerator.constant())
    return Polynomial(Rational(roundQuotient(*Value / D, Mode)));

  // Atoms are integers, so a term whose integer coefficient is a multiple of
  // D divides exactly. Under floor and ceil, any multiple of D can be moved
  // out of the rounding: floor((D*q*m + r)/D) = q*m + floor(r/D); q is the
  // truncated quotient, so that ceil((n - i)/256) keeps its sign. Truncation
  // of a sum is not the sum of truncations, so it stays whole unless exact.
  Polynomial Whole, Rest;
  for (const auto &[M, C] : Numerator.Terms) {
    if (!C.isInteger()) {
      Rest.addTerm(M, C);
      continue;
    }
    BigInt Q = C.numerator() / Divisor;
    Whole.addTerm(M, Rational(Q));
    Rest.addTerm(M, C - Rational(Q * Divisor));
  }
  if (Mode == Rounding::TowardZero && !Rest.isZero()) {
    Whole = Polynomial();
    Rest = Numerator;
  }
  if (Rest.isZero())
    return Whole;
  if (auto Value = Rest.constant())
    return Whole + Polynomial(Rational(roundQuotient(*Value / D, Mode)));

  std::string NumeratorText = Rest.str();
  if (Rest.Terms.size() > 1 || NumeratorText.find('/') != std::string::npos)
    NumeratorText = "(" + NumeratorText + ")";
  std::set<std::string> Dependencies;
  for (const auto &[M, C] : Rest.Terms)
    for (const Monomial::Power &P : M.powers())
      Dependencies.insert(P.Base->dependencies().begin(),
                          P.Base->dependencies().end());
  std::shared_ptr<Atom> A(new Atom(Atom::Kind::Quotient,
                                   std::string(roundingName(Mode)) + "(" +
                                       NumeratorText + "/" + toString(Divisor) +
                                       ")",
                                   std::move(Dependencies)));
  A->Numerator = Rest;
  A->Divisor = Divisor;
  A->Mode = Mode;
  return Whole + ofAtom(std::move(A));
}

void Polynomial::addTerm(const Monomial &M, const Rational &Coefficient) {
  if (Coefficient.isZero())
    return;
  auto [It, Inserted] = Terms.emplace(M, Coefficient);
  if (Inserted)
    return;
  It->second += Coefficient;
  if (It->second.isZero())
    Terms.erase(It);
}

std::optional<Rational> Polynomial::constant() const {
  if (Terms.empty())
    return Rational(0);
  if (Terms.size() == 1 && Terms.begin()->first.powers().empty())
    return Terms.begin()->second;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

Polynomial Polynomial::operator-() const {
  Polynomial Negated;
  for (const auto &[M, C] : Terms)
    Negated.Terms.emplace(M, -C);
  return Negated;
}

Polynomial &Polynomial::operator+=(const Polynomial &O) {
  for (const auto &[M, C] : O.Terms)
    addTerm(M, C);
  return *this;
}

Polynomial &Polynomial::operator-=(const Polynomial &O) {
  for (const auto &[M, C] : O.Terms)
    addTerm(M, -C);
  return *this;
}

Polynomial &Polynomial::operator*=(const Polynomial &O) {
  return *this = *this * O;
}

Polynomial Polynomial::operator+(const Polynomial &O) const {
  Polynomial Sum = *this;
  return Sum += O;
}

Polynomial Polynomial::operator-(const Polynomial &O) const {
  Polynomial Difference = *this;
  return Difference -= O;
}

Polynomial Polynomial::operator*(const Polynomial &O) const {
  Polynomial Product;
  for (const auto &[M, C] : Terms)
    for (const auto &[OM, OC] : O.Terms)
      Product.addTerm(M * OM, C * OC);
  return Product;
}

Polynomial Polynomial::pow(unsigned Exponent) const {
  Polynomial Result(1);
  for (unsigned I = 0; I < Exponent; ++I)
    Result *= *this;
  return Result;
}

//===----------------------------------------------------------------------===//
// Substitution and dependence
//===----------------------------------------------------------------------===//

Polynomial Polynomial::mapAtoms(
    const std::function<std::optional<Polynomial>(const Atom &)> &Replace)
    const {
  Polynomial Result;
  for (const auto &[M, C] : Terms) {
    Polynomial Term(C);
    for (const Monomial::Power &P : M.powers()) {
      std::optional<Polynomial> Factor = Replace(*P.Base);
      if (!Factor && P.Base->kind() == Atom::Kind::Quotient)
        Factor = quotient(P.Base->numerator().mapAtoms(Replace),
                          P.Base->divisor(), P.Base->rounding());
      if (!Factor)
        Factor = ofAtom(P.Base);
      Term *= Factor->pow(P.Exponent);
    }
    Result += Term;
  }
  return Result;
}

Polynomial Polynomial::substitute(llvm::StringRef Name,
                                  const Polynomial &Value) const {
  return mapAtoms([&](const Atom &A) -> std::optional<Polynomial> {
    if (A.kind() != Atom::Kind::Quotient && A.name() == Name)
      return Value;
    return std::nullopt;
  });
}

Polynomial
Polynomial::bind(const std::map<std::string, Rational> &Values) const {
  return mapAtoms([&](const Atom &A) -> std::optional<Polynomial> {
    if (A.kind() == Atom::Kind::Quotient)
      return std::nullopt;
    auto It = Values.find(A.name());
    if (It == Values.end())
      return std::nullopt;
    return Polynomial(It->second);
  });
}

bool Polynomial::dependsOnOpaquely(llvm::StringRef Name) const {
  for (const auto &[M, C] : Terms)
    for (const Monomial::Power &P : M.powers()) {
      bool IsTheSymbol =
          P.Base->kind() == Atom::Kind::Symbol && P.Base->name() == Name;
      if (!IsTheSymbol && P.Base->dependencies().count(Name.str()))
        return true;
    }
  return false;
}

std::vector<Polynomial> Polynomial::coefficientsIn(llvm::StringRef Name) const {
  std::vector<Polynomial> Coefficients;
  for (const auto &[M, C] : Terms) {
    unsigned Exponent = 0;
    Monomial Rest = M.without(Name, Exponent);
    if (Coefficients.size() <= Exponent)
      Coefficients.resize(Exponent + 1);
    Coefficients[Exponent].addTerm(Rest, C);
  }
  return Coefficients;
}

std::set<std::string> Polynomial::freeNames() const {
  std::set<std::string> Names;
  for (const auto &[M, C] : Terms)
    for (const Monomial::Power &P : M.powers()) {
      if (P.Base->kind() == Atom::Kind::Quotient) {
        std::set<std::string> Inner = P.Base->numerator().freeNames();
        Names.insert(Inner.begin(), Inner.end());
      } else {
        Names.insert(P.Base->name());
      }
    }
  return Names;
}

//===----------------------------------------------------------------------===//
// Sums of powers
//===----------------------------------------------------------------------===//

namespace {

BigInt binomial(unsigned N, unsigned K) {
  BigInt Result(1);
  for (unsigned I = 1; I <= K; ++I)
    Result = Result * BigInt(N - K + I) / BigInt(I);
  return Result;
}

// Bernoulli numbers with B1 = -1/2, from sum_{j<=m} C(m+1, j) B_j = 0.
Rational bernoulli(unsigned M) {
  static std::vector<Rational> Known{Rational(1)};
  while (Known.size() <= M) {
    unsigned Next = Known.size();
    Rational Sum;
    for (unsigned J = 0; J < Next; ++J)
      Sum += Rational(binomial(Next + 1, J)) * Known[J];
    Known.push_back(-Sum / Rational(int64_t(Next + 1)));
  }
  return Known[M];
}

// Coefficients of n^0 .. n^(k+1) in sum_{t=0}^{n-1} t^k (Faulhaber):
// 1/(k+1) * sum_{j=0}^{k} C(k+1, j) B_j n^(k+1-j).
std::vector<Rational> powerSumCoefficients(unsigned K) {
  std::vector<Rational> Coefficients(K + 2);
  for (unsigned J = 0; J <= K; ++J)
    Coefficients[K + 1 - J] =
        Rational(binomial(K + 1, J)) * bernoulli(J) / Rational(int64_t(K + 1));
  return Coefficients;
}

} // namespace

std::optional<Polynomial> Polynomial::sumOver(llvm::StringRef Index,
                                              const Polynomial &Count) const {
  if (dependsOnOpaquely(Index))
    return std::nullopt;
  std::vector<Polynomial> Coefficients = coefficientsIn(Index);
  std::vector<Polynomial> CountPowers{Polynomial(1)};
  Polynomial Sum;
  for (unsigned K = 0; K < Coefficients.size(); ++K) {
    if (Coefficients[K].isZero())
      continue;
    while (CountPowers.size() < K + 2)
      CountPowers.push_back(CountPowers.back() * Count);
    std::vector<Rational> PowerSum = powerSumCoefficients(K);
    Polynomial SumOfPowers;
    for (unsigned P = 0; P < PowerSum.size(); ++P)
      SumOfPowers += CountPowers[P] * Polynomial(PowerSum[P]);
    Sum += Coefficients[K] * SumOfPowers;
  }
  return Sum;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

std::string Polynomial::str() const {
  if (Terms.empty())
    return "0";
  // With fractional coefficients, print the integer polynomial over their
  // common denominator: (N^2 - N)/2 reads better than 1/2*N^2 - 1/2*N.
  BigInt Denominator(1);
  for (const auto &[M, C] : Terms)
    Denominator = lcm(Denominator, C.denominator());
  // Within a degree, added terms before subtracted ones: N - i - 1.
  std::vector<std::pair<const Monomial *, const Rational *>> Ordered;
  for (const auto &[M, C] : Terms)
    Ordered.push_back({&M, &C});
  std::stable_sort(Ordered.begin(), Ordered.end(),
                   [](const auto &A, const auto &B) {
                     unsigned DA = A.first->degree(), DB = B.first->degree();
                     if (DA != DB)
                       return DA > DB;
                     return !A.second->isNegative() && B.second->isNegative();
                   });
  std::string Text;
  for (const auto &[MP, CP] : Ordered) {
    const Monomial &M = *MP;
    Rational Scaled = *CP * Rational(Denominator);
    bool Negative = Scaled.isNegative();
    std::string Magnitude = toString(abs(Scaled.numerator()));
    if (Text.empty())
      Text = Negative ? "-" : "";
    else
      Text += Negative ? " - " : " + ";
    std::string Product = M.str();
    if (Product.empty())
      Text += Magnitude;
    else if (Magnitude == "1")
      Text += Product;
    else
      Text += Magnitude + "*" + Product;
  }
  if (Denominator == 1)
    return Text;
  if (Terms.size() > 1)
    Text = "(" + Text + ")";
  return Text + "/" + toString(Denominator);
}

} // namespace roof::staticcount
