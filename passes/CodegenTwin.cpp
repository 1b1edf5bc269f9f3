//===- CodegenTwin.cpp - What the X86 backend makes of each function -----===//
//
// The twin is a clone of the module in which only the functions with FP
// work keep their bodies. It goes through the target's TargetPassConfig
// as llc and clang run it (IR passes, CodeGenPrepare, instruction
// selection, the machine SSA optimisations), with one pass of ours inserted
// after PHI elimination. That pass reads each machine function and then
// marks the IR function available_externally, which every later machine
// pass skips: nothing is register-allocated or emitted. Loop Strength
// Reduction is the one pass left out (TwinPassGate).
//
//===----------------------------------------------------------------------===//
#include "CodegenTwin.h"
#include "DiskCache.h"
#include "LLVMCompat.h"
#include "X86InstrClassifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/MachinePostDominators.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MD5.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cctype>

using namespace llvm;

namespace roof {

bool touchesFloatingPoint(const Function &F) {
  auto IsFP = [](const Type *Ty) {
    return Ty->getScalarType()->isFloatingPointTy();
  };
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (IsFP(I.getType()))
        return true;
      for (const Value *Op : I.operands())
        if (IsFP(Op->getType()))
          return true;
    }
  return false;
}

namespace {

//===----------------------------------------------------------------------===//
// Reading one machine instruction
//===----------------------------------------------------------------------===//
/// The vector length an X86 opcode name encodes: EVEX forms end their stem
/// in Z (512 bits), Z256 or Z128, VEX.256 forms in Y; the operand letters
/// that follow are lower case (VADDPDZrr, VFMADD231PDZ256mbk, VMULPSYrm).
/// Everything else is 128 bits or scalar.
unsigned vectorBitsOfOpcode(StringRef Name) {
  if (Name.contains("Z256"))
    return 256;
  if (Name.contains("Z128"))
    return 128;
  for (size_t I = 1; I + 1 < Name.size(); ++I)
    if (std::islower(uint8_t(Name[I + 1])) &&
        std::isupper(uint8_t(Name[I - 1]))) {
      if (Name[I] == 'Z')
        return 512;
      if (Name[I] == 'Y')
        return 256;
    }
  return 128;
}

class InstrReader {
public:
  explicit InstrReader(const TargetMachine &TM) {
    Printer.reset(TM.getTarget().createMCInstPrinter(
        TM.getTargetTriple(), /*SyntaxVariant=*/0, *TM.getMCAsmInfo(),
        *TM.getMCInstrInfo(), *TM.getMCRegisterInfo()));
  }

  bool ready() const { return Printer != nullptr; }

