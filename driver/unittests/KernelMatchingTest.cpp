//===- driver/unittests/KernelMatchingTest.cpp - Profiler kernels in roof's
//-===//
#include "KernelMatching.h"

#include <gtest/gtest.h>

namespace roof {
namespace {

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

TEST(KernelNamesTest, NormalisesBlanksAndConst) {
  // ncu's spelling and c++filt's of the same signature.
  EXPECT_EQ(normalizedSignature("daxpy(int, double, const double *, double *)"),
            normalizedSignature("daxpy(int, double, double const*, double*)"));
  EXPECT_EQ(normalizedSignature("daxpy(int, double, double const*, double*)"),
            "daxpy(int,double,double const*,double*)");
  EXPECT_EQ(normalizedSignature("f(const unsigned long long *)"),
            "f(unsigned long long const*)");
  EXPECT_EQ(normalizedSignature("f(const ns::Box<const int, 2> &, const T)"),
            "f(ns::Box<int const,2>const&,T const)");
  // A const method keeps its trailing const.
  EXPECT_EQ(normalizedSignature("S::f() const"), "S::f()const");
  EXPECT_NE(normalizedSignature("f(double *)"),
            normalizedSignature("f(float *)"));
}

TEST(KernelNamesTest, BaseNameIsTheUnqualifiedFunction) {
  EXPECT_EQ(baseFunctionName("daxpy(int, double, const double *, double *)"),
            "daxpy");
  EXPECT_EQ(baseFunctionName("void ns::fill<double, (bool)1>(T1 *, int)"),
            "fill");
  EXPECT_EQ(baseFunctionName("daxpy"), "daxpy");
  EXPECT_EQ(baseFunctionName("(anonymous namespace)::k(float*)"), "k");
  EXPECT_EQ(baseFunctionName("S::f() const"), "f");
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

KernelRecord kernel(const char *name, const char *demangled,
                    std::uint64_t counted = 1) {
  KernelRecord record;
  record.name = name;
  record.demangled = demangled;
  record.launches = counted;
  record.countedLaunches = counted;
  record.timeS = 1e-6;
  return record;
}

GpuProfile
profileOf(std::vector<std::pair<const char *, std::uint64_t>> names) {
  GpuProfile profile;
  profile.tool = "ncu";
  for (auto [name, launches] : names) {
    ProfiledKernel kernel;
    kernel.name = name;
    kernel.launches = launches;
    profile.kernels.push_back(kernel);
  }
  return profile;
}

TEST(KernelMatchingTest, MatchesByMangledDemangledAndFunctionName) {
  std::vector<KernelRecord> kernels = {
      kernel("_Z5daxpyidPKdPd", "daxpy(int, double, double const*, double*)"),
      kernel("_Z4fillIdLb1EEvPT_i", "void fill<double, true>(double*, int)"),
      kernel("scale_c", "scale_c"), kernel("_Z4initPd", "init(double*)")};
  GpuProfile profile =
      profileOf({{"daxpy(int, double, const double *, double *)", 1},
                 {"void fill<double, (bool)1>(T1 *, int)", 1},
                 {"scale_c", 1},
                 {"thrust_kernel", 2}});
  KernelMatching matching = matchKernels(profile, kernels);
  ASSERT_EQ(matching.matched.size(), 3u);
  EXPECT_EQ(matching.matched[0].kernel, &kernels[0]);
  EXPECT_EQ(matching.matched[0].by, MatchedBy::DemangledName);
  EXPECT_EQ(matching.matched[1].kernel, &kernels[1]);
  EXPECT_EQ(matching.matched[1].by, MatchedBy::FunctionName);
  EXPECT_EQ(matching.matched[2].by, MatchedBy::MangledName);
  EXPECT_EQ(matching.unknownToRoof, (std::vector<std::size_t>{3}));
  EXPECT_EQ(matching.notProfiled,
            (std::vector<const KernelRecord *>{&kernels[3]}));
}

TEST(KernelMatchingTest, FunctionNamesMustBeUniqueOnBothSides) {
  std::vector<KernelRecord> kernels = {kernel("_Z5scalePf", "scale(float*)"),
                                       kernel("_Z5scalePd", "scale(double*)")};
  // Two roof kernels named scale: "scale" alone is ambiguous.
  KernelMatching matching = matchKernels(profileOf({{"scale", 1}}), kernels);
  EXPECT_TRUE(matching.matched.empty());
  EXPECT_EQ(matching.unknownToRoof.size(), 1u);

  // Two profiled kernels named fill, one roof kernel: neither is taken.
  std::vector<KernelRecord> one = {
      kernel("_Z4fillIfEvPT_", "void fill<float>(float*)")};
  matching = matchKernels(
      profileOf({{"void fill<float>(T1 *)", 1}, {"void fill<int>(T1 *)", 1}}),
      one);
  EXPECT_TRUE(matching.matched.empty());
}

TEST(KernelMatchingTest, SeveralProfiledNamesOfOneKernelAreAdded) {
  std::vector<KernelRecord> kernels = {kernel("_Z1kv", "k()", 3)};
  GpuProfile profile = profileOf({{"_Z1kv", 1}, {"k()", 2}});
  KernelMatching matching = matchKernels(profile, kernels);
  ASSERT_EQ(matching.matched.size(), 1u);
  EXPECT_EQ(matching.matched[0].profiled, (std::vector<std::size_t>{0, 1}));
  ComparedLaunches launches =
      comparedLaunches(matching.matched[0], profile, std::nullopt);
  EXPECT_EQ(launches.basis, ComparedLaunches::Basis::KernelTotals);
  EXPECT_EQ(launches.profiledLaunches, 3u);
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

LaunchRecord record(std::uint64_t sequence, std::uint64_t grid,
                    std::uint64_t fmaFlops) {
  LaunchRecord launch;
  launch.sequence = sequence;
  launch.grid = {grid, 1, 1};
  launch.block = {256, 1, 1};
  launch.timeS = 1e-6;
  PrecisionCounts &fp64 = launch.counts.precisions[ROOF_FP64];
  fp64.classes[ROOF_CLASS_FMA] = {fmaFlops, fmaFlops, fmaFlops};
  fp64.flops = fp64.classes[ROOF_CLASS_FMA];
  return launch;
}

// Kernel a at sequences 0, 2, 4 (grids 64, 64, 32), b at 1, 3.
struct TwoKernels {
  std::vector<KernelRecord> kernels;
  TwoKernels() {
    KernelRecord a = kernel("a", "a", 3);
    a.launchRecords = {record(0, 64, 10), record(2, 64, 20), record(4, 32, 40)};
    KernelRecord b = kernel("b", "b", 2);
    b.launchRecords = {record(1, 64, 100), record(3, 64, 200)};
    kernels = {a, b};
  }
};

// A profile of `launches` (kernel index and grid), kernel 0 "a", 1 "b",
// 2 a kernel roof does not have.
GpuProfile
listedLaunches(std::vector<std::pair<std::size_t, std::uint64_t>> launches) {
  GpuProfile profile = profileOf({{"a", 0}, {"b", 0}, {"library", 0}});
  for (auto [kernel, grid] : launches) {
    profile.launches.push_back({kernel, Dim3{grid, 1, 1}, Dim3{256, 1, 1}});
    ++profile.kernels[kernel].launches;
  }
  return profile;
}

TEST(ComparedLaunchesTest, FindsTheProcessWindowOfASkippedRun) {
  TwoKernels census;
  // --launch-skip 2 --launch-count 3: a (2), b (3), a (4, half grid).
  GpuProfile profile = listedLaunches({{0, 64}, {1, 64}, {0, 32}});
  KernelMatching matching = matchKernels(profile, census.kernels);
  std::optional<std::uint64_t> window = profiledWindow(profile, matching);
  ASSERT_EQ(window, 2u);
  ComparedLaunches a = comparedLaunches(matching.matched[0], profile, window);
  EXPECT_EQ(a.basis, ComparedLaunches::Basis::ProcessWindow);
  ASSERT_EQ(a.records.size(), 2u);
  EXPECT_EQ(a.records[0]->sequence, 2u);
  EXPECT_EQ(a.records[1]->sequence, 4u);
  EXPECT_EQ(a.counts.precisions[ROOF_FP64].flops.empirical, 60u);
  EXPECT_DOUBLE_EQ(*a.timeS, 2e-6);
  ComparedLaunches b = comparedLaunches(matching.matched[1], profile, window);
  ASSERT_EQ(b.records.size(), 1u);
  EXPECT_EQ(b.records[0]->sequence, 3u);
}

TEST(ComparedLaunchesTest, AnUnknownKernelTakesASequenceNumber) {
  TwoKernels census;
  // b (3), a kernel roof has no record of, then nothing roof knows: only an
  // offset whose next sequence has no record fits (3: sequence 4 is a's).
  GpuProfile profile = listedLaunches({{1, 64}, {2, 64}});
  KernelMatching matching = matchKernels(profile, census.kernels);
  EXPECT_EQ(profiledWindow(profile, matching), std::nullopt);
  profile = listedLaunches({{2, 64}, {1, 64}});
  matching = matchKernels(profile, census.kernels);
  EXPECT_EQ(profiledWindow(profile, matching), std::nullopt);
}

TEST(ComparedLaunchesTest, FallsBackOnTheKernelsOwnLaunches) {
  TwoKernels census;
  // --kernel-name a --launch-skip 1: a's second and third launches, which no
  // process window explains without b's launches between them.
  GpuProfile profile = listedLaunches({{0, 64}, {0, 32}});
  KernelMatching matching = matchKernels(profile, census.kernels);
  std::optional<std::uint64_t> window = profiledWindow(profile, matching);
  EXPECT_FALSE(window);
  ComparedLaunches a = comparedLaunches(matching.matched[0], profile, window);
  EXPECT_EQ(a.basis, ComparedLaunches::Basis::MatchingGeometry);
  ASSERT_EQ(a.records.size(), 2u);
  EXPECT_EQ(a.records[0]->sequence, 2u);
  EXPECT_EQ(a.records[1]->sequence, 4u);

  // Sizes no run of records has.
  profile = listedLaunches({{0, 32}, {0, 64}});
  matching = matchKernels(profile, census.kernels);
  a = comparedLaunches(matching.matched[0], profile, std::nullopt);
  EXPECT_EQ(a.basis, ComparedLaunches::Basis::NoMatchingRecords);
  EXPECT_FALSE(a.compared());
}

TEST(ComparedLaunchesTest, NvprofListsNoLaunches) {
  TwoKernels census;
  GpuProfile profile = profileOf({{"a", 2}});
  KernelMatching matching = matchKernels(profile, census.kernels);
  ComparedLaunches a = comparedLaunches(matching.matched[0], profile,
                                        profiledWindow(profile, matching));
  EXPECT_EQ(a.basis, ComparedLaunches::Basis::FirstRecords);
  EXPECT_EQ(a.counts.precisions[ROOF_FP64].flops.empirical, 30u);
}

TEST(ComparedLaunchesTest, TotalsWhenNoSubsetCanBeTaken) {
  TwoKernels census;
  // More launches than roof counted: the totals, flagged.
  GpuProfile profile = profileOf({{"b", 5}});
  KernelMatching matching = matchKernels(profile, census.kernels);
  ComparedLaunches b =
      comparedLaunches(matching.matched[0], profile, std::nullopt);
  EXPECT_EQ(b.basis, ComparedLaunches::Basis::MoreThanCounted);
  EXPECT_TRUE(b.compared());

  // ROOF_CUDA=total: no records to take a subset from.
  census.kernels[1].launchRecords.clear();
  census.kernels[1].timeS.reset();
  profile = profileOf({{"b", 1}});
  matching = matchKernels(profile, census.kernels);
  b = comparedLaunches(matching.matched[0], profile, std::nullopt);
  EXPECT_EQ(b.basis, ComparedLaunches::Basis::NoRecords);
  EXPECT_FALSE(b.compared());
}

} // namespace
} // namespace roof
