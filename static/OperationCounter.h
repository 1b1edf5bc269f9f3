//===- static/OperationCounter.h - FP work of one statement -----*- C++ -*-===//
//
// Counts what one execution of a statement does, as written: each
// floating-point + - * / and compound assignment (1 per element), library
// math functions, complex arithmetic, x86 intrinsics by lane (masked ones by
// the active lanes of a constant mask, or apart as mask-dependent), and the
// bytes of floating-point memory read and written.
//
// What counts as memory: array elements, dereferenced pointers, members
// reached through pointers, globals, statics and references. A local scalar
// or vector variable (or a parameter) is a register, as a person counting by
// hand assumes: in y[i] = a*x[i] + y[i] the loads are x[i] and y[i], not a.
//
// Calls to the program's own functions count nothing here: their bodies are
// counted as functions of their own.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_STATIC_OPERATION_COUNTER_H
#define ROOF_STATIC_OPERATION_COUNTER_H

#include "CountingRules.h"
#include "FloatTypes.h"
#include "StaticModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace roof::staticcount {

class OperationCounter {
public:
  explicit OperationCounter(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  struct Result {
    OpCounts Counts;
    std::vector<std::string> Notes;
    // The first counted operation written in the body of one of the
    // program's macros, if any: the statement is reported with that macro.
    clang::SourceLocation MacroOperation;
    // Counts work under ?:, && or ||, which may not run: counted as if it
    // did.
    bool HasConditionalParts = false;
  };

  // One execution of Leaf: an expression, declaration or return statement,
  // or the condition of a loop or if (not its body).
  Result count(const clang::Stmt *Leaf);

private:
  void visit(const clang::Stmt *S);
  // Visits parts that may not run, and says so if they count anything.
  void maybeRuns(std::initializer_list<const clang::Expr *> Parts);
  void binary(const clang::BinaryOperator *BO);
  void unary(const clang::UnaryOperator *UO);
  void cast(const clang::CastExpr *CE);
  void call(const clang::CallExpr *CE);
  void construct(const clang::CXXConstructExpr *CE);

  void arithmetic(ArithmeticOp Op, const clang::Expr *Left,
                  const clang::Expr *Right, clang::QualType ResultType,
                  clang::SourceLocation Loc);
  bool complexOperator(const clang::CXXOperatorCallExpr *Op);
  void intrinsic(const clang::CallExpr *CE, const clang::FunctionDecl *Callee,
                 llvm::StringRef Name);
  bool libraryCall(const clang::CallExpr *CE, const clang::FunctionDecl *Callee,
                   llvm::StringRef Name);

  // A value read from memory where no lvalue-to-rvalue conversion shows it:
  // a complex<T> or a reference argument of a counted call.
  void readOperand(const clang::Expr *Operand);
  bool isMemory(const clang::Expr *LValue) const;

  void add(RoofPrecision Precision, ClassCount Count, uint64_t Elements,
           clang::SourceLocation Loc, bool MaskDependent = false);
  void addAll(RoofPrecision Precision, const std::vector<ClassCount> &Counts,
              uint64_t Elements, clang::SourceLocation Loc);
  void list(RoofPrecision Precision, const std::string &Function,
            uint64_t Elements, bool MaskDependent = false);
  void load(RoofPrecision Precision, uint64_t Bytes, clang::SourceLocation Loc,
            bool MaskDependent = false);
  void store(RoofPrecision Precision, uint64_t Bytes, clang::SourceLocation Loc,
             bool MaskDependent = false);
  void note(const std::string &Text);
  // Called for every operation and access counted, at Loc.
  void seen(clang::SourceLocation Loc);

  clang::ASTContext &Ctx;
  Result Current;
  unsigned Recorded = 0; // operations and accesses seen so far
};

} // namespace roof::staticcount

#endif // ROOF_STATIC_OPERATION_COUNTER_H
