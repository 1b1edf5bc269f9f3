//===- ExpansionProbe.cpp - Ask the backend what an operation costs -------===//
//
// The probe is written as textual IR (the operation, its fast-math flags,
// constant operands copied verbatim, the caller's function attributes),
// parsed into a private LLVMContext and compiled to assembly with the same
// backend clang uses (X86, or NVPTX whose PTX is then priced by
// PTXInstrCosts). The text is also the cache key: two operations with the
// same probe text cannot lower differently.
//
//===----------------------------------------------------------------------===//
#include "ExpansionProbe.h"
#include "LibmCosts.h"
#include "PTXInstrCosts.h"
#include "X86InstrClassifier.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <map>
#include <memory>

using namespace llvm;

namespace roof {

namespace {

//===----------------------------------------------------------------------===//
// Probe source
//===----------------------------------------------------------------------===//
/// Constants the probe can spell inline; anything naming a global or built
/// from a constant expression becomes a parameter instead.
bool isPlainData(const Value *V) {
  if (isa<ConstantData>(V))
    return true;
  auto *CV = dyn_cast<ConstantVector>(V);
  return CV && llvm::all_of(CV->operands(),
                            [](const Use &U) { return isa<ConstantData>(U); });
}

class ProbeWriter {
public:
  explicit ProbeWriter(const Function &F) : F(F) {}

  /// Renders `TYPE VALUE` for an operand: constants verbatim (the backend
  /// folds `x / 2.0f` or `1.0 / x` differently), anything else a parameter.
  std::string operand(const Value *V, bool WithType = true) {
    std::string S;
    raw_string_ostream OS(S);
    if (WithType) {
      V->getType()->print(OS);
      OS << ' ';
    }
    if (isPlainData(V)) {
      cast<Constant>(V)->printAsOperand(OS, /*PrintType=*/false);
    } else {
      std::string P;
      raw_string_ostream POS(P);
      V->getType()->print(POS);
      POS << " %a" << Params.size();
      Params.push_back(P);
      OS << "%a" << (Params.size() - 1);
    }
    return S;
  }

  /// Emits `%Name = <I with renamed operands>`.
  void instruction(const Instruction &I, StringRef Name,
                   const Instruction *Replaced = nullptr,
                   StringRef ReplacedName = "") {
    raw_string_ostream OS(Body);
    OS << "  %" << Name << " = ";
    auto Op = [&](const Value *V, bool WithType) {
      if (V == Replaced) {
        std::string S;
        raw_string_ostream SOS(S);
        if (WithType) {
          V->getType()->print(SOS);
          SOS << ' ';
        }
        SOS << '%' << ReplacedName;
        return S;
      }
      return operand(V, WithType);
    };
    if (auto *Call = dyn_cast<CallInst>(&I)) {
      const Function *Callee = Call->getCalledFunction();
      OS << "call";
      if (isa<FPMathOperator>(Call))
        Call->getFastMathFlags().print(OS);
      OS << ' ';
      I.getType()->print(OS);
      OS << " @" << Callee->getName() << '(';
      for (unsigned A = 0; A < Call->arg_size(); ++A)
        OS << (A ? ", " : "") << Op(Call->getArgOperand(A), true);
      OS << ")\n";
      std::string Decl;
      raw_string_ostream DOS(Decl);
      DOS << "declare ";
      Callee->getReturnType()->print(DOS);
      DOS << " @" << Callee->getName() << '(';
      for (unsigned A = 0; A < Callee->arg_size(); ++A) {
        DOS << (A ? ", " : "");
        Callee->getFunctionType()->getParamType(A)->print(DOS);
      }
      DOS << ")\n";
      Declarations.push_back(Decl);
      return;
    }
    OS << I.getOpcodeName();
    if (isa<FPMathOperator>(I))
      I.getFastMathFlags().print(OS);
    OS << ' ' << Op(I.getOperand(0), true);
    if (isa<CastInst>(I)) {
      OS << " to ";
      I.getType()->print(OS);
      OS << '\n';
      return;
    }
    for (unsigned N = 1; N < I.getNumOperands(); ++N)
      OS << ", " << Op(I.getOperand(N), false);
    OS << '\n';
  }

