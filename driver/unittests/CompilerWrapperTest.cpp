//===- driver/unittests/CompilerWrapperTest.cpp - roof cc / roof c++ ------===//
#include "CompilerWrapper.h"

#include "Cli.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace roof {
namespace {

using Args = std::vector<std::string>;

TEST(CompilerWrapperTest, LinksWhenThereIsAnInputAndNothingStopsEarly) {
  EXPECT_TRUE(commandLinks({"x.c"}));
  EXPECT_TRUE(commandLinks({"-O2", "x.c", "-o", "x"}));
  EXPECT_TRUE(commandLinks({"x.o", "y.o", "-lm"}));
  EXPECT_TRUE(commandLinks({"-x", "c", "-"}));
  EXPECT_TRUE(commandLinks({"-MD", "-MF", "x.d", "x.c"}));
  EXPECT_TRUE(commandLinks({"-v", "x.c"}));
  EXPECT_TRUE(commandLinks({"-static", "x.c"}));
  EXPECT_TRUE(commandLinks({"-o", "x", "--", "x.c"}));
}

TEST(CompilerWrapperTest, DoesNotLinkWhenAnOptionStopsEarly) {
  for (const char *option :
       {"-c", "-S", "-E", "-M", "-MM", "-fsyntax-only", "-###", "--version",
        "-dumpversion", "-dumpmachine", "--help", "-shared", "-r",
        "-print-file-name=libc.so", "--print-prog-name=ld", "--analyze"})
    EXPECT_FALSE(commandLinks({"x.c", option})) << option;
}

TEST(CompilerWrapperTest, DoesNotTakeOptionValuesForInputs) {
  EXPECT_FALSE(commandLinks({}));
  EXPECT_FALSE(commandLinks({"-v"}));
  EXPECT_FALSE(commandLinks({"-o", "out", "-I", "include", "-D", "NAME"}));
  EXPECT_FALSE(commandLinks({"-Xlinker", "--gc-sections", "-include", "h.h"}));
  EXPECT_FALSE(commandLinks({"-Xarch_x86_64", "thing", "-MT", "target"}));
  EXPECT_FALSE(commandLinks({"--sysroot", "/sys", "-target", "x86_64"}));
}

class ResponseFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("roof-wrapper-test-" + std::to_string(::getpid()) + ".rsp");
  }
  void TearDown() override { std::filesystem::remove(path_); }
  std::string write(const std::string &text) {
    std::ofstream(path_) << text;
    return "@" + path_.string();
  }
  std::filesystem::path path_;
};

TEST_F(ResponseFileTest, ReadsResponseFiles) {
  EXPECT_FALSE(commandLinks({write("-c x.c -o x.o\n")}));
  EXPECT_TRUE(commandLinks({write("'a b.o' \"c d.o\"\n-o prog")}));
  EXPECT_FALSE(commandLinks({write("-o 'out file' -I\\ dir")}));
  // Unreadable: clang takes it for an input file.
  EXPECT_TRUE(commandLinks({"@/nonexistent/roof.rsp"}));
}

const Toolchain kToolchain = Toolchain::underPrefix("/opt/roof", 19);

TEST(CompilerWrapperTest, FindsItsFilesUnderThePrefix) {
  EXPECT_EQ(Toolchain::underPrefix("/opt/roof").plugin,
            "/opt/roof/lib/libroofpass-" +
                std::to_string(ROOF_LLVM_VERSION_MAJOR) + ".so");
  EXPECT_EQ(kToolchain.plugin, "/opt/roof/lib/libroofpass-19.so");
  EXPECT_EQ(Toolchain::underPrefix("/opt/roof", 22).plugin,
            "/opt/roof/lib/libroofpass-22.so");
  EXPECT_EQ(kToolchain.runtime, "/opt/roof/lib/libroofrt.a");
  EXPECT_EQ(kToolchain.includeDir, "/opt/roof/include");
  EXPECT_EQ(kToolchain.markerIncludeDir, "/opt/roof/include/markers");
}

TEST(CompilerWrapperTest, AddsThePluginAndIncludeDirectory) {
  CompilerInvocation invocation =
      planCompilation({"clang-19"}, {"-c", "x.c"}, kToolchain);
  EXPECT_FALSE(invocation.links);
  EXPECT_EQ(invocation.command,
            (Args{"clang-19", "-fpass-plugin=/opt/roof/lib/libroofpass-19.so",
                  "-I/opt/roof/include", "-idirafter",
                  "/opt/roof/include/markers", "-c", "x.c"}));
}

