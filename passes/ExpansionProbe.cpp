//===- ExpansionProbe.cpp - Ask the NVPTX backend what an operation costs -===//
//
// The probe is written as textual IR (the operation, its fast-math flags,
// constant operands copied verbatim, the caller's function attributes),
// parsed into a private LLVMContext and compiled to PTX with the same
// backend clang uses; the PTX is then priced by PTXInstrCosts. The text is
// also the key of the per-compile cache: two operations with the same probe
// text cannot lower differently.
//
//===----------------------------------------------------------------------===//
#include "ExpansionProbe.h"
#include "LLVMCompat.h"
#include "PTXInstrCosts.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

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
    OS << "target triple = \"" << compat::targetTriple(M) << "\"\n";
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

//===----------------------------------------------------------------------===//
// Backend
//===----------------------------------------------------------------------===//
// NVPTX has one subtarget per machine: its SM and PTX version must be the
// function's own.
TargetMachine *targetMachineFor(const Function &F) {
  std::string Triple = compat::targetTriple(*F.getParent());
  std::string CPU = F.getFnAttribute("target-cpu").getValueAsString().str();
  std::string Features =
      F.getFnAttribute("target-features").getValueAsString().str();
  static std::map<std::string, std::unique_ptr<TargetMachine>> Machines;
  std::string Key = Triple + '\n' + CPU + '\n' + Features;
  auto It = Machines.find(Key);
  if (It != Machines.end())
    return It->second.get();
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(Triple, Error);
  TargetMachine *TM =
      T ? compat::createTargetMachine(*T, Triple, CPU, Features,
                                      compat::CodeGenOptLevel::Aggressive)
        : nullptr;
  Machines[Key].reset(TM);
  return TM;
}

bool compileToAssembly(const std::string &Source, const Function &F,
                       std::string &Assembly) {
  std::string Triple = compat::targetTriple(*F.getParent());
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
  PM.add(new TargetLibraryInfoWrapperPass(llvm::Triple(Triple)));
  if (TM->addPassesToEmitFile(PM, OS, nullptr, compat::AssemblyFile))
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
  Instruction *Reciprocal =
      BinaryOperator::CreateFDiv(ConstantFP::get(Ty, 1.0), Div.getOperand(1));
  Reciprocal->copyFastMathFlags(&Div);
  ProbeWriter Writer(*Div.getFunction());
  Writer.instruction(*Reciprocal, "r");
  Reciprocal->deleteValue();
  return measure(Writer.finish(Ty), *Div.getFunction());
}

// Probes are kept for this compile only: NVPTX lowering also follows the
// process's -nvptx-prec-divf32, -nvptx-prec-sqrtf32... (clang's -mllvm),
// which the probe text does not hold.
const ExpansionCost &ExpansionProbe::measure(const std::string &Source,
                                             const Function &F) {
  auto [It, Inserted] = Cache.try_emplace(Source);
  ExpansionCost &Cost = It->second;
  if (!Inserted)
    return Cost;
  std::string Assembly;
  if (!compileToAssembly(Source, F, Assembly)) {
    Cost.Failed = true;
    return Cost;
  }
  StringRef Rest = Assembly;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    if (std::optional<PTXInstrCost> Instr = classifyPTXLine(Line)) {
      addWork(Cost.Flops, Instr->Work);
      if (!Cost.Instructions.empty())
        Cost.Instructions += ", ";
      Cost.Instructions += ptxMnemonic(Line).str();
    }
  }
  return Cost;
}

} // namespace roof
