//===- static/LoopBounds.cpp - Trip counts of loops as polynomials --------===//
#include "LoopBounds.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

using namespace clang;

namespace roof::staticcount {
namespace {

std::optional<BigInt> integerConstant(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult Result;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  const llvm::APSInt &Value = Result.Val.getInt();
  if (Value.getSignificantBits() > 64)
    return std::nullopt;
  return BigInt(Value.getExtValue());
}

const VarDecl *referencedVar(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

bool mentions(const Stmt *S, const VarDecl *Var) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (Ref->getDecl() == Var)
      return true;
  for (const Stmt *Child : S->children())
    if (mentions(Child, Var))
      return true;
  return false;
}

void referencedVars(const Stmt *S, std::vector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      Out.push_back(Var);
  for (const Stmt *Child : S->children())
    referencedVars(Child, Out);
}

struct Increment {
  const VarDecl *Var;
  BigInt Step;
};

// i++, ++i, i--, --i, i += c, i -= c, i = i + c, i = c + i, i = i - c, each
// side of a comma.
void collectIncrements(const Expr *E, const ASTContext &Ctx,
                       std::vector<Increment> &Out) {
  if (!E)
    return;
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (const VarDecl *Var = referencedVar(UO->getSubExpr());
        Var && UO->isIncrementDecrementOp())
      Out.push_back({Var, BigInt(UO->isIncrementOp() ? 1 : -1)});
    return;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return;
  if (BO->getOpcode() == BO_Comma) {
    collectIncrements(BO->getLHS(), Ctx, Out);
    collectIncrements(BO->getRHS(), Ctx, Out);
    return;
  }
  const VarDecl *Var = referencedVar(BO->getLHS());
  if (!Var)
    return;
  if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) {
    if (auto Step = integerConstant(BO->getRHS(), Ctx))
      Out.push_back({Var, BO->getOpcode() == BO_AddAssign ? *Step : -*Step});
    return;
  }
  if (BO->getOpcode() != BO_Assign)
    return;
  const auto *Sum =
      dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (!Sum)
    return;
  if (Sum->getOpcode() == BO_Add || Sum->getOpcode() == BO_Sub) {
    if (referencedVar(Sum->getLHS()) == Var)
      if (auto Step = integerConstant(Sum->getRHS(), Ctx))
        Out.push_back({Var, Sum->getOpcode() == BO_Add ? *Step : -*Step});
    if (Sum->getOpcode() == BO_Add && referencedVar(Sum->getRHS()) == Var)
      if (auto Step = integerConstant(Sum->getLHS(), Ctx))
        Out.push_back({Var, *Step});
  }
}

// The value the loop header gives Var before the first iteration.
const Expr *startOf(const Stmt *Init, const VarDecl *Var) {
  if (!Init)
    return nullptr;
  if (const auto *Declaration = dyn_cast<DeclStmt>(Init)) {
    for (const Decl *D : Declaration->decls())
      if (D == Var)
        return Var->getInit();
    return nullptr;
  }
  const auto *InitExpr = dyn_cast<Expr>(Init);
  const auto *BO =
      InitExpr ? dyn_cast<BinaryOperator>(InitExpr->IgnoreParens()) : nullptr;
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_Comma) {
    if (const Expr *Start = startOf(BO->getRHS(), Var))
      return Start;
    return startOf(BO->getLHS(), Var);
  }
  if (BO->getOpcode() == BO_Assign && referencedVar(BO->getLHS()) == Var)
    return BO->getRHS();
  return nullptr;
}

BinaryOperatorKind mirrored(BinaryOperatorKind Kind) {
  switch (Kind) {
  case BO_LT:
    return BO_GT;
  case BO_GT:
    return BO_LT;
  case BO_LE:
    return BO_GE;
  case BO_GE:
    return BO_LE;
  default:
    return Kind;
  }
}

