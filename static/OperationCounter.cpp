//===- static/OperationCounter.cpp - FP work of one statement -------------===//
#include "OperationCounter.h"

#include "X86Intrinsics.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace clang;

namespace roof::staticcount {
namespace {

std::optional<ArithmeticOp> arithmeticOp(BinaryOperatorKind Kind) {
  switch (Kind) {
  case BO_Add:
  case BO_AddAssign:
    return ArithmeticOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    return ArithmeticOp::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return ArithmeticOp::Mul;
  case BO_Div:
  case BO_DivAssign:
    return ArithmeticOp::Div;
  default:
    return std::nullopt;
  }
}

std::optional<ArithmeticOp> arithmeticOp(OverloadedOperatorKind Kind) {
  switch (Kind) {
  case OO_Plus:
  case OO_PlusEqual:
    return ArithmeticOp::Add;
  case OO_Minus:
  case OO_MinusEqual:
    return ArithmeticOp::Sub;
  case OO_Star:
  case OO_StarEqual:
    return ArithmeticOp::Mul;
  case OO_Slash:
  case OO_SlashEqual:
    return ArithmeticOp::Div;
  default:
    return std::nullopt;
  }
}

bool isCompoundAssignment(OverloadedOperatorKind Kind) {
  return Kind == OO_PlusEqual || Kind == OO_MinusEqual ||
         Kind == OO_StarEqual || Kind == OO_SlashEqual;
}

RoofClass classOf(ArithmeticOp Op) {
  switch (Op) {
  case ArithmeticOp::Add:
  case ArithmeticOp::Sub:
    return ROOF_CLASS_ADD;
  case ArithmeticOp::Mul:
    return ROOF_CLASS_MUL;
  case ArithmeticOp::Div:
    return ROOF_CLASS_DIV;
  }
  return ROOF_CLASS_ADD;
}

// Whether an operand of complex arithmetic is complex. A real operand of C
// complex arithmetic may arrive promoted (_Complex)x; it is still real.
bool isComplexOperand(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
    if (Cast->getCastKind() == CK_FloatingRealToComplex ||
        Cast->getCastKind() == CK_IntegralRealToComplex)
      return false;
  QualType T = E->getType().getNonReferenceType();
  return T->isAnyComplexType() || isComplexClass(T);
}

// __mmask8 ... __mmask64, through any typedef sugar.
bool isMaskType(QualType T) {
  while (const auto *Typedef = T->getAs<TypedefType>()) {
    if (Typedef->getDecl()->getName().starts_with("__mmask"))
      return true;
    QualType Next = Typedef->desugar();
    if (Next == T)
      break;
    T = Next;
  }
  return false;
}

uint64_t laneBits(unsigned Lanes) {
  return Lanes >= 64 ? ~uint64_t(0) : (uint64_t(1) << Lanes) - 1;
}

} // namespace

OperationCounter::Result OperationCounter::count(const Stmt *Leaf) {
  Current = Result();
  visit(Leaf);
  return std::move(Current);
}

//===----------------------------------------------------------------------===//
// Walking the expression
//===----------------------------------------------------------------------===//

void OperationCounter::visit(const Stmt *S) {
  if (!S)
    return;
  // Not evaluated here: unevaluated operands, constants, lambda bodies
  // (functions of their own) and default arguments (written elsewhere).
  if (isa<LambdaExpr, UnaryExprOrTypeTraitExpr, CXXTypeidExpr, CXXNoexceptExpr,
          CXXDefaultArgExpr, CXXDefaultInitExpr, ConstantExpr, BlockExpr>(S))
    return;
  if (const auto *Generic = dyn_cast<GenericSelectionExpr>(S)) {
    // Of a _Generic selection (type-generic macros) one branch runs.
    if (!Generic->isResultDependent())
      visit(Generic->getResultExpr());
    return;
  }
  if (const auto *Declaration = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : Declaration->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D))
        // A static local is initialised once, not each time through.
        if (Var->hasLocalStorage() && Var->getInit())
          visit(Var->getInit());
    return;
  }

  // What may not run: the branches of ?: and the right of && and ||.
  if (const auto *Choice = dyn_cast<ConditionalOperator>(S)) {
    visit(Choice->getCond());
    maybeRuns({Choice->getTrueExpr(), Choice->getFalseExpr()});
    return;
  }
  if (const auto *Choice = dyn_cast<BinaryConditionalOperator>(S)) {
    visit(Choice->getCommon());
    maybeRuns({Choice->getFalseExpr()});
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp()) {
    visit(BO->getLHS());
    maybeRuns({BO->getRHS()});
    return;
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    binary(BO);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    unary(UO);
  } else if (const auto *Cast = dyn_cast<CastExpr>(S)) {
    cast(Cast);
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    call(Call);
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
    construct(Construct);
  }
  for (const Stmt *Child : S->children())
    visit(Child);
}