  /// The AT&T mnemonic of \p Opcode ("vfmadd213pd").
  StringRef mnemonic(unsigned Opcode) {
    MCInst Inst;
    Inst.setOpcode(Opcode);
    const char *Text = compat::mnemonic(*Printer, Inst);
    if (!Text)
      return "";
    return StringRef(Text).ltrim().take_until(
        [](char C) { return C == ' ' || C == '\t'; });
  }

private:
  std::unique_ptr<MCInstPrinter> Printer;
};

bool isWriteMask(const MachineInstr &MI, const MachineOperand &Op) {
  if (!Op.isReg() || !Op.isUse() || !Op.getReg().isValid())
    return false;
  const MachineFunction &MF = *MI.getMF();
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  const TargetRegisterClass *RC = Op.getReg().isVirtual()
                                      ? MF.getRegInfo().getRegClass(Op.getReg())
                                      : TRI.getMinimalPhysRegClass(Op.getReg());
  return RC && StringRef(TRI.getRegClassName(RC)).ends_with("WM");
}

std::string calleeOf(const MachineInstr &MI) {
  for (const MachineOperand &Op : MI.operands()) {
    if (Op.isGlobal())
      return Op.getGlobal()->getName().str();
    if (Op.isSymbol())
      return Op.getSymbolName();
  }
  return "";
}

//===----------------------------------------------------------------------===//
// The machine pass inserted into the twin's pipeline
//===----------------------------------------------------------------------===//
struct TwinState {
  /// Original block of each block of a twin function.
  DenseMap<const BasicBlock *, const BasicBlock *> OriginalBlock;
  DenseMap<const Function *, const Function *> OriginalFunction;
  /// The original instruction of each twin instruction, by the line of the
  /// debug location it is tagged with (see tagInstructions).
  std::vector<const Instruction *> Tagged{nullptr};
  DenseMap<const Function *, std::unique_ptr<MachineCode>> *Code;
};

// Every instruction of the twin gets a debug location whose line numbers
// the original instruction: instruction selection carries it to the machine
// instructions made from it, so that a write-masked instruction tells which
// IR select (hence which IR mask) it came from. The twin's own debug info is
// stripped first; debug info does not change the code generated.
void tagInstructions(Module &Twin, ValueToValueMapTy &VMap,
                     ArrayRef<const Function *> Functions, TwinState &State) {
  StripDebugInfo(Twin);
  DIBuilder DIB(Twin);
  DIFile *File = DIB.createFile("roof-twin", "/");
  DICompileUnit *Unit = DIB.createCompileUnit(dwarf::DW_LANG_C, File, "roof",
                                              /*isOptimized=*/true, "", 0);
  DISubroutineType *Type =
      DIB.createSubroutineType(DIB.getOrCreateTypeArray({}));
  for (const Function *F : Functions) {
    auto *TwinF = cast<Function>(VMap[F]);
    DISubprogram *SP = DIB.createFunction(
        Unit, TwinF->getName(), TwinF->getName(), File, 1, Type, 1,
        DINode::FlagZero, DISubprogram::SPFlagDefinition);
    TwinF->setSubprogram(SP);
    for (const BasicBlock &BB : *F)
      for (const Instruction &I : BB) {
        // Gone when stripped: the llvm.dbg.* calls of LLVM 16 (its debug
        // info is not yet records beside the instructions).
        auto *TwinI = cast_or_null<Instruction>(VMap.lookup(&I));
        if (!TwinI)
          continue;
        TwinI->setDebugLoc(
            DILocation::get(Twin.getContext(), State.Tagged.size(), 0, SP));
        State.Tagged.push_back(&I);
      }
  }
  DIB.finalize();
}

/// While it lives, the context's passes run as their gate says (opt-bisect's
/// where the user set a limit), except Loop Strength Reduction. LSR rewrites
/// a loop's integer induction variables and the addresses computed from them
/// into the forms the target's addressing modes take: it makes or removes no
/// FP instruction and moves none to another block, and the FP machine
/// instructions selected from the IR do not depend on which induction
/// variable computes an address (the oracle corpus, 96 builds, and
/// ../shared/repro stay exact without it). It was the twin's most costly
/// pass: on examples/stencil7.c (unrolled 3-D loop nests), 0.085 s of the
/// 0.153 s roof's pass took with a cold cache, half of what the real
/// compile's whole back end took (`-ftime-report`, clang 19;
/// docs/performance.md).
class TwinPassGate : public compat::OptPassGate {
public:
  explicit TwinPassGate(LLVMContext &Context)
      : Context(Context), Previous(Context.getOptPassGate()) {
    Context.setOptPassGate(*this);
  }
  ~TwinPassGate() override { Context.setOptPassGate(Previous); }

  bool allowsPass(StringRef PassName, StringRef IRDescription) const override {
    return PassName != "Loop Strength Reduction" &&
           (!Previous.isEnabled() ||
            Previous.shouldRunPass(PassName, IRDescription));
  }
  bool isEnabled() const override { return true; }

private:
  LLVMContext &Context;
  llvm::OptPassGate &Previous;
};

class MachineReader : public MachineFunctionPass {
public:
  static char ID;
  MachineReader(TwinState &State, const TargetMachine &TM)
      : MachineFunctionPass(ID), State(State), Reader(TM) {}

  StringRef getPassName() const override { return "roof machine census"; }

