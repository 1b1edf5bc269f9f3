//===- static/RoofStatic.cpp - roof-static, the source-level FLOP counter -===//
//
// Counts canonical FLOPs and bytes of C, C++ and CUDA sources as a person
// would by hand, without running anything. Used like clang-tidy:
//
//   roof-static gemm.c -- -O2 -DNI=1000        files with their flags
//   roof-static -p build/ [files...]          a project's compile_commands
//   roof-static --json --param N=4096 ...     JSON, with values for names
//
// Called by its old name, roof-census (a link to it, kept for one release),
// it says once on stderr that the name is deprecated, and runs.
//
// A file that does not compile gets clang's diagnostics and a non-zero exit
// status (1); its functions are not counted. Bad options exit with 2.
//
//===----------------------------------------------------------------------===//
#include "FunctionCounter.h"
#include "ReportWriter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;
using namespace clang::tooling;
using namespace roof::staticcount;

namespace {

llvm::cl::OptionCategory StaticCategory("roof-static options");

llvm::cl::opt<bool>
    Json("json",
         llvm::cl::desc("Write JSON (schema roof-static, version 2) instead "
                        "of a table"),
         llvm::cl::cat(StaticCategory));
llvm::cl::opt<std::string>
    OutputFile("o", llvm::cl::desc("Write the report to <file>"),
               llvm::cl::value_desc("file"), llvm::cl::cat(StaticCategory));
llvm::cl::list<std::string>
    Params("param",
           llvm::cl::desc("Give a name in the counts a value, overriding the "
                          "source's (repeatable): NI=1000, trips_L12=50"),
           llvm::cl::value_desc("name=integer"), llvm::cl::cat(StaticCategory));
llvm::cl::list<std::string> OnlyFunctions(
    "function",
    llvm::cl::desc("Report only the function with this name (plain, "
                   "qualified, demangled or mangled; repeatable)"),
    llvm::cl::value_desc("name"), llvm::cl::cat(StaticCategory));

llvm::cl::extrahelp CommonHelp(CommonOptionsParser::HelpMessage);
llvm::cl::extrahelp MoreHelp(R"(
Counts, per function, loop and floating-point statement, the canonical FLOPs
as written (each + - * / and compound assignment 1 per element, FMA 2, sqrt,
exp, ... 1 and listed by name, complex arithmetic by its real operations,
x86 intrinsics by lane) and the bytes of floating-point data loaded and
stored, per precision. Totals are polynomials in the program's macros and
variables (2*NI*NJ*NK + NI*NJ), evaluated when every name has a value. See
docs/static.md.
)");

// What all translation units found.
struct Collected {
  Report Result;
  // Functions already counted, by name and place: a function of a header is
  // counted in the first file that includes it, while static functions of
  // the same name in two files are two functions.
  std::set<std::string> Seen;
  bool Failed = false;
};

// Which function definitions to count.
class FunctionFinder : public RecursiveASTVisitor<FunctionFinder> {
public:
  explicit FunctionFinder(const SourceManager &SM) : SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *F) {
    consider(F);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    // A lambda body is a function of its own; a generic lambda is counted
    // per instantiation of its call operator.
    if (FunctionTemplateDecl *Generic = Lambda->getDependentCallOperator()) {
      for (FunctionDecl *Instance : Generic->specializations())
        consider(Instance);
      return true;
    }
    consider(Lambda->getCallOperator());
    return true;
  }

  std::vector<const FunctionDecl *> Functions;
  std::vector<std::string> Uninstantiated;

private:
  void consider(const FunctionDecl *F) {
    if (!F || !F->doesThisDeclarationHaveABody() ||
        SM.isInSystemHeader(F->getLocation()) || F->isDefaulted())
      return;
    if (F->isDependentContext()) {
      // Said of the file's own templates only: libraries are full of
      // templates a program does not use.
      const FunctionTemplateDecl *Template = F->getDescribedFunctionTemplate();
      if (Template && Template->specializations().empty() &&
          SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
        Uninstantiated.push_back(
            "template " + F->getQualifiedNameAsString() + " (" +
            SM.getFilename(SM.getExpansionLoc(F->getLocation())).str() + ":" +
            std::to_string(SM.getExpansionLineNumber(F->getLocation())) +
            ") is never instantiated: not counted");
      return;
    }
    if (F->isImplicit() && !isLambdaCallOperator(F))
      return;
    if (Counted.insert(F).second)
      Functions.push_back(F);
  }

  const SourceManager &SM;
  std::set<const FunctionDecl *> Counted;
};

class CountingConsumer : public ASTConsumer {
public:
  CountingConsumer(Preprocessor &PP, Collected &Out) : PP(PP), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    std::string File =
        SM.getFileEntryRefForID(SM.getMainFileID())
            ? SM.getFileEntryRefForID(SM.getMainFileID())->getName().str()
            : "<input>";
    // A file that does not compile is not counted: its AST may lack what
    // the errors are about.
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      Out.Failed = true;
      Out.Result.Failed.push_back(File);
      return;
    }
    FunctionFinder Finder(SM);
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
    for (const std::string &Note : Finder.Uninstantiated)
      if (Out.Seen.insert(Note).second)
        Out.Result.Notes.push_back(Note);

