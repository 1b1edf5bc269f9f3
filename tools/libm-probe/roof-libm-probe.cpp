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

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
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

void writeInclude(raw_ostream &OS, const std::vector<Result> &Results) {
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
     << "// ROOF_LIBM_COST(name, precision, lanes, executed, add, mul, fma, div, "
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
    RoofPrecision Arguments = R.Spec->Sig.precision();
    bool Any = false;
    for (RoofPrecision P : {ROOF_FP64, ROOF_FP32, ROOF_FP16, ROOF_BF16}) {
      const uint64_t *W = C.Work[P];
      if (std::all_of(W, W + ROOF_NUM_CLASSES, [](uint64_t V) { return !V; }) &&
          (Any || P != Arguments))
        continue;
      Any = true;
      OS << format("ROOF_LIBM_COST(\"%s\", %s, /*lanes=*/%u, /*executed=*/%s, "
                   "/*add=*/%llu, /*mul=*/%llu, /*fma=*/%llu, /*div=*/%llu, "
                   "/*sqrt=*/%llu, /*minmax=*/%llu, /*compare=*/%llu, "
                   "/*convert=*/%llu)\n",
                   R.Spec->Symbol.c_str(), precisionEnum(Arguments),
                   R.Spec->Sig.lanes(), precisionEnum(P), W[ROOF_CLASS_ADD],
                   W[ROOF_CLASS_MUL], W[ROOF_CLASS_FMA], W[ROOF_CLASS_DIV],
                   W[ROOF_CLASS_SQRT], W[ROOF_CLASS_MINMAX],
                   W[ROOF_CLASS_COMPARE], W[ROOF_CLASS_CONVERT]);
    }
  }
  OS << "\n#undef ROOF_LIBM_COST\n";
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

  std::vector<Result> Results;
  for (size_t J = 0; J < Jobs.size(); ++J) {
    Results.push_back({Runnable[J], summarize(Traced.Counts[J])});
    if (!Verbose)
      continue;
    outs() << Runnable[J]->Symbol << ":\n";
    for (size_t I = 0; I < Jobs[J].Frames.size(); ++I) {
      const CallCounts &C = Traced.Counts[J][I];
      outs() << format("  call %2zu  args %-24s %5llu FLOPs (add %llu mul "
                       "%llu fma %llu div %llu sqrt %llu) minmax %llu cmp "
                       "%llu cvt %llu, %llu insns\n",
                       I,
                       describeFrame(*Runnable[J], *Jobs[J].Frames[I]).c_str(),
                       C.flops(), C.inClass(ROOF_CLASS_ADD),
                       C.inClass(ROOF_CLASS_MUL), C.inClass(ROOF_CLASS_FMA),
                       C.inClass(ROOF_CLASS_DIV), C.inClass(ROOF_CLASS_SQRT),
                       C.inClass(ROOF_CLASS_MINMAX), C.inClass(ROOF_CLASS_COMPARE),
                       C.inClass(ROOF_CLASS_CONVERT), C.Instructions);
    }
  }

  if (Print || OutFile.empty())
    writeTable(outs(), Results);
  if (!OutFile.empty()) {
    // Write aside and rename, so a failed run never leaves a half table
    // that a later build would take for a good one.
    std::string Temp = OutFile + ".tmp";
    std::error_code EC;
    {
      raw_fd_ostream OS(Temp, EC);
      if (!EC) {
        writeInclude(OS, Results);
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
