//===- static/unittests/PolynomialTest.cpp - Exact symbolic counts --------===//
//
// The arithmetic behind every symbolic total of roof-static: rationals in
// lowest terms, polynomial ring operations, quotient atoms, substitution and
// Faulhaber sums, each checked against counts done by hand.
//
//===----------------------------------------------------------------------===//
#include "Polynomial.h"

#include <gtest/gtest.h>

namespace roof::staticcount {
namespace {

Polynomial sym(const char *Name) { return Polynomial::symbol(Name); }

// Brute-force sum of P over Index = 0 .. Count-1 with the other symbols
// bound, to compare with the closed form.
Rational bruteSum(const Polynomial &P, const std::string &Index, int Count,
                  const std::map<std::string, Rational> &Others) {
  Rational Sum;
  for (int I = 0; I < Count; ++I) {
    std::map<std::string, Rational> All = Others;
    All[Index] = Rational(I);
    Sum += *P.bind(All).constant();
  }
  return Sum;
}

//===----------------------------------------------------------------------===//
// Rationals
//===----------------------------------------------------------------------===//

TEST(Rational, LowestTermsPositiveDenominator) {
  Rational R(6, -4);
  EXPECT_EQ(R.str(), "-3/2");
  EXPECT_EQ(R, Rational(-3, 2));
  EXPECT_EQ(Rational(10, 5).str(), "2");
  EXPECT_TRUE(Rational(10, 5).isInteger());
}

TEST(Rational, Rounding) {
  EXPECT_EQ(toString(Rational(-7, 2).floor()), "-4");
  EXPECT_EQ(toString(Rational(-7, 2).ceil()), "-3");
  EXPECT_EQ(toString(Rational(-7, 2).truncate()), "-3");
  EXPECT_EQ(toString(Rational(7, 2).floor()), "3");
  EXPECT_EQ(toString(Rational(7, 2).ceil()), "4");
}

TEST(Rational, Arithmetic) {
  EXPECT_EQ(Rational(1, 2) + Rational(1, 3), Rational(5, 6));
  EXPECT_EQ(Rational(1, 2) - Rational(1, 3), Rational(1, 6));
  EXPECT_EQ(Rational(2, 3) * Rational(3, 4), Rational(1, 2));
  EXPECT_EQ(Rational(2, 3) / Rational(4, 3), Rational(1, 2));
  EXPECT_THROW(Rational(1) / Rational(0), std::domain_error);
}

TEST(Rational, BeyondSixtyFourBits) {
  // (2^40)^2 = 2^80 does not fit in 64 bits; the count stays exact.
  Rational Big(int64_t(1) << 40);
  EXPECT_EQ((Big * Big).str(), "1208925819614629174706176");
}

//===----------------------------------------------------------------------===//
// Ring operations and printing
//===----------------------------------------------------------------------===//

TEST(Polynomial, GemmCount) {
  // C[i][j] *= beta (1 mul) once per (i, j); C[i][j] += A[i][k]*B[k][j]
  // (1 add + 1 mul) per (i, j, k): 2*NI*NJ*NK + NI*NJ.
  Polynomial NI = sym("NI"), NJ = sym("NJ"), NK = sym("NK");
  Polynomial Total = NI * NJ + Polynomial(2) * NI * NJ * NK;
  EXPECT_EQ(Total.str(), "2*NI*NJ*NK + NI*NJ");
  auto Value =
      Total.bind({{"NI", 1000}, {"NJ", 1000}, {"NK", 1000}}).constant();
  ASSERT_TRUE(Value);
  EXPECT_EQ(Value->str(), "2001000000");
}

TEST(Polynomial, CancellationAndZero) {
  Polynomial N = sym("N");
  EXPECT_TRUE((N - N).isZero());
  EXPECT_EQ((N - N).str(), "0");
  EXPECT_EQ((N + Polynomial(1)) * (N - Polynomial(1)), N * N - Polynomial(1));
  EXPECT_EQ(((N + Polynomial(1)) * (N - Polynomial(1))).str(), "N^2 - 1");
}

TEST(Polynomial, PrintsOverCommonDenominator) {
  Polynomial N = sym("N");
  EXPECT_EQ(
      (N * N * Polynomial(Rational(1, 2)) - N * Polynomial(Rational(1, 2)))
          .str(),
      "(N^2 - N)/2");
  EXPECT_EQ((N * Polynomial(Rational(3, 2))).str(), "3*N/2");
  EXPECT_EQ(Polynomial(Rational(-5, 3)).str(), "-5/3");
  EXPECT_EQ((Polynomial(0) - N).str(), "-N");
}

TEST(Polynomial, Pow) {
  Polynomial N = sym("N");
  EXPECT_EQ((N + Polynomial(1)).pow(2).str(), "N^2 + 2*N + 1");
  EXPECT_EQ(N.pow(0).str(), "1");
}

//===----------------------------------------------------------------------===//
// Quotients
//===----------------------------------------------------------------------===//

TEST(Polynomial, QuotientFoldsConstants) {
  EXPECT_EQ(
      Polynomial::quotient(Polynomial(10), BigInt(4), Rounding::Ceil).str(),
      "3");
  EXPECT_EQ(
      Polynomial::quotient(Polynomial(10), BigInt(4), Rounding::Floor).str(),
      "2");
  EXPECT_EQ(
      Polynomial::quotient(Polynomial(-10), BigInt(4), Rounding::TowardZero)
          .str(),
      "-2");
}

TEST(Polynomial, QuotientExactDivision) {
  Polynomial N = sym("N");
  Polynomial Q = Polynomial::quotient(Polynomial(8) * N + Polynomial(16),
                                      BigInt(8), Rounding::Ceil);
  EXPECT_EQ(Q.str(), "N + 2");
}

TEST(Polynomial, QuotientKeepsRemainderInsideRounding) {
  // ceil((8*M + N + 9)/8) = M + 1 + ceil((N + 1)/8).
  Polynomial M = sym("M"), N = sym("N");
  Polynomial Q = Polynomial::quotient(Polynomial(8) * M + N + Polynomial(9),
                                      BigInt(8), Rounding::Ceil);
  EXPECT_EQ(Q.str(), "M + ceil((N + 1)/8) + 1");
  for (int NV : {0, 1, 6, 7, 8, 100}) {
    auto V = Q.bind({{"M", 3}, {"N", NV}}).constant();
    ASSERT_TRUE(V);
    EXPECT_EQ(*V, Rational(ceilDiv(BigInt(24 + NV + 9), BigInt(8))));
  }
}

TEST(Polynomial, QuotientAtomEvaluates) {
  Polynomial N = sym("N");
  Polynomial Trips = Polynomial::quotient(N, BigInt(8), Rounding::Ceil);
  EXPECT_EQ(Trips.str(), "ceil(N/8)");
  EXPECT_EQ((Polynomial(8) * Trips).bind({{"N", 1003}}).constant()->str(),
            "1008");
  EXPECT_TRUE(Trips.dependsOnOpaquely("N"));
  EXPECT_EQ(Trips.freeNames(), std::set<std::string>{"N"});
}

TEST(Polynomial, TruncationOfASumStaysWhole) {
  Polynomial N = sym("N");
  Polynomial Q =
      Polynomial::quotient(N - Polynomial(1), BigInt(2), Rounding::TowardZero);
  EXPECT_EQ(Q.str(), "trunc((N - 1)/2)");
  EXPECT_EQ(Q.bind({{"N", 0}}).constant()->str(), "0"); // -1/2 -> 0
  EXPECT_EQ(Q.bind({{"N", 8}}).constant()->str(), "3");
}

TEST(Polynomial, NegativeDivisor) {
  Polynomial N = sym("N");
  Polynomial Q = Polynomial::quotient(N, BigInt(-2), Rounding::Floor);
  // floor(N / -2) = -ceil(N / 2)
  EXPECT_EQ(Q.bind({{"N", 5}}).constant()->str(), "-3");
}

//===----------------------------------------------------------------------===//
// Substitution and dependence
//===----------------------------------------------------------------------===//

TEST(Polynomial, Substitute) {
  Polynomial I = sym("i"), N = sym("N");
  Polynomial P = I * I + N;
  EXPECT_EQ(P.substitute("i", N + Polynomial(1)).str(), "N^2 + 3*N + 1");
}

TEST(Polynomial, SubstituteInsideQuotient) {
  Polynomial I = sym("i"), N = sym("N");
  Polynomial Q = Polynomial::quotient(N - I, BigInt(4), Rounding::Ceil);
  EXPECT_EQ(Q.substitute("i", Polynomial(0)).str(), "ceil(N/4)");
  EXPECT_EQ(Q.substitute("i", N).str(), "0");
}

TEST(Polynomial, OpaqueDependencies) {
  Polynomial Size = Polynomial::opaque("v.size()", {"v"});
  EXPECT_TRUE(Size.dependsOnOpaquely("v"));
  EXPECT_FALSE(Size.dependsOnOpaquely("i"));
  // The plain symbol is summable over itself.
  EXPECT_FALSE(Polynomial::symbol("i").dependsOnOpaquely("i"));
  EXPECT_EQ(Size.bind({{"v.size()", 7}}).constant()->str(), "7");
  Polynomial Row = Polynomial::opaque("rowptr[i + 1]", {"rowptr", "i"});
  EXPECT_FALSE(Row.sumOver("i", sym("n")).has_value());
}

TEST(Polynomial, CoefficientsIn) {
  Polynomial I = sym("i"), N = sym("N");
  std::vector<Polynomial> C =
      (Polynomial(3) * I * I * N + I + N).coefficientsIn("i");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].str(), "N");
  EXPECT_EQ(C[1].str(), "1");
  EXPECT_EQ(C[2].str(), "3*N");
}

