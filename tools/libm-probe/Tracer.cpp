//===- Tracer.cpp - Count the FP work of function calls by single-stepping ===//
//
// Protocol between parent and child, all through ptrace stops:
//   child:  PTRACE_TRACEME, raise(SIGSTOP), then per job: one warm-up call
//           per frame (lazy binding, ifunc resolution, first-touch of
//           tables happen here, uncounted), then one counted call per frame.
//   parent: at the trap of a trampoline's first int3 it reads the frame's
//           Measured flag (the frame address is in %rbx); for a counted call
//           it single-steps until %rip reaches the second int3, decoding the
//           instruction at %rip before each step.
// Frames are allocated before fork(), so their addresses name the same
// frames in both processes.
//
//===----------------------------------------------------------------------===//
#include "Tracer.h"
#include "TracedProcess.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace roof {

//===----------------------------------------------------------------------===//
// Trampolines
//===----------------------------------------------------------------------===//

static_assert(offsetof(CallFrame, Vec) == 0, "trampoline offsets");
static_assert(offsetof(CallFrame, Ret) == 576, "trampoline offsets");
static_assert(offsetof(CallFrame, Gpr) == 704, "trampoline offsets");
static_assert(offsetof(CallFrame, Target) == 752, "trampoline offsets");

// Everything the compiler would put between the two traps (argument set-up,
// spills) is kept out of the counted region: the trampoline loads every
// argument register before the first int3 and stores the results after the
// second, so only `call` and the callee run in between. SysV passes eight
// vector arguments in registers; a ninth (the last pointer pair of AVX
// sincosf) goes in the 16 bytes at the top of the stack. %rsp is 16-byte
// aligned at the call: one push and a 16-byte slot.
#define ROOF_TRAMPOLINE(NAME, MOV, REG)                                        \
  ".text\n"                                                                    \
  ".p2align 4\n"                                                               \
  ".globl roof_probe_call_" NAME "\n"                                          \
  ".hidden roof_probe_call_" NAME "\n"                                         \
  ".type roof_probe_call_" NAME ",@function\n"                                 \
  "roof_probe_call_" NAME ":\n"                                                \
  "  push %rbx\n"                                                              \
  "  mov %rdi, %rbx\n"                                                         \
  "  sub $16, %rsp\n"                                                          \
  "  movups 512(%rbx), %xmm0\n"                                                \
  "  movups %xmm0, (%rsp)\n"                                                   \
  "  " MOV " 0(%rbx), %" REG "0\n"                                             \
  "  " MOV " 64(%rbx), %" REG "1\n"                                            \
  "  " MOV " 128(%rbx), %" REG "2\n"                                           \
  "  " MOV " 192(%rbx), %" REG "3\n"                                           \
  "  " MOV " 256(%rbx), %" REG "4\n"                                           \
  "  " MOV " 320(%rbx), %" REG "5\n"                                           \
  "  " MOV " 384(%rbx), %" REG "6\n"                                           \
  "  " MOV " 448(%rbx), %" REG "7\n"                                           \
  "  mov 704(%rbx), %rdi\n"                                                    \
  "  mov 712(%rbx), %rsi\n"                                                    \
  "  mov 720(%rbx), %rdx\n"                                                    \
  "  mov 728(%rbx), %rcx\n"                                                    \
  "  mov 736(%rbx), %r8\n"                                                     \
  "  mov 744(%rbx), %r9\n"                                                     \
  "  mov 752(%rbx), %r11\n"                                                    \
  ".globl roof_probe_begin_" NAME "\n"                                         \
  ".hidden roof_probe_begin_" NAME "\n"                                        \
  "roof_probe_begin_" NAME ":\n"                                               \
  "  int3\n"                                                                   \
  "  call *%r11\n"                                                             \
  ".globl roof_probe_end_" NAME "\n"                                           \
  ".hidden roof_probe_end_" NAME "\n"                                          \
  "roof_probe_end_" NAME ":\n"                                                 \
  "  int3\n"                                                                   \
  "  " MOV " %" REG "0, 576(%rbx)\n"                                           \
  "  " MOV " %" REG "1, 640(%rbx)\n"                                           \
  "  add $16, %rsp\n"                                                          \
  "  pop %rbx\n"                                                               \
  "  ret\n"                                                                    \
  ".size roof_probe_call_" NAME ", .-roof_probe_call_" NAME "\n"

asm(ROOF_TRAMPOLINE("xmm", "movups", "xmm")
        ROOF_TRAMPOLINE("ymm", "vmovups", "ymm")
            ROOF_TRAMPOLINE("zmm", "vmovups", "zmm"));

