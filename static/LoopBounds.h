//===- static/LoopBounds.h - Trip counts as polynomials ---------*- C++ -*-===//
//
// for (i = a; i < b; i += c) runs ceil((b - a)/c) times; with <=, >, >=, !=
// and negative steps likewise. a and b become polynomials in what the
// program names: object-like macros by their name (NI, with the value of
// their definition, so -DNI=1000 evaluates), integer variables by theirs,
// enclosing loop variables (for j < i gives a trip count in i, summed by the
// caller), locals that are never reassigned by their initialiser, other
// loop-invariant expressions (v.size(), a->n) by their text.
//
// A loop is not bounded, and the reason said, when its header is not of that
// form, when the step is not a constant, when the loop variable or the bound
// changes inside the loop, or when the count depends on an enclosing loop
// variable other than polynomially (for (j = i; j < n; j += 4) inside a loop
// on i: ceil((n - i)/4) cannot be summed over i in closed form). Nothing is
// guessed.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_LOOP_BOUNDS_H
#define ROOF_STATIC_LOOP_BOUNDS_H

#include "StaticModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace roof::staticcount {

// A loop around the one being analysed.
struct EnclosingLoop {
  const clang::Stmt *Loop;
  const clang::VarDecl *Variable; // null for while, do and range-for loops
};

struct TripCount {
  bool Bounded = false;
  std::string Reason;                       // why not
  const clang::VarDecl *Variable = nullptr; // when found, bounded or not
  // The loop variable takes Start, Start + Step, ... Trips times.
  Polynomial Start;
  BigInt Step{1};
  Polynomial Trips;
};

class LoopBounds {
public:
  LoopBounds(clang::ASTContext &Ctx, clang::Preprocessor &PP,
             const clang::Stmt *FunctionBody)
      : Ctx(Ctx), PP(PP), FunctionBody(FunctionBody) {}

  TripCount analyze(const clang::ForStmt *For,
                    llvm::ArrayRef<EnclosingLoop> Enclosing);
  TripCount analyze(const clang::CXXForRangeStmt *For);

  // Every name the trip counts used, where it comes from and its value.
  const std::map<std::string, SymbolRecord> &symbols() const { return Symbols; }

private:
  // What toPolynomial needs to know about the loop being analysed.
  struct Context {
    const clang::Stmt *Loop = nullptr;
    const clang::VarDecl *Variable = nullptr;
    llvm::ArrayRef<EnclosingLoop> Enclosing;
    // Bounds are evaluated every iteration and must not change in the loop;
    // the start is evaluated once.
    bool MustBeInvariant = true;
    unsigned InitializerDepth = 0;
  };

  std::optional<Polynomial> toPolynomial(const clang::Expr *E, Context &C,
                                         std::string &Why);
  std::optional<Polynomial> variable(const clang::VarDecl *Var, Context &C,
                                     std::string &Why);
  std::optional<Polynomial> opaque(const clang::Expr *E, Context &C,
                                   std::string &Why);
  // The object-like macro whose whole expansion E is, if any.
  std::optional<std::string> wholeMacro(const clang::Expr *E) const;
  // The macro expanded at Expansion, if it is object-like and E is all of it.
  std::optional<std::string>
  objectLikeMacro(const clang::Expr *E,
                  const clang::CharSourceRange &Expansion) const;

  // What a statement writes: variables whose own storage it assigns,
  // increments, takes the address of, passes by non-const reference or
  // calls a non-const method on; and the text of every lvalue it writes,
  // for bounds read through pointers (s->n) that no variable stands for.
  struct Changes {
    llvm::DenseSet<const clang::VarDecl *> Vars;
    std::set<std::string> Lvalues;
    bool writes(const clang::VarDecl *Var) const;
    bool writes(llvm::StringRef Text) const;
  };
  const Changes &changesIn(const clang::Stmt *S);
  void collectChanges(const clang::Stmt *S, Changes &Out) const;
  bool isDeclaredIn(const clang::VarDecl *Var, const clang::Stmt *S) const;
  std::string text(const clang::Expr *E) const;
  unsigned line(const clang::Stmt *S) const;

  clang::ASTContext &Ctx;
  clang::Preprocessor &PP;
  const clang::Stmt *FunctionBody;
  std::map<std::string, SymbolRecord> Symbols;
  llvm::DenseMap<const clang::Stmt *, Changes> Modified;
};

} // namespace roof::staticcount

#endif // ROOF_STATIC_LOOP_BOUNDS_H
