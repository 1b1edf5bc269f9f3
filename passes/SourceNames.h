//===- SourceNames.h - The names the census gives sources and functions ---===//
//
// The census names each module by its source file and each function by its
// linkage name and a readable one. For C and C++ these are the module's
// source_filename and the Itanium demangling. Flang names every module
// "FIRModule" and mangles Fortran names its own way, so for Fortran the
// source file comes from the debug information's compile unit (roof fc adds
// -gline-tables-only) and the readable names from Flang's uniquing rules
// (flang/lib/Optimizer/Support/InternalNames.cpp):
//
//   _QMkernelsPdaxpy      kernels::daxpy     module procedure
//   _QMmSsPproc           m:s::proc          procedure of submodule s of m
//   _QFhostPinner         host::inner        internal procedure
//   _QQmain               main program       the main program's body
//   daxpy_                daxpy              external procedure
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_SOURCE_NAMES_H
#define ROOF_SOURCE_NAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace roof {

// Whether M was compiled from Fortran: its compile unit says so, or, without
// debug information, Flang's module name does.
bool isFortranModule(const llvm::Module &M);

// The source file M was compiled from, as the compiler was given it: the
// module's source_filename, or for Flang's "FIRModule" the file of its
// compile unit. A compile unit that is a preprocessed copy of another file
// (#line directives: the subprograms are in a file of another name) gives
// way to the path of that file. Without a compile unit (compiled without -g,
// or by Flang 16, which writes no debug information), the file named by
// kSourceVariable in the environment, which roof fc sets for Flang 16 when
// a command compiles one source; else the module's name.
std::string moduleSourceName(const llvm::Module &M);

// The environment variable by which roof fc names the one source a Flang 16
// command compiles (driver/commands/CompilerWrapper.cpp).
constexpr const char *kSourceVariable = "ROOF_FC_SOURCE";

// The line F is defined at in \p ModuleSource (moduleSourceName's), from its
// debug information (clang -g or -gline-tables-only, roof fc); 0 when F has
// none, or is defined in another file (a header's inline function, a
// Fortran include file): a line of another file would point at the wrong
// place in the module's.
unsigned definitionLine(const llvm::Function &F, llvm::StringRef ModuleSource);

// The readable name of F: Flang's uniqued names (and external procedures'
// trailing underscore) read back in a Fortran module, Itanium names
// demangled, the name itself otherwise.
std::string readableFunctionName(const llvm::Function &F);

// The readable name of a name Flang uniqued (_Q...), or "" for any other.
std::string readableFortranName(llvm::StringRef Name);

// The name Flang gives the main program's body, whatever the program is
// called.
constexpr const char *kFortranProgramBody = "_QQmain";

} // namespace roof

#endif // ROOF_SOURCE_NAMES_H