  std::string finish(Type *ResultType) {
    std::string S;
    raw_string_ostream OS(S);
    const Module &M = *F.getParent();
    OS << "target datalayout = \"" << M.getDataLayoutStr() << "\"\n";
    OS << "target triple = \"" << M.getTargetTriple() << "\"\n";
    OS << "define ";
    ResultType->print(OS);
    OS << " @roof_probe(";
    for (size_t P = 0; P < Params.size(); ++P)
      OS << (P ? ", " : "") << Params[P];
    OS << ") #0 {\n" << Body << "  ret ";
    ResultType->print(OS);
    OS << " %r\n}\n";
    std::sort(Declarations.begin(), Declarations.end());
    Declarations.erase(std::unique(Declarations.begin(), Declarations.end()),
                       Declarations.end());
    for (const std::string &D : Declarations)
      OS << D;
    // Every string attribute: target-cpu, target-features, tune-cpu,
    // reciprocal-estimates, unsafe-fp-math, no-infs-fp-math,
    // prefer-vector-width, min-legal-vector-width, denormal-fp-math...
    OS << "attributes #0 = { nounwind";
    for (const Attribute &A : F.getAttributes().getFnAttrs())
      if (A.isStringAttribute())
        OS << ' ' << A.getAsString();
    if (F.hasOptSize())
      OS << " optsize";
    OS << " }\n";
    return S;
  }

private:
  const Function &F;
  std::vector<std::string> Params;
  std::vector<std::string> Declarations;
  std::string Body;
};

/// compiler-rt's software conversions between FP formats (__truncsfbf2,
/// __extendhfsf2, ...): integer code that performs one conversion, counted
/// in the precision of its result as a convert instruction would be.
std::optional<RoofPrecision> softConversionResult(StringRef Name) {
  if (!Name.starts_with("__trunc") && !Name.starts_with("__extend"))
    return std::nullopt;
  StringRef Result = Name.take_back(3);
  if (Result == "bf2")
    return ROOF_BF16;
  if (Result == "hf2")
    return ROOF_FP16;
  if (Result == "sf2")
    return ROOF_FP32;
  if (Result == "df2")
    return ROOF_FP64;
  return std::nullopt;
}

/// The function a `call`/`jmp` line of the probe's assembly reaches.
std::optional<StringRef> calledSymbol(StringRef Line) {
  Line = Line.split('#').first.trim();
  auto [Mnemonic, Operand] = Line.split('\t');
  if (Mnemonic != "callq" && Mnemonic != "call" && Mnemonic != "jmp" &&
      Mnemonic != "jmpq")
    return std::nullopt;
  Operand = Operand.trim();
  if (!Operand.consume_back("@PLT") && Operand.contains_insensitive("."))
    return std::nullopt; // a local label
  if (Operand.empty() || Operand.starts_with("*") || Operand.starts_with("."))
    return std::nullopt;
  return Operand;
}

//===----------------------------------------------------------------------===//
// Backend
//===----------------------------------------------------------------------===//
bool isNVPTX(const Function &F) {
  return llvm::Triple(F.getParent()->getTargetTriple()).isNVPTX();
}

TargetMachine *targetMachineFor(const Function &F) {
  // X86 function attributes override CPU and features per function, so one
  // machine per triple serves every probe. NVPTX has one subtarget per
  // machine: its SM and PTX version must be the machine's own.
  std::string Triple = F.getParent()->getTargetTriple();
  std::string CPU, Features;
  if (isNVPTX(F)) {
    CPU = F.getFnAttribute("target-cpu").getValueAsString().str();
    Features = F.getFnAttribute("target-features").getValueAsString().str();
  }
  static std::map<std::string, std::unique_ptr<TargetMachine>> Machines;
  std::string Key = Triple + '\n' + CPU + '\n' + Features;
  auto It = Machines.find(Key);
  if (It != Machines.end())
    return It->second.get();
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(Triple, Error);
  TargetMachine *TM =
      T ? T->createTargetMachine(Triple, CPU, Features, TargetOptions(),
                                 Reloc::PIC_, std::nullopt,
                                 CodeGenOptLevel::Aggressive)
        : nullptr;
  Machines[Key].reset(TM);
  return TM;
}

bool compileToAssembly(const std::string &Source, const Function &F,
                       std::string &Assembly) {
  const std::string &Triple = F.getParent()->getTargetTriple();
  TargetMachine *TM = targetMachineFor(F);
  if (!TM)
    return false;
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseAssemblyString(Source, Diag, Ctx);
  if (!M)
    return false;
  SmallString<2048> Buffer;
  raw_svector_ostream OS(Buffer);
  legacy::PassManager PM;
  // As llc does: without it libcalls such as sqrt() look unavailable and
  // are not partially inlined.
  PM.add(new TargetLibraryInfoWrapperPass(llvm::Triple(Triple)));
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile))
    return false;
  PM.run(*M);
  Assembly = std::string(Buffer.str());
  return true;
}

} // namespace