  bool runOnMachineFunction(MachineFunction &MF) override {
    Function &Twin = MF.getFunction();
    const Function *Original = State.OriginalFunction.lookup(&Twin);
    if (Original) {
      auto Code = std::make_unique<MachineCode>();
      read(MF, *Code);
      Code->ConcatenatesMasks =
          MF.getSubtarget().checkFeatures(MaskConcatenationFeatures);
      (*State.Code)[Original] = std::move(Code);
    }
    // Read: no later machine pass needs to run on it.
    Twin.setLinkage(GlobalValue::AvailableExternallyLinkage);
    return false;
  }

private:
  /// The original IR instruction \p MI was selected from (tagInstructions).
  const Instruction *originOf(const MachineInstr &MI) const {
    const DebugLoc &Loc = MI.getDebugLoc();
    return Loc && Loc.getLine() < State.Tagged.size()
               ? State.Tagged[Loc.getLine()]
               : nullptr;
  }
  void read(MachineFunction &MF, MachineCode &Code);
  void readInstr(const MachineInstr &MI, MachineBlock &Block);

  TwinState &State;
  InstrReader Reader;
};

char MachineReader::ID = 0;

void MachineReader::readInstr(const MachineInstr &MI, MachineBlock &Block) {
  auto Note = [&](StringRef What) {
    if (!Block.Listing.empty())
      Block.Listing += ", ";
    Block.Listing += What.str();
  };
  if (MI.isCall()) {
    std::string Callee = calleeOf(MI);
    Note("call " + (Callee.empty() ? std::string("*") : Callee));
    Block.Calls.push_back(std::move(Callee));
    Block.Parts.emplace_back();
    return;
  }
  if (MI.isPseudo() || MI.isDebugInstr())
    return;
  const TargetInstrInfo &TII = *MI.getMF()->getSubtarget().getInstrInfo();
  StringRef Name = TII.getName(MI.getOpcode());
  StringRef Mnemonic = Reader.mnemonic(MI.getOpcode());
  unsigned Bits = vectorBitsOfOpcode(Name);
  std::optional<X86FPInstr> FP = classifyX86Mnemonic(Mnemonic, Bits);
  if (!FP)
    return;
  uint64_t Flops = uint64_t(FP->Lanes) * FP->FlopsPerLane;
  bool Masked = llvm::any_of(MI.operands(), [&](const MachineOperand &Op) {
    return isWriteMask(MI, Op);
  });
  std::string What = Mnemonic.str();
  if (FP->Lanes > 1)
    What += Bits == 512 ? " zmm" : Bits == 256 ? " ymm" : " xmm";
  unsigned Part = Block.Parts.size() - 1;
  if (Masked) {
    MaskedInstr M;
    M.FullWidth[FP->Precision][FP->Class] = Flops;
    M.Lanes = FP->Lanes;
    M.Part = Part;
    M.Origin = originOf(MI);
    // Merge-masking: the lanes left off keep the tied source operand.
    unsigned Tied;
    if (MI.getNumOperands() && MI.getOperand(0).isReg() &&
        MI.isRegTiedToUseOperand(0, &Tied)) {
      const MachineRegisterInfo &MRI = MI.getMF()->getRegInfo();
      const MachineInstr *Def = nullptr;
      Register Reg = MI.getOperand(Tied).getReg();
      while (Reg.isVirtual() && (Def = MRI.getUniqueVRegDef(Reg)) &&
             Def->isCopy())
        Reg = Def->getOperand(1).getReg();
      if (Def)
        M.MergedInto = originOf(*Def);
    }
    Block.Masked.push_back(M);
    What += Name.ends_with("kz") ? " {k}{z}" : " {k}";
  } else {
    Block.Parts[Part][FP->Precision][FP->Class] += Flops;
  }
  Note(What);
}

// A block of the function's own IR is selected into one or more machine
// blocks, the first of which dominates the rest; CodeGenPrepare may also
// move the end of a block into a new one (a select turned into a branch).
// A machine block runs once per execution of its origin when it is in the
// same loop as the origin's first machine block, dominated by it and
// post-dominating it.
void MachineReader::read(MachineFunction &MF, MachineCode &Code) {
  DenseMap<const MachineBasicBlock *, unsigned> Index;
  DenseMap<const BasicBlock *, MachineBasicBlock *> FirstOf;
  for (MachineBasicBlock &MBB : MF) {
    Index[&MBB] = Index.size();
    if (const BasicBlock *BB = MBB.getBasicBlock())
      if (State.OriginalBlock.count(BB))
        FirstOf.try_emplace(BB, &MBB);
  }
  MachineDominatorTree MDT(MF);
  compat::MachinePostDominatorTree MPDT(MF);
  MachineLoopInfo MLI(MDT);
  auto RunsWith = [&](MachineBasicBlock *First, MachineBasicBlock *MBB) {
    return First == MBB ||
           (MDT.dominates(First, MBB) && MPDT.dominates(MBB, First) &&
            MLI.getLoopFor(First) == MLI.getLoopFor(MBB));
  };
  Code.Blocks.resize(Index.size());
  for (MachineBasicBlock &MBB : MF) {
    MachineBlock &Block = Code.Blocks[Index[&MBB]];
    const BasicBlock *BB = MBB.getBasicBlock();
    if (BB && FirstOf.count(BB)) {
      Block.Origin = State.OriginalBlock.lookup(BB);
      Block.RunsWithOrigin = RunsWith(FirstOf[BB], &MBB);
      Block.First = FirstOf[BB] == &MBB;
    } else if (MachineDomTreeNode *Node = MDT.getNode(&MBB)) {
      // Made by the code generator: it belongs to the nearest dominating
      // origin it always runs with, if any.
      for (MachineDomTreeNode *Up = Node->getIDom(); Up; Up = Up->getIDom()) {
        const BasicBlock *UpBB = Up->getBlock()->getBasicBlock();
        if (!UpBB || !FirstOf.count(UpBB))
          continue;
        if (RunsWith(FirstOf[UpBB], &MBB)) {
          Block.Origin = State.OriginalBlock.lookup(UpBB);
          Block.RunsWithOrigin = true;
        }
        break;
      }
    }
    for (const MachineBasicBlock *Pred : MBB.predecessors())
      Block.Predecessors.push_back(Index[Pred]);
    for (const MachineBasicBlock *Succ : MBB.successors())
      Block.Successors.push_back(Index[Succ]);
    for (const MachineInstr &MI : MBB)
      readInstr(MI, Block);
  }
}

//===----------------------------------------------------------------------===//
// The twin's target machine and library info
//===----------------------------------------------------------------------===//
std::unique_ptr<TargetMachine>
targetMachineFor(const Module &M, compat::CodeGenOptLevel OptLevel,
                 const CompilerTarget &Compiler, std::string &Error) {
  std::string TripleName = compat::targetTriple(M);
  const Target *T = TargetRegistry::lookupTarget(TripleName, Error);
  if (!T)
    return nullptr;
  // CPU and features come from each function's attributes, and for a
  // function without them (Flang 16's) from the compiler's TargetMachine,
  // as in the compiler's own backend.
  std::unique_ptr<TargetMachine> TM(compat::createTargetMachine(
      *T, TripleName, Compiler.CPU, Compiler.Features, OptLevel));
  if (!TM)
    Error = "no target machine for " + TripleName;
  return TM;
}

/// The vector library the compilation maps vectorized calls to
/// (-fveclib=), which the backend's ReplaceWithVeclib pass uses too, by
/// name (empty: none).
StringRef vectorLibraryOf(const TargetLibraryInfo &TLI,
                          compat::VectorLibrary &Library) {
  for (unsigned Lanes : {2u, 4u, 8u}) {
    StringRef Vector =
        compat::vectorizedFunction(TLI, "exp", ElementCount::getFixed(Lanes));
    for (const compat::X86VectorLibrary &P : compat::x86VectorLibraries())
      if (Vector.starts_with(P.Prefix)) {
        Library = P.Library;
        return P.Name;
      }
  }
  Library = compat::NoVectorLibrary;
  return "";
}

//===----------------------------------------------------------------------===//
// The disk cache: the machine code of a module whose IR, options and LLVM
// are those of an earlier compile is that compile's. Origins are kept as
// positions (block, instruction) in the function.
//===----------------------------------------------------------------------===//
constexpr char CacheFormat[] = "roof-twin 3";

std::string cacheKey(const Module &M, compat::CodeGenOptLevel OptLevel,
                     StringRef VectorLibrary, const CompilerTarget &Target) {
  // The module and its string table (names): the whole IR. Not the symbol
  // table of the linker, which WriteBitcodeToFile builds as well, from the
  // same IR.
  SmallString<0> Bitcode;
  BitcodeWriter Writer(Bitcode);
  Writer.writeModule(M);
  Writer.writeStrtab();
  MD5 Hash;
  Hash.update(CacheFormat);
  Hash.update(LLVM_VERSION_STRING);
  Hash.update(std::to_string(static_cast<int>(OptLevel)));
  Hash.update(VectorLibrary);
  Hash.update(Target.CPU + '\n' + Target.Features + '\n');
  Hash.update(Bitcode);
  MD5::MD5Result Digest;
  Hash.final(Digest);
  return "twin-" + Digest.digest().str().str();
}

struct Positions {
  explicit Positions(const Function &F) {
    for (const BasicBlock &BB : F) {
      BlockIndex[&BB] = Blocks.size();
      Blocks.push_back(&BB);
      for (const Instruction &I : BB) {
        InstrIndex[&I] = Instrs.size();
        Instrs.push_back(&I);
      }
    }
  }
  template <typename T>
  static std::string indexOf(const DenseMap<const T *, size_t> &Index,
                             const T *X) {
    return X ? std::to_string(Index.lookup(X)) : "-";
  }
  template <typename T>
  static bool at(const std::vector<const T *> &List, StringRef Text,
                 const T *&X) {
    X = nullptr;
    size_t I;
    if (Text == "-")
      return true;
    if (Text.getAsInteger(10, I) || I >= List.size())
      return false;
    X = List[I];
    return true;
  }
  std::vector<const BasicBlock *> Blocks;
  std::vector<const Instruction *> Instrs;
  DenseMap<const BasicBlock *, size_t> BlockIndex;
  DenseMap<const Instruction *, size_t> InstrIndex;
};

void writeWork(raw_ostream &OS, const ClassWork &Work) {
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
    for (unsigned C = 0; C < ROOF_NUM_CLASSES; ++C)
      if (Work[P][C])
        OS << ' ' << P << ':' << C << ':' << Work[P][C];
}

bool readWork(ArrayRef<StringRef> Fields, ClassWork &Work) {
  for (StringRef Field : Fields) {
    auto [PText, Rest] = Field.split(':');
    auto [CText, VText] = Rest.split(':');
    unsigned P, C;
    uint64_t V;
    if (PText.getAsInteger(10, P) || CText.getAsInteger(10, C) ||
        VText.getAsInteger(10, V) || P >= ROOF_NUM_PRECISIONS ||
        C >= ROOF_NUM_CLASSES)
      return false;
    Work[P][C] = V;
  }
  return true;
}

std::string serialize(
    const Module &M,
    const DenseMap<const Function *, std::unique_ptr<MachineCode>> &Code) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << CacheFormat << '\n';
  for (const Function &F : M) {
    auto It = Code.find(&F);
    if (It == Code.end())
      continue;
    Positions Pos(F);
    OS << "function " << F.getName() << '\n';
    if (It->second->ConcatenatesMasks)
      OS << "concatenates-masks\n";
    for (const MachineBlock &B : It->second->Blocks) {
      OS << "block " << Positions::indexOf(Pos.BlockIndex, B.Origin) << ' '
         << B.RunsWithOrigin << ' ' << B.First;
      auto List = [&](StringRef Tag, ArrayRef<unsigned> L) {
        OS << '\n' << Tag;
        for (unsigned X : L)
          OS << ' ' << X;
      };
      List("preds", B.Predecessors);
      List("succs", B.Successors);
      OS << "\ncalls";
      for (const std::string &Callee : B.Calls)
        OS << ' ' << (Callee.empty() ? "*" : Callee);
      for (const ClassWork &Part : B.Parts) {
        OS << "\npart";
        writeWork(OS, Part);
      }
      for (const MaskedInstr &MI : B.Masked) {
        OS << "\nmasked " << MI.Part << ' ' << MI.Lanes << ' '
           << Positions::indexOf(Pos.InstrIndex, MI.Origin) << ' '
           << Positions::indexOf(Pos.InstrIndex, MI.MergedInto);
        writeWork(OS, MI.FullWidth);
      }
      OS << "\nlisting " << B.Listing << '\n';
    }
  }
  return Text;
}

