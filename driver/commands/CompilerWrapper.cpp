//===- driver/commands/CompilerWrapper.cpp - roof cc, c++ and fc ----------===//
//
// Deciding whether a command links needs a little of clang's command-line
// grammar: which options stop before the link, and which take their value
// as the next argument (so that the value of -o or -I is not taken for an
// input file). Getting it wrong either way is visible: a runtime appended to
// a compile-only command draws an "unused argument" warning, a missing one
// an undefined reference to the runtime's entry points at link time. Whether a
// command compiles CUDA needs the language of each input: its extension,
// unless -x names one.
//
//===----------------------------------------------------------------------===//
#include "CompilerWrapper.h"
#include "InstallFolder.h"

#include "Cli.h"
#include "Text.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string_view>
#include <unistd.h>

namespace roof {

namespace {

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Options of clang's driver (and GCC's) whose value is the next argument
// when written apart from it.
// clang-format off
const std::set<std::string_view> kOptionsWithSeparateValue = {
    "-o", "-x", "-I", "-D", "-U", "-L", "-l", "-include", "-imacros",
    "-isystem", "-idirafter", "-iquote", "-iprefix", "-iwithprefix",
    "-iwithprefixbefore", "-isysroot", "-isystem-after", "-cxx-isystem",
    "-ivfsoverlay", "-include-pch", "-MF", "-MT", "-MQ", "-MJ", "-Xlinker",
    "-Xclang", "-Xassembler", "-Xpreprocessor", "-Xopenmp-target", "-mllvm",
    "-T", "-u", "-z", "-e", "-arch", "-target", "-gcc-toolchain", "-B", "-F",
    "-framework", "-rpath", "-resource-dir", "-working-directory",
    "-serialize-diagnostics", "-dependency-file", "-dependency-dot",
    "--sysroot", "--param", "--output", "--language", "--include-directory",
    "--define-macro", "--undefine-macro", "--library-directory"};
// clang-format on

// -Xarch_<arch> ARG and -Xopenmp-target=<triple> ARG.
bool takesSeparateValue(std::string_view arg) {
  return kOptionsWithSeparateValue.count(arg) != 0 ||
         startsWith(arg, "-Xarch_") || startsWith(arg, "-Xopenmp-target=");
}

// Options after which clang stops before the link, or links something that
// is not a program (-shared: the program that loads it brings the runtime;
// -r: a relocatable object).
// clang-format off
const std::set<std::string_view> kNonLinkingOptions = {
    "-c", "-S", "-E", "-M", "-MM", "-fsyntax-only", "-###", "--analyze",
    "--precompile", "-emit-ast", "--version", "-dumpversion", "-dumpmachine",
    "-help", "--help", "--help-hidden", "-shared", "-r"};
// clang-format on

bool stopsBeforeLinking(std::string_view arg) {
  return kNonLinkingOptions.count(arg) != 0 || startsWith(arg, "-print-") ||
         startsWith(arg, "--print-");
}

// Splits a response file the way GCC and clang on Linux do: at whitespace,
// with '...' and "..." quoting and backslash escapes.
std::vector<std::string> responseFileWords(const std::string &text) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      inWord = true;
    } else if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (inWord)
        words.push_back(std::move(word));
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord)
    words.push_back(std::move(word));
  return words;
}

// `args` with each readable @FILE replaced by its words, recursively. An
// unreadable one stays: clang then takes it for an input file too.
void appendExpanded(const std::vector<std::string> &args,
                    std::vector<std::string> &expanded, int depth) {
  constexpr int kMaxDepth = 16; // clang's own limit on nesting
  for (const std::string &arg : args) {
    if (arg.size() > 1 && arg[0] == '@' && depth < kMaxDepth) {
      std::ifstream file(arg.substr(1));
      if (file) {
        std::ostringstream text;
        text << file.rdbuf();
        appendExpanded(responseFileWords(text.str()), expanded, depth + 1);
        continue;
      }
    }
    expanded.push_back(arg);
  }
}

std::vector<std::string>
expandResponseFiles(const std::vector<std::string> &args) {
  std::vector<std::string> expanded;
  appendExpanded(args, expanded, 0);
  return expanded;
}