TEST(CompilerWrapperTest, AppendsTheRuntimeWhenLinking) {
  CompilerInvocation invocation =
      planCompilation({"ccache", "clang++-19"}, {"x.o", "-o", "x"}, kToolchain);
  EXPECT_TRUE(invocation.links);
  EXPECT_EQ(invocation.command,
            (Args{"ccache", "clang++-19",
                  "-fpass-plugin=/opt/roof/lib/libroofpass-19.so",
                  "-I/opt/roof/include", "-idirafter",
                  "/opt/roof/include/markers", "x.o", "-o", "x",
                  "/opt/roof/lib/libroofrt.a", "-lpthread", "-lm"}));
}

TEST(CompilerWrapperTest, ResetsTheLanguageBeforeTheRuntime) {
  CompilerInvocation invocation =
      planCompilation({"clang-19"}, {"-xc", "prog.in"}, kToolchain);
  Args tail(invocation.command.end() - 5, invocation.command.end());
  EXPECT_EQ(tail, (Args{"-x", "none", "/opt/roof/lib/libroofrt.a", "-lpthread",
                        "-lm"}));
}

TEST(CompilerWrapperTest, RefusesToAppendAfterDashDash) {
  EXPECT_THROW(
      planCompilation({"clang-19"}, {"-o", "x", "--", "x.c"}, kToolchain),
      UsageError);
  EXPECT_NO_THROW(
      planCompilation({"clang-19"}, {"-c", "--", "x.c"}, kToolchain));
}

TEST(CompilerWrapperTest, TakesTheCompilerFromTheEnvironment) {
  const std::string version = std::to_string(ROOF_LLVM_VERSION_MAJOR);
  unsetenv("ROOF_CC");
  unsetenv("ROOF_CXX");
  unsetenv("ROOF_CLANG");
  EXPECT_EQ(compilerFromEnvironment(Language::C), Args{"clang-" + version});
  EXPECT_EQ(compilerFromEnvironment(Language::Cxx), Args{"clang++-" + version});
  EXPECT_EQ(compilerLlvmMajor({"clang-" + version}, Language::C),
            ROOF_LLVM_VERSION_MAJOR);
  setenv("ROOF_CC", "  ccache   /usr/bin/clang-19 ", 1);
  setenv("ROOF_CXX", "   ", 1);
  setenv("ROOF_CLANG", "/usr/bin/clang-22", 1);
  EXPECT_EQ(compilerFromEnvironment(Language::C),
            (Args{"ccache", "/usr/bin/clang-19"}));
  EXPECT_EQ(compilerFromEnvironment(Language::Cxx),
            (Args{"/usr/bin/clang-22", "--driver-mode=g++"}));
  // --clang=PATH wins over the environment.
  EXPECT_EQ(compilerFromEnvironment(Language::C, "/opt/clang-16"),
            Args{"/opt/clang-16"});
  unsetenv("ROOF_CC");
  unsetenv("ROOF_CXX");
  unsetenv("ROOF_CLANG");
}

TEST(CompilerWrapperTest, CompilesFortranWithLineTablesAndNoHeaders) {
  WrapperOptions fortran;
  fortran.language = Language::Fortran;
  CompilerInvocation invocation = planCompilation(
      {"flang-new-19"}, {"-O3", "x.f90", "-o", "x"}, kToolchain, fortran);
  EXPECT_TRUE(invocation.links);
  EXPECT_EQ(
      invocation.command,
      (Args{"flang-new-19", "-fpass-plugin=/opt/roof/lib/libroofpass-19.so",
            "-I/opt/roof/include", "-gline-tables-only", "-O3", "x.f90", "-o",
            "x", "/opt/roof/lib/libroofrt.a", "-lpthread", "-lm"}));
  // The user's own debug information stays as asked; -gcc-toolchain is not
  // one.
  for (const char *debug : {"-g", "-g0", "-gdwarf-4"})
    EXPECT_EQ(
        planCompilation({"flang-new-19"}, {debug, "-c", "x.f90"}, kToolchain,
                        fortran)
            .command,
        (Args{"flang-new-19", "-fpass-plugin=/opt/roof/lib/libroofpass-19.so",
              "-I/opt/roof/include", debug, "-c", "x.f90"}));
  EXPECT_EQ(planCompilation({"flang-new-19"},
                            {"-gcc-toolchain", "/usr", "-c", "x.f90"},
                            kToolchain, fortran)
                .command[3],
            "-gline-tables-only");
}

