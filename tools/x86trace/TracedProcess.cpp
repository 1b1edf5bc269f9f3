//===- TracedProcess.cpp - Read the code and registers of a ptrace()d child
//===//
#include "TracedProcess.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cerrno>
#include <cpuid.h>
#include <cstdio>
#include <cstring>
#include <elf.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

namespace roof {

size_t TracedProcess::read(uint64_t Address, void *Buffer, size_t Size) {
  if (UseVmRead) {
    iovec Local{Buffer, Size};
    iovec Remote{reinterpret_cast<void *>(Address), Size};
    ssize_t N = process_vm_readv(Pid, &Local, 1, &Remote, 1, 0);
    if (N > 0)
      return size_t(N);
    if (errno != EPERM && errno != ENOSYS)
      return 0;
    UseVmRead = false; // forbidden here: fall back to PEEKTEXT
  }
  size_t Done = 0;
  while (Done < Size) {
    errno = 0;
    long Word = ptrace(PTRACE_PEEKTEXT, Pid,
                       reinterpret_cast<void *>(Address + Done), nullptr);
    if (errno != 0)
      break;
    size_t N = std::min(sizeof(Word), Size - Done);
    std::memcpy(static_cast<char *>(Buffer) + Done, &Word, N);
    Done += N;
  }
  return Done;
}

const DecodedInstr &TracedProcess::decodeAt(uint64_t Address) {
  auto It = Cache.find(Address);
  if (It != Cache.end())
    return It->second;
  uint8_t Bytes[16];
  size_t N = read(Address, Bytes, sizeof(Bytes));
  return Cache
      .emplace(Address, Decoder.decode(llvm::ArrayRef(Bytes, N), Address))
      .first->second;
}

uint64_t TracedProcess::readMask(unsigned K) {
  static const unsigned OpmaskOffset = [] {
    unsigned A = 0, B = 0, C = 0, D = 0;
    // CPUID leaf 0xD, sub-leaf 5: size (EAX) and offset (EBX) of the opmask
    // state in the standard XSAVE layout ptrace returns.
    if (!__get_cpuid_count(0xD, 5, &A, &B, &C, &D))
      return 0u;
    return B;
  }();
  alignas(64) static uint8_t Area[16384];
  iovec Io{Area, sizeof(Area)};
  if (OpmaskOffset == 0 ||
      ptrace(PTRACE_GETREGSET, Pid, reinterpret_cast<void *>(NT_X86_XSTATE),
             &Io) != 0 ||
      Io.iov_len < OpmaskOffset + 64) {
    if (!WarnedMask)
      std::fprintf(stderr,
                   "%s: warning: cannot read AVX-512 mask registers; masked "
                   "instructions count at full width\n",
                   Tool);
    WarnedMask = true;
    return ~uint64_t(0);
  }
  uint64_t XStateBV;
  std::memcpy(&XStateBV, Area + 512, sizeof(XStateBV));
  // A component in its initial state is not written: k0-k7 are zero.
  if (!(XStateBV & (1u << 5)))
    return 0;
  uint64_t Value;
  std::memcpy(&Value, Area + OpmaskOffset + 8 * K, sizeof(Value));
  return Value;
}

ExecutedWork TracedProcess::work(const DecodedInstr &D, uint64_t Address) {
  ExecutedWork W;
  if (D.Size == 0 && !WarnedUndecodable) {
    std::fprintf(stderr,
                 "%s: warning: undecodable instruction at 0x%llx (not "
                 "counted)\n",
                 Tool, static_cast<unsigned long long>(Address));
    WarnedUndecodable = true;
  }
  if (!D.FP)
    return W;
  uint64_t Lanes = D.FP->Lanes;
  W.FullWidth = Lanes * D.FP->FlopsPerLane;
  if (D.MaskReg) {
    uint64_t Live = Lanes >= 64 ? ~uint64_t(0) : (uint64_t(1) << Lanes) - 1;
    Lanes = llvm::popcount(readMask(D.MaskReg) & Live);
  }
  W.Active = Lanes * D.FP->FlopsPerLane;
  return W;
}

} // namespace roof
