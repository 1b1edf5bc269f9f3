//===- ProgramTracer.cpp - Count the FP instructions a program executes ---===//
//
// The tracee runs with LD_BIND_NOW=1, so that no lazy binding runs in the
// middle of a counted call. States of the stepping loop:
//   in the executable   count for the function symbol at %rip;
//   in a call to libm, libmvec or a complex helper
//                       count for the caller, until the call returns (the
//                       return address and stack pointer at the callee's
//                       first instruction say when);
//   in another library  run to the return address at full speed under a
//                       temporary breakpoint, uncounted.
//
//===----------------------------------------------------------------------===//
#include "ProgramTracer.h"
#include "TracedProcess.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <fstream>
#include <optional>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_map>

using namespace llvm;

namespace roof {
namespace {

constexpr const char *Tool = "roof-oracle";

/// Functions of the compiler runtime (libgcc, compiler-rt) that the pass
/// prices as library calls although they are linked into the executable.
bool isRuntimeHelper(StringRef Name) {
  static const StringSet<> Helpers = {"__muldc3", "__divdc3", "__mulsc3",
                                      "__divsc3", "__mulxc3", "__divxc3"};
  return Helpers.contains(Name);
}

/// Shared libraries whose instructions count for their caller: the ones
/// whose calls the pass prices with the measured libm table.
bool isMathLibrary(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  return Name.starts_with("libm.so") || Name.starts_with("libm-") ||
         Name.starts_with("libmvec.so") || Name.starts_with("libmvec-");
}

struct Mapping {
  uint64_t Start, End;
  std::string Path;
};

/// Straight-line code from a start address to the first instruction that
/// may branch, with the FP work it does at full width. A block with an
/// AVX-512 masked FP instruction is single-stepped: its lanes depend on the
/// k registers at the moment it runs.
struct Block {
  uint64_t End = 0;          // address of the control-flow instruction
  uint64_t Instructions = 0; // before End
  bool Masked = false;
  struct Work {
    unsigned Precision, Class;
    uint64_t Amount;
  };
  std::vector<Work> FP;
};

class Tracer {
public:
  Tracer(pid_t Pid, const FunctionTable &Functions, const X86Decoder &Decoder)
      : Process(Pid, Decoder, Tool), Functions(Functions) {}

  ProgramTrace run();

private:
  /// The mapping containing A, rereading /proc/PID/maps for new ones.
  const Mapping *mappingOf(uint64_t A);
  const FunctionSymbol *functionAt(uint64_t RuntimeAddress) {
    return Functions.find(RuntimeAddress - Bias);
  }
  uint64_t readWord(uint64_t A) {
    uint64_t W = 0;
    Process.read(A, &W, sizeof(W));
    return W;
  }
  pid_t pid() const { return Process.pid(); }
  bool getRegs() {
    return ptrace(PTRACE_GETREGS, pid(), nullptr, &R) == 0 ||
           fail(std::string("ptrace(PTRACE_GETREGS): ") + strerror(errno));
  }
  bool setRegs() {
    return ptrace(PTRACE_SETREGS, pid(), nullptr, &R) == 0 ||
           fail(std::string("ptrace(PTRACE_SETREGS): ") + strerror(errno));
  }
  bool resume(__ptrace_request Request) {
    return ptrace(Request, pid(), nullptr,
                  reinterpret_cast<void *>(intptr_t(Signal))) == 0 ||
           fail(std::string("ptrace: ") + strerror(errno));
  }

  /// Waits for the next stop; false when the program is gone (its status
  /// recorded) or stopped for a reason the oracle cannot follow (Error).
  /// A signal other than a trap is delivered when the program resumes.
  bool wait();
  /// Plants int3 at A (once); Remove takes it out again.
  bool plant(uint64_t A);
  bool remove(uint64_t A);
  /// Resumes until the breakpoint at A, with R at A (the int3 undone).
  bool continueTo(uint64_t A);
  /// Resumes with a temporary breakpoint at A until the program gets there
  /// with stack pointer Rsp (any, when none); false when it ended first.
  bool runTo(uint64_t A, std::optional<uint64_t> Rsp);
  /// Executes the instruction at R.rip, a planted breakpoint or not, by
  /// emulating its branch or stepping it.
  bool executeControl(const DecodedInstr &D);
  const Block &blockAt(uint64_t Start);
  void count(uint64_t Rip, const std::string &Function);
  void count(const Block &B, const std::string &Function);
  bool fail(std::string Why) {
    if (Trace.Error.empty())
      Trace.Error = std::move(Why);
    return false;
  }