// Flang 16 writes no debug information and links a program only with
// -flang-experimental-exec.
TEST(CompilerWrapperTest, LinksWithFlang16) {
  WrapperOptions fortran;
  fortran.language = Language::Fortran;
  EXPECT_EQ(
      planCompilation({"flang-new-16"}, {"-O3", "x.f90", "-o", "x"},
                      Toolchain::underPrefix("/opt/roof", 16), fortran)
          .command,
      (Args{"flang-new-16", "-fpass-plugin=/opt/roof/lib/libroofpass-16.so",
            "-I/opt/roof/include", "-O3", "x.f90", "-o", "x",
            "-flang-experimental-exec", "/opt/roof/lib/libroofrt.a",
            "-lpthread", "-lm"}));
}

// Flang 16 names every module FIRModule and writes no debug information: a
// command that compiles one Fortran source names it for the pass; one that
// compiles several, or none, names none. Flang 19's line tables name it.
TEST(CompilerWrapperTest, NamesTheOneSourceOfAFlang16Command) {
  WrapperOptions fortran;
  fortran.language = Language::Fortran;
  Toolchain flang16 = Toolchain::underPrefix("/opt/roof", 16);
  auto source = [&](const Args &args, const Toolchain &toolchain) {
    return planCompilation({"flang-new-16"}, args, toolchain, fortran).source;
  };
  EXPECT_EQ(source({"-O3", "-c", "src/x.F90", "-o", "x.o"}, flang16),
            "src/x.F90");
  EXPECT_EQ(source({"-J", "mods", "x.f", "y.o", "-o", "x"}, flang16), "x.f");
  EXPECT_EQ(source({"-c", "x.f90", "y.f90"}, flang16), "");
  EXPECT_EQ(source({"x.o", "y.o", "-o", "x"}, flang16), "");
  EXPECT_EQ(source({"-o", "out.f90", "x.o"}, flang16), "");
  EXPECT_EQ(source({"-c", "x.f90"}, Toolchain::underPrefix("/opt/roof", 19)),
            "");
  // A preprocessed copy whose first line names the original names it.
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("roof-fc-source-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::pair<const char *, const char *> copies[] = {
      {"#line \"/src/x.f90\" 2\n      program x\n", "/src/x.f90"},
      {"# 1 \"y.f90\"\n", "y.f90"},
      {"#define N 3\n", ""},
      {"      program z ! \"q.f90\"\n", ""}};
  for (const auto &[text, original] : copies) {
    std::string copy = (dir / "x.f90-pp.f90").string();
    std::ofstream(copy) << text;
    EXPECT_EQ(source({"-c", copy}, flang16), *original ? original : copy);
  }
  std::filesystem::remove_all(dir);
}

TEST(CompilerWrapperTest, TakesTheFortranCompilerFromTheEnvironment) {
  const std::string version = std::to_string(ROOF_LLVM_VERSION_MAJOR);
  const std::string flang =
      (ROOF_LLVM_VERSION_MAJOR < 20 ? "flang-new-" : "flang-") + version;
  unsetenv("ROOF_FC");
  unsetenv("ROOF_FLANG");
  EXPECT_EQ(compilerFromEnvironment(Language::Fortran), Args{flang});
  EXPECT_EQ(compilerLlvmMajor({flang}, Language::Fortran),
            ROOF_LLVM_VERSION_MAJOR);
  setenv("ROOF_CLANG", "/usr/bin/clang-22", 1); // not for Fortran
  setenv("ROOF_FLANG", "/usr/bin/flang-22", 1);
  EXPECT_EQ(compilerFromEnvironment(Language::Fortran),
            Args{"/usr/bin/flang-22"});
  setenv("ROOF_FC", "ccache flang-new-19", 1);
  EXPECT_EQ(compilerFromEnvironment(Language::Fortran),
            (Args{"ccache", "flang-new-19"}));
  // --flang=PATH wins over the environment.
  EXPECT_EQ(compilerFromEnvironment(Language::Fortran, "/opt/flang"),
            Args{"/opt/flang"});
  unsetenv("ROOF_FC");
  unsetenv("ROOF_FLANG");
  unsetenv("ROOF_CLANG");
}

TEST(CompilerWrapperTest, RefusesACompilerWithoutAVersion) {
  EXPECT_THROW(compilerLlvmMajor({"/nonexistent/clang"}, Language::C),
               std::runtime_error);
}

} // namespace
} // namespace roof