// Whether `args` set the language of the inputs that follow (-x LANG).
bool setsLanguage(const std::vector<std::string> &args) {
  for (const std::string &arg : args)
    if (startsWith(arg, "-x") || startsWith(arg, "--language"))
      return true;
  return false;
}

// An input file ("-" is standard input), not an option.
bool isInput(const std::string &arg) { return arg == "-" || arg[0] != '-'; }

// The Fortran sources among a command's inputs, by their extension.
std::vector<std::string> fortranSources(const std::vector<std::string> &words) {
  static const std::set<std::string> kExtensions = {
      ".f", ".for", ".ftn", ".fpp", ".f77", ".f90", ".f95", ".f03", ".f08"};
  std::vector<std::string> sources;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--")
      break;
    if (takesSeparateValue(words[i])) {
      ++i;
      continue;
    }
    if (!isInput(words[i]))
      continue;
    std::string extension = std::filesystem::path(words[i]).extension();
    for (char &c : extension)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (kExtensions.count(extension))
      sources.push_back(words[i]);
  }
  return sources;
}

// The file a source is a preprocessed copy of, when its first line is a
// directive that names it (Flang's `#line "x.f90" 2`, cpp's `# 1 "x.f90"`;
// CMake's Ninja builds compile such copies, CMakeFiles/T.dir/x.f90-pp.f90),
// else the source itself.
std::string originalSource(const std::string &source) {
  std::ifstream file(source);
  std::string line;
  if (!file || !std::getline(file, line) ||
      !(startsWith(line, "#line ") ||
        (startsWith(line, "# ") && line.size() > 2 &&
         std::isdigit(static_cast<unsigned char>(line[2])))))
    return source;
  std::size_t open = line.find('"');
  std::size_t close =
      open == std::string::npos ? open : line.find('"', open + 1);
  if (close == std::string::npos || close == open + 1)
    return source;
  return line.substr(open + 1, close - open - 1);
}

// What a command does with CUDA, read off its arguments (response files
// expanded).
struct CudaUse {
  bool compilesSources = false; // a .cu input, or an input after -x cuda
  bool namesRuntime = false;    // -lcudart
  bool choosesGpuArch = false;  // --cuda-gpu-arch=ARCH or --offload-arch=ARCH
  bool choosesDriver = false;   // --[no-]offload-new-driver
};

CudaUse cudaUse(const std::vector<std::string> &words) {
  CudaUse use;
  std::string language; // of the inputs that follow; "" or "none": by name
  auto isCudaSource = [&](const std::string &input) {
    if (language.empty() || language == "none")
      return std::filesystem::path(input).extension() == ".cu";
    return language == "cuda";
  };
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string &arg = words[i];
    if (arg == "--") { // everything after it is an input
      while (++i < words.size())
        use.compilesSources |= isCudaSource(words[i]);
      break;
    }
    if (isInput(arg)) {
      use.compilesSources |= isCudaSource(arg);
      continue;
    }
    std::string value; // of an option written apart from it
    if (takesSeparateValue(arg) && i + 1 < words.size())
      value = words[++i];
    if (arg == "-x" || arg == "--language")
      language = value;
    else if (startsWith(arg, "--language="))
      language = arg.substr(std::strlen("--language="));
    else if (startsWith(arg, "-x"))
      language = arg.substr(std::strlen("-x"));
    else if (arg == "-lcudart" || (arg == "-l" && value == "cudart"))
      use.namesRuntime = true;
    else if (startsWith(arg, "--cuda-gpu-arch=") ||
             startsWith(arg, "--offload-arch="))
      use.choosesGpuArch = true;
    else if (arg == "--offload-new-driver" || arg == "--no-offload-new-driver")
      use.choosesDriver = true;
  }
  return use;
}

void checkReadable(const std::string &path, const char *what) {
  if (access(path.c_str(), R_OK) != 0)
    throw std::runtime_error(std::string(what) + " " + path + ": " +
                             std::strerror(errno) +
                             " (is roof built? cmake --build build)");
}

// CUDA support is the mirrored toolkit the build makes when it finds one.
void checkCudaSupport(const Toolchain &toolchain) {
  if (access(toolchain.cudaPath.c_str(), R_OK) != 0)
    throw std::runtime_error(
        "no CUDA support in this roof: " + toolchain.cudaPath + ": " +
        std::strerror(errno) +
        " (configure roof with -DROOF_CUDA_PATH=<CUDA toolkit>)");
}