const ExpansionCost &ExpansionProbe::cost(const Instruction &Root,
                                             const Instruction *FoldedSqrt) {
  ProbeWriter Writer(*Root.getFunction());
  if (FoldedSqrt)
    Writer.instruction(*FoldedSqrt, "s");
  Writer.instruction(Root, "r", FoldedSqrt, "s");
  return measure(Writer.finish(Root.getType()), *Root.getFunction());
}

const ExpansionCost &ExpansionProbe::reciprocalCost(const Instruction &Div) {
  Type *Ty = Div.getType();
  // Built unattached, only to be printed into the probe.
  Instruction *Reciprocal = BinaryOperator::CreateFDiv(
      ConstantFP::get(Ty, 1.0), Div.getOperand(1));
  Reciprocal->copyFastMathFlags(&Div);
  ProbeWriter Writer(*Div.getFunction());
  Writer.instruction(*Reciprocal, "r");
  Reciprocal->deleteValue();
  return measure(Writer.finish(Ty), *Div.getFunction());
}

//===----------------------------------------------------------------------===//
// Disk cache: a project compiles the same divides in many translation units
// and in every rebuild; each probe costs a backend run (milliseconds). One
// small file per probe, named by a hash of the probe, LLVM's version and
// the libm table, under $ROOF_CACHE_DIR (default $XDG_CACHE_HOME/roof or
// ~/.cache/roof; ROOF_CACHE_DIR= empty disables it). x86 probes only: see
// measure() for NVPTX.
//===----------------------------------------------------------------------===//
namespace {

// Bumped whenever what a cached answer means changes (a new class, a
// PTXInstrCosts row).
constexpr char CacheFormat[] = "roof-probe 2";

std::optional<std::string> cacheDirectory() {
  if (const char *Dir = std::getenv("ROOF_CACHE_DIR"))
    return *Dir ? std::optional<std::string>(Dir) : std::nullopt;
  SmallString<128> Path;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Path = Xdg;
  else if (!sys::path::home_directory(Path))
    return std::nullopt;
  else
    sys::path::append(Path, ".cache");
  sys::path::append(Path, "roof");
  return std::string(Path);
}

std::optional<std::string> cacheFile(const std::string &Source) {
  std::optional<std::string> Dir = cacheDirectory();
  if (!Dir)
    return std::nullopt;
  MD5 Hash;
  Hash.update(LLVM_VERSION_STRING);
  uint64_t Table = libmCostsFingerprint();
  Hash.update(ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(&Table),
                                sizeof Table));
  Hash.update(Source);
  MD5::MD5Result Digest;
  Hash.final(Digest);
  SmallString<128> Path(*Dir);
  sys::path::append(Path, "probe-" + Digest.digest().str().str());
  return std::string(Path);
}

