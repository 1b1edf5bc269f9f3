//===- roof-libm-probe.cpp - Measure the FP work of libm calls ------------===//
//
// The roof pass cannot see into libm or libmvec, so it prices their calls
// from a table measured on the real library of the build machine:
//
//   roof-libm-probe --out build/generated/LibmCosts.inc   # what CMake runs
//   roof-libm-probe --print --function exp --function _ZGVeN8v_exp
//   roof-libm-probe --library ./libk.so --symbol k --signature v8d_v8d
//
// Each function is called once per input to warm up, then once per input
// under single-stepping (Tracer.h). A row reports the most frequent FLOP
// total over the inputs with its split by class, and the min and max, so
// input-dependent paths show. docs/libm-costs.md describes the method.
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"
#include "Tracer.h"
#include "X86Decoder.h"

#include "libm_paths.h"
#include "roof/abi.h"

#include "llvm/ADT/Twine.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <fstream>
#include <gnu/libc-version.h>
#include <map>
#include <memory>

using namespace llvm;
using namespace roof;

namespace {

cl::OptionCategory Category("roof-libm-probe options");

cl::opt<std::string> OutFile("out", cl::desc("Write the C++ include file"),
                             cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> Print("print",
                    cl::desc("Print a readable table (default "
                             "when --out is not given)"),
                    cl::cat(Category));
cl::list<std::string> Functions("function",
                                cl::desc("Probe only this libm/libmvec symbol "
                                         "(repeatable)"),
                                cl::value_desc("name"), cl::cat(Category));
cl::opt<std::string> Library("library",
                             cl::desc("Probe --symbol from this shared "
                                      "library instead of libm"),
                             cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string> Symbol("symbol", cl::desc("Symbol to probe in --library"),
                            cl::value_desc("name"), cl::cat(Category));
cl::opt<std::string>
    SignatureText("signature",
                  cl::desc("Signature of --symbol, e.g. d_d, dd_d, f_f, "
                           "v8d_v8d, v4dv4d_v4d, dpp_v (see Catalog.h)"),
                  cl::value_desc("sig"), cl::cat(Category));
cl::opt<std::string> Range("range",
                           cl::desc("Argument domain for --symbol: LO:HI "
                                    "(default 0.5:2)"),
                           cl::value_desc("lo:hi"), cl::init("0.5:2"),
                           cl::cat(Category));
cl::opt<unsigned> Inputs("inputs", cl::desc("Calls per function (default 32)"),
                         cl::init(32), cl::cat(Category));
cl::opt<bool> Verbose("verbose", cl::desc("Print the counts of every call"),
                      cl::cat(Category));
cl::opt<bool> Trace("trace",
                    cl::desc("Print the instructions of the first counted "
                             "call of each function"),
                    cl::cat(Category));
cl::opt<std::string> Note("note",
                          cl::desc("Extra line for the header of --out"),
                          cl::value_desc("text"), cl::cat(Category));

// Exit status 2 says "cannot measure on this machine": CMake then falls
// back to the checked-in table.
constexpr int ExitUnsupported = 2;

struct Summary {
  CallCounts Mode; // counts of a call with the most frequent FLOP total
  unsigned ModeCalls = 0;
  uint64_t MinFlops = 0, MaxFlops = 0;
};

Summary summarize(const std::vector<CallCounts> &Calls) {
  Summary S;
  std::map<uint64_t, unsigned> ByTotal;
  for (const CallCounts &C : Calls)
    ++ByTotal[C.flops()];
  // Ties go to the smaller total: the map iterates in increasing order.
  uint64_t Total = 0;
  for (const auto &[Flops, N] : ByTotal)
    if (N > S.ModeCalls) {
      S.ModeCalls = N;
      Total = Flops;
    }
  S.MinFlops = ByTotal.begin()->first;
  S.MaxFlops = ByTotal.rbegin()->first;
  // Calls with the mode total may still differ in compares or converts:
  // report the most frequent complete split among them.
  unsigned Best = 0;
  for (const CallCounts &C : Calls) {
    if (C.flops() != Total)
      continue;
    unsigned N = std::count(Calls.begin(), Calls.end(), C);
    if (N > Best) {
      Best = N;
      S.Mode = C;
    }
  }
  return S;
}

const char *precisionName(RoofPrecision P) {
  switch (P) {
  case ROOF_FP16:
    return "fp16";
  case ROOF_BF16:
    return "bf16";
  case ROOF_FP32:
    return "fp32";
  default:
    return "fp64";
  }
}

const char *precisionEnum(RoofPrecision P) {
  switch (P) {
  case ROOF_FP16:
    return "ROOF_FP16";
  case ROOF_BF16:
    return "ROOF_BF16";
  case ROOF_FP32:
    return "ROOF_FP32";
  default:
    return "ROOF_FP64";
  }
}

// "fp64 14" or "fp64 12 + fp32 2": the precision the work was done in.
std::string precisionSplit(const CallCounts &C) {
  std::string S;
  for (RoofPrecision P : {ROOF_FP64, ROOF_FP32, ROOF_FP16, ROOF_BF16})
    if (C.flops(P))
      S += (S.empty() ? "" : " + ") + std::string(precisionName(P)) + " " +
           std::to_string(C.flops(P));
  return S.empty() ? "no FLOPs" : S;
}

std::string cpuModel() {
  std::ifstream In("/proc/cpuinfo");
  std::string Line;
  while (std::getline(In, Line))
    if (StringRef(Line).starts_with("model name"))
      return StringRef(Line).split(':').second.trim().str();
  return "unknown CPU";
}

// The vector ISAs this CPU offers, which decide the ifunc choices.
std::string cpuFeatureSummary() {
  std::string S = "SSE2";
  for (CpuFeature F : {CpuFeature::AVX, CpuFeature::AVX2, CpuFeature::AVX512F})
    if (cpuHas(F))
      S += std::string(", ") + cpuFeatureName(F);
  return S;
}

std::string today() {
  char Buffer[32];
  std::time_t Now = std::time(nullptr);
  std::strftime(Buffer, sizeof(Buffer), "%Y-%m-%d", std::gmtime(&Now));
  return Buffer;
}

struct Result {
  const ProbeSpec *Spec;
  Summary Sum;
};

/// One path of a function whose instructions depend on its argument: the
/// key __roof_libm_path gives its arguments, the counts of the call that
/// most of them ran, and how many did.
struct PathResult {
  uint32_t Key;
  CallCounts Mode;
  unsigned Agreeing = 0, Arguments = 0;
  double Example = 0; // an argument that ran Mode
};

struct PathResults {
  const ProbeSpec *Spec;
  std::vector<PathResult> Paths; // by key
};

/// The path key of argument \p X of \p Spec's function, as its call got it
/// (a float function's rounded to float).
uint32_t pathKeyOf(const ProbeSpec &Spec, double X) {
  if (Spec.Sig.precision() == ROOF_FP32)
    X = static_cast<float>(X);
  return roofrt_libm_path_key(Spec.PathFamily, X);
}

/// Groups the calls of \p Arguments by path key: each key's most frequent
/// counts, and whether every argument with that key agreed.
PathResults summarizePaths(const ProbeSpec &Spec,
                           const std::vector<double> &Arguments,
                           const std::vector<CallCounts> &Calls) {
  std::map<uint32_t, std::vector<size_t>> ByKey;
  for (size_t I = 0; I < Arguments.size(); ++I)
    ByKey[pathKeyOf(Spec, Arguments[I])].push_back(I);
  PathResults R{&Spec, {}};
  for (const auto &[Key, Indices] : ByKey) {
    std::vector<CallCounts> Group;
    for (size_t I : Indices)
      Group.push_back(Calls[I]);
    PathResult P;
    P.Key = Key;
    P.Mode = summarize(Group).Mode;
    P.Arguments = Indices.size();
    // Paths that differ in integer instructions only are one path here.
    for (size_t I : Indices)
      if (std::memcmp(Calls[I].Work, P.Mode.Work, sizeof(P.Mode.Work)) == 0 &&
          !P.Agreeing++)
        P.Example = Arguments[I];
    R.Paths.push_back(P);
  }
  return R;
}

/// "bucket 3, -, odd quadrant, small": what a key says (roof/abi.h).
std::string describeKey(uint32_t Key) {
  std::string S = "bucket " + std::to_string(Key / 8) +
                  ((Key & 4) ? ", x < 0" : ", x >= 0");
  if (Key & 2)
    S += ", odd quadrant";
  if (Key & 1)
    S += ", small reduced";
  return S;
}

const char *familyEnum(int Family) {
  switch (Family) {
  case ROOF_LIBM_PATHS_TRIG:
    return "ROOF_LIBM_PATHS_TRIG";
  case ROOF_LIBM_PATHS_TRIGF:
    return "ROOF_LIBM_PATHS_TRIGF";
  case ROOF_LIBM_PATHS_ERF:
    return "ROOF_LIBM_PATHS_ERF";
  default:
    return "ROOF_LIBM_PATHS_ERFF";
  }
}

void writeTable(raw_ostream &OS, const std::vector<Result> &Results) {
  OS << "function                 prec lanes    add    mul    fma   div  sqrt "
        "minmax   cmp   cvt   FLOPs  /lane    min..max  insns  executed in\n";
  for (const Result &R : Results) {
    const CallCounts &C = R.Sum.Mode;
    unsigned Lanes = R.Spec->Sig.lanes();
    std::string MinMax =
        std::to_string(R.Sum.MinFlops) + ".." + std::to_string(R.Sum.MaxFlops);
    OS << format("%-24s %4s %5u %6llu %6llu %6llu %5llu %5llu %6llu %5llu "
                 "%5llu %7llu %6.1f %11s %6llu  %s\n",
                 R.Spec->Symbol.c_str(), precisionName(R.Spec->Sig.precision()),
                 Lanes, C.inClass(ROOF_CLASS_ADD), C.inClass(ROOF_CLASS_MUL),
                 C.inClass(ROOF_CLASS_FMA), C.inClass(ROOF_CLASS_DIV),
                 C.inClass(ROOF_CLASS_SQRT), C.inClass(ROOF_CLASS_MINMAX),
                 C.inClass(ROOF_CLASS_COMPARE), C.inClass(ROOF_CLASS_CONVERT),
                 C.flops(), double(C.flops()) / Lanes, MinMax.c_str(),
                 C.Instructions, precisionSplit(C).c_str());
  }
}

/// The rows of one call's counts, one per precision it executed in (at
/// least the arguments' one): \p Head, then ", /*executed=*/P, add..".
void writeRows(raw_ostream &OS, StringRef Head, RoofPrecision Arguments,
               const CallCounts &C) {
  bool Any = false;
  for (RoofPrecision P : {ROOF_FP64, ROOF_FP32, ROOF_FP16, ROOF_BF16}) {
    const uint64_t *W = C.Work[P];
    if (std::all_of(W, W + ROOF_NUM_CLASSES, [](uint64_t V) { return !V; }) &&
        (Any || P != Arguments))
      continue;
    Any = true;
    OS << Head
       << format(", /*executed=*/%s, /*add=*/%llu, /*mul=*/%llu, "
                 "/*fma=*/%llu, /*div=*/%llu, /*sqrt=*/%llu, /*minmax=*/%llu, "
                 "/*compare=*/%llu, /*convert=*/%llu)\n",
                 precisionEnum(P), W[ROOF_CLASS_ADD], W[ROOF_CLASS_MUL],
                 W[ROOF_CLASS_FMA], W[ROOF_CLASS_DIV], W[ROOF_CLASS_SQRT],
                 W[ROOF_CLASS_MINMAX], W[ROOF_CLASS_COMPARE],
                 W[ROOF_CLASS_CONVERT]);
  }
}

void writePaths(raw_ostream &OS, const std::vector<PathResults> &Paths) {
  OS << "\n// Paths: the functions whose instructions depend on the argument, "
        "per key of\n"
     << "// __roof_libm_path (runtime/libm_paths.c), probed on both sides of "
        "each of its\n"
     << "// thresholds and on grids; a key whose arguments did not all run "
        "the same work\n"
     << "// says so and gives the most frequent.\n"
     << "// ROOF_LIBM_PATH(name, family, key, executed, add, mul, fma, div, "
        "sqrt, minmax,\n"
     << "//                compare, convert), in the units of ROOF_LIBM_COST.\n"
     << "#ifndef ROOF_LIBM_PATH\n"
     << "#error \"define ROOF_LIBM_PATH before including LibmCosts.inc\"\n"
     << "#endif\n";
  for (const PathResults &F : Paths)
    for (const PathResult &P : F.Paths) {
      OS << format("// %s key %u (%s): %llu FLOPs; ", F.Spec->Symbol.c_str(),
                   P.Key, describeKey(P.Key).c_str(), P.Mode.flops());
      if (P.Agreeing == P.Arguments)
        OS << format("all %u arguments", P.Arguments);
      else
        OS << format("INEXACT: %u of %u arguments", P.Agreeing, P.Arguments);
      OS << format(", e.g. %a\n", P.Example);
      std::string Head = (Twine("ROOF_LIBM_PATH(\"") + F.Spec->Symbol + "\", " +
                          familyEnum(F.Spec->PathFamily) + ", " + Twine(P.Key))
                             .str();
      writeRows(OS, Head, F.Spec->Sig.precision(), P.Mode);
    }
  OS << "#undef ROOF_LIBM_PATH\n";
}

void writeInclude(raw_ostream &OS, const std::vector<Result> &Results,
                  const std::vector<PathResults> &Paths) {
  OS << "//===- LibmCosts.inc - FP work per call of libm and libmvec -*- C++ "
        "-*-===//\n"
     << "//\n"
     << "// Generated by roof-libm-probe (tools/libm-probe); do not edit.\n";
  // The note is wrapped to the 80 columns of the rest of the header.
  std::string Line;
  for (StringRef Rest = Note; !Rest.empty();) {
    auto [Word, Tail] = Rest.split(' ');
    Rest = Tail;
    if (!Line.empty() && Line.size() + 1 + Word.size() > 77) {
      OS << "// " << Line << "\n";
      Line.clear();
    }
    Line += (Line.empty() ? "" : " ") + Word.str();
  }
  if (!Line.empty())
    OS << "// " << Line << "\n";
  OS << "// Measured " << today() << " on: " << cpuModel() << " ("
     << cpuFeatureSummary() << "); glibc " << gnu_get_libc_version() << ".\n"
     << "//\n"
     << "// Each function ran in a ptrace()d child, called through a "
        "trampoline, once per\n"
     << "// input to warm up (lazy binding, ifunc) and once per input "
        "single-stepped; every\n"
     << "// executed instruction was decoded with LLVM's X86 disassembler "
        "and classified\n"
     << "// like Intel SDE: lanes x class, FMA = 2 FLOPs per lane, masked "
        "AVX-512 forms\n"
     << "// count their active lanes. A row is the most frequent FLOP total "
        "over the\n"
     << "// inputs (" << Inputs
     << " calls) with its split by class; the comment above it gives the\n"
     << "// min and max and the inputs.\n"
     << "// ifunc picks code for the CPU that runs it: the table describes "
        "this machine.\n"
     << "//\n"
     << "// ROOF_LIBM_COST(name, precision, lanes, executed, add, mul, fma, "
        "div, "
        "sqrt,\n"
     << "//                minmax, compare, convert): precision is that of the "
        "arguments,\n"
     << "// executed the precision the instructions ran in (glibc's float "
        "functions\n"
     << "// compute in double), one row per executed precision; add..sqrt in "
        "FLOPs, the\n"
     << "// rest in operations, all summed over the lanes of one call.\n"
     << "//\n"
     << "//===-------------------------------------------------------------"
        "---------===//\n"
     << "#ifndef ROOF_LIBM_COST\n"
     << "#error \"define ROOF_LIBM_COST before including LibmCosts.inc\"\n"
     << "#endif\n\n";
  for (const Result &R : Results) {
    const CallCounts &C = R.Sum.Mode;
    OS << format("// %llu FLOPs in %u of %u calls (min %llu, max %llu); %s; "
                 "%llu instructions",
                 C.flops(), R.Sum.ModeCalls, unsigned(Inputs), R.Sum.MinFlops,
                 R.Sum.MaxFlops, precisionSplit(C).c_str(), C.Instructions);
    if (C.X87)
      OS << format(" (%llu x87, not counted)", C.X87);
    OS << "; " << R.Spec->describeInputs() << "\n";
    std::string Head = (Twine("ROOF_LIBM_COST(\"") + R.Spec->Symbol + "\", " +
                        precisionEnum(R.Spec->Sig.precision()) +
                        ", /*lanes=*/" + Twine(R.Spec->Sig.lanes()))
                           .str();
    writeRows(OS, Head, R.Spec->Sig.precision(), C);
  }
  OS << "\n#undef ROOF_LIBM_COST\n";
  writePaths(OS, Paths);
}

// The probes to run: the libm catalog filtered by --function, or the one
// --library symbol.
bool selectSpecs(std::vector<ProbeSpec> &Specs) {
  if (!Library.empty()) {
    if (Symbol.empty() || SignatureText.empty()) {
      errs() << "roof-libm-probe: --library needs --symbol and --signature\n";
      return false;
    }
    std::string Err;
    std::optional<Signature> Sig = Signature::parse(SignatureText, Err);
    auto [Lo, Hi] = StringRef(Range).split(':');
    double LoV, HiV;
    if (!Sig || Lo.getAsDouble(LoV) || Hi.getAsDouble(HiV)) {
      errs() << "roof-libm-probe: " << (Sig ? "--range must be LO:HI" : Err)
             << "\n";
      return false;
    }
    ProbeSpec S;
    S.Symbol = Symbol;
    S.Library = Library;
    S.Sig = *Sig;
    S.Domains = {{LoV, HiV}};
    unsigned Bits = Sig->registerBits();
    S.Feature = Bits == 512   ? CpuFeature::AVX512F
                : Bits == 256 ? CpuFeature::AVX
                              : CpuFeature::None;
    Specs.push_back(std::move(S));
    return true;
  }
  std::vector<ProbeSpec> All = libmCatalog();
  if (Functions.empty()) {
    Specs = std::move(All);
    return true;
  }
  for (const std::string &Name : Functions) {
    auto It = std::find_if(All.begin(), All.end(), [&](const ProbeSpec &S) {
      return S.Symbol == Name;
    });
    if (It == All.end()) {
      errs() << "roof-libm-probe: '" << Name
             << "' is not a libm function or libmvec variant it knows\n";
      return false;
    }
    Specs.push_back(*It);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "roof-libm-probe: measures the FP operations per call of libm and "
      "libmvec functions\n");
  // Each input is a 1 KiB frame per function, allocated before fork().
  if (Inputs < 1 || Inputs > 256) {
    errs() << "roof-libm-probe: --inputs must be in 1..256\n";
    return 1;
  }
  std::vector<ProbeSpec> Specs;
  if (!selectSpecs(Specs))
    return 1;

  std::string Err;
  std::unique_ptr<X86Decoder> Decoder = X86Decoder::create(Err);
  if (!Decoder) {
    errs() << "roof-libm-probe: " << Err << "\n";
    return ExitUnsupported;
  }

  // Libraries are opened before fork() so the child inherits resolved
  // addresses, and the parent can build the frames that point into them.
  void *Libm = dlopen("libm.so.6", RTLD_NOW | RTLD_GLOBAL);
  std::map<std::string, void *> Handles;
  std::vector<const ProbeSpec *> Runnable;
  std::vector<CallJob> Jobs;
  std::vector<std::unique_ptr<CallFrame>> Frames;
  for (const ProbeSpec &S : Specs) {
    void *&H = Handles[S.Library];
    if (!H)
      H = dlopen(S.Library.c_str(), RTLD_NOW | RTLD_GLOBAL);
    void *Fn = H ? dlsym(H, S.Symbol.c_str()) : nullptr;
    if (!Fn) {
      // The catalog names variants some glibc versions lack (fmod has no
      // libmvec form in 2.36): only say so when asked for by name.
      if (!Functions.empty() || !Library.empty() || Verbose)
        errs() << "roof-libm-probe: skipping " << S.Symbol << ": "
               << (H ? "not in " : "cannot open ") << S.Library << "\n";
      continue;
    }
    if (!cpuHas(S.Feature)) {
      errs() << "roof-libm-probe: skipping " << S.Symbol << ": this CPU has no "
             << cpuFeatureName(S.Feature) << "\n";
      continue;
    }
    CallJob Job;
    unsigned Bits = S.Sig.registerBits();
    Job.Registers = Bits == 512   ? RegisterFile::ZMM
                    : Bits == 256 ? RegisterFile::YMM
                                  : RegisterFile::XMM;
    Job.Check = makeResultCheck(S, Libm);
    for (unsigned I = 0; I < Inputs; ++I) {
      Frames.push_back(std::make_unique<CallFrame>());
      fillFrame(S, I, Inputs, *Frames.back());
      Frames.back()->Target = reinterpret_cast<uint64_t>(Fn);
      Job.Frames.push_back(Frames.back().get());
    }
    Jobs.push_back(std::move(Job));
    Runnable.push_back(&S);
  }
  // One more job per function with paths: an argument per call, unchecked
  // (NaN and infinities are among them).
  struct PathJob {
    const ProbeSpec *Spec;
    size_t Job;
    std::vector<double> Arguments;
  };
  std::vector<PathJob> PathJobs;
  for (size_t J = 0, N = Jobs.size(); J < N; ++J) {
    const ProbeSpec &S = *Runnable[J];
    if (S.PathFamily < 0)
      continue;
    PathJob P{&S, Jobs.size(),
              pathArguments(static_cast<RoofLibmPathFamily>(S.PathFamily))};
    CallJob Job;
    Job.Registers = Jobs[J].Registers;
    for (double X : P.Arguments) {
      Frames.push_back(std::make_unique<CallFrame>());
      fillFrameAt(S, X, *Frames.back());
      Frames.back()->Target = Jobs[J].Frames.front()->Target;
      Job.Frames.push_back(Frames.back().get());
    }
    Jobs.push_back(std::move(Job));
    Runnable.push_back(&S);
    PathJobs.push_back(std::move(P));
  }
  if (Jobs.empty()) {
    errs() << "roof-libm-probe: nothing to probe\n";
    return 1;
  }

  TraceOptions Options;
  Options.PrintTrace = Trace;
  TraceResult Traced = traceCalls(Jobs, *Decoder, Options);
  if (!Traced.Error.empty()) {
    errs() << "roof-libm-probe: " << Traced.Error;
    if (Traced.FailedJob >= 0)
      errs() << " while calling " << Runnable[Traced.FailedJob]->Symbol;
    errs() << "\n";
    return Traced.Unsupported ? ExitUnsupported : 1;
  }

  std::vector<PathResults> Paths;
  for (const PathJob &P : PathJobs) {
    Paths.push_back(summarizePaths(*P.Spec, P.Arguments, Traced.Counts[P.Job]));
    if (Verbose)
      for (size_t I = 0; I < P.Arguments.size(); ++I)
        outs() << format("%s path argument %a: key %u, %llu FLOPs\n",
                         P.Spec->Symbol.c_str(), P.Arguments[I],
                         pathKeyOf(*P.Spec, P.Arguments[I]),
                         Traced.Counts[P.Job][I].flops());
    std::string Mixed;
    for (const PathResult &R : Paths.back().Paths)
      if (R.Agreeing != R.Arguments)
        Mixed += (Mixed.empty() ? "" : ", ") + std::to_string(R.Key);
    if (!Mixed.empty())
      errs() << "roof-libm-probe: note: " << P.Spec->Symbol << ": path keys "
             << Mixed << " mix paths; counted with their most frequent "
             << "(INEXACT in the table)\n";
  }
  std::vector<Result> Results;
  for (size_t J = 0; J < Jobs.size() - PathJobs.size(); ++J) {
    Results.push_back({Runnable[J], summarize(Traced.Counts[J])});
    if (!Verbose)
      continue;
    outs() << Runnable[J]->Symbol << ":\n";
    for (size_t I = 0; I < Jobs[J].Frames.size(); ++I) {
      const CallCounts &C = Traced.Counts[J][I];
      outs() << format(
          "  call %2zu  args %-24s %5llu FLOPs (add %llu mul "
          "%llu fma %llu div %llu sqrt %llu) minmax %llu cmp "
          "%llu cvt %llu, %llu insns\n",
          I, describeFrame(*Runnable[J], *Jobs[J].Frames[I]).c_str(), C.flops(),
          C.inClass(ROOF_CLASS_ADD), C.inClass(ROOF_CLASS_MUL),
          C.inClass(ROOF_CLASS_FMA), C.inClass(ROOF_CLASS_DIV),
          C.inClass(ROOF_CLASS_SQRT), C.inClass(ROOF_CLASS_MINMAX),
          C.inClass(ROOF_CLASS_COMPARE), C.inClass(ROOF_CLASS_CONVERT),
          C.Instructions);
    }
  }

  if (Print || OutFile.empty()) {
    writeTable(outs(), Results);
    for (const PathResults &F : Paths)
      for (const PathResult &P : F.Paths)
        outs() << format("%-10s path key %3u (%s): %llu FLOPs, %u of %u "
                         "arguments\n",
                         F.Spec->Symbol.c_str(), P.Key,
                         describeKey(P.Key).c_str(), P.Mode.flops(), P.Agreeing,
                         P.Arguments);
  }
  if (!OutFile.empty()) {
    // Write aside and rename, so a failed run never leaves a half table
    // that a later build would take for a good one.
    std::string Temp = OutFile + ".tmp";
    std::error_code EC;
    {
      raw_fd_ostream OS(Temp, EC);
      if (!EC) {
        writeInclude(OS, Results, Paths);
        OS.close();
        if (OS.has_error())
          EC = OS.error();
      }
    }
    if (!EC)
      EC = sys::fs::rename(Temp, OutFile);
    if (EC) {
      errs() << "roof-libm-probe: cannot write " << OutFile << ": "
             << EC.message() << "\n";
      return 1;
    }
  }
  return 0;
}