bool hasOpaqueAtoms(const Polynomial &P) {
  for (const auto &[M, C] : P.terms())
    for (const Monomial::Power &Power : M.powers())
      if (Power.Base->kind() == Atom::Kind::Opaque)
        return true;
  return false;
}

} // namespace

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

TripCount LoopBounds::analyze(const ForStmt *For,
                              llvm::ArrayRef<EnclosingLoop> Enclosing) {
  TripCount Result;
  const auto *Condition =
      For->getCond()
          ? dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts())
          : nullptr;
  if (!Condition || !Condition->isComparisonOp() ||
      Condition->getOpcode() == BO_EQ || Condition->getOpcode() == BO_Cmp) {
    Result.Reason = For->getCond()
                        ? "the condition is not a comparison <, <=, >, >= or !="
                        : "the loop has no condition";
    return Result;
  }
  std::vector<Increment> Increments;
  collectIncrements(For->getInc(), Ctx, Increments);
  const Increment *Induction = nullptr;
  for (const Increment &Candidate : Increments)
    if (mentions(Condition, Candidate.Var)) {
      Induction = &Candidate;
      break;
    }
  if (!Induction) {
    Result.Reason = "the increment is not i++, i--, i += c or i -= c with a "
                    "constant c on a variable of the condition";
    return Result;
  }
  const VarDecl *Var = Induction->Var;
  std::string Name = Var->getName().str();
  Result.Variable = Var;
  if (!Var->getType()->isIntegralOrEnumerationType()) {
    Result.Reason = "the loop variable " + Name + " is not an integer";
    return Result;
  }
  if (Induction->Step == 0) {
    Result.Reason = "the step is 0";
    return Result;
  }
  if (changesIn(For->getBody()).writes(Var)) {
    Result.Reason = Name + " is changed in the loop body";
    return Result;
  }
  const Expr *StartExpr = startOf(For->getInit(), Var);
  if (!StartExpr) {
    Result.Reason = "the start of " + Name + " is not set in the loop header";
    return Result;
  }

  Context C;
  C.Loop = For;
  C.Variable = Var;
  C.Enclosing = Enclosing;
  std::string Why;
  auto Left = toPolynomial(Condition->getLHS(), C, Why);
  auto Right = Left ? toPolynomial(Condition->getRHS(), C, Why) : std::nullopt;
  C.MustBeInvariant = false;
  auto Start = Right ? toPolynomial(StartExpr, C, Why) : std::nullopt;
  if (!Start) {
    Result.Reason = Why;
    return Result;
  }

  // Left op Right, with Right - Left = c*Name + Rest and c = +-1, becomes
  // Name op Bound.
  Polynomial Difference = *Right - *Left;
  std::vector<Polynomial> Coefficients = Difference.coefficientsIn(Name);
  std::optional<Rational> Coefficient =
      Coefficients.size() == 2 ? Coefficients[1].constant() : std::nullopt;
  if (Difference.dependsOnOpaquely(Name) || !Coefficient ||
      (*Coefficient != Rational(1) && *Coefficient != Rational(-1))) {
    Result.Reason = "the condition is not " + Name + " compared with a bound";
    return Result;
  }
  BinaryOperatorKind Relation = Condition->getOpcode();
  Polynomial Bound = Coefficients[0];
  if (*Coefficient == Rational(1)) {
    Bound = -Bound;
    Relation = mirrored(Relation);
  }

  // Values Start, Start + Step, ... while Name Relation Bound.
  bool Up = Induction->Step > 0;
  BigInt Magnitude = Up ? Induction->Step : -Induction->Step;
  Polynomial Span = Up ? Bound - *Start : *Start - Bound;
  BinaryOperatorKind Continues = Up ? BO_LT : BO_GT;
  BinaryOperatorKind ContinuesOrEqual = Up ? BO_LE : BO_GE;
  if (Relation == ContinuesOrEqual)
    Span += Polynomial(1);
  else if (Relation != Continues && Relation != BO_NE) {
    Result.Reason = "the condition does not end the loop: " + Name +
                    (Up ? " grows" : " shrinks") + " and the loop runs while " +
                    Name + " " + BinaryOperator::getOpcodeStr(Relation).str() +
                    " " + Bound.str();
    return Result;
  }
  // With != the loop ends only if Step divides the span: then exactly.
  Polynomial Trips =
      Relation == BO_NE ? Span * Polynomial(Rational(BigInt(1), Magnitude))
                        : Polynomial::quotient(Span, Magnitude, Rounding::Ceil);
  if (auto Constant = Trips.constant(); Constant && Constant->isNegative())
    Trips = Polynomial(0);

  for (const EnclosingLoop &Outer : Enclosing) {
    if (!Outer.Variable)
      continue;
    llvm::StringRef OuterName = Outer.Variable->getName();
    if (Trips.dependsOnOpaquely(OuterName) ||
        Start->dependsOnOpaquely(OuterName)) {
      Result.Reason = "the trip count " + Trips.str() +
                      " depends on the loop variable " + OuterName.str() +
                      " of line " + std::to_string(line(Outer.Loop)) +
                      " in a way that has no closed-form sum";
      return Result;
    }
  }
  Result.Bounded = true;
  Result.Start = *Start;
  Result.Step = Induction->Step;
  Result.Trips = Trips;
  return Result;
}

