//===- SourceNames.cpp - The names the census gives sources and functions -===//
//
// Flang's uniqued names are a sequence of one-letter codes, each followed by
// a lower-case name (Fortran names are case-insensitive and Flang lowers
// them, leaving the capitals to the codes) or a number. Only the codes of
// procedures are read here; a name with any other code (a variable, a type
// descriptor, a common block) is no function's and is left as it is.
//
//===----------------------------------------------------------------------===//
#include "SourceNames.h"
#include "LLVMCompat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <cctype>
#include <cstdlib>

using namespace llvm;

namespace roof {

namespace {

// The name Flang gives every module it lowers to LLVM IR.
constexpr StringLiteral kFlangModuleName = "FIRModule";

bool isFortranLanguage(unsigned Language) {
  switch (Language) {
  case dwarf::DW_LANG_Fortran77:
  case dwarf::DW_LANG_Fortran90:
  case dwarf::DW_LANG_Fortran95:
  case dwarf::DW_LANG_Fortran03:
  case dwarf::DW_LANG_Fortran08:
  case dwarf::DW_LANG_Fortran18:
    return true;
  default:
    return false;
  }
}

bool isNameChar(char C) {
  return std::islower(uint8_t(C)) || isDigit(C) || C == '_';
}

// The name that starts at Rest's front, taken off Rest.
StringRef takeName(StringRef &Rest, bool (*Accept)(char)) {
  size_t End = 0;
  while (End < Rest.size() && Accept(Rest[End]))
    ++End;
  StringRef Name = Rest.take_front(End);
  Rest = Rest.drop_front(End);
  return Name;
}

// The file SP was written in: where the compiled file's #line directives
// point (CMake's Fortran builds compile a preprocessed copy,
// DIR/x.f90-pp.f90, whose lines say x.f90).
std::string subprogramFile(const DISubprogram &SP) {
  SmallString<128> Path;
  if (!sys::path::is_absolute(SP.getFilename()))
    Path = SP.getDirectory();
  sys::path::append(Path, SP.getFilename());
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

// That of the first function of M with a subprogram.
std::string subprogramFile(const Module &M) {
  for (const Function &F : M)
    if (const DISubprogram *SP = F.getSubprogram())
      return subprogramFile(*SP);
  return "";
}

} // namespace

bool isFortranModule(const Module &M) {
  for (const DICompileUnit *CU : M.debug_compile_units())
    if (isFortranLanguage(compat::sourceLanguage(*CU)))
      return true;
  return M.getSourceFileName() == kFlangModuleName;
}

std::string moduleSourceName(const Module &M) {
  if (M.getSourceFileName() != kFlangModuleName)
    return M.getSourceFileName();
  for (const DICompileUnit *CU : M.debug_compile_units()) {
    if (CU->getFilename().empty())
      continue;
    // The file as Flang was given it, unless that was a copy.
    std::string Written = subprogramFile(M);
    if (!Written.empty() &&
        sys::path::filename(Written) != sys::path::filename(CU->getFilename()))
      return Written;
    return CU->getFilename().str();
  }
  // No debug information (Flang 16 writes none): roof fc names the source
  // of a command that compiles one (kSourceVariable).
  if (const char *Named = std::getenv(kSourceVariable); Named && *Named)
    return Named;
  return M.getSourceFileName();
}

unsigned definitionLine(const Function &F, StringRef ModuleSource) {
  const DISubprogram *SP = F.getSubprogram();
  // The module's source is named as the compiler was given it (relative,
  // absolute); the subprogram's file has the compile unit's directory.
  if (!SP || sys::path::filename(subprogramFile(*SP)) !=
                 sys::path::filename(ModuleSource))
    return 0;
  return SP->getLine();
}

std::string readableFortranName(StringRef Name) {
  StringRef Rest = Name;
  if (!Rest.consume_front("_Q"))
    return "";
  std::string Scope, Procedure;
  while (!Rest.empty() && Procedure.empty()) {
    char Code = Rest.front();
    Rest = Rest.drop_front();
    switch (Code) {
    case 'M':   // a module
    case 'F': { // a host procedure; the main program's has no name
      StringRef Host = takeName(Rest, isNameChar);
      if (Host.empty() && Code == 'M')
        return "";
      if (!Host.empty())
        Scope += (Scope.empty() ? "" : "::") + Host.str();
      break;
    }
    case 'S': // a submodule of the module before it
      if (Scope.empty())
        return "";
      Scope += ":" + takeName(Rest, isNameChar).str();
      break;
    case 'B': // the number of a BLOCK construct (with a name: a common block)
      if (takeName(Rest, isDigit).empty())
        return "";
      break;
    case 'P':
      Procedure = takeName(Rest, isNameChar).str();
      if (Procedure.empty())
        return "";
      break;
    case 'Q': // generated: only the main program's body is a procedure
      if (!Rest.consume_front("main"))
        return "";
      Procedure = "main program";
      break;
    default:
      return "";
    }
  }
  if (Procedure.empty())
    return "";
  // Whatever follows is the compiler's: an OpenMP body's "..omp_par".
  std::string Readable = Scope.empty() ? Procedure : Scope + "::" + Procedure;
  return Readable + Rest.str();
}

std::string readableFunctionName(const Function &F) {
  StringRef Name = F.getName();
  std::string Fortran = readableFortranName(Name);
  if (!Fortran.empty())
    return Fortran;
  // An external procedure: its name with the underscore Flang appends, as
  // gfortran does.
  if (Name.size() > 1 && Name.ends_with("_") && !Name.starts_with("_") &&
      isFortranModule(*F.getParent()))
    return Name.drop_back().str();
  return demangle(Name.str());
}

} // namespace roof
