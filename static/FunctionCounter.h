//===- static/FunctionCounter.h - One function, as written ------*- C++ -*-===//
//
// Walks the body of a function: every floating-point statement is counted
// once (OperationCounter) and multiplied by the number of times it runs, the
// nested sum of the trip counts of the loops around it (LoopBounds), summed
// innermost first so that for (i < N) for (j < i) gives N*(N-1)/2. Loops that
// cannot be bounded get a symbol trips_L<line> for their trip count per
// entry, so that the totals stay exact polynomials in what is known.
//
// Code under if, switch, ?:, && and || is counted as if it ran, and marked
// conditional. OpenMP directives are looked through to the loops they hold.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_FUNCTION_COUNTER_H
#define ROOF_STATIC_FUNCTION_COUNTER_H

#include "StaticModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>

namespace roof::staticcount {

class FunctionCounter {
public:
  FunctionCounter(clang::ASTContext &Ctx, clang::Preprocessor &PP);

  // Counts F, a function definition. Throws std::exception when the
  // polynomial arithmetic cannot go on (it reports the function as failed).
  FunctionRecord count(const clang::FunctionDecl &F);

  // The linkage name, as in the runtime JSON's "name".
  std::string mangledName(const clang::FunctionDecl &F);

private:
  clang::ASTContext &Ctx;
  clang::Preprocessor &PP;
  std::unique_ptr<clang::MangleContext> Mangler;
};

} // namespace roof::staticcount

#endif // ROOF_STATIC_FUNCTION_COUNTER_H