TripCount LoopBounds::analyze(const CXXForRangeStmt *For) {
  TripCount Result;
  QualType Range = For->getRangeInit()->getType().getNonReferenceType();
  if (const ConstantArrayType *Array = Ctx.getAsConstantArrayType(Range)) {
    Result.Bounded = true;
    Result.Trips = Polynomial(int64_t(Array->getSize().getZExtValue()));
    return Result;
  }
  Result.Reason = "the length of the range (" + Range.getAsString() +
                  ") is not known from the source";
  return Result;
}

//===----------------------------------------------------------------------===//
// Expressions to polynomials
//===----------------------------------------------------------------------===//

std::optional<Polynomial> LoopBounds::toPolynomial(const Expr *E, Context &C,
                                                   std::string &Why) {
  if (E->isValueDependent() || E->isTypeDependent()) {
    Why = text(E) + " depends on a template parameter";
    return std::nullopt;
  }
  if (auto Macro = wholeMacro(E)) {
    SymbolRecord Record{"macro", std::nullopt};
    if (auto Value = integerConstant(E, Ctx))
      Record.Value = Rational(*Value);
    Symbols.emplace(*Macro, Record);
    return Polynomial::symbol(*Macro);
  }
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    if (Cast->getSubExpr()->getType()->isIntegralOrEnumerationType())
      return toPolynomial(Cast->getSubExpr(), C, Why);
  if (const auto *Substituted = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return toPolynomial(Substituted->getReplacement(), C, Why);
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    if (auto Value = integerConstant(E, Ctx))
      return Polynomial(Rational(*Value));

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Add || Op == BO_Sub || Op == BO_Mul) {
      auto L = toPolynomial(BO->getLHS(), C, Why);
      auto R = L ? toPolynomial(BO->getRHS(), C, Why) : std::nullopt;
      if (!R)
        return std::nullopt;
      return Op == BO_Add ? *L + *R : Op == BO_Sub ? *L - *R : *L * *R;
    }
    auto Divisor = integerConstant(BO->getRHS(), Ctx);
    if (Divisor && *Divisor > 0 && *Divisor < 63 &&
        (Op == BO_Shl || Op == BO_Shr))
      Divisor = BigInt(int64_t(1) << int64_t(*Divisor));
    else if (Op == BO_Shl || Op == BO_Shr)
      Divisor.reset();
    if (Divisor && *Divisor != 0 &&
        (Op == BO_Div || Op == BO_Shl || Op == BO_Shr)) {
      auto L = toPolynomial(BO->getLHS(), C, Why);
      if (!L)
        return std::nullopt;
      if (Op == BO_Shl)
        return *L * Polynomial(Rational(*Divisor));
      // C's / truncates; >> on the non-negative values of a count floors.
      return Polynomial::quotient(
          *L, *Divisor, Op == BO_Div ? Rounding::TowardZero : Rounding::Floor);
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) {
      auto Operand = toPolynomial(UO->getSubExpr(), C, Why);
      if (!Operand)
        return std::nullopt;
      return UO->getOpcode() == UO_Minus ? -*Operand : *Operand;
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      return variable(Var, C, Why);
    if (const auto *Enumerator = dyn_cast<EnumConstantDecl>(Ref->getDecl())) {
      std::string Name = Enumerator->getName().str();
      Symbols.emplace(
          Name, SymbolRecord{
                    "constant",
                    Rational(BigInt(Enumerator->getInitVal().getExtValue()))});
      return Polynomial::symbol(Name);
    }
  }
  if (auto Value = integerConstant(E, Ctx))
    return Polynomial(Rational(*Value));
  return opaque(E, C, Why);
}