const char *const kHelp =
    R"(usage: roof cc  [--roof-print-command] COMPILER-ARGS...
       roof c++ [--roof-print-command] COMPILER-ARGS...
       roof fc  [--roof-print-command] COMPILER-ARGS...
       roof cc --roof-print-flags [COMPILER-ARGS...]
       roof-cc / roof-c++ / roof-fc COMPILER-ARGS...

Compiles with the roof pass instrumenting every function, so that the
program writes a census of its FLOPs and bytes when it exits (see roof run,
roof report). Runs clang-NN (cc) or clang++-NN (c++), NN the LLVM roof was
built for, or the command in $ROOF_CC / $ROOF_CXX (split at whitespace), or
the clang of --clang=PATH or $ROOF_CLANG, with COMPILER-ARGS plus
  -fpass-plugin=PREFIX/lib/libroofpass-VV.so -IPREFIX/include
  -idirafter PREFIX/include/markers
(the last: LIKWID's and Caliper's marker headers where no others are found)
and, when the command links, PREFIX/lib/libroofrt.a -lpthread -lm at the end,
where PREFIX is the directory above the one holding roof and VV the major
version of the clang that runs (asked with -dumpversion unless it is
clang-NN): a plugin loads only into the LLVM it was built for, and roof
refuses to run a clang it has no plugin for. The exit status is the
compiler's.

Fortran: roof fc runs flang-new-NN (flang-NN from LLVM 20 on), or the command
in $ROOF_FC, or the flang of --flang=PATH or $ROOF_FLANG, with COMPILER-ARGS
plus
  -fpass-plugin=PREFIX/lib/libroofpass-VV.so -IPREFIX/include
  -gline-tables-only
(roof.inc, the region API, is in PREFIX/include; the line tables name the
source file and lines in the census and do not change the code; left out
when COMPILER-ARGS have a -g option of their own, and for Flang 16, which
writes no debug information: a Flang 16 command that compiles one source
names it to the pass in ROOF_FC_SOURCE instead), and the runtime when the
command links (after -flang-experimental-exec for Flang 16, which links
programs only with it).

CUDA (docs/cuda.md): a command with CUDA sources (.cu, or after -x cuda)
also gets
  --cuda-path=PREFIX/lib/roof-cuda -Wno-unknown-cuda-version
and --cuda-gpu-arch=sm_75 when it names no --cuda-gpu-arch or --offload-arch,
--no-offload-new-driver when it names neither it nor --offload-new-driver.
A command that links a CUDA program, because it compiles CUDA sources, names
-lcudart or is given --roof-cuda, ends with
  PREFIX/lib/libroofrt-cuda.a PREFIX/lib/libroofrt.a
  -LPREFIX/lib/roof-cuda/lib64 -lcudart -lpthread -ldl -lrt -lm

In a build: make CC="roof cc" CXX="roof c++" FC="roof fc", or
cmake -DCMAKE_C_COMPILER=PREFIX/bin/roof-cc \
      -DCMAKE_CXX_COMPILER=PREFIX/bin/roof-c++ \
      -DCMAKE_Fortran_COMPILER=PREFIX/bin/roof-fc

options (only these; everything else goes to the compiler):
  --clang=PATH          compile with this clang (clang++ mode for roof c++),
                        the same as ROOF_CLANG=PATH in the environment
  --flang=PATH          roof fc: compile with this flang, the same as
                        ROOF_FLANG=PATH in the environment
  --roof-cuda           the command links a CUDA program (for links of
                        objects compiled from CUDA without -lcudart)
  --roof-traffic        traffic mode: the program also models the bytes
                        that move below L1 (docs/counting.md, "Traffic");
                        the same as ROOF_TRAFFIC=1 in the environment
  --roof-print-flags    print the flags roof adds to a command with
                        COMPILER-ARGS (compile: and link: lines)
  --roof-print-command  print the compiler command instead of running it
  --help, --roof-help   this help (--help only as the sole argument; run
                        clang --help for the compiler's)
)";