bool deserialize(
    StringRef Text, const Module &M,
    DenseMap<const Function *, std::unique_ptr<MachineCode>> &Code) {
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  if (Lines.empty() || Lines.front() != CacheFormat)
    return false;
  DenseMap<const Function *, std::unique_ptr<MachineCode>> Read;
  std::optional<Positions> Pos;
  MachineCode *Current = nullptr;
  for (StringRef Line : ArrayRef(Lines).drop_front()) {
    auto [Tag, Rest] = Line.split(' ');
    SmallVector<StringRef, 8> Fields;
    Rest.split(Fields, ' ', -1, false);
    MachineBlock *B =
        Current && !Current->Blocks.empty() ? &Current->Blocks.back() : nullptr;
    if (Tag == "function") {
      const Function *F = M.getFunction(Rest);
      if (!F || F->isDeclaration())
        return false;
      Pos.emplace(*F);
      Current = (Read[F] = std::make_unique<MachineCode>()).get();
    } else if (Tag == "concatenates-masks" && Current && Rest.empty()) {
      Current->ConcatenatesMasks = true;
    } else if (Tag == "block" && Current && Fields.size() == 3) {
      MachineBlock Block;
      Block.Parts.clear();
      if (!Positions::at(Pos->Blocks, Fields[0], Block.Origin))
        return false;
      Block.RunsWithOrigin = Fields[1] == "1";
      Block.First = Fields[2] == "1";
      Current->Blocks.push_back(std::move(Block));
    } else if ((Tag == "preds" || Tag == "succs") && B) {
      auto &List = Tag == "preds" ? B->Predecessors : B->Successors;
      for (StringRef Field : Fields) {
        unsigned X;
        if (Field.getAsInteger(10, X))
          return false;
        List.push_back(X);
      }
    } else if (Tag == "calls" && B) {
      for (StringRef Field : Fields)
        B->Calls.push_back(Field == "*" ? "" : Field.str());
    } else if (Tag == "part" && B) {
      B->Parts.emplace_back();
      if (!readWork(Fields, B->Parts.back()))
        return false;
    } else if (Tag == "masked" && B && Fields.size() >= 4) {
      MaskedInstr MI;
      if (Fields[0].getAsInteger(10, MI.Part) ||
          Fields[1].getAsInteger(10, MI.Lanes) ||
          !Positions::at(Pos->Instrs, Fields[2], MI.Origin) ||
          !Positions::at(Pos->Instrs, Fields[3], MI.MergedInto) ||
          !readWork(ArrayRef(Fields).drop_front(4), MI.FullWidth))
        return false;
      B->Masked.push_back(MI);
    } else if (Tag == "listing" && B) {
      B->Listing = Rest.str();
    } else if (!Line.empty()) {
      return false;
    }
  }
  // Every block must be whole: its parts one more than its calls, its
  // masked instructions in one of them, its edges to blocks that exist.
  for (auto &[F, C] : Read)
    for (const MachineBlock &B : C->Blocks) {
      if (B.Parts.size() != B.Calls.size() + 1)
        return false;
      for (const MaskedInstr &MI : B.Masked)
        if (MI.Part >= B.Parts.size() || MI.Lanes == 0)
          return false;
      for (unsigned X : B.Predecessors)
        if (X >= C->Blocks.size())
          return false;
      for (unsigned X : B.Successors)
        if (X >= C->Blocks.size())
          return false;
    }
  Code = std::move(Read);
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// The twin
//===----------------------------------------------------------------------===//
CodegenTwin::CodegenTwin(Module &M, FunctionAnalysisManager &FAM,
                         compat::CodeGenOptLevel OptLevel,
                         const CompilerTarget &Target) {
  if (Triple(compat::targetTriple(M)).getArch() != Triple::x86_64)
    return;
  SmallVector<const Function *, 32> Compiled;
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasAvailableExternallyLinkage() &&
        touchesFloatingPoint(F))
      Compiled.push_back(&F);
  if (Compiled.empty())
    return;
  const TargetLibraryInfo &TLI = FAM.getResult<TargetLibraryAnalysis>(
      const_cast<Function &>(*Compiled.front()));
  compat::VectorLibrary Library;
  StringRef LibraryName = vectorLibraryOf(TLI, Library);
  std::string Key = cacheKey(M, OptLevel, LibraryName, Target);
  if (std::optional<std::string> Entry = readCacheEntry(Key))
    if (deserialize(*Entry, M, Code) &&
        llvm::all_of(Compiled,
                     [&](const Function *F) { return Code.count(F); }))
      return;
  Code.clear();
  if (std::string Error = compile(M, Compiled, OptLevel, Library, Target);
      !Error.empty()) {
    for (const Function *F : Compiled) {
      Code[F] = std::make_unique<MachineCode>();
      Code[F]->Error = Error;
    }
    return;
  }
  writeCacheEntry(Key, serialize(M, Code));
}