std::optional<Polynomial> LoopBounds::variable(const VarDecl *Var, Context &C,
                                               std::string &Why) {
  std::string Name = Var->getName().str();
  if (Var == C.Variable)
    return Polynomial::symbol(Name);
  for (const EnclosingLoop &Outer : C.Enclosing)
    if (Outer.Variable == Var)
      return Polynomial::symbol(Name);
  if (!Var->getType()->isIntegralOrEnumerationType()) {
    Why = Name + " is not an integer";
    return std::nullopt;
  }
  if (C.MustBeInvariant) {
    const auto *For = cast<ForStmt>(C.Loop);
    if (changesIn(For->getBody()).writes(Var) ||
        (For->getInc() && changesIn(For->getInc()).writes(Var))) {
      Why = Name + " changes inside the loop";
      return std::nullopt;
    }
  }
  // A named constant keeps its name, with its value.
  std::optional<BigInt> ConstantValue;
  if (Var->getType().isConstQualified() && Var->getInit())
    ConstantValue = integerConstant(Var->getInit(), Ctx);
  // A local set once keeps the value of its initialiser (int len = n - i
  // follows i), when that is a polynomial of named quantities.
  if (!ConstantValue && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
      Var->getInit() && !changesIn(FunctionBody).writes(Var) &&
      C.InitializerDepth < 8) {
    ++C.InitializerDepth;
    std::string InitializerWhy;
    auto Initial = toPolynomial(Var->getInit(), C, InitializerWhy);
    --C.InitializerDepth;
    if (Initial && !hasOpaqueAtoms(*Initial))
      return Initial;
  }
  for (const EnclosingLoop &Outer : C.Enclosing)
    if (isDeclaredIn(Var, Outer.Loop) || changesIn(Outer.Loop).writes(Var)) {
      Why = Name + " changes from one iteration of the loop at line " +
            std::to_string(line(Outer.Loop)) + " to the next";
      return std::nullopt;
    }
  SymbolRecord Record{ConstantValue ? "constant" : "variable", std::nullopt};
  if (ConstantValue)
    Record.Value = Rational(*ConstantValue);
  Symbols.emplace(Name, Record);
  return Polynomial::symbol(Name);
}

