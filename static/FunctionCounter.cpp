//===- static/FunctionCounter.cpp - One function, counted as written ------===//
#include "FunctionCounter.h"

#include "LoopBounds.h"
#include "OperationCounter.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Demangle/Demangle.h"

#include <stdexcept>

using namespace clang;

namespace roof::staticcount {
namespace {

// The summation index standing for the iteration number while a loop is
// summed; not a C identifier, so no program name collides with it.
const char *const kIteration = "$iteration";

bool mayJump(const Stmt *S, bool LeavesCall, bool InLoop, bool InSwitch);

class Walker {
public:
  Walker(ASTContext &Ctx, Preprocessor &PP, const FunctionDecl &F,
         FunctionRecord &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Counter(Ctx),
        Bounds(Ctx, PP, F.getBody()), Out(Out) {}

  void run(const Stmt *Body) {
    walk(Body, /*Conditional=*/false);
    for (const auto &[Name, Record] : Bounds.symbols())
      Out.Symbols.emplace(Name, Record);
  }

private:
  struct Frame {
    unsigned Loop; // index into Out.Loops
    const Stmt *Statement;
    const VarDecl *Variable; // of a bounded for loop, else null
    Polynomial Start;
    BigInt Step{1};
    Polynomial Trips;
    Polynomial BodyExecutions; // times the body runs per call
  };

  void walk(const Stmt *S, bool Conditional);
  // Text: the source shown for S, if not S's own.
  void leaf(const Stmt *S, bool Conditional, SourceRange Text = {});
  void enterLoop(const Stmt *Loop, const char *Kind, const TripCount &Trip);
  void leaveLoop() {
    Frames.pop_back();
    Breakable.pop_back();
  }
  Polynomial sumOverLoop(const Polynomial &PerIteration, const Frame &F) const;
  std::vector<EnclosingLoop> enclosing() const;
  SourcePlace place(SourceLocation Begin, SourceLocation MacroOperation) const;
  std::string sourceText(SourceRange Range) const;

  ASTContext &Ctx;
  const SourceManager &SM;
  OperationCounter Counter;
  LoopBounds Bounds;
  FunctionRecord &Out;
  std::vector<Frame> Frames;
  // What a break leaves: the loop (its index) or a switch (-1).
  std::vector<int> Breakable;
};

void Walker::walk(const Stmt *S, bool Conditional) {
  if (!S)
    return;
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    // After a statement that may cut an iteration short (continue, break,
    // or return, goto, throw inside a loop), the rest of the block may not
    // run. An early return outside loops, the guard at the top of a
    // function, is not a caveat: counts are per call that runs through.
    bool AfterJump = false;
    for (const Stmt *Child : Block->body()) {
      walk(Child, Conditional || AfterJump);
      AfterJump = AfterJump || mayJump(Child, /*LeavesCall=*/!Frames.empty(),
                                       /*InLoop=*/false, /*InSwitch=*/false);
    }
    return;
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    walk(For->getInit(), Conditional);
    enterLoop(For, "for", Bounds.analyze(For, enclosing()));
    leaf(For->getCond(), Conditional);
    walk(For->getBody(), Conditional);
    leaf(For->getInc(), Conditional);
    leaveLoop();
    return;
  }
  if (const auto *While = dyn_cast<WhileStmt>(S)) {
    TripCount Unknown;
    Unknown.Reason = "a while loop: its trip count is not in its header";
    enterLoop(While, "while", Unknown);
    leaf(While->getCond(), Conditional);
    walk(While->getBody(), Conditional);
    leaveLoop();
    return;
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    TripCount Unknown;
    Unknown.Reason = "a do-while loop: its trip count is not in its header";
    enterLoop(Do, "do", Unknown);
    walk(Do->getBody(), Conditional);
    leaf(Do->getCond(), Conditional);
    leaveLoop();
    return;
  }
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
    walk(Range->getInit(), Conditional);
    walk(Range->getRangeStmt(), Conditional);
    enterLoop(Range, "range-for", Bounds.analyze(Range));
    // The element's copy, shown as "double x : v".
    leaf(Range->getLoopVarStmt(), Conditional,
         {Range->getLoopVariable()->getBeginLoc(),
          Range->getRangeInit()->getEndLoc()});
    walk(Range->getBody(), Conditional);
    leaveLoop();
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    walk(If->getInit(), Conditional);
    if (If->isConstexpr()) {
      // Only the branch the compiler keeps exists at run time.
      if (auto Kept = If->getNondiscardedCase(Ctx))
        walk(*Kept, Conditional);
      return;
    }
    leaf(If->getConditionVariableDeclStmt()
             ? static_cast<const Stmt *>(If->getConditionVariableDeclStmt())
             : If->getCond(),
         Conditional);
    walk(If->getThen(), /*Conditional=*/true);
    walk(If->getElse(), /*Conditional=*/true);
    return;
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    walk(Switch->getInit(), Conditional);
    leaf(Switch->getCond(), Conditional);
    Breakable.push_back(-1);
    walk(Switch->getBody(), /*Conditional=*/true);
    Breakable.pop_back();
    return;
  }
  if (const auto *Case = dyn_cast<SwitchCase>(S))
    return walk(Case->getSubStmt(), Conditional);
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return walk(Label->getSubStmt(), Conditional);
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return walk(Attributed->getSubStmt(), Conditional);
  if (const auto *Directive = dyn_cast<OMPExecutableDirective>(S)) {
    // #pragma omp parallel for: the loop inside, through the captured
    // regions OpenMP wraps it in. Clauses are not computation.
    if (!Directive->hasAssociatedStmt())
      return;
    const Stmt *Body = Directive->getAssociatedStmt();
    while (const auto *Captured = dyn_cast_or_null<CapturedStmt>(Body))
      Body = Captured->getCapturedStmt();
    return walk(Body, Conditional);
  }
  if (const auto *Captured = dyn_cast<CapturedStmt>(S))
    return walk(Captured->getCapturedStmt(), Conditional);
  if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
    walk(Try->getTryBlock(), Conditional);
    for (unsigned I = 0; I < Try->getNumHandlers(); ++I)
      walk(Try->getHandler(I)->getHandlerBlock(), /*Conditional=*/true);
    return;
  }
  if (const auto *Coroutine = dyn_cast<CoroutineBodyStmt>(S))
    return walk(Coroutine->getBody(), Conditional);
  if (isa<BreakStmt>(S)) {
    if (!Breakable.empty() && Breakable.back() >= 0)
      Out.Loops[Breakable.back()].EarlyExit = true;
    return;
  }
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S)) {
    // Leaves every loop around it.
    for (const Frame &F : Frames)
      Out.Loops[F.Loop].EarlyExit = true;
    leaf(S, Conditional);
    return;
  }
  if (isa<NullStmt, ContinueStmt>(S))
    return;
  leaf(S, Conditional);
}

