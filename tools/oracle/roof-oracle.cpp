//===- roof-oracle.cpp - Count the FP work a program executes, per function
//===//
//
// The binary-level oracle that roof's x86 empirical counts are checked
// against (test/oracle/corpus.py, docs/oracle.md): it knows nothing of the
// pass, the IR or the census; it traces a plain build of the program under
// ptrace and counts what the CPU executes.
//
//   roof-oracle [--json FILE] [--] PROGRAM [ARGS...]
//
// Prints one line per function and precision with FP work, by class, for
// the instructions' active lanes (empirical) and all of their lanes (full
// width); --json writes the same as
//   {"program", "instructions", "x87",
//    "functions": [{"name", "instructions",
//                   "empirical": {PRECISION: {CLASS: n}}, "full_width": ...}]}
// Exit status 0; 1 with one line on stderr when the program cannot be
// counted (not an x86-64 executable, ptrace refused, threads, a crash or a
// non-zero exit status of the program); 2 for bad usage.
//
//===----------------------------------------------------------------------===//
#include "FunctionTable.h"
#include "ProgramTracer.h"
#include "X86Decoder.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;
using namespace roof;

static const char *const PrecisionNames[] = {ROOF_PRECISION_NAMES};
static const char *const ClassNames[] = {ROOF_CLASS_NAMES};

static const char Usage[] =
    "usage: roof-oracle [--json FILE] [--] PROGRAM [ARGS...]\n"
    "Traces PROGRAM from main and counts the FP instructions it executes\n"
    "per function, like Intel SDE (FMA = 2, active AVX-512 lanes).\n";

static int failWith(const Twine &Message, int Status = 1) {
  errs() << "roof-oracle: " << Message << "\n";
  return Status;
}

static json::Object
countsObject(const uint64_t (&C)[ROOF_NUM_PRECISIONS][ROOF_NUM_CLASSES]) {
  json::Object Out;
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
    json::Object Classes;
    for (unsigned K = 0; K < ROOF_NUM_CLASSES; ++K)
      Classes[ClassNames[K]] = C[P][K];
    Out[PrecisionNames[P]] = std::move(Classes);
  }
  return Out;
}

static bool anyWork(const FunctionCounts &F) {
  for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P)
    for (unsigned K = 0; K < ROOF_NUM_CLASSES; ++K)
      if (F.FullWidth[P][K])
        return true;
  return false;
}

static void printTable(const ProgramTrace &T, raw_ostream &OS) {
  OS << "roof-oracle: " << T.Instructions << " instructions executed";
  if (T.X87)
    OS << ", " << T.X87 << " x87 (not counted)";
  OS << "\n";
  for (const auto &[Name, F] : T.Functions) {
    if (!anyWork(F))
      continue;
    for (unsigned P = 0; P < ROOF_NUM_PRECISIONS; ++P) {
      std::string Empirical, Full;
      for (unsigned K = 0; K < ROOF_NUM_CLASSES; ++K) {
        if (F.FullWidth[P][K] == 0)
          continue;
        Empirical += " " + std::string(ClassNames[K]) + "=" +
                     std::to_string(F.Empirical[P][K]);
        if (F.FullWidth[P][K] != F.Empirical[P][K])
          Full += " " + std::string(ClassNames[K]) + "=" +
                  std::to_string(F.FullWidth[P][K]);
      }
      if (Empirical.empty())
        continue;
      OS << "  " << Name << " " << PrecisionNames[P] << ":" << Empirical;
      if (!Full.empty())
        OS << "  (full width:" << Full << ")";
      OS << "\n";
    }
  }
}

int main(int argc, char **argv) {
  std::string JsonPath;
  int I = 1;
  for (; I < argc; ++I) {
    StringRef A = argv[I];
    if (A == "--") {
      ++I;
      break;
    }
    if (A == "--help" || A == "-h") {
      outs() << Usage;
      return 0;
    }
    if (A == "--json") {
      if (++I == argc)
        return failWith("--json needs a file name", 2);
      JsonPath = argv[I];
      continue;
    }
    if (A.starts_with("-"))
      return failWith("unknown option '" + A + "'\n" + Usage, 2);
    break;
  }
  if (I == argc)
    return failWith(Twine("no program to run\n") + Usage, 2);
  std::vector<std::string> Argv(argv + I, argv + argc);

  // The path the kernel will execute, as execvp() finds it.
  std::string Path = Argv[0];
  if (Path.find('/') == std::string::npos) {
    ErrorOr<std::string> Found = sys::findProgramByName(Path);
    if (!Found)
      return failWith("cannot find program '" + Path + "'");
    Path = *Found;
  }
  Expected<FunctionTable> Functions = FunctionTable::read(Path);
  if (!Functions)
    return failWith(toString(Functions.takeError()));
  std::string Err;
  std::unique_ptr<X86Decoder> Decoder = X86Decoder::create(Err);
  if (!Decoder)
    return failWith(Err);

  auto Start = std::chrono::steady_clock::now();
  ProgramTrace Trace = traceProgram(Argv, *Functions, *Decoder);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (!Trace.Error.empty())
    return failWith(Argv[0] + ": " + Trace.Error);

  if (JsonPath.empty()) {
    printTable(Trace, outs());
    outs() << "roof-oracle: " << format("%.1f", Seconds) << " s, "
           << format("%.2f", Trace.Instructions / Seconds / 1e6)
           << " M instructions/s\n";
    return 0;
  }
  json::Array List;
  for (const auto &[Name, F] : Trace.Functions) {
    if (!anyWork(F))
      continue;
    List.push_back(json::Object{{"name", Name},
                                {"instructions", F.Instructions},
                                {"empirical", countsObject(F.Empirical)},
                                {"full_width", countsObject(F.FullWidth)}});
  }
  json::Value Doc = json::Object{{"program", Path},
                                 {"instructions", Trace.Instructions},
                                 {"x87", Trace.X87},
                                 {"seconds", Seconds},
                                 {"functions", std::move(List)}};
  std::error_code EC;
  raw_fd_ostream Out(JsonPath, EC, sys::fs::OF_Text);
  if (EC)
    return failWith("cannot write " + JsonPath + ": " + EC.message());
  Out << formatv("{0:1}", Doc) << "\n";
  return 0;
}