std::string CodegenTwin::compile(const Module &M,
                                 ArrayRef<const Function *> Functions,
                                 compat::CodeGenOptLevel OptLevel,
                                 compat::VectorLibrary Library,
                                 const CompilerTarget &Target) {
  std::string Error;
  std::unique_ptr<TargetMachine> TM =
      targetMachineFor(M, OptLevel, Target, Error);
  if (!TM)
    return Error;
  SmallPtrSet<const Function *, 32> Compiled(Functions.begin(),
                                             Functions.end());
  ValueToValueMapTy VMap;
  std::unique_ptr<Module> Twin =
      CloneModule(M, VMap, [&](const GlobalValue *GV) {
        auto *F = dyn_cast<Function>(GV);
        return F && Compiled.count(F);
      });
  TwinState State;
  State.Code = &Code;
  tagInstructions(*Twin, VMap, Functions, State);
  for (const Function *F : Functions) {
    State.OriginalFunction[cast<Function>(VMap[F])] = F;
    for (const BasicBlock &BB : *F)
      State.OriginalBlock[cast<BasicBlock>(VMap[&BB])] = &BB;
  }

  auto &LTM = static_cast<compat::CodeGenTargetMachine &>(*TM);
  legacy::PassManager PM;
  Triple TT(compat::targetTriple(M));
  TargetLibraryInfoImpl TLII(TT);
  if (Library != compat::NoVectorLibrary)
    TLII.addVectorizableFunctionsFromVecLib(Library, TT);
  PM.add(new TargetLibraryInfoWrapperPass(TLII));
  TargetPassConfig *Config = LTM.createPassConfig(PM);
  Config->setDisableVerify(true);
  PM.add(Config);
  PM.add(new MachineModuleInfoWrapperPass(&LTM));
  Config->insertPass(&PHIEliminationID, new MachineReader(State, *TM));
  if (Config->addISelPasses())
    return "the X86 backend could not select instructions";
  Config->addMachinePasses();
  Config->setInitialized();
  TwinPassGate Gate(Twin->getContext());
  PM.run(*Twin);
  for (const Function *F : Functions)
    if (!Code.count(F))
      return "the X86 backend produced no machine code for " +
             F->getName().str();
  return "";
}