void Walker::leaf(const Stmt *S, bool Conditional, SourceRange Text) {
  if (!S)
    return;
  OperationCounter::Result Counted = Counter.count(S);
  if (Counted.Counts.empty() && Counted.Notes.empty())
    return;
  StatementRecord Statement;
  Statement.Where = place(S->getBeginLoc(), Counted.MacroOperation);
  Statement.Text = sourceText(Text.isValid() ? Text : S->getSourceRange());
  Statement.Loop = Frames.empty() ? -1 : int(Frames.back().Loop);
  Statement.Depth = Frames.size();
  Statement.Conditional = Conditional || Counted.HasConditionalParts;
  Statement.PerExecution = std::move(Counted.Counts);
  Statement.Executions =
      Frames.empty() ? Polynomial(1) : Frames.back().BodyExecutions;
  Statement.Notes = std::move(Counted.Notes);

  OpCounts Total = Statement.PerExecution * Statement.Executions;
  Out.Total += Total;
  for (const Frame &F : Frames)
    Out.Loops[F.Loop].Total += Total;
  Out.Order.push_back({false, unsigned(Out.Statements.size())});
  Out.Statements.push_back(std::move(Statement));
}

void Walker::enterLoop(const Stmt *Loop, const char *Kind,
                       const TripCount &Trip) {
  LoopRecord Record;
  Record.Where = place(Loop->getBeginLoc(), SourceLocation());
  Record.Kind = Kind;
  Record.Parent = Frames.empty() ? -1 : int(Frames.back().Loop);
  Record.Depth = Frames.size() + 1;
  Record.Bounded = Trip.Bounded;
  Record.Reason = Trip.Reason;
  if (Trip.Variable)
    Record.Variable = Trip.Variable->getName().str();
  if (Trip.Bounded) {
    Record.Trips = Trip.Trips;
  } else {
    // A name for the unknown count, so that the totals stay exact in it.
    std::string Name = "trips_L" + std::to_string(Record.Where.Line);
    if (Out.Symbols.count(Name))
      Name += "_C" + std::to_string(Record.Where.Column);
    Out.Symbols[Name] = SymbolRecord{"loop", std::nullopt};
    Record.Trips = Polynomial::symbol(Name);
  }

  Frame New;
  New.Loop = Out.Loops.size();
  New.Statement = Loop;
  New.Variable = Trip.Bounded ? Trip.Variable : nullptr;
  New.Start = Trip.Start;
  New.Step = Trip.Step;
  New.Trips = Record.Trips;
  Frames.push_back(New);
  // Inner trip counts may depend on outer loop variables: sum from the
  // innermost loop outwards.
  Polynomial Runs(1);
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    Runs = sumOverLoop(Runs, *It);
  Frames.back().BodyExecutions = Runs;
  Record.Iterations = Runs;

  Out.Order.push_back({true, unsigned(Out.Loops.size())});
  Out.Loops.push_back(std::move(Record));
  Breakable.push_back(int(Frames.back().Loop));
}

