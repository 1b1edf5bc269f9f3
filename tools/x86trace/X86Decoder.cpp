//===- X86Decoder.cpp - Decode one x86-64 instruction and its FP work -----===//
//
// The class, precision and lanes come from the shared mnemonic classifier;
// this file supplies what a mnemonic does not carry: the vector length and
// write-mask register, read from the VEX/EVEX prefix bytes. It also knows
// the few AVX-512 FP instructions of libmvec that the pass never emits, and
// x87 arithmetic, which the tracers only report (glibc 2.36 runs none in the
// functions probed).
//
//===----------------------------------------------------------------------===//
#include "X86Decoder.h"
#include "LLVMCompat.h"

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace roof {

struct X86Decoder::Impl {
  Triple TT{"x86_64-unknown-linux-gnu"};
  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCDisassembler> DisAsm;
  std::unique_ptr<MCInstPrinter> Printer;
  std::unique_ptr<MCInstrAnalysis> Analysis;
};

X86Decoder::X86Decoder(std::unique_ptr<Impl> I) : P(std::move(I)) {}
X86Decoder::~X86Decoder() = default;

std::unique_ptr<X86Decoder> X86Decoder::create(std::string &Err) {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86Disassembler();
  auto I = std::make_unique<Impl>();
  const Target *T = TargetRegistry::lookupTarget(I->TT.str(), Err);
  if (!T)
    return nullptr;
  MCTargetOptions Options;
  I->MRI.reset(T->createMCRegInfo(I->TT.str()));
  I->MAI.reset(T->createMCAsmInfo(*I->MRI, I->TT.str(), Options));
  // The X86 decoder accepts every ISA extension whatever the feature string;
  // the CPU that runs libm decides which of them occur.
  I->STI.reset(T->createMCSubtargetInfo(I->TT.str(), "", ""));
  I->MII.reset(T->createMCInstrInfo());
  if (!I->MRI || !I->MAI || !I->STI || !I->MII) {
    Err = "LLVM X86 target is incomplete";
    return nullptr;
  }
  I->Ctx = std::make_unique<MCContext>(I->TT, I->MAI.get(), I->MRI.get(),
                                       I->STI.get());
  I->DisAsm.reset(T->createMCDisassembler(*I->STI, *I->Ctx));
  // Syntax variant 0 is AT&T, the spelling X86InstrClassifier expects.
  I->Printer.reset(T->createMCInstPrinter(I->TT, 0, *I->MAI, *I->MII, *I->MRI));
  I->Analysis.reset(T->createMCInstrAnalysis(I->MII.get()));
  if (!I->DisAsm || !I->Printer || !I->Analysis) {
    Err = "LLVM has no X86 disassembler";
    return nullptr;
  }
  return std::unique_ptr<X86Decoder>(new X86Decoder(std::move(I)));
}

VectorPrefix readVectorPrefix(ArrayRef<uint8_t> B) {
  VectorPrefix V;
  size_t I = 0;
  // Legacy prefixes, then REX; VEX and EVEX never follow a REX byte.
  while (I < B.size() &&
         (B[I] == 0x66 || B[I] == 0x67 || B[I] == 0xF2 || B[I] == 0xF3 ||
          B[I] == 0xF0 || B[I] == 0x2E || B[I] == 0x36 || B[I] == 0x3E ||
          B[I] == 0x26 || B[I] == 0x64 || B[I] == 0x65))
    ++I;
  if (I >= B.size())
    return V;
  if (B[I] == 0xC5 && I + 1 < B.size()) {
    V.Bits = (B[I + 1] & 0x04) ? 256 : 128;
  } else if (B[I] == 0xC4 && I + 2 < B.size()) {
    V.Bits = (B[I + 2] & 0x04) ? 256 : 128;
  } else if (B[I] == 0x62 && I + 5 < B.size()) {
    // EVEX: P0 P1 P2, opcode, ModRM. In P2, bits 6:5 are L'L, bit 4 is b,
    // bits 2:0 are aaa (the write-mask register).
    uint8_t P2 = B[I + 3];
    uint8_t ModRM = B[I + 5];
    bool RegisterForm = (ModRM >> 6) == 3;
    // With b set on a register form, L'L holds the rounding mode and the
    // vector length is 512 bits (embedded rounding is 512-bit only).
    if ((P2 & 0x10) && RegisterForm)
      V.Bits = 512;
    else
      V.Bits = 128u << ((P2 >> 5) & 3);
    V.MaskReg = P2 & 7;
  }
  return V;
}

bool conditionHolds(unsigned Cond, uint64_t Flags) {
  bool CF = Flags & 1, PF = Flags & (1 << 2), ZF = Flags & (1 << 6),
       SF = Flags & (1 << 7), OF = Flags & (1 << 11);
  bool Holds = false;
  switch (Cond >> 1) { // even: the condition, odd: its negation
  case 0:
    Holds = OF;
    break;
  case 1:
    Holds = CF;
    break;
  case 2:
    Holds = ZF;
    break;
  case 3:
    Holds = CF || ZF;
    break;
  case 4:
    Holds = SF;
    break;
  case 5:
    Holds = PF;
    break;
  case 6:
    Holds = SF != OF;
    break;
  case 7:
    Holds = ZF || SF != OF;
    break;
  }
  return (Cond & 1) ? !Holds : Holds;
}

namespace {

/// The opcode bytes after the legacy and REX prefixes.
ArrayRef<uint8_t> opcodeBytes(ArrayRef<uint8_t> B) {
  size_t I = 0;
  while (I < B.size() &&
         (B[I] == 0x66 || B[I] == 0x67 || B[I] == 0xF2 || B[I] == 0xF3 ||
          B[I] == 0x2E || B[I] == 0x3E || (B[I] & 0xF0) == 0x40))
    ++I;
  return B.drop_front(I);
}

/// Control flow of a decoded instruction, read from its MCInstrDesc and,
/// for the forms a tracer can emulate, from the opcode bytes.
void readControlFlow(const MCInst &Inst, const MCInstrDesc &Desc,
                     const MCInstrAnalysis &Analysis, ArrayRef<uint8_t> Bytes,
                     uint64_t Address, DecodedInstr &D) {
  if (!Desc.isBranch() && !Desc.isCall() && !Desc.isReturn() &&
      !Desc.isIndirectBranch() && !Desc.isBarrier() && !Desc.isTrap())
    return;
  D.Flow = ControlFlow::Other;
  ArrayRef<uint8_t> Op = opcodeBytes(Bytes);
  if (Op.empty())
    return;
  uint64_t Target = 0;
  bool Direct = Analysis.evaluateBranch(Inst, Address, D.Size, Target);
  if (Desc.isReturn()) {
    if (Op[0] == 0xC3)
      D.Flow = ControlFlow::Return;
  } else if (Desc.isCall()) {
    if (Direct && Op[0] == 0xE8) {
      D.Flow = ControlFlow::Call;
      D.Target = Target;
    }
  } else if (Direct && (Op[0] == 0xEB || Op[0] == 0xE9)) {
    D.Flow = ControlFlow::Jump;
    D.Target = Target;
  } else if (Direct &&
             ((Op[0] & 0xF0) == 0x70 ||
              (Op.size() > 1 && Op[0] == 0x0F && (Op[1] & 0xF0) == 0x80))) {
    D.Flow = ControlFlow::CondJump;
    D.Target = Target;
    D.Cond = (Op[0] == 0x0F ? Op[1] : Op[0]) & 0xF;
  }
}

bool isX87Arithmetic(StringRef M) {
  for (StringRef Op : {"fadd",   "fiadd", "fsub",  "fisub",   "fmul",   "fimul",
                       "fdiv",   "fidiv", "fsqrt", "fsin",    "fcos",   "fptan",
                       "fpatan", "f2xm1", "fyl2x", "fprem",   "fscale", "fcom",
                       "fucom",  "ficom", "ftst",  "frndint", "fxtract"})
    if (M.starts_with(Op))
      return true;
  return false;
}

} // namespace

DecodedInstr X86Decoder::decode(ArrayRef<uint8_t> Bytes,
                                uint64_t Address) const {
  DecodedInstr D;
  MCInst Inst;
  uint64_t Size = 0;
  if (P->DisAsm->getInstruction(Inst, Size, Bytes, Address, nulls()) !=
      MCDisassembler::Success)
    return D;
  D.Size = Size;
  raw_string_ostream OS(D.Text);
  P->Printer->printInst(&Inst, Address, "", *P->STI, OS);
  OS.flush();
  D.Text = StringRef(D.Text).trim().str();
  for (char &C : D.Text)
    if (C == '\t')
      C = ' ';
  readControlFlow(Inst, P->MII->get(Inst.getOpcode()), *P->Analysis,
                  Bytes.take_front(Size), Address, D);

  // The printer's mnemonic can carry the start of the operands
  // ("vminpd\t{sae},"): keep the first word.
  StringRef Mnemonic =
      StringRef(roof::compat::mnemonic(*P->Printer, Inst)).ltrim();
  Mnemonic = Mnemonic.take_until([](char C) { return C == ' ' || C == '\t'; });
  if (isX87Arithmetic(Mnemonic)) {
    D.X87 = true;
    return D;
  }
  VectorPrefix V = readVectorPrefix(Bytes.take_front(Size));
  D.FP = classifyX86Mnemonic(Mnemonic, V.Bits);
  if (D.FP)
    D.MaskReg = V.MaskReg;
  return D;
}

} // namespace roof