// Whether a compiler argument chooses the debug information (-g, -g0,
// -gline-tables-only, -gdwarf-5, ...); -gcc-toolchain and -gpulibc do not.
bool choosesDebugInfo(std::string_view arg) {
  return startsWith(arg, "-g") && !startsWith(arg, "-gcc") &&
         !startsWith(arg, "-gpu");
}

} // namespace

Toolchain Toolchain::underPrefix(const std::string &prefix, int llvmMajor) {
  std::filesystem::path root(prefix);
  std::string plugin = "libroofpass-" + std::to_string(llvmMajor) + ".so";
  return {(root / "lib" / plugin).string(),
          (root / "lib" / "libroofrt.a").string(),
          (root / "include").string(),
          (root / "include" / "markers").string(),
          (root / "lib" / "libroofrt-cuda.a").string(),
          (root / "lib" / "roof-cuda").string(),
          llvmMajor};
}

Toolchain Toolchain::nextToExecutable(int llvmMajor) {
  return underPrefix(roofBinFolder().parent_path().string(), llvmMajor);
}

namespace {

// commandLinks() on arguments whose response files are expanded.
bool linksExpanded(const std::vector<std::string> &words) {
  bool hasInput = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string &arg = words[i];
    if (arg == "--") // everything after it is an input
      return hasInput || i + 1 < words.size();
    if (stopsBeforeLinking(arg))
      return false;
    if (takesSeparateValue(arg))
      ++i;
    else if (isInput(arg))
      hasInput = true;
  }
  return hasInput;
}

// The flags roof adds to a command with these arguments (response files
// expanded): `compile` before the arguments, `link` at the end when the
// command links.
struct AddedFlags {
  std::vector<std::string> compile;
  std::vector<std::string> link;
  bool compilesCuda;
  bool cudaProgram; // `link` is that of a CUDA program
};

// clang 19 compiles for sm_52 unless told otherwise; CUDA 13's ptxas takes
// nothing older than sm_75, which is also nvcc 13's default.
constexpr const char *kDefaultCudaGpuArch = "sm_75";

AddedFlags addedFlags(const std::vector<std::string> &words,
                      const Toolchain &toolchain,
                      const WrapperOptions &options) {
  AddedFlags flags;
  if (options.language == Language::Fortran) {
    flags.compile = {"-fpass-plugin=" + toolchain.plugin,
                     "-I" + toolchain.includeDir};
    // Flang 16 writes no debug information (it would only warn that the
    // option is unused), and links a program only when asked to.
    bool flang16 = toolchain.llvmMajor < 17;
    if (!flang16 && std::none_of(words.begin(), words.end(), choosesDebugInfo))
      flags.compile.push_back("-gline-tables-only");
    flags.link = {toolchain.runtime, "-lpthread", "-lm"};
    if (flang16)
      flags.link.insert(flags.link.begin(), "-flang-experimental-exec");
    flags.compilesCuda = flags.cudaProgram = false;
    return flags;
  }
  CudaUse cuda = cudaUse(words);
  flags.compilesCuda = cuda.compilesSources;
  flags.cudaProgram =
      cuda.compilesSources || cuda.namesRuntime || options.cudaProgram;

  // The marker headers come after the system's, so that a LIKWID or
  // Caliper installed anywhere the compiler looks is the one used.
  flags.compile = {"-fpass-plugin=" + toolchain.plugin,
                   "-I" + toolchain.includeDir, "-idirafter",
                   toolchain.markerIncludeDir};
  if (flags.compilesCuda) {
    flags.compile.push_back("--cuda-path=" + toolchain.cudaPath);
    // The toolkit is newer than clang 19 knows (12.5); the compatibility
    // layer is what makes it work, so the warning says nothing useful.
    flags.compile.push_back("-Wno-unknown-cuda-version");
    if (!cuda.choosesGpuArch)
      flags.compile.push_back(std::string("--cuda-gpu-arch=") +
                              kDefaultCudaGpuArch);
    // clang 22 links CUDA through the new offloading driver by default,
    // which needs clang-linker-wrapper (clang-tools) and registers kernels
    // its own way; roof's CUDA runtime is built for the classic one, the
    // default of clang 16 and 19, which 22 still has.
    if (!cuda.choosesDriver)
      flags.compile.push_back("--no-offload-new-driver");
  }

  // The runtime and what it uses; roof's CUDA runtime comes first, as it
  // calls into both the roof runtime and the CUDA runtime.
  if (flags.cudaProgram)
    flags.link = {toolchain.cudaRuntime,
                  toolchain.runtime,
                  "-L" + toolchain.cudaPath + "/lib64",
                  "-lcudart",
                  "-lpthread",
                  "-ldl",
                  "-lrt",
                  "-lm"};
  else
    flags.link = {toolchain.runtime, "-lpthread", "-lm"};
  return flags;
}

} // namespace