void OperationCounter::maybeRuns(std::initializer_list<const Expr *> Parts) {
  unsigned Before = Recorded;
  for (const Expr *Part : Parts)
    visit(Part);
  if (Recorded != Before)
    Current.HasConditionalParts = true;
}

void OperationCounter::binary(const BinaryOperator *BO) {
  const Expr *LHS = BO->getLHS(), *RHS = BO->getRHS();
  if (BO->isAssignmentOp()) {
    auto Shape = floatShape(LHS->getType(), Ctx);
    if (Shape && isMemory(LHS)) {
      if (BO->isCompoundAssignmentOp())
        load(Shape->Precision, Shape->Bytes, BO->getOperatorLoc());
      store(Shape->Precision, Shape->Bytes, BO->getOperatorLoc());
    }
  }
  if (auto Op = arithmeticOp(BO->getOpcode())) {
    QualType Type = BO->getType();
    if (const auto *Compound = dyn_cast<CompoundAssignOperator>(BO))
      Type = Compound->getComputationResultType();
    arithmetic(*Op, LHS, RHS, Type, BO->getOperatorLoc());
    return;
  }
  if (BO->isComparisonOp())
    if (auto Shape = floatShape(LHS->getType(), Ctx))
      add(Shape->Precision, {ROOF_CLASS_COMPARE, 1},
          Shape->Lanes * (Shape->Complex ? 2 : 1), BO->getOperatorLoc());
}

void OperationCounter::arithmetic(ArithmeticOp Op, const Expr *Left,
                                  const Expr *Right, QualType ResultType,
                                  SourceLocation Loc) {
  auto Shape = floatShape(ResultType, Ctx);
  if (!Shape) {
    if (ResultType->isRealFloatingType() || ResultType->isAnyComplexType())
      note("not counted: arithmetic on " + ResultType.getAsString() +
           ", none of fp16, bf16, fp32, fp64");
    return;
  }
  if (Shape->Complex)
    addAll(
        Shape->Precision,
        complexArithmetic(Op, isComplexOperand(Left), isComplexOperand(Right)),
        1, Loc);
  else
    add(Shape->Precision, {classOf(Op), 1}, Shape->Lanes, Loc);
}

void OperationCounter::unary(const UnaryOperator *UO) {
  if (!UO->isIncrementDecrementOp())
    return;
  const Expr *Operand = UO->getSubExpr();
  auto Shape = floatShape(Operand->getType(), Ctx);
  if (!Shape)
    return;
  add(Shape->Precision, {ROOF_CLASS_ADD, 1}, Shape->Lanes,
      UO->getOperatorLoc());
  if (isMemory(Operand)) {
    load(Shape->Precision, Shape->Bytes, UO->getOperatorLoc());
    store(Shape->Precision, Shape->Bytes, UO->getOperatorLoc());
  }
}

void OperationCounter::cast(const CastExpr *CE) {
  const Expr *Operand = CE->getSubExpr();
  switch (CE->getCastKind()) {
  case CK_LValueToRValue:
    if (auto Shape = floatShape(Operand->getType(), Ctx);
        Shape && isMemory(Operand))
      load(Shape->Precision, Shape->Bytes, CE->getExprLoc());
    return;
  case CK_FloatingCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingComplexCast:
  case CK_IntegralComplexToFloatingComplex:
  case CK_FloatingComplexToIntegralComplex: {
    // The compiler converts constants; x * 2 has no conversion at run time.
    if (Operand->isValueDependent() || Operand->isEvaluatable(Ctx))
      return;
    auto To = floatShape(CE->getType(), Ctx);
    auto Shape = To ? To : floatShape(Operand->getType(), Ctx);
    if (Shape)
      add(Shape->Precision, {ROOF_CLASS_CONVERT, 1},
          Shape->Lanes * (Shape->Complex ? 2 : 1), CE->getExprLoc());
    return;
  }
  default:
    return;
  }
}