    FunctionCounter Counter(Ctx, PP);
    for (const FunctionDecl *F : Finder.Functions) {
      PresumedLoc Where =
          SM.getPresumedLoc(SM.getExpansionLoc(F->getLocation()));
      std::string Key = Counter.mangledName(*F) + " at " +
                        (Where.isValid() ? Where.getFilename() : "") + ":" +
                        std::to_string(Where.isValid() ? Where.getLine() : 0);
      if (!Out.Seen.insert(Key).second)
        continue;
      FunctionRecord Record;
      std::string Error;
      // Neither an exception nor a crash in one function stops the others.
      llvm::CrashRecoveryContext Recovery;
      bool Finished = Recovery.RunSafely([&] {
        try {
          Record = Counter.count(*F);
        } catch (const std::exception &E) {
          Error = E.what();
        }
      });
      if (!Finished || !Error.empty()) {
        llvm::errs() << "roof-static: " << File << ": cannot count "
                     << F->getQualifiedNameAsString() << ": "
                     << (Finished ? Error : "internal error") << "\n";
        Out.Failed = true;
        continue;
      }
      Out.Result.Functions.push_back(std::move(Record));
    }
  }

private:
  Preprocessor &PP;
  Collected &Out;
};

class CountingAction : public ASTFrontendAction {
public:
  explicit CountingAction(Collected &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return std::make_unique<CountingConsumer>(CI.getPreprocessor(), Out);
  }

private:
  Collected &Out;
};

class CountingActionFactory : public FrontendActionFactory {
public:
  explicit CountingActionFactory(Collected &Out) : Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CountingAction>(Out);
  }

private:
  Collected &Out;
};

// clang's own headers (stddef.h, immintrin.h, omp.h) are found relative to
// the running executable, which is not clang: say where clang-19 has them.
ArgumentsAdjuster resourceDirAdjuster() {
  return [](const CommandLineArguments &Args, llvm::StringRef) {
    for (const std::string &Arg : Args)
      if (llvm::StringRef(Arg).starts_with("-resource-dir"))
        return Args;
    CommandLineArguments Adjusted = Args;
    Adjusted.insert(Adjusted.begin() + std::min<size_t>(1, Adjusted.size()),
                    "-resource-dir=" ROOF_STATIC_RESOURCE_DIR);
    return Adjusted;
  };
}

// A CUDA file is read as the device compilation sees it (__CUDA_ARCH__
// defined, device code paths), unless the flags choose a side. libTooling
// would otherwise take the first of clang's compile jobs, the host's.
ArgumentsAdjuster cudaDeviceSideAdjuster() {
  return [](const CommandLineArguments &Args, llvm::StringRef File) {
    bool Cuda = File.ends_with(".cu");
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef Arg = Args[I];
      if (Arg == "--cuda-host-only" || Arg == "--cuda-device-only" ||
          Arg == "--cuda-compile-host-device")
        return Args;
      if (Arg == "-xcuda" ||
          (Arg == "-x" && I + 1 < Args.size() && Args[I + 1] == "cuda"))
        Cuda = true;
    }
    if (!Cuda)
      return Args;
    CommandLineArguments Adjusted = Args;
    Adjusted.insert(Adjusted.begin() + std::min<size_t>(1, Adjusted.size()),
                    "--cuda-device-only");
    return Adjusted;
  };
}