Polynomial Walker::sumOverLoop(const Polynomial &PerIteration,
                               const Frame &F) const {
  if (!F.Variable)
    return PerIteration * F.Trips;
  // The variable takes Start + Step*k for k = 0 .. Trips-1.
  Polynomial Value =
      F.Start + Polynomial(Rational(F.Step)) * Polynomial::symbol(kIteration);
  auto Sum = PerIteration.substitute(F.Variable->getName(), Value)
                 .sumOver(kIteration, F.Trips);
  if (!Sum)
    // LoopBounds refuses the trip counts that would lead here.
    throw std::logic_error("no closed-form sum over " +
                           F.Variable->getName().str());
  return *Sum;
}

std::vector<EnclosingLoop> Walker::enclosing() const {
  std::vector<EnclosingLoop> Loops;
  for (const Frame &F : Frames)
    Loops.push_back({F.Statement, F.Variable});
  return Loops;
}

SourcePlace Walker::place(SourceLocation Begin,
                          SourceLocation MacroOperation) const {
  SourcePlace Place;
  PresumedLoc Presumed = SM.getPresumedLoc(SM.getExpansionLoc(Begin));
  if (Presumed.isValid()) {
    Place.File = Presumed.getFilename();
    Place.Line = Presumed.getLine();
    Place.Column = Presumed.getColumn();
  }
  // An operation written in the body of a macro of the program: name the
  // macro and where the operation is spelled.
  if (MacroOperation.isValid()) {
    Place.Macro =
        Lexer::getImmediateMacroName(MacroOperation, SM, Ctx.getLangOpts())
            .str();
    PresumedLoc Spelled = SM.getPresumedLoc(SM.getSpellingLoc(MacroOperation));
    if (Spelled.isValid()) {
      Place.SpellingFile = Spelled.getFilename();
      Place.SpellingLine = Spelled.getLine();
    }
  }
  return Place;
}