std::optional<Polynomial> LoopBounds::opaque(const Expr *E, Context &C,
                                             std::string &Why) {
  std::string Text = text(E);
  if (!E->getType()->isIntegralOrEnumerationType()) {
    Why = Text + " is not an integer";
    return std::nullopt;
  }
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
    Why = Text + " has side effects";
    return std::nullopt;
  }
  std::vector<const VarDecl *> Vars;
  referencedVars(E, Vars);
  std::set<std::string> Dependencies;
  for (const VarDecl *Var : Vars) {
    Dependencies.insert(Var->getName().str());
    bool IsLoopVariable = Var == C.Variable;
    for (const EnclosingLoop &Outer : C.Enclosing)
      IsLoopVariable |= Outer.Variable == Var;
    if (IsLoopVariable)
      continue;
    if (C.MustBeInvariant) {
      const auto *For = cast<ForStmt>(C.Loop);
      if (changesIn(For->getBody()).writes(Var)) {
        Why = Text + " changes inside the loop (" + Var->getName().str() +
              " is modified)";
        return std::nullopt;
      }
    }
    for (const EnclosingLoop &Outer : C.Enclosing)
      if (isDeclaredIn(Var, Outer.Loop) || changesIn(Outer.Loop).writes(Var)) {
        Why = Text + " changes from one iteration of the loop at line " +
              std::to_string(line(Outer.Loop)) + " to the next";
        return std::nullopt;
      }
  }
  // What is read through a pointer changes where the same lvalue is written;
  // writes through other names (aliases) are not seen.
  if (C.MustBeInvariant) {
    const auto *For = cast<ForStmt>(C.Loop);
    if (changesIn(For->getBody()).writes(Text) ||
        (For->getInc() && changesIn(For->getInc()).writes(Text))) {
      Why = Text + " changes inside the loop";
      return std::nullopt;
    }
  }
  for (const EnclosingLoop &Outer : C.Enclosing)
    if (changesIn(Outer.Loop).writes(Text)) {
      Why = Text + " changes from one iteration of the loop at line " +
            std::to_string(line(Outer.Loop)) + " to the next";
      return std::nullopt;
    }
  Symbols.emplace(Text, SymbolRecord{"expression", std::nullopt});
  return Polynomial::opaque(Text, std::move(Dependencies));
}

std::optional<std::string> LoopBounds::wholeMacro(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  // The expansions E lies in, innermost first: in a macro of macros
  // (#define M N) the name the program wrote is the outermost one that E is
  // all of.
  std::vector<CharSourceRange> Levels;
  SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
  while (Begin.isMacroID() && End.isMacroID()) {
    CharSourceRange First = SM.getImmediateExpansionRange(Begin);
    CharSourceRange Last = SM.getImmediateExpansionRange(End);
    if (First.getBegin() != Last.getBegin() || First.getEnd() != Last.getEnd())
      break;
    Levels.push_back(First);
    Begin = First.getBegin();
    End = First.getEnd();
  }
  for (auto Level = Levels.rbegin(); Level != Levels.rend(); ++Level)
    if (auto Name = objectLikeMacro(E, *Level))
      return Name;
  return std::nullopt;
}

std::optional<std::string>
LoopBounds::objectLikeMacro(const Expr *E,
                            const CharSourceRange &Expansion) const {
  const SourceManager &SM = Ctx.getSourceManager();
  // One token: the name of an object-like macro.
  if (Expansion.getBegin() != Expansion.getEnd())
    return std::nullopt;
  Token NameToken;
  if (Lexer::getRawToken(SM.getSpellingLoc(Expansion.getBegin()), NameToken, SM,
                         Ctx.getLangOpts(), /*IgnoreWhiteSpace=*/true) ||
      !NameToken.is(tok::raw_identifier))
    return std::nullopt;
  IdentifierInfo *Identifier =
      PP.getIdentifierInfo(NameToken.getRawIdentifier());
  const MacroInfo *Macro =
      PP.getMacroDefinitionAtLoc(Identifier,
                                 SM.getExpansionLoc(Expansion.getBegin()))
          .getMacroInfo();
  if (!Macro || Macro->isFunctionLike() || Macro->getNumTokens() == 0)
    return std::nullopt;
  // The expression must be all of the macro, not a part of an unbracketed
  // body (#define N 10+2 in N*3): the body is one token, bracketed, a call
  // of a function-like macro, or exactly what E spans.
  llvm::ArrayRef<Token> Body = Macro->tokens();
  bool Whole =
      Body.size() == 1 ||
      (Body.back().is(tok::r_paren) &&
       (Body.front().is(tok::l_paren) ||
        (Body.front().is(tok::identifier) && Body.size() > 1 &&
         Body[1].is(tok::l_paren)))) ||
      (SM.getSpellingLoc(E->getBeginLoc()) == Body.front().getLocation() &&
       SM.getSpellingLoc(E->getEndLoc()) == Body.back().getLocation());
  if (!Whole)
    return std::nullopt;
  return NameToken.getRawIdentifier().str();
}