extern "C" {
void roof_probe_call_xmm(CallFrame *);
void roof_probe_call_ymm(CallFrame *);
void roof_probe_call_zmm(CallFrame *);
extern const char roof_probe_begin_xmm[], roof_probe_end_xmm[];
extern const char roof_probe_begin_ymm[], roof_probe_end_ymm[];
extern const char roof_probe_begin_zmm[], roof_probe_end_zmm[];
}

//===----------------------------------------------------------------------===//
// Counts
//===----------------------------------------------------------------------===//

uint64_t CallCounts::inClass(unsigned C) const {
  uint64_t Sum = 0;
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
    Sum += Work[P][C];
  return Sum;
}

uint64_t CallCounts::flops(unsigned P) const {
  uint64_t Sum = 0;
  for (unsigned C = 0; C < ROOF_NUM_FLOP_CLASSES; ++C)
    Sum += Work[P][C];
  return Sum;
}

uint64_t CallCounts::flops() const {
  uint64_t Sum = 0;
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
    Sum += flops(P);
  return Sum;
}

bool CallCounts::operator==(const CallCounts &O) const {
  return std::memcmp(Work, O.Work, sizeof(Work)) == 0 &&
         Instructions == O.Instructions && X87 == O.X87;
}

namespace {

//===----------------------------------------------------------------------===//
// Child side
//===----------------------------------------------------------------------===//

constexpr int ExitNoPtrace = 97;

[[noreturn]] void runChild(const std::vector<CallJob> &Jobs) {
  if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0)
    _exit(ExitNoPtrace);
  raise(SIGSTOP);
  for (const CallJob &Job : Jobs) {
    void (*Call)(CallFrame *) =
        Job.Registers == RegisterFile::ZMM   ? roof_probe_call_zmm
        : Job.Registers == RegisterFile::YMM ? roof_probe_call_ymm
                                             : roof_probe_call_xmm;
    for (CallFrame *F : Job.Frames) {
      F->Measured = 0;
      Call(F);
      if (Job.Check) {
        std::string Why = Job.Check(*F);
        if (!Why.empty())
          std::fprintf(stderr, "roof-libm-probe: warning: %s\n", Why.c_str());
      }
    }
    for (CallFrame *F : Job.Frames) {
      F->Measured = 1;
      Call(F);
    }
  }
  std::fflush(stderr);
  _exit(0);
}

//===----------------------------------------------------------------------===//
// Parent side
//===----------------------------------------------------------------------===//

class Stepper {
public:
  Stepper(pid_t Pid, const X86Decoder &Decoder)
      : Process(Pid, Decoder, "roof-libm-probe") {}

  size_t read(uint64_t Address, void *Buffer, size_t Size) {
    return Process.read(Address, Buffer, Size);
  }

  void account(uint64_t Rip, CallCounts &C, bool Print) {
    const DecodedInstr &D = Process.decodeAt(Rip);
    ++C.Instructions;
    uint64_t Amount = Process.work(D, Rip).Active;
    if (D.X87)
      ++C.X87;
    if (D.FP)
      C.Work[D.FP->Precision][D.FP->Class] += Amount;
    if (Print) {
      outs() << format("  %12llx  ", static_cast<unsigned long long>(Rip))
             << D.Text;
      if (D.FP)
        outs() << "    ; " << Amount << (D.MaskReg ? " (masked)" : "");
      else if (D.X87)
        outs() << "    ; x87, not counted";
      outs() << "\n";
    }
  }

private:
  TracedProcess Process;
};

std::string describeStatus(int Status) {
  if (WIFEXITED(Status))
    return "exited with status " + std::to_string(WEXITSTATUS(Status));
  if (WIFSIGNALED(Status))
    return std::string("was killed by ") + strsignal(WTERMSIG(Status));
  if (WIFSTOPPED(Status))
    return std::string("stopped with ") + strsignal(WSTOPSIG(Status));
  return "changed state " + std::to_string(Status);
}

} // namespace

