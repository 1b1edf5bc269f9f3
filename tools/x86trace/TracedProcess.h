//===- TracedProcess.h - Read the code and registers of a ptrace()d child -===//
//
// What both tracers (roof-libm-probe and roof-oracle) need from a
// stopped tracee: its memory, the decoded instruction at an address (decoded
// once per address) and the FP work that instruction does now, with the
// lanes an AVX-512 write mask switches off left out (the opmask registers
// are read from the XSAVE area ptrace hands out).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_X86TRACE_TRACEDPROCESS_H
#define ROOF_X86TRACE_TRACEDPROCESS_H

#include "X86Decoder.h"

#include <cstddef>
#include <cstdint>
#include <sys/types.h>
#include <unordered_map>

namespace roof {

/// FP work of one executed instruction: lanes × FLOPs per lane (FMA = 2;
/// min/max, compare and convert count one operation per lane).
struct ExecutedWork {
  uint64_t Active = 0;    // lanes the write mask leaves on
  uint64_t FullWidth = 0; // every lane of the instruction
};

class TracedProcess {
public:
  /// Tool names the program in warnings ("roof-oracle: warning: ...").
  TracedProcess(pid_t Pid, const X86Decoder &Decoder, const char *Tool)
      : Pid(Pid), Decoder(Decoder), Tool(Tool) {}

  pid_t pid() const { return Pid; }

  /// Reads child memory; returns the number of bytes read.
  size_t read(uint64_t Address, void *Buffer, size_t Size);

  /// The instruction at Address, decoded on first use. The child's code must
  /// not change under it (no breakpoint may be planted there meanwhile).
  const DecodedInstr &decodeAt(uint64_t Address);

  /// Work of D executed now (its mask register read at this stop). Warns
  /// once, and counts nothing, for bytes that do not decode.
  ExecutedWork work(const DecodedInstr &D, uint64_t Address);

private:
  /// Value of opmask register K (1..7); all ones when the kernel does not
  /// hand it out, so a masked instruction then counts at full width.
  uint64_t readMask(unsigned K);

  pid_t Pid;
  const X86Decoder &Decoder;
  const char *Tool;
  bool UseVmRead = true;
  bool WarnedMask = false;
  bool WarnedUndecodable = false;
  std::unordered_map<uint64_t, DecodedInstr> Cache;
};

} // namespace roof

#endif // ROOF_X86TRACE_TRACEDPROCESS_H