void OperationCounter::construct(const CXXConstructExpr *CE) {
  // Copying a complex<T> out of memory reads it.
  if (CE->getNumArgs() == 1 && isComplexClass(CE->getType()) &&
      CE->getConstructor()->isCopyOrMoveConstructor())
    readOperand(CE->getArg(0));
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

void OperationCounter::call(const CallExpr *CE) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE)) {
    complexOperator(Op);
    return;
  }
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return;
  llvm::StringRef Name = Callee->getName();
  if (Name.starts_with("__builtin_ia32_")) {
    // An intrinsic with an immediate operand is a macro over the builtin:
    // its name is that of the macro the call is spelled in.
    const SourceManager &SM = Ctx.getSourceManager();
    for (SourceLocation Loc = CE->getBeginLoc(); Loc.isMacroID();
         Loc = SM.getImmediateMacroCallerLoc(Loc)) {
      llvm::StringRef Macro =
          Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
      if (Macro.starts_with("_mm")) {
        Name = Macro;
        break;
      }
    }
  }
  if (Name.starts_with("_mm"))
    intrinsic(CE, Callee, Name);
  else
    libraryCall(CE, Callee, Name);
}

void OperationCounter::intrinsic(const CallExpr *CE, const FunctionDecl *Callee,
                                 llvm::StringRef Name) {
  unsigned TypeLanes = 1;
  auto Consider = [&](QualType T) {
    if (auto Shape = floatShape(T, Ctx))
      TypeLanes = std::max(TypeLanes, Shape->Lanes);
  };
  Consider(CE->getType());
  for (const Expr *Arg : CE->arguments())
    Consider(Arg->IgnoreParenImpCasts()->getType());
  auto Effect = describeX86Intrinsic(Name, TypeLanes);
  if (!Effect)
    return;
  // Report the intrinsic where the program writes it, not inside the
  // header's macro.
  SourceLocation Loc =
      Ctx.getSourceManager().getExpansionLoc(CE->getBeginLoc());

  uint64_t Active = Effect->Lanes;
  bool MaskDependent = false;
  if (Effect->Masked) {
    // The mask operand: a parameter of type __mmask<N> of the intrinsic,
    // or, for a builtin behind a macro, the argument cast to one.
    std::optional<uint64_t> Mask;
    bool Found = false;
    for (unsigned I = 0; I < CE->getNumArgs() && !Found; ++I) {
      const Expr *Arg = CE->getArg(I);
      QualType Declared = Callee->getBuiltinID() || I >= Callee->getNumParams()
                              ? Arg->IgnoreParens()->getType()
                              : Callee->getParamDecl(I)->getType();
      if (!isMaskType(Declared))
        continue;
      Found = true;
      Expr::EvalResult Value;
      if (!Arg->isValueDependent() && Arg->EvaluateAsInt(Value, Ctx))
        Mask = Value.Val.getInt().getZExtValue();
    }
    if (Mask) {
      Active = llvm::popcount(*Mask & laneBits(Effect->Lanes));
    } else {
      MaskDependent = true;
      note("mask-dependent: " + Name.str() +
           " with a run-time mask, counted apart at all lanes");
    }
  }

  switch (Effect->What) {
  case IntrinsicEffect::Kind::Arithmetic: {
    uint64_t Elements = Effect->Reduction ? (Active ? Active - 1 : 0) : Active;
    add(Effect->Precision, Effect->PerLane, Elements, Loc, MaskDependent);
    if (!Effect->Listed.empty())
      list(Effect->Precision, Effect->Listed, Elements, MaskDependent);
    return;
  }
  case IntrinsicEffect::Kind::Load:
    load(Effect->Precision, Active * Effect->ElementBytes, Loc, MaskDependent);
    return;
  case IntrinsicEffect::Kind::Store:
    store(Effect->Precision, Active * Effect->ElementBytes, Loc, MaskDependent);
    return;
  case IntrinsicEffect::Kind::NoWork:
    return;
  case IntrinsicEffect::Kind::Unknown:
    note("not counted: " + Name.str() + ", no rule for this intrinsic");
    return;
  }
}