//===----------------------------------------------------------------------===//
// Faulhaber sums
//===----------------------------------------------------------------------===//

TEST(Polynomial, SumOfConstantIsProduct) {
  // for (i = 0; i < N; i++) { 3 FLOPs } = 3*N.
  auto S = Polynomial(3).sumOver("i", sym("N"));
  ASSERT_TRUE(S);
  EXPECT_EQ(S->str(), "3*N");
}

TEST(Polynomial, TriangularLoop) {
  // for (i = 0; i < N; i++) for (j = 0; j < i; j++): sum_{i<N} i = N(N-1)/2.
  auto S = sym("i").sumOver("i", sym("N"));
  ASSERT_TRUE(S);
  EXPECT_EQ(S->str(), "(N^2 - N)/2");
  EXPECT_EQ(S->bind({{"N", 1000}}).constant()->str(), "499500");
}

TEST(Polynomial, TetrahedralLoop) {
  // for i < N, j < i, k < j: sum_i i(i-1)/2 = N(N-1)(N-2)/6.
  Polynomial I = sym("i"), N = sym("N");
  Polynomial Inner = *sym("j").sumOver("j", I);
  auto S = Inner.sumOver("i", N);
  ASSERT_TRUE(S);
  EXPECT_EQ(*S, (N * (N - Polynomial(1)) * (N - Polynomial(2))) *
                    Polynomial(Rational(1, 6)));
}