bool commandLinks(const std::vector<std::string> &args) {
  return linksExpanded(expandResponseFiles(args));
}

CompilerInvocation planCompilation(const std::vector<std::string> &compiler,
                                   const std::vector<std::string> &args,
                                   const Toolchain &toolchain,
                                   const WrapperOptions &options) {
  std::vector<std::string> words = expandResponseFiles(args);
  AddedFlags flags = addedFlags(words, toolchain, options);
  CompilerInvocation invocation{compiler, "", linksExpanded(words),
                                flags.compilesCuda, false};
  // Flang 16 names every module FIRModule and writes no debug information
  // to find the source in; one source is the module's (the original file of
  // a preprocessed copy, as Flang 19's line tables say).
  if (options.language == Language::Fortran && toolchain.llvmMajor < 17)
    if (std::vector<std::string> sources = fortranSources(words);
        sources.size() == 1)
      invocation.source = originalSource(sources.front());
  std::vector<std::string> &command = invocation.command;
  command.insert(command.end(), flags.compile.begin(), flags.compile.end());
  command.insert(command.end(), args.begin(), args.end());
  if (!invocation.links)
    return invocation;
  for (const std::string &word : words)
    if (word == "--")
      throw UsageError("cannot append the roof runtime to a command that "
                       "links with '--' in it; put the inputs before '--'");
  // Without this, an earlier -x c would make clang compile the archive.
  if (setsLanguage(words)) {
    command.push_back("-x");
    command.push_back("none");
  }
  command.insert(command.end(), flags.link.begin(), flags.link.end());
  invocation.linksCuda = flags.cudaProgram;
  return invocation;
}

namespace {

// clang-NN, clang++-NN or flang-new-NN, the compiler of the LLVM roof was
// built for (LLVM 20 renamed flang-new to flang).
std::vector<std::string> defaultCompiler(Language language) {
  std::string version = std::to_string(ROOF_LLVM_VERSION_MAJOR);
  switch (language) {
  case Language::C:
    return {"clang-" + version};
  case Language::Cxx:
    return {"clang++-" + version};
  case Language::Fortran:
    return {(ROOF_LLVM_VERSION_MAJOR < 20 ? "flang-new-" : "flang-") + version};
  }
  return {};
}

// The environment variable with the whole compiler command, and the one
// naming the compiler's path, of each language.
const char *commandVariable(Language language) {
  return language == Language::C     ? "ROOF_CC"
         : language == Language::Cxx ? "ROOF_CXX"
                                     : "ROOF_FC";
}

const char *pathVariable(Language language) {
  return language == Language::Fortran ? "ROOF_FLANG" : "ROOF_CLANG";
}

} // namespace

std::vector<std::string> compilerFromEnvironment(Language language,
                                                 const std::string &named) {
  const char *value = std::getenv(commandVariable(language));
  if (named.empty() && value) {
    std::vector<std::string> words;
    std::istringstream stream(value);
    for (std::string word; stream >> word;)
      words.push_back(word);
    if (!words.empty())
      return words;
  }
  const char *environmentPath = std::getenv(pathVariable(language));
  std::string path = !named.empty()                        ? named
                     : environmentPath && *environmentPath ? environmentPath
                                                           : "";
  if (path.empty())
    return defaultCompiler(language);
  if (language != Language::Cxx)
    return {path};
  return {path, "--driver-mode=g++"};
}