bool OperationCounter::libraryCall(const CallExpr *CE,
                                   const FunctionDecl *Callee,
                                   llvm::StringRef Name) {
  // Library functions: builtins, the standard library, system headers, and
  // functions only declared at global scope (CUDA's device math functions
  // declared by hand). A function of the program is counted in its body.
  bool IsLibrary =
      Callee->getBuiltinID() || Callee->isInStdNamespace() ||
      Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()) ||
      (Callee->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
       !Callee->hasBody());
  if (!IsLibrary)
    return false;
  SourceLocation Loc = CE->getBeginLoc();

  // CUDA: atomicAdd on floating-point memory is a read-modify-write add;
  // __ldg is a load through the read-only cache.
  if ((Name.starts_with("atomicAdd") || Name == "__ldg") &&
      CE->getNumArgs() >= 1) {
    QualType Pointee = CE->getArg(0)->getType()->getPointeeType();
    auto Shape = Pointee.isNull() ? std::nullopt : floatShape(Pointee, Ctx);
    if (!Shape)
      return false;
    load(Shape->Precision, Shape->Bytes, Loc);
    if (Name != "__ldg") {
      add(Shape->Precision, {ROOF_CLASS_ADD, 1}, Shape->Lanes, Loc);
      store(Shape->Precision, Shape->Bytes, Loc);
    }
    return true;
  }

  const Expr *ComplexArg = nullptr;
  for (const Expr *Arg : CE->arguments())
    if (auto Shape = floatShape(Arg->getType(), Ctx); Shape && Shape->Complex) {
      ComplexArg = Arg;
      break;
    }
  std::optional<CallCost> Cost;
  std::optional<FloatShape> Shape;
  if (ComplexArg || Name == "polar") {
    Cost = complexMathFunction(Name);
    Shape = floatShape(ComplexArg ? ComplexArg->getType() : CE->getType(), Ctx);
  } else {
    Cost = realMathFunction(Name);
    // sincos returns nothing and lround an integer: the precision is the
    // argument's.
    Shape = floatShape(CE->getType(), Ctx);
    for (unsigned I = 0; !Shape && I < CE->getNumArgs(); ++I)
      Shape = floatShape(CE->getArg(I)->getType(), Ctx);
  }
  if (!Cost || !Shape)
    return false;
  uint64_t Elements = Shape->Complex ? 1 : Shape->Lanes;
  addAll(Shape->Precision, Cost->Counts, Elements, Loc);
  if (!Cost->Listed.empty())
    list(Shape->Precision, Cost->Listed, Elements);
  // std::min, std::max and the complex functions take references: the
  // operands are read by the call, with no conversion to show it.
  for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams(); ++I)
    if (Callee->getParamDecl(I)->getType()->isReferenceType())
      readOperand(CE->getArg(I));
  return true;
}

bool OperationCounter::complexOperator(const CXXOperatorCallExpr *Op) {
  if (Op->getNumArgs() != 2)
    return false;
  const Expr *Left = Op->getArg(0), *Right = Op->getArg(1);
  bool LeftComplex = isComplexClass(Left->getType());
  bool RightComplex = isComplexClass(Right->getType());
  if (!LeftComplex && !RightComplex)
    return false;
  auto Shape =
      floatShape(LeftComplex ? Left->getType() : Right->getType(), Ctx);
  if (!Shape)
    return false;
  OverloadedOperatorKind Kind = Op->getOperator();
  SourceLocation Loc = Op->getOperatorLoc();
  if (Kind == OO_Equal) {
    if (auto Target = floatShape(Left->getType(), Ctx);
        Target && isMemory(Left))
      store(Target->Precision, Target->Bytes, Loc);
    readOperand(Right);
    return true;
  }
  if (Kind == OO_EqualEqual || Kind == OO_ExclaimEqual) {
    add(Shape->Precision, {ROOF_CLASS_COMPARE, 1}, 2, Loc);
    readOperand(Left);
    readOperand(Right);
    return true;
  }
  auto Arithmetic = arithmeticOp(Kind);
  if (!Arithmetic)
    return false;
  addAll(Shape->Precision,
         complexArithmetic(*Arithmetic, LeftComplex, RightComplex), 1, Loc);
  if (isCompoundAssignment(Kind)) {
    if (isMemory(Left)) {
      load(Shape->Precision, Shape->Bytes, Loc);
      store(Shape->Precision, Shape->Bytes, Loc);
    }
  } else {
    readOperand(Left);
  }
  readOperand(Right);
  return true;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

void OperationCounter::readOperand(const Expr *Operand) {
  // Through parentheses and added qualifiers only: a by-value operand is a
  // copy or a conversion, whose read is counted where it is.
  const Expr *E = Operand->IgnoreParens();
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() != CK_NoOp)
      break;
    E = Cast->getSubExpr()->IgnoreParens();
  }
  if (!E->isGLValue())
    return;
  if (auto Shape = floatShape(E->getType(), Ctx); Shape && isMemory(E))
    load(Shape->Precision, Shape->Bytes, E->getExprLoc());
}

