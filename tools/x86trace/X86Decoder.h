//===- X86Decoder.h - Decode one x86-64 instruction and its FP work -------===//
//
// Wraps LLVM's X86 MC disassembler for roof-libm-probe and roof-oracle:
// given the bytes at an instruction pointer, says how long the instruction
// is and, when it is a floating-point operation, its class, precision and
// full-width lane count as passes/X86InstrClassifier sees them (so the pass
// and the tracers classify alike), plus the AVX-512 write-mask register that
// may switch lanes off.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_X86TRACE_X86DECODER_H
#define ROOF_X86TRACE_X86DECODER_H

#include "X86InstrClassifier.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <string>

namespace roof {

/// How an instruction changes the flow of control, for tracers that run
/// straight-line code at full speed and emulate the branch at its end.
enum class ControlFlow {
  None,     // falls through to the next instruction
  Jump,     // jmp to Target
  CondJump, // jcc to Target when condition Cond holds
  Call,     // call Target (direct)
  Return,   // ret (without an immediate)
  Other,    // indirect jumps and calls, loop, jrcxz, traps, ...
};

struct DecodedInstr {
  unsigned Size = 0;            // 0: the bytes are not a valid instruction
  std::optional<X86FPInstr> FP; // set for FP operations, lanes at full width
  unsigned MaskReg = 0;         // k1..k7 write-mask, 0 when unmasked
  bool X87 = false;             // x87 arithmetic (not counted, reported)
  ControlFlow Flow = ControlFlow::None;
  uint64_t Target = 0; // Jump, CondJump, Call
  unsigned Cond = 0;   // CondJump: the condition code (jcc's low nibble)
  std::string Text;    // AT&T text, for --trace
};

class X86Decoder {
public:
  /// Initializes the X86 target of the linked LLVM; null with Err set when
  /// this LLVM was built without it.
  static std::unique_ptr<X86Decoder> create(std::string &Err);
  ~X86Decoder();

  DecodedInstr decode(llvm::ArrayRef<uint8_t> Bytes, uint64_t Address) const;

private:
  struct Impl;
  explicit X86Decoder(std::unique_ptr<Impl> I);
  std::unique_ptr<Impl> P;
};

/// The vector length (128, 256 or 512 bits) and EVEX write-mask register an
/// instruction's VEX/EVEX prefix encodes; legacy SSE encodings are 128 bits.
/// The prefix is exact where operands are not: `vcvtpd2ps (%rax), %ymm0`
/// reads 512 bits although it names no zmm register.
struct VectorPrefix {
  unsigned Bits = 128;
  unsigned MaskReg = 0;
};
VectorPrefix readVectorPrefix(llvm::ArrayRef<uint8_t> Bytes);

/// Whether jcc condition Cond (0 = o ... 15 = g) holds under RFLAGS.
bool conditionHolds(unsigned Cond, uint64_t Flags);

} // namespace roof

#endif // ROOF_X86TRACE_X86DECODER_H
