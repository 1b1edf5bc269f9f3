//===- ProgramTracer.h - Count the FP instructions a program executes -----===//
//
// roof-oracle's counter, independent of the pass: it runs a program under
// ptrace, stops at `main` and follows everything `main` calls until it
// returns (or the program exits), one straight-line block at a time: the
// block runs to a breakpoint on its control-flow instruction, which the
// tracer executes itself (or single-steps, when indirect), so every
// executed instruction is known. Each is decoded with LLVM's X86
// disassembler and its FP work counted the way Intel SDE does: lanes ×
// FLOPs per lane, FMA = 2, masked AVX-512 forms their active lanes (blocks
// holding one are single-stepped, and the k registers read at the moment
// the instruction runs).
//
// Attribution follows roof's: an instruction counts for the executable's
// function symbol that contains it; instructions of libm and libmvec, and of
// the complex-arithmetic helpers of the compiler runtime, count for the
// function that called them. Other shared libraries (libc, the loader) run
// at full speed, uncounted: the plugin does not count them either.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_ORACLE_PROGRAMTRACER_H
#define ROOF_ORACLE_PROGRAMTRACER_H

#include "FunctionTable.h"
#include "X86Decoder.h"

#include "roof/abi.h"

#include <map>
#include <string>
#include <vector>

namespace roof {

struct FunctionCounts {
  uint64_t Empirical[ROOF_NUM_PRECISIONS][ROOF_NUM_CLASSES] = {};
  uint64_t FullWidth[ROOF_NUM_PRECISIONS][ROOF_NUM_CLASSES] = {};
  uint64_t Instructions = 0; // executed in this function
};

struct ProgramTrace {
  std::map<std::string, FunctionCounts> Functions;
  uint64_t Instructions = 0; // executed in the counted code, in all
  uint64_t X87 = 0;          // x87 arithmetic, outside every class
  int ExitStatus = 0;
  std::string Error; // set when no trustworthy count came out
};

ProgramTrace traceProgram(const std::vector<std::string> &Argv,
                          const FunctionTable &Functions,
                          const X86Decoder &Decoder);

} // namespace roof

#endif // ROOF_ORACLE_PROGRAMTRACER_H