//===----------------------------------------------------------------------===//
// Facts about variables
//===----------------------------------------------------------------------===//

const LoopBounds::Changes &LoopBounds::changesIn(const Stmt *S) {
  auto It = Modified.find(S);
  if (It != Modified.end())
    return It->second;
  Changes &Found = Modified[S];
  collectChanges(S, Found);
  return Found;
}

void LoopBounds::collectChanges(const Stmt *S, Changes &Out) const {
  if (!S)
    return;
  auto Written = [&](const Expr *E) {
    Out.Lvalues.insert(text(E));
    // The variable whose own storage is written: through . and the
    // subscripts of arrays, not through pointers (s->n writes *s, not s).
    while (E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
          Out.Vars.insert(Var);
        return;
      }
      if (const auto *Member = dyn_cast<MemberExpr>(E)) {
        if (Member->isArrow())
          return;
        E = Member->getBase();
      } else if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
        if (!Subscript->getBase()
                 ->IgnoreParenImpCasts()
                 ->getType()
                 ->isArrayType())
          return;
        E = Subscript->getBase();
      } else {
        return;
      }
    }
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      Written(BO->getLHS());
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    // A variable whose address is taken may change through it.
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      Written(UO->getSubExpr());
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (Op->isAssignmentOp() || Op->getOperator() == OO_PlusPlus ||
        Op->getOperator() == OO_MinusMinus)
      Written(Op->getArg(0));
  } else if (const auto *Member = dyn_cast<CXXMemberCallExpr>(S)) {
    if (const CXXMethodDecl *Method = Member->getMethodDecl();
        Method && !Method->isConst())
      Written(Member->getImplicitObjectArgument());
  }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
           ++I) {
        QualType Param = Callee->getParamDecl(I)->getType();
        if (Param->isReferenceType() &&
            !Param->getPointeeType().isConstQualified())
          Written(Call->getArg(I));
      }
  for (const Stmt *Child : S->children())
    collectChanges(Child, Out);
}

bool LoopBounds::Changes::writes(const VarDecl *Var) const {
  return Vars.count(Var);
}

bool LoopBounds::Changes::writes(llvm::StringRef Text) const {
  // s->n is written by s->n = ..., and by s = ... (a variable, in Vars);
  // a->b->n also by a->b = ....
  for (const std::string &Lvalue : Lvalues)
    if (Text == Lvalue ||
        (Text.starts_with(Lvalue) &&
         llvm::StringRef(".-[(").contains(Text[Lvalue.size()])))
      return true;
  return false;
}

bool LoopBounds::isDeclaredIn(const VarDecl *Var, const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isPointWithin(SM.getExpansionLoc(Var->getLocation()),
                          SM.getExpansionLoc(S->getBeginLoc()),
                          SM.getExpansionLoc(S->getEndLoc()));
}

std::string LoopBounds::text(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Source = Lexer::getSourceText(
      SM.getExpansionRange(E->getSourceRange()), SM, Ctx.getLangOpts());
  // Whitespace collapsed, so that v.size() and v . size () are one name.
  std::string Text;
  for (char Ch : Source)
    if (!isspace(static_cast<unsigned char>(Ch)))
      Text += Ch;
  return Text.empty() ? "(expression)" : Text;
}

unsigned LoopBounds::line(const Stmt *S) const {
  return Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc());
}

} // namespace roof::staticcount