int compilerLlvmMajor(const std::vector<std::string> &compiler,
                      Language language) {
  if (compiler == defaultCompiler(language))
    return ROOF_LLVM_VERSION_MAJOR;
  std::vector<std::string> query = compiler;
  query.push_back("-dumpversion");
  std::string command = shellCommand(query);
  std::string output;
  if (FILE *pipe = popen((command + " 2>/dev/null").c_str(), "r")) {
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe))
      output += buffer;
    if (pclose(pipe) != 0)
      output.clear();
  }
  // clang and flang print MAJOR.MINOR.PATCH.
  int major = 0;
  std::size_t digits = 0;
  while (digits < output.size() && digits < 4 &&
         std::isdigit(static_cast<unsigned char>(output[digits])))
    major = major * 10 + (output[digits++] - '0');
  if (digits == 0)
    throw std::runtime_error("cannot tell the LLVM version of " +
                             shellCommand(compiler) + " (" + command +
                             " failed or printed no version)");
  return major;
}

int compilerCommand(Language language, const std::vector<std::string> &args) {
  if (args.size() == 1 && args[0] == "--help") {
    std::cout << kHelp;
    return 0;
  }
  bool printFlags = false, printCommand = false;
  // --clang=PATH, or --flang=PATH for roof fc.
  const std::string compilerOption =
      language == Language::Fortran ? "--flang=" : "--clang=";
  std::string named;
  WrapperOptions options;
  options.language = language;
  std::vector<std::string> compilerArgs;
  for (const std::string &arg : args) {
    if (arg == "--roof-help") {
      std::cout << kHelp;
      return 0;
    }
    if (arg == "--roof-print-flags")
      printFlags = true;
    else if (arg == "--roof-print-command")
      printCommand = true;
    else if (startsWith(arg, compilerOption))
      named = arg.substr(compilerOption.size());
    else if (arg == "--roof-cuda")
      options.cudaProgram = true;
    else if (arg == "--roof-traffic")
      setenv("ROOF_TRAFFIC", "1", 1); // read by the pass (docs/counting.md)
    else if (startsWith(arg, "--roof-"))
      throw UsageError("unknown option '" + arg + "' (roof cc --roof-help)");
    else
      compilerArgs.push_back(arg);
  }

  std::vector<std::string> compiler = compilerFromEnvironment(language, named);
  int llvmMajor = compilerLlvmMajor(compiler, language);
  Toolchain toolchain = Toolchain::nextToExecutable(llvmMajor);
  if (printFlags) {
    AddedFlags flags =
        addedFlags(expandResponseFiles(compilerArgs), toolchain, options);
    std::cout << "compile: " << shellCommand(flags.compile)
              << "\nlink: " << shellCommand(flags.link) << "\n";
    return 0;
  }
  CompilerInvocation invocation =
      planCompilation(compiler, compilerArgs, toolchain, options);
  std::vector<std::string> &command = invocation.command;
  if (printCommand) {
    if (!invocation.source.empty())
      std::cout << "ROOF_FC_SOURCE=" << shellCommand({invocation.source})
                << " ";
    std::cout << shellCommand(command) << "\n";
    return 0;
  }

  if (access(toolchain.plugin.c_str(), R_OK) != 0)
    throw std::runtime_error(
        "no roof pass plugin for LLVM " + std::to_string(llvmMajor) + " (" +
        shellCommand(compiler) + "): " + toolchain.plugin + ": " +
        std::strerror(errno) + " (this roof is built for LLVM " +
        std::to_string(ROOF_LLVM_VERSION_MAJOR) +
        "; build roof with -DROOF_LLVM_VERSION=" + std::to_string(llvmMajor) +
        " into the same prefix, or compile with " +
        defaultCompiler(language).front() + ")");
  if (invocation.compilesCuda || invocation.linksCuda)
    checkCudaSupport(toolchain);
  if (invocation.links)
    checkReadable(toolchain.runtime, "roof runtime");
  if (invocation.linksCuda)
    checkReadable(toolchain.cudaRuntime, "roof CUDA runtime");

  // Read by the pass (passes/SourceNames.h); never inherited by a command
  // that compiles several sources.
  if (!invocation.source.empty())
    setenv("ROOF_FC_SOURCE", invocation.source.c_str(), 1);
  else
    unsetenv("ROOF_FC_SOURCE");

  std::vector<char *> argv;
  for (std::string &word : command)
    argv.push_back(word.data());
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  return printError("cannot run " + command.front() + ": " +
                    std::strerror(errno));
}

} // namespace roof