bool readCached(const std::string &Path, ExpansionCost &Cost) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return false;
  SmallVector<StringRef, 16> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, false);
  if (Lines.size() < 4 || Lines[0] != CacheFormat)
    return false;
  Cost.SingleInstruction = Lines[1] == "single";
  Cost.Unmeasured = Lines[2].drop_front(std::min<size_t>(11, Lines[2].size())).str();
  Cost.Instructions = Lines[3].drop_front(std::min<size_t>(13, Lines[3].size())).str();
  for (StringRef Line : ArrayRef(Lines).drop_front(4)) {
    unsigned P, C;
    uint64_t Value;
    auto [PText, Rest] = Line.split(' ');
    auto [CText, VText] = Rest.split(' ');
    if (PText.getAsInteger(10, P) || CText.getAsInteger(10, C) ||
        VText.getAsInteger(10, Value) || P >= ROOF_NUM_PRECISIONS ||
        C >= ROOF_NUM_CLASSES)
      return false;
    Cost.Flops[P][C] = Value;
  }
  return true;
}

// Written to a unique temporary and renamed, so that parallel compilations
// never read a partial file. Failure to cache is not an error.
void writeCached(const std::string &Path, const ExpansionCost &Cost) {
  if (sys::fs::create_directories(sys::path::parent_path(Path)))
    return;
  int FD;
  SmallString<128> Temporary;
  if (sys::fs::createUniqueFile(Path + ".%%%%%%.tmp", FD, Temporary))
    return;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << CacheFormat << '\n'
       << (Cost.SingleInstruction ? "single" : "multiple") << '\n'
       << "unmeasured " << Cost.Unmeasured << '\n'
       << "instructions " << Cost.Instructions << '\n';
    for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
      for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
        if (Cost.Flops[P][C])
          OS << P << ' ' << C << ' ' << Cost.Flops[P][C] << '\n';
  }
  if (sys::fs::rename(Temporary, Path))
    sys::fs::remove(Temporary);
}

} // namespace

const ExpansionCost &ExpansionProbe::measure(const std::string &Source,
                                                const Function &F) {
  auto [It, Inserted] = Cache.try_emplace(Source);
  ExpansionCost &Cost = It->second;
  if (!Inserted)
    return Cost;
  // NVPTX lowering also follows the process's -nvptx-prec-divf32,
  // -nvptx-prec-sqrtf32... (clang's -mllvm), which the probe text does not
  // hold: its answers are kept for this compile only.
  bool PTX = isNVPTX(F);
  std::optional<std::string> Cached =
      PTX ? std::nullopt : cacheFile(Source);
  if (Cached && readCached(*Cached, Cost))
    return Cost;

  std::string Assembly;
  if (!compileToAssembly(Source, F, Assembly)) {
    Cost.Failed = true; // not cached: a later compiler may succeed
    return Cost;
  }
  unsigned Instructions = 0;
  auto Note = [&](StringRef What) {
    if (Instructions++)
      Cost.Instructions += ", ";
    Cost.Instructions += What.str();
  };
  StringRef Rest = Assembly;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    if (PTX) {
      if (std::optional<PTXInstrCost> Instr = classifyPTXLine(Line)) {
        addWork(Cost.Flops, Instr->Work);
        Note(ptxMnemonic(Line));
      }
      continue;
    }
    if (std::optional<X86FPInstr> FP = classifyX86AsmLine(Line)) {
      Cost.Flops[FP->Precision][FP->Class] += FP->Lanes * FP->FlopsPerLane;
      Note(Line.trim().split('\t').first.split(' ').first);
    } else if (std::optional<StringRef> Callee = calledSymbol(Line)) {
      // The expansion calls into libm (fma without an FMA unit, fmod,
      // scalarized vector calls): add what that call executes.
      Note(("call " + *Callee).str());
      if (std::optional<RoofPrecision> To = softConversionResult(*Callee)) {
        Cost.Flops[*To][ROOF_CLASS_CONVERT] += 1;
      } else if (const LibmCost *Call = lookupLibmCost(*Callee)) {
        for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
          Cost.Flops[Call->Precision][C] += Call->PerCall[C];
      } else {
        Cost.Unmeasured = Callee->str();
      }
    }
  }
  Cost.SingleInstruction = Instructions == 1;
  if (Cached)
    writeCached(*Cached, Cost);
  return Cost;
}

} // namespace roof