TEST(Polynomial, PowerSumsMatchBruteForce) {
  Polynomial T = sym("t"), M = sym("M");
  for (unsigned K = 0; K <= 7; ++K) {
    Polynomial Summand = T.pow(K) * (M + Polynomial(2)) + Polynomial(K);
    auto Closed = Summand.sumOver("t", sym("n"));
    ASSERT_TRUE(Closed);
    for (int Count : {0, 1, 2, 5, 13}) {
      auto Value = Closed->bind({{"n", Count}, {"M", 3}}).constant();
      ASSERT_TRUE(Value);
      EXPECT_EQ(*Value, bruteSum(Summand, "t", Count, {{"M", 3}}))
          << "k=" << K << " n=" << Count;
    }
  }
}

TEST(Polynomial, SumWithPolynomialCount) {
  // for (j = i + 1; j < N; j++): N - i - 1 iterations; summed over i < N
  // gives N(N-1)/2, the other triangle.
  Polynomial I = sym("i"), N = sym("N");
  auto S = (N - I - Polynomial(1)).sumOver("i", N);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->str(), "(N^2 - N)/2");
}

TEST(Polynomial, SumOverStridedLoop) {
  // for (i = 0; i < N; i += 8) { 8 lanes }: ceil(N/8) iterations, the atom
  // does not depend on the loop variable, so the sum is a product.
  Polynomial Trips = Polynomial::quotient(sym("N"), BigInt(8), Rounding::Ceil);
  auto S = Polynomial(8).sumOver("t", Trips);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->str(), "8*ceil(N/8)");
}

TEST(Polynomial, SumRefusesQuotientOfIndex) {
  Polynomial Inner =
      Polynomial::quotient(sym("N") - sym("i"), BigInt(4), Rounding::Ceil);
  EXPECT_FALSE(Inner.sumOver("i", sym("N")).has_value());
}

} // namespace
} // namespace roof::staticcount