bool OperationCounter::isMemory(const Expr *LValue) const {
  const Expr *E = LValue->IgnoreParens();
  while (true) {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
      E = Cast->getSubExpr()->IgnoreParens();
      continue;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (!Var)
        return false;
      // A local or parameter is a register; a reference, a global or a
      // static is memory.
      return Var->getType()->isReferenceType() || !Var->hasLocalStorage();
    }
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (Member->isArrow())
        return true;
      E = Member->getBase()->IgnoreParens();
      continue;
    }
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      // v[2] of a vector variable is a lane of a register.
      if (!Subscript->getBase()->getType()->isVectorType())
        return true;
      E = Subscript->getBase()->IgnoreParens();
      continue;
    }
    if (const auto *Lane = dyn_cast<ExtVectorElementExpr>(E)) {
      E = Lane->getBase()->IgnoreParens();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref)
        return true;
      if (UO->getOpcode() == UO_Real || UO->getOpcode() == UO_Imag) {
        E = UO->getSubExpr()->IgnoreParens();
        continue;
      }
      return false;
    }
    if (const auto *Conditional = dyn_cast<ConditionalOperator>(E))
      return isMemory(Conditional->getTrueExpr()) ||
             isMemory(Conditional->getFalseExpr());
    // A call returning a reference: vector::operator[], A(i, j).
    if (isa<CallExpr>(E))
      return true;
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

void OperationCounter::seen(SourceLocation Loc) {
  ++Recorded;
  if (Current.MacroOperation.isValid() || !Loc.isMacroID())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // Macros of system headers (the intrinsics' own) are not the program's.
  if (SM.isMacroBodyExpansion(Loc) &&
      !SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    Current.MacroOperation = Loc;
}

void OperationCounter::add(RoofPrecision Precision, ClassCount Count,
                           uint64_t Elements, SourceLocation Loc,
                           bool MaskDependent) {
  if (Elements == 0 || Count.Amount == 0)
    return;
  Tally &T =
      MaskDependent ? Current.Counts.MaskDependent : Current.Counts.Canonical;
  T.Precisions[Precision].Classes[Count.Class] +=
      Polynomial(int64_t(Count.Amount * Elements));
  seen(Loc);
}

void OperationCounter::addAll(RoofPrecision Precision,
                              const std::vector<ClassCount> &Counts,
                              uint64_t Elements, SourceLocation Loc) {
  for (const ClassCount &Count : Counts)
    add(Precision, Count, Elements, Loc);
}

void OperationCounter::list(RoofPrecision Precision,
                            const std::string &Function, uint64_t Elements,
                            bool MaskDependent) {
  if (Elements == 0)
    return;
  Tally &T =
      MaskDependent ? Current.Counts.MaskDependent : Current.Counts.Canonical;
  T.Precisions[Precision].Functions[Function] += Polynomial(int64_t(Elements));
}

void OperationCounter::load(RoofPrecision Precision, uint64_t Bytes,
                            SourceLocation Loc, bool MaskDependent) {
  if (Bytes == 0)
    return;
  Tally &T =
      MaskDependent ? Current.Counts.MaskDependent : Current.Counts.Canonical;
  T.Precisions[Precision].BytesLoaded += Polynomial(int64_t(Bytes));
  seen(Loc);
}

void OperationCounter::store(RoofPrecision Precision, uint64_t Bytes,
                             SourceLocation Loc, bool MaskDependent) {
  if (Bytes == 0)
    return;
  Tally &T =
      MaskDependent ? Current.Counts.MaskDependent : Current.Counts.Canonical;
  T.Precisions[Precision].BytesStored += Polynomial(int64_t(Bytes));
  seen(Loc);
}

void OperationCounter::note(const std::string &Text) {
  if (std::find(Current.Notes.begin(), Current.Notes.end(), Text) ==
      Current.Notes.end())
    Current.Notes.push_back(Text);
}

} // namespace roof::staticcount