TraceResult traceCalls(const std::vector<CallJob> &Jobs,
                       const X86Decoder &Decoder, const TraceOptions &Options) {
  TraceResult R;
  std::map<uint64_t, std::pair<size_t, size_t>> FrameIndex;
  for (size_t J = 0; J < Jobs.size(); ++J) {
    R.Counts.emplace_back(Jobs[J].Frames.size());
    for (size_t F = 0; F < Jobs[J].Frames.size(); ++F)
      FrameIndex[reinterpret_cast<uint64_t>(Jobs[J].Frames[F])] = {J, F};
  }
  const uint64_t Begin[] = {reinterpret_cast<uint64_t>(roof_probe_begin_xmm),
                            reinterpret_cast<uint64_t>(roof_probe_begin_ymm),
                            reinterpret_cast<uint64_t>(roof_probe_begin_zmm)};
  const uint64_t End[] = {reinterpret_cast<uint64_t>(roof_probe_end_xmm),
                          reinterpret_cast<uint64_t>(roof_probe_end_ymm),
                          reinterpret_cast<uint64_t>(roof_probe_end_zmm)};
  auto IsIn = [](const uint64_t(&Set)[3], uint64_t A) {
    return A == Set[0] || A == Set[1] || A == Set[2];
  };

  std::fflush(nullptr); // the child must not flush our buffers a second time
  outs().flush();
  pid_t Pid = fork();
  if (Pid < 0) {
    R.Error = std::string("fork: ") + std::strerror(errno);
    return R;
  }
  if (Pid == 0)
    runChild(Jobs);

  auto Fail = [&](std::string Message, bool Unsupported = false) {
    kill(Pid, SIGKILL);
    waitpid(Pid, nullptr, 0);
    R.Error = std::move(Message);
    R.Unsupported = Unsupported;
    return R;
  };

  int Status = 0;
  if (waitpid(Pid, &Status, 0) < 0)
    return Fail(std::string("waitpid: ") + std::strerror(errno));
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == ExitNoPtrace)
    return Fail("ptrace(PTRACE_TRACEME) is refused on this machine", true);
  if (!WIFSTOPPED(Status) || WSTOPSIG(Status) != SIGSTOP)
    return Fail("traced child " + describeStatus(Status), true);
  ptrace(PTRACE_SETOPTIONS, Pid, nullptr,
         reinterpret_cast<void *>(PTRACE_O_EXITKILL));
  if (ptrace(PTRACE_CONT, Pid, nullptr, nullptr) != 0)
    return Fail(std::string("ptrace(PTRACE_CONT): ") + std::strerror(errno),
                true);

  Stepper S(Pid, Decoder);
  bool Counting = false;
  std::pair<size_t, size_t> Current{0, 0};
  bool HaveCurrent = false;
  std::vector<bool> Printed(Jobs.size(), false);
  CallCounts Counts;
  for (;;) {
    if (waitpid(Pid, &Status, 0) < 0)
      return Fail(std::string("waitpid: ") + std::strerror(errno));
    if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
      break;
    R.FailedJob = HaveCurrent ? int(Current.first) : -1;
    if (!WIFSTOPPED(Status))
      return Fail("traced child " + describeStatus(Status));
    if (WSTOPSIG(Status) != SIGTRAP)
      return Fail("traced child " + describeStatus(Status));
    user_regs_struct Regs;
    if (ptrace(PTRACE_GETREGS, Pid, nullptr, &Regs) != 0)
      return Fail(
          std::string("ptrace(PTRACE_GETREGS): ") + std::strerror(errno), true);
    int Request = PTRACE_CONT;
    if (!Counting) {
      if (IsIn(Begin, Regs.rip - 1)) {
        auto It = FrameIndex.find(Regs.rbx);
        if (It == FrameIndex.end())
          return Fail("trampoline trap with an unknown frame");
        Current = It->second;
        HaveCurrent = true;
        uint32_t Measured = 0;
        S.read(Regs.rbx + offsetof(CallFrame, Measured), &Measured,
               sizeof(Measured));
        Counting = Measured != 0;
        Counts = CallCounts();
      } else if (!IsIn(End, Regs.rip - 1)) {
        char Buffer[64];
        std::snprintf(Buffer, sizeof(Buffer), "unexpected trap at 0x%llx",
                      static_cast<unsigned long long>(Regs.rip));
        return Fail(Buffer);
      }
    }
    if (Counting) {
      if (IsIn(End, Regs.rip)) {
        R.Counts[Current.first][Current.second] = Counts;
        Printed[Current.first] = true;
        Counting = false;
      } else {
        S.account(Regs.rip, Counts,
                  Options.PrintTrace && !Printed[Current.first]);
        Request = PTRACE_SINGLESTEP;
      }
    }
    if (ptrace(static_cast<__ptrace_request>(Request), Pid, nullptr, nullptr) !=
        0)
      return Fail(std::string("ptrace: ") + std::strerror(errno), true);
  }
  return R;
}

} // namespace roof