  TracedProcess Process;
  const FunctionTable &Functions;
  std::vector<Mapping> Mappings;
  std::unordered_map<uint64_t, Block> Blocks;
  std::unordered_map<uint64_t, uint8_t> Planted; // address -> original byte
  std::string ExePath;
  uint64_t Bias = 0;
  user_regs_struct R{};
  int Signal = 0;
  bool Exited = false;
  ProgramTrace Trace;
};

const Mapping *Tracer::mappingOf(uint64_t A) {
  for (int Attempt = 0; Attempt < 2; ++Attempt) {
    for (const Mapping &M : Mappings)
      if (A >= M.Start && A < M.End)
        return &M;
    if (Attempt)
      break;
    Mappings.clear();
    std::ifstream In("/proc/" + std::to_string(pid()) + "/maps");
    std::string Line;
    while (std::getline(In, Line)) {
      // start-end perms offset dev inode [path]
      SmallVector<StringRef, 6> Fields;
      StringRef(Line).split(Fields, ' ', 5, false);
      if (Fields.size() < 5)
        continue;
      auto [Lo, Hi] = Fields[0].split('-');
      Mapping M;
      if (Lo.getAsInteger(16, M.Start) || Hi.getAsInteger(16, M.End))
        continue;
      if (Fields.size() == 6)
        M.Path = Fields[5].trim().str();
      Mappings.push_back(std::move(M));
    }
  }
  return nullptr;
}

bool Tracer::wait() {
  int Status = 0;
  Signal = 0;
  if (waitpid(pid(), &Status, 0) < 0)
    return fail(std::string("waitpid: ") + std::strerror(errno));
  if (WIFEXITED(Status)) {
    Exited = true;
    Trace.ExitStatus = WEXITSTATUS(Status);
    return false;
  }
  if (WIFSIGNALED(Status)) {
    Exited = true;
    return fail(std::string("the program was killed by ") +
                strsignal(WTERMSIG(Status)));
  }
  if (!WIFSTOPPED(Status))
    return fail("the program changed state " + std::to_string(Status));
  if (Status >> 16)
    return fail("the program started a thread or a process; roof-oracle "
                "counts single-threaded programs");
  if (WSTOPSIG(Status) != SIGTRAP)
    Signal = WSTOPSIG(Status);
  return true;
}

bool Tracer::plant(uint64_t A) {
  if (Planted.count(A))
    return true;
  uint64_t Word = readWord(A);
  Planted[A] = uint8_t(Word);
  return ptrace(PTRACE_POKETEXT, pid(), reinterpret_cast<void *>(A),
                reinterpret_cast<void *>((Word & ~uint64_t(0xff)) | 0xcc)) ==
             0 ||
         fail("cannot set a breakpoint: " + std::string(strerror(errno)));
}

bool Tracer::remove(uint64_t A) {
  auto It = Planted.find(A);
  if (It == Planted.end())
    return true;
  uint64_t Word = (readWord(A) & ~uint64_t(0xff)) | It->second;
  Planted.erase(It);
  return ptrace(PTRACE_POKETEXT, pid(), reinterpret_cast<void *>(A),
                reinterpret_cast<void *>(Word)) == 0 ||
         fail("cannot remove a breakpoint: " + std::string(strerror(errno)));
}

bool Tracer::continueTo(uint64_t A) {
  do {
    if (!resume(PTRACE_CONT) || !wait())
      return false;
  } while (Signal);
  if (!getRegs())
    return false;
  if (R.rip - 1 != A)
    return fail("the program stopped at an unexpected trap");
  R.rip = A;
  return true;
}

bool Tracer::runTo(uint64_t A, std::optional<uint64_t> Rsp) {
  bool Temporary = !Planted.count(A);
  for (;;) {
    if (!plant(A) || !continueTo(A))
      return false;
    if (!Rsp || R.rsp == *Rsp)
      break;
    // A deeper activation (a callback of the library) passed here: step
    // over the instruction and wait again.
    if (!remove(A) || !setRegs() || !resume(PTRACE_SINGLESTEP) || !wait() ||
        !getRegs())
      return false;
  }
  if (Temporary) {
    if (!remove(A) || !setRegs())
      return false;
  }
  return true;
}

bool Tracer::executeControl(const DecodedInstr &D) {
  uint64_t Next = R.rip + D.Size;
  switch (D.Flow) {
  case ControlFlow::Jump:
    R.rip = D.Target;
    return setRegs();
  case ControlFlow::CondJump:
    R.rip = conditionHolds(D.Cond, R.eflags) ? D.Target : Next;
    return setRegs();
  case ControlFlow::Call:
    R.rsp -= 8;
    if (ptrace(PTRACE_POKEDATA, pid(), reinterpret_cast<void *>(R.rsp),
               reinterpret_cast<void *>(Next)) != 0)
      return fail("cannot write the stack: " + std::string(strerror(errno)));
    R.rip = D.Target;
    return setRegs();
  case ControlFlow::Return:
    R.rip = readWord(R.rsp);
    R.rsp += 8;
    return setRegs();
  default: {
    // Step the original instruction, then put the breakpoint back.
    uint64_t At = R.rip;
    bool WasPlanted = Planted.count(At);
    if (!remove(At) || !setRegs() || !resume(PTRACE_SINGLESTEP) || !wait() ||
        !getRegs())
      return false;
    return !WasPlanted || plant(At);
  }
  }
}

const Block &Tracer::blockAt(uint64_t Start) {
  auto It = Blocks.find(Start);
  if (It != Blocks.end())
    return It->second;
  Block B;
  uint64_t A = Start;
  for (;;) {
    const DecodedInstr &D = Process.decodeAt(A);
    if (D.Size == 0 || D.Flow != ControlFlow::None)
      break;
    ++B.Instructions;
    if (D.FP) {
      if (D.MaskReg)
        B.Masked = true;
      B.FP.push_back({unsigned(D.FP->Precision), unsigned(D.FP->Class),
                      uint64_t(D.FP->Lanes) * D.FP->FlopsPerLane});
    }
    if (D.X87)
      ++Trace.X87;
    A += D.Size;
  }
  B.End = A;
  return Blocks.emplace(Start, std::move(B)).first->second;
}

void Tracer::count(uint64_t Rip, const std::string &Function) {
  const DecodedInstr &D = Process.decodeAt(Rip);
  ExecutedWork W = Process.work(D, Rip);
  ++Trace.Instructions;
  if (!D.FP && Function.empty())
    return;
  FunctionCounts &C = Trace.Functions[Function.empty() ? "?" : Function];
  ++C.Instructions;
  if (D.FP) {
    C.Empirical[D.FP->Precision][D.FP->Class] += W.Active;
    C.FullWidth[D.FP->Precision][D.FP->Class] += W.FullWidth;
  }
}

void Tracer::count(const Block &B, const std::string &Function) {
  Trace.Instructions += B.Instructions;
  if (B.FP.empty() && Function.empty())
    return;
  FunctionCounts &C = Trace.Functions[Function.empty() ? "?" : Function];
  C.Instructions += B.Instructions;
  for (const Block::Work &W : B.FP) {
    C.Empirical[W.Precision][W.Class] += W.Amount;
    C.FullWidth[W.Precision][W.Class] += W.Amount;
  }
}

ProgramTrace Tracer::run() {
  // Stopped after execve: the executable and the loader are mapped.
  char Exe[4096];
  ssize_t N = readlink(("/proc/" + std::to_string(pid()) + "/exe").c_str(), Exe,
                       sizeof(Exe) - 1);
  if (N <= 0) {
    fail("cannot read /proc/PID/exe of the program");
    return Trace;
  }
  ExePath.assign(Exe, size_t(N));
  if (Functions.positionIndependent()) {
    std::ifstream Auxv("/proc/" + std::to_string(pid()) + "/auxv",
                       std::ios::binary);
    uint64_t Pair[2];
    while (Auxv.read(reinterpret_cast<char *>(Pair), sizeof(Pair)))
      if (Pair[0] == AT_ENTRY)
        Bias = Pair[1] - Functions.entry();
  }

  uint64_t Main = Functions.byName("main")->Start + Bias;
  if (!runTo(Main, std::nullopt)) {
    fail("the program exited before main");
    return Trace;
  }
  const uint64_t MainReturn = readWord(R.rsp);
  const uint64_t MainRsp = R.rsp + 8;

  // A call whose instructions count for its caller.
  struct Borrowed {
    uint64_t Return = 0, Rsp = 0;
    std::string Caller;
  };
  std::optional<Borrowed> Call;
  const FunctionSymbol *Last = nullptr;
  std::string Function;
  for (;;) {
    uint64_t Rip = R.rip;
    if (Rip == MainReturn && R.rsp == MainRsp)
      break;
    if (Call && Rip == Call->Return && R.rsp == Call->Rsp)
      Call.reset();
    const Mapping *M = Call ? nullptr : mappingOf(Rip);
    if (Call) {
      Function = Call->Caller;
    } else if (M && M->Path == ExePath) {
      const FunctionSymbol *F =
          Last && Rip - Bias >= Last->Start && Rip - Bias < Last->End
              ? Last
              : functionAt(Rip);
      Last = F;
      Function = F ? F->Name : "";
      if (F && Rip - Bias == F->Start && isRuntimeHelper(F->Name)) {
        uint64_t Return = readWord(R.rsp);
        const FunctionSymbol *Caller = functionAt(Return - 1);
        Call = Borrowed{Return, R.rsp + 8, Caller ? Caller->Name : ""};
        Function = Call->Caller;
      }
    } else {
      // The first instruction outside the executable: a call's target,
      // reached directly or through the PLT's jump.
      uint64_t Return = readWord(R.rsp);
      const FunctionSymbol *Caller = functionAt(Return - 1);
      if (M && isMathLibrary(M->Path)) {
        Call = Borrowed{Return, R.rsp + 8, Caller ? Caller->Name : ""};
        Function = Call->Caller;
      } else {
        if (!runTo(Return, R.rsp + 8))
          break;
        continue;
      }
    }

    const Block &B = blockAt(Rip);
    if (B.Masked && B.End != Rip) {
      // One instruction at a time, reading the mask of each.
      count(Rip, Function);
      if (!resume(PTRACE_SINGLESTEP) || !wait() || !getRegs())
        break;
      continue;
    }
    if (B.End != Rip) {
      if (!plant(B.End) || !continueTo(B.End))
        break;
      count(B, Function);
    }
    const DecodedInstr &D = Process.decodeAt(R.rip);
    if (D.Size == 0) {
      fail("undecodable instruction in the program");
      break;
    }
    count(R.rip, Function);
    if (!executeControl(D))
      break;
  }
  if (Trace.Error.empty() && !Exited) {
    // main returned: the rest (exit handlers) runs uncounted, without the
    // breakpoints.
    std::vector<uint64_t> All;
    for (auto &Entry : Planted)
      All.push_back(Entry.first);
    for (uint64_t A : All)
      remove(A);
    while (Trace.Error.empty() && resume(PTRACE_CONT) && wait()) {
    }
  }
  if (Exited && Trace.Error.empty() && Trace.ExitStatus != 0)
    fail("the program exited with status " + std::to_string(Trace.ExitStatus));
  return Trace;
}

} // namespace

ProgramTrace traceProgram(const std::vector<std::string> &Argv,
                          const FunctionTable &Functions,
                          const X86Decoder &Decoder) {
  ProgramTrace Failed;
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  int Pipe[2]; // carries errno of a failed execvp
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    Failed.Error = std::string("pipe: ") + strerror(errno);
    return Failed;
  }
  std::fflush(nullptr);
  pid_t Pid = fork();
  if (Pid < 0) {
    Failed.Error = std::string("fork: ") + strerror(errno);
    return Failed;
  }
  if (Pid == 0) {
    close(Pipe[0]);
    if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0) {
      int E = -1;
      (void)!write(Pipe[1], &E, sizeof(E));
      _exit(127);
    }
    setenv("LD_BIND_NOW", "1", 1);
    execvp(Args[0], Args.data());
    int E = errno;
    (void)!write(Pipe[1], &E, sizeof(E));
    _exit(127);
  }
  close(Pipe[1]);
  int Status = 0;
  waitpid(Pid, &Status, 0);
  int E = 0;
  if (read(Pipe[0], &E, sizeof(E)) == sizeof(E)) {
    close(Pipe[0]);
    waitpid(Pid, nullptr, 0);
    Failed.Error = E < 0 ? "ptrace(PTRACE_TRACEME) is refused on this machine"
                         : "cannot run " + Argv[0] + ": " + strerror(E);
    return Failed;
  }
  close(Pipe[0]);
  if (!WIFSTOPPED(Status) || WSTOPSIG(Status) != SIGTRAP) {
    Failed.Error = "cannot trace " + Argv[0];
    kill(Pid, SIGKILL);
    waitpid(Pid, nullptr, 0);
    return Failed;
  }
  ptrace(PTRACE_SETOPTIONS, Pid, nullptr,
         reinterpret_cast<void *>(PTRACE_O_EXITKILL | PTRACE_O_TRACECLONE |
                                  PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK |
                                  PTRACE_O_TRACEEXEC));
  Tracer T(Pid, Functions, Decoder);
  ProgramTrace Trace = T.run();
  if (!Trace.Error.empty()) {
    // Kill and reap every traced task: a thread or process the program
    // started is our tracee too, and a leader is not reaped before its
    // threads.
    kill(Pid, SIGKILL);
    for (pid_t Task; (Task = waitpid(-1, &Status, __WALL)) > 0;)
      if (WIFSTOPPED(Status))
        kill(Task, SIGKILL);
  }
  return Trace;
}

} // namespace roof
