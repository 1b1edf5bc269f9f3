//===- driver/CompilerWrapper.cpp - roof cc and roof c++ ------------------===//
//
// Deciding whether a command links needs a little of clang's command-line
// grammar: which options stop before the link, and which take their value
// as the next argument (so that the value of -o or -I is not taken for an
// input file). Getting it wrong either way is visible: a runtime appended to
// a compile-only command draws an "unused argument" warning, a missing one
// an undefined reference to __roof_register_module at link time.
//
//===----------------------------------------------------------------------===//
#include "CompilerWrapper.h"

#include "Cli.h"
#include "Format.h"

#include <cctype>
#include <cerrno>
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

std::vector<std::string> compileFlags(const Toolchain &toolchain) {
  return {"-fpass-plugin=" + toolchain.plugin, "-I" + toolchain.includeDir};
}

// What a linking command gets at its end: the runtime and what it uses.
std::vector<std::string> linkInputs(const Toolchain &toolchain) {
  return {toolchain.runtime, "-lpthread", "-lm"};
}

void checkReadable(const std::string &path, const char *what) {
  if (access(path.c_str(), R_OK) != 0)
    throw std::runtime_error(std::string(what) + " " + path + ": " +
                             std::strerror(errno) +
                             " (is roof built? cmake --build build)");
}

const char *const kHelp =
    R"(usage: roof cc  [--roof-print-command] COMPILER-ARGS...
       roof c++ [--roof-print-command] COMPILER-ARGS...
       roof cc --roof-print-flags
       roof-cc / roof-c++ COMPILER-ARGS...

Compiles with the roof pass instrumenting every function, so that the
program writes a census of its FLOPs and bytes when it exits (see roof run,
roof report). Runs clang-19 (cc) or clang++-19 (c++), or the command in
$ROOF_CC / $ROOF_CXX (split at whitespace), with COMPILER-ARGS plus
  -fpass-plugin=PREFIX/lib/libroofpass.so -IPREFIX/include
and, when the command links, PREFIX/lib/libroofrt.a -lpthread -lm at the end,
where PREFIX is the directory above the one holding roof. The exit status is
the compiler's.

In a build: make CC="roof cc" CXX="roof c++", or
cmake -DCMAKE_C_COMPILER=PREFIX/bin/roof-cc \
      -DCMAKE_CXX_COMPILER=PREFIX/bin/roof-c++

options (only these; everything else goes to the compiler):
  --roof-print-flags    print the flags roof adds (compile: and link: lines)
  --roof-print-command  print the compiler command instead of running it
  --help, --roof-help   this help (--help only as the sole argument; run
                        clang-19 --help for the compiler's)
)";

} // namespace

Toolchain Toolchain::underPrefix(const std::string &prefix) {
  std::filesystem::path root(prefix);
  return {(root / "lib" / "libroofpass.so").string(),
          (root / "lib" / "libroofrt.a").string(), (root / "include").string()};
}

Toolchain Toolchain::nextToExecutable() {
  std::error_code error;
  std::filesystem::path self =
      std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    throw std::runtime_error("cannot find the roof executable through "
                             "/proc/self/exe: " +
                             error.message());
  return underPrefix(self.parent_path().parent_path().string());
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
    else if (arg == "-" || arg[0] != '-')
      hasInput = true;
  }
  return hasInput;
}

} // namespace

bool commandLinks(const std::vector<std::string> &args) {
  return linksExpanded(expandResponseFiles(args));
}

CompilerInvocation planCompilation(const std::vector<std::string> &compiler,
                                   const std::vector<std::string> &args,
                                   const Toolchain &toolchain) {
  CompilerInvocation invocation{compiler, false};
  std::vector<std::string> &command = invocation.command;
  for (std::string &flag : compileFlags(toolchain))
    command.push_back(std::move(flag));
  command.insert(command.end(), args.begin(), args.end());

  std::vector<std::string> words = expandResponseFiles(args);
  invocation.links = linksExpanded(words);
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
  for (std::string &input : linkInputs(toolchain))
    command.push_back(std::move(input));
  return invocation;
}

std::vector<std::string> compilerFromEnvironment(Language language) {
  const char *variable = language == Language::C ? "ROOF_CC" : "ROOF_CXX";
  if (const char *value = std::getenv(variable)) {
    std::vector<std::string> words;
    std::istringstream stream(value);
    for (std::string word; stream >> word;)
      words.push_back(word);
    if (!words.empty())
      return words;
  }
  return {language == Language::C ? "clang-19" : "clang++-19"};
}

int compilerCommand(Language language, const std::vector<std::string> &args) {
  if (args.size() == 1 && args[0] == "--help") {
    std::cout << kHelp;
    return 0;
  }
  bool printCommand = false;
  std::vector<std::string> compilerArgs;
  for (const std::string &arg : args) {
    if (arg == "--roof-help") {
      std::cout << kHelp;
      return 0;
    }
    if (arg == "--roof-print-flags") {
      Toolchain toolchain = Toolchain::nextToExecutable();
      std::cout << "compile: " << shellCommand(compileFlags(toolchain))
                << "\nlink: " << shellCommand(linkInputs(toolchain)) << "\n";
      return 0;
    }
    if (arg == "--roof-print-command")
      printCommand = true;
    else if (startsWith(arg, "--roof-"))
      throw UsageError("unknown option '" + arg + "' (roof cc --roof-help)");
    else
      compilerArgs.push_back(arg);
  }

  Toolchain toolchain = Toolchain::nextToExecutable();
  CompilerInvocation invocation = planCompilation(
      compilerFromEnvironment(language), compilerArgs, toolchain);
  std::vector<std::string> &command = invocation.command;
  if (printCommand) {
    std::cout << shellCommand(command) << "\n";
    return 0;
  }

  checkReadable(toolchain.plugin, "roof pass plugin");
  if (invocation.links)
    checkReadable(toolchain.runtime, "roof runtime");

  std::vector<char *> argv;
  for (std::string &word : command)
    argv.push_back(word.data());
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  return printError("cannot run " + command.front() + ": " +
                    std::strerror(errno));
}

} // namespace roof
