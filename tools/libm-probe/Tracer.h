//===- Tracer.h - Count the FP work of function calls by single-stepping --===//
//
// A forked child calls each function through an assembly trampoline that
// loads the argument registers from a CallFrame, executes `int3`, calls the
// function, executes `int3` again and stores the return registers. The
// parent ptrace()s the child: between the two traps it single-steps, decodes
// every instruction about to execute, and adds up its FP work by class,
// counting only the lanes an AVX-512 write mask leaves on.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_LIBM_PROBE_TRACER_H
#define ROOF_LIBM_PROBE_TRACER_H

#include "X86Decoder.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace roof {

/// Register image of one call, shared with the trampolines (offsets are
/// hard-coded there and checked by static_asserts in Tracer.cpp).
struct alignas(64) CallFrame {
  uint8_t Vec[9][64]; // xmm/ymm/zmm0-7 on entry, then 16 stack bytes
  uint8_t Ret[2][64]; // xmm/ymm/zmm0-1 on return
  uint64_t Gpr[6];    // rdi, rsi, rdx, rcx, r8, r9 on entry
  uint64_t Target;    // function to call
  uint32_t Measured;  // 0: warm-up call, 1: counted call (read by the parent)
  alignas(64) uint8_t Out[2][128]; // memory that pointer arguments point to
};

/// Which trampoline loads the vector registers: movups xmm, vmovups ymm or
/// vmovups zmm (the latter two need AVX and AVX-512F at run time).
enum class RegisterFile { XMM, YMM, ZMM };

struct CallJob {
  RegisterFile Registers = RegisterFile::XMM;
  std::vector<CallFrame *> Frames;
  /// Runs in the child after the warm-up call of each frame; a non-empty
  /// answer (why the result looks wrong) is printed as a warning.
  std::function<std::string(const CallFrame &)> Check;
};

/// FP work of one call, per precision the instructions executed in and
/// class: FLOPs (an FMA lane is 2); min/max, compare and convert count
/// operations (one per lane).
struct CallCounts {
  uint64_t Work[ROOF_NUM_PRECISIONS][ROOF_NUM_CLASSES] = {};
  uint64_t Instructions = 0;
  uint64_t X87 = 0; // x87 arithmetic instructions, outside every class

  /// Class C summed over the precisions.
  uint64_t inClass(unsigned C) const;
  /// FLOPs of precision P.
  uint64_t flops(unsigned P) const;
  uint64_t flops() const;
  bool operator==(const CallCounts &O) const;
};

struct TraceOptions {
  /// Print every instruction of the first counted call of each job.
  bool PrintTrace = false;
};

/// The outcome of tracing all jobs: Counts[job][frame], or an error. When
/// Unsupported is set the error is about this machine (no ptrace, no x86-64
/// tracing) rather than about a function.
struct TraceResult {
  std::vector<std::vector<CallCounts>> Counts;
  std::string Error;
  bool Unsupported = false;
  int FailedJob = -1; // the job that was running when Error happened
};

TraceResult traceCalls(const std::vector<CallJob> &Jobs,
                       const X86Decoder &Decoder, const TraceOptions &Options);

} // namespace roof

#endif // ROOF_LIBM_PROBE_TRACER_H