std::string Walker::sourceText(SourceRange Range) const {
  llvm::StringRef Source =
      Lexer::getSourceText(SM.getExpansionRange(Range), SM, Ctx.getLangOpts());
  std::string Text;
  for (char Ch : Source) {
    bool Space = isspace(static_cast<unsigned char>(Ch));
    if (Space && (Text.empty() || Text.back() == ' '))
      continue;
    Text += Space ? ' ' : Ch;
  }
  const size_t Limit = 60;
  if (Text.size() > Limit)
    Text = Text.substr(0, Limit - 3) + "...";
  return Text;
}

// Whether S may leave the block it is in early: a continue or break of the
// loop or switch around the block, or, when LeavesCall, a return, goto or
// throw.
bool mayJump(const Stmt *S, bool LeavesCall, bool InLoop, bool InSwitch) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, CXXThrowExpr>(S))
    return LeavesCall;
  if (isa<ContinueStmt>(S))
    return !InLoop;
  if (isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (mayJump(Child, LeavesCall, InLoop || Loop, InSwitch || Switch))
      return true;
  return false;
}

// Names a polynomial of the record uses, so that only those are listed.
void collectNames(const OpCounts &Counts, std::set<std::string> &Names) {
  for (const Tally *T : {&Counts.Canonical, &Counts.MaskDependent})
    for (const PrecisionTally &P : T->Precisions) {
      for (const Polynomial &Class : P.Classes) {
        std::set<std::string> Free = Class.freeNames();
        Names.insert(Free.begin(), Free.end());
      }
      for (const Polynomial *Bytes : {&P.BytesLoaded, &P.BytesStored}) {
        std::set<std::string> Free = Bytes->freeNames();
        Names.insert(Free.begin(), Free.end());
      }
    }
}

} // namespace

FunctionCounter::FunctionCounter(ASTContext &Ctx, Preprocessor &PP)
    : Ctx(Ctx), PP(PP), Mangler(Ctx.createMangleContext()) {}

std::string FunctionCounter::mangledName(const FunctionDecl &F) {
  if (!Mangler->shouldMangleDeclName(&F))
    return F.getNameAsString();
  // A CUDA kernel by its own name, not that of its host-side stub.
  GlobalDecl Global = F.hasAttr<CUDAGlobalAttr>()
                          ? GlobalDecl(&F, KernelReferenceKind::Kernel)
                          : GlobalDecl(&F);
  if (const auto *Constructor = dyn_cast<CXXConstructorDecl>(&F))
    Global = GlobalDecl(Constructor, Ctor_Complete);
  else if (const auto *Destructor = dyn_cast<CXXDestructorDecl>(&F))
    Global = GlobalDecl(Destructor, Dtor_Complete);
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Mangler->mangleName(Global, OS);
  return Name;
}

FunctionRecord FunctionCounter::count(const FunctionDecl &F) {
  FunctionRecord Record;
  Record.Name = mangledName(F);
  Record.Demangled = llvm::demangle(Record.Name);
  Record.Qualified = F.getQualifiedNameAsString();
  Record.Kind = F.hasAttr<CUDAGlobalAttr>() ? "kernel"
                : F.hasAttr<CUDADeviceAttr>() && !F.hasAttr<CUDAHostAttr>()
                    ? "device"
                    : "function";
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc Presumed = SM.getPresumedLoc(SM.getExpansionLoc(F.getLocation()));
  if (Presumed.isValid()) {
    Record.Where.File = Presumed.getFilename();
    Record.Where.Line = Presumed.getLine();
    Record.Where.Column = Presumed.getColumn();
  }
  Walker(Ctx, PP, F, Record).run(F.getBody());

  // Keep the symbols that the counts use.
  std::set<std::string> Used;
  collectNames(Record.Total, Used);
  for (const LoopRecord &Loop : Record.Loops) {
    std::set<std::string> Free = Loop.Trips.freeNames();
    Used.insert(Free.begin(), Free.end());
  }
  for (auto It = Record.Symbols.begin(); It != Record.Symbols.end();)
    It = Used.count(It->first) ? std::next(It) : Record.Symbols.erase(It);
  return Record;
}

} // namespace roof::staticcount
