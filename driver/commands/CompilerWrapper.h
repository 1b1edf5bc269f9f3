//===- driver/commands/CompilerWrapper.h - roof cc, c++, fc -----*- C++ -*-===//
//
// `roof cc ARGS` runs `clang-NN ARGS` with the roof pass plugin loaded,
// roof.h on the include path and roof's LIKWID and Caliper marker headers
// after every other include folder, and, when the command links, with the
// roof runtime appended, so that CC="roof cc" (or CMAKE_C_COMPILER=roof-cc) is
// all an existing build needs. The files are found relative to the roof
// executable: PREFIX/bin/roof, PREFIX/lib/libroofpass-NN.so,
// PREFIX/lib/libroofrt.a, PREFIX/include/roof.h.
//
// NN is the major version of the LLVM roof was built against
// (ROOF_LLVM_VERSION_MAJOR), unless the compiler is another clang (--clang=,
// ROOF_CLANG, ROOF_CC, ROOF_CXX): a plugin loads only into the LLVM it was
// built for, so roof asks that clang its version (-dumpversion) and takes
// the plugin built for it, which builds of roof for several versions can
// install side by side.
//
// Fortran: `roof fc ARGS` (roof-fc, FC=roof-fc) runs flang-new-NN (flang-NN
// from LLVM 20 on, when Flang's driver lost its -new), or the flang of
// --flang=, ROOF_FLANG or ROOF_FC, the same way: the plugin of its LLVM, the
// runtime when it links. It adds -gline-tables-only unless ARGS choose their
// own debug information (-g...): Flang names every module "FIRModule", and
// the line tables, which do not change the code, are where the pass finds
// the source file's name and each function's line.
//
// CUDA (docs/cuda.md): a command that compiles CUDA sources (.cu inputs, or
// inputs after -x cuda) also gets the CUDA toolkit as clang can use it,
// PREFIX/lib/roof-cuda (cuda-compat/), and a command that links a CUDA
// program gets roof's CUDA runtime, PREFIX/lib/libroofrt-cuda.a, and the
// CUDA runtime library.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_COMPILERWRAPPER_H
#define ROOF_DRIVER_COMPILERWRAPPER_H

#include <string>
#include <vector>

namespace roof {

enum class Language { C, Cxx, Fortran };

struct Toolchain {
  std::string plugin;           // PREFIX/lib/libroofpass-NN.so
  std::string runtime;          // PREFIX/lib/libroofrt.a
  std::string includeDir;       // PREFIX/include
  std::string markerIncludeDir; // PREFIX/include/markers: LIKWID's and
                                // Caliper's headers where they are missing
  std::string cudaRuntime;      // PREFIX/lib/libroofrt-cuda.a
  std::string cudaPath; // PREFIX/lib/roof-cuda, the --cuda-path for clang
  int llvmMajor = ROOF_LLVM_VERSION_MAJOR; // of the compiler it serves

  // The toolchain next to the running roof executable, with the plugin for
  // LLVM `llvmMajor`.
  static Toolchain nextToExecutable(int llvmMajor);
  static Toolchain underPrefix(const std::string &prefix,
                               int llvmMajor = ROOF_LLVM_VERSION_MAJOR);
};

// Whether clang, given `args`, links: it has an input and none of the
// options that stop before linking (-c, -S, -E, -M, -MM, -fsyntax-only,
// -###, --version, -print-*, ...) nor -shared or -r, whose output is not a
// program. Response files (@FILE) are read to decide.
bool commandLinks(const std::vector<std::string> &args);

// What roof's own options (--roof-...) ask of a compiler command.
struct WrapperOptions {
  // --roof-cuda: a linking command links a CUDA program, as it does anyway
  // when it compiles CUDA sources or names the CUDA runtime (-lcudart).
  bool cudaProgram = false;
  // What the command compiles: roof cc and c++ (C, Cxx) add roof's
  // headers, roof fc (Fortran) roof.inc's folder and the line tables.
  Language language = Language::C;
};

struct CompilerInvocation {
  std::vector<std::string> command; // the compiler first
  // roof fc with Flang 16, which writes no debug information, when the
  // command compiles one Fortran source: that source, which the pass names
  // the module after (ROOF_FC_SOURCE in the compiler's environment).
  std::string source;
  bool links;
  bool compilesCuda; // needs Toolchain::cudaPath
  bool linksCuda;    // needs Toolchain::cudaRuntime and cudaPath
};

// The compiler command for `args`: `compiler`, the plugin and include flags
// (-I<includeDir> -idirafter <markerIncludeDir>),
// `args`, and when it links, the runtime and the libraries it needs. A
// command that links with "--" in it is a UsageError: nothing can be
// appended after "--" but input files.
//
// With CUDA sources, --cuda-path=<Toolchain::cudaPath>
// -Wno-unknown-cuda-version follow the include flag, and
// --cuda-gpu-arch=sm_75 when `args` choose no GPU architecture (clang 19's
// default, sm_52, is older than CUDA 13 supports). A CUDA program links with
// libroofrt-cuda.a libroofrt.a -L<cudaPath>/lib64 -lcudart -lpthread -ldl
// -lrt -lm instead of libroofrt.a -lpthread -lm.
//
// Fortran (options.language): the plugin flag, -I<includeDir> (roof.inc)
// and -gline-tables-only (unless `args` have a -g option); no CUDA.
CompilerInvocation planCompilation(const std::vector<std::string> &compiler,
                                   const std::vector<std::string> &args,
                                   const Toolchain &toolchain,
                                   const WrapperOptions &options = {});

// The compiler to run: `named` (--clang=PATH, or --flang=PATH for Fortran)
// when not empty, else $ROOF_CC / $ROOF_CXX / $ROOF_FC split at whitespace,
// else $ROOF_CLANG ($ROOF_FLANG), else clang-NN / clang++-NN / flang-new-NN.
// A clang named by path runs as clang++ for C++ (--driver-mode=g++).
std::vector<std::string> compilerFromEnvironment(Language language,
                                                 const std::string &named = "");

// The LLVM major version of `compiler`: ROOF_LLVM_VERSION_MAJOR for the
// default clang-NN (flang-new-NN), else what `compiler -dumpversion` prints.
// Throws std::runtime_error when it cannot tell.
int compilerLlvmMajor(const std::vector<std::string> &compiler,
                      Language language);

// `roof cc ARGS` / `roof c++ ARGS` / `roof fc ARGS`: replaces this process with
// the compiler and so exits with its status; returns only on an error of
// roof's.
int compilerCommand(Language language, const std::vector<std::string> &args);

} // namespace roof

#endif // ROOF_DRIVER_COMPILERWRAPPER_H