CodegenTwin::~CodegenTwin() = default;

const MachineCode *CodegenTwin::machineCode(const Function &F) const {
  auto It = Code.find(&F);
  return It == Code.end() ? nullptr : It->second.get();
}

//===----------------------------------------------------------------------===//
// print<roof-machine>
//===----------------------------------------------------------------------===//
void printMachineCode(raw_ostream &OS, const Function &F,
                      const MachineCode &Code) {
  OS << "roof-machine: function '" << F.getName() << "'\n";
  if (!Code.Error.empty()) {
    OS << "  error: " << Code.Error << '\n';
    return;
  }
  for (size_t B = 0; B < Code.Blocks.size(); ++B) {
    const MachineBlock &Block = Code.Blocks[B];
    OS << "  bb." << B;
    if (Block.Origin) {
      OS << (Block.RunsWithOrigin ? " runs with " : " in ");
      Block.Origin->printAsOperand(OS, false);
    } else {
      OS << " made by the code generator";
    }
    OS << " preds";
    for (unsigned P : Block.Predecessors)
      OS << ' ' << P;
    OS << " succs";
    for (unsigned S : Block.Successors)
      OS << ' ' << S;
    OS << '\n';
    if (!Block.Listing.empty())
      OS << "    " << Block.Listing << '\n';
  }
}

} // namespace roof