// NAME=INTEGER, else an error message.
std::string parseParam(llvm::StringRef Text,
                       std::map<std::string, Rational> &Out) {
  auto [Name, Value] = Text.rsplit('=');
  int64_t Number;
  if (Name.empty() || Value.empty() ||
      Text.find('=') == llvm::StringRef::npos || Value.getAsInteger(10, Number))
    return "--param " + Text.str() + ": expected name=integer";
  Out[Name.str()] = Rational(Number);
  return "";
}

// The value of CommonOptionsParser's -p, which it keeps to itself.
std::string buildPath() {
  auto &Options = llvm::cl::getRegisteredOptions();
  auto It = Options.find("p");
  if (It == Options.end())
    return "";
  return static_cast<llvm::cl::opt<std::string> *>(It->second)->getValue();
}

bool selected(const FunctionRecord &F) {
  if (OnlyFunctions.empty())
    return true;
  // axpy matches blas::axpy<float>, whose demangled name is
  // "void blas::axpy<float>(int, float, float const*, float*)".
  for (const std::string &Name : OnlyFunctions)
    if (Name == F.Name || Name == F.Demangled || Name == F.Qualified ||
        llvm::StringRef(F.Qualified).ends_with("::" + Name))
      return true;
  return false;
}

} // namespace

int main(int argc, const char **argv) {
  llvm::InitLLVM Init(argc, argv);
  if (llvm::sys::path::filename(argv[0]) == "roof-census")
    llvm::errs() << "roof-census is deprecated: it is roof-static now (the "
                    "old name goes in the next release)\n";
  llvm::CrashRecoveryContext::Enable();
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "roof-static " << ROOF_VERSION << " (schema " << kSchema << " "
       << kSchemaVersion << ", clang " << CLANG_VERSION_STRING << ")\n";
  });
  auto Parser = CommonOptionsParser::create(argc, argv, StaticCategory,
                                            llvm::cl::ZeroOrMore);
  if (!Parser) {
    // The message names roof-static already.
    llvm::errs() << llvm::toString(Parser.takeError()) << "\n";
    return 2;
  }
  Collected Everything;
  for (const std::string &Param : Params)
    if (std::string Error = parseParam(Param, Everything.Result.Parameters);
        !Error.empty()) {
      llvm::errs() << "roof-static: " << Error << "\n";
      return 2;
    }
  std::vector<std::string> Files = Parser->getSourcePathList();
  std::unique_ptr<CompilationDatabase> Project;
  if (Files.empty()) {
    // No files: all of the project's. CommonOptionsParser loads no database
    // without files, so load the one -p names.
    std::string Error;
    std::string BuildPath = buildPath();
    if (!BuildPath.empty())
      Project = CompilationDatabase::autoDetectFromDirectory(BuildPath, Error);
    // The database keeps its files in a hash map: sorted, the report's
    // order does not depend on where the project lies.
    if (Project) {
      Files = Project->getAllFiles();
      llvm::sort(Files);
    }
    if (Files.empty()) {
      llvm::errs() << "roof-static: no source files: give files, or -p with a "
                      "compile_commands.json that lists some"
                   << (Error.empty() ? "" : " (" + Error + ")") << "\n";
      return 2;
    }
  }

  ClangTool Tool(Project ? *Project : Parser->getCompilations(), Files);
  Tool.appendArgumentsAdjuster(resourceDirAdjuster());
  Tool.appendArgumentsAdjuster(cudaDeviceSideAdjuster());
  CountingActionFactory Factory(Everything);
  int ToolStatus = Tool.run(&Factory);

  Report &Result = Everything.Result;
  std::vector<FunctionRecord> Selected;
  for (FunctionRecord &F : Result.Functions)
    if (selected(F))
      Selected.push_back(std::move(F));
  Result.Functions = std::move(Selected);

  std::error_code Error;
  std::unique_ptr<llvm::raw_fd_ostream> File;
  if (!OutputFile.empty()) {
    File = std::make_unique<llvm::raw_fd_ostream>(OutputFile, Error,
                                                  llvm::sys::fs::OF_Text);
    if (Error) {
      llvm::errs() << "roof-static: cannot write " << OutputFile << ": "
                   << Error.message() << "\n";
      return 2;
    }
  }
  llvm::raw_ostream &OS = File ? *File : llvm::outs();
  if (Json)
    writeJson(OS, Result);
  else
    writeTable(OS, Result);
  for (const std::string &Failed : Result.Failed)
    llvm::errs() << "roof-static: " << Failed
                 << ": not counted, it does not compile\n";
  return ToolStatus != 0 || Everything.Failed ? 1 : 0;
}
