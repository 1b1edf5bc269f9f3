//===- driver/read/Census.h - The runtime's census --------------*- C++ -*-===//
//
// An in-memory model of docs/schema.md (schema "roof", version 3) and the
// reader that fills it, which also reads version 2 (functions without
// "line"). The reader is strict: anything that is not exactly a census of
// one of these versions (not JSON, another schema or version, a missing or
// mistyped key, a negative or fractional count, a precision total that is not
// the sum of its FLOP classes, bytes per GPU address space that do not add
// up to the kernel's bytes, launch records that contradict their kernel,
// modelled traffic of a level the traffic model does not have) is refused
// with an InputError whose message names the offending key, so that
// `roof report` never prints a number it could not trust.
//
// Precision, class and address-space indices are those of
// include/roof/abi.h, the contract the pass and the runtime share.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_CENSUS_H
#define ROOF_DRIVER_CENSUS_H

#include "Errors.h"
#include "RankStats.h"
#include "roof/abi.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roof {

inline constexpr const char *kCensusSchema = "roof";
inline constexpr std::uint64_t kCensusSchemaVersion =
    ROOF_CENSUS_SCHEMA_VERSION;
// The oldest version the reader still reads.
inline constexpr std::uint64_t kOldestCensusSchemaVersion = 2;

// The value the runtime writes for a sum that exceeded 2^64-1.
inline constexpr std::uint64_t kSaturated = UINT64_MAX;

// Adds the way the runtime does: a sum that does not fit is kSaturated.
constexpr std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b) {
  return a > kSaturated - b ? kSaturated : a + b;
}

// Names as they appear in the JSON, indexed by RoofPrecision / RoofClass.
extern const std::array<const char *, ROOF_NUM_PRECISIONS> kPrecisionNames;
extern const std::array<const char *, ROOF_NUM_CLASSES> kClassNames;
// GPU address spaces as the JSON spells them, indexed by RoofSpace.
extern const std::array<const char *, ROOF_NUM_SPACES> kSpaceNames;

// Returns the RoofPrecision called `name` ("fp64", ...), if any.
std::optional<RoofPrecision> precisionFromName(std::string_view name);

// True for add, mul, fma, div, sqrt and transcendental: the classes whose
// values are summed into a precision's FLOPs.
constexpr bool isFlopClass(int cls) { return cls < ROOF_NUM_FLOP_CLASSES; }

// One metric counted three ways (abi.h, RoofKind).
struct KindCounts {
  std::uint64_t canonical = 0;
  std::uint64_t empirical = 0;
  std::uint64_t fullWidth = 0;
};

struct PrecisionCounts {
  KindCounts flops; // sum of the FLOP classes
  std::array<KindCounts, ROOF_NUM_CLASSES> classes{};
};

// Bytes loaded and stored: in one GPU address space, or between a level of
// the memory hierarchy and the one above it.
struct LoadStoreBytes {
  std::uint64_t loaded = 0;
  std::uint64_t stored = 0;
};

// The modelled bytes of one level below L1 (docs/schema.md, Traffic).
struct LevelTraffic {
  std::string level; // "L2", ..., the model's memory ("DRAM")
  LoadStoreBytes bytes;
};

// The "census object" shared by totals, functions, regions and threads.
struct Counts {
  std::array<PrecisionCounts, ROOF_NUM_PRECISIONS> precisions{};
  std::uint64_t bytesLoaded = 0;
  std::uint64_t bytesStored = 0;
  // In the order of TrafficModel::trafficLevels() of the census's model
  // (of the GPU's for kernels and launches); empty when there is none, and
  // for kernels whose launches it did not all model.
  std::vector<LevelTraffic> traffic;
};

struct FunctionRecord {
  std::string name;      // mangled (linkage) name
  std::string demangled; // as written by the runtime
  std::string module;
  std::uint64_t line = 0; // of the definition in `module`; 0: unknown
  std::uint64_t calls = 0;
  std::optional<double> timeS;       // inclusive wall time, max over threads
  std::optional<double> threadTimeS; // the same summed over threads
  Counts counts;
  std::optional<RankStats> rankStats; // in a merged census
};

struct RegionRecord {
  std::string name;
  std::uint64_t entries = 0;
  double timeS = 0;
  Counts counts;
  std::optional<RankStats> rankStats; // in a merged census
};

struct ThreadRecord {
  std::uint64_t index = 0;
  std::uint64_t tid = 0;
  Counts counts;
};

struct TargetInfo {
  std::string triple;
  std::string cpu;
  std::string features;
};

using BytesBySpace = std::array<LoadStoreBytes, ROOF_NUM_SPACES>;

// One counted launch of a CUDA kernel ("launch object").
struct LaunchRecord {
  std::uint64_t sequence = 0; // among all launches of the process, from 0
  std::array<std::uint64_t, 3> grid{};  // gridDim x, y, z
  std::array<std::uint64_t, 3> block{}; // blockDim x, y, z
  std::uint64_t sharedMemoryBytes = 0;  // dynamic shared memory
  std::uint64_t stream = 0; // 0: default stream, else 1, 2, ... by first use
  double timeS = 0;         // CUDA-event time
  Counts counts;
  BytesBySpace bytesBySpace{};
};

// A CUDA kernel, all its counted launches together ("kernel object").
struct KernelRecord {
  std::string name;                  // mangled (linkage) name
  std::string demangled;             // as written by the runtime
  std::string module;                // the host module that launched it
  std::uint64_t launches = 0;        // seen, counted or not
  std::uint64_t countedLaunches = 0; // whose counts are included
  std::optional<double> timeS; // summed CUDA-event times; absent in total mode
  Counts counts;
  BytesBySpace bytesBySpace{};
  std::vector<LaunchRecord> launchRecords; // in launch order, maybe capped
  std::optional<RankStats> rankStats;      // in a merged census
};

struct ModuleRecord {
  std::string source;
  TargetInfo target;
  std::uint64_t functions = 0;
};

// A cache the traffic model simulated.
struct CacheLevel {
  std::string name;        // "L1", "L2", ...
  std::uint64_t bytes = 0; // capacity
  std::string from;        // where the capacity came from: "sysfs", ...
  // An L1 simulated set-associative on a sample of its sets
  // (docs/counting.md, "The L1's sets"): its ways, its sets and how many
  // were sampled; 0 when fully associative.
  std::uint64_t ways = 0, sets = 0, sampledSets = 0;
};

// The top-level "traffic" of a census of a traffic-mode build.
struct TrafficModel {
  std::string model; // "sampled-lru"
  std::uint64_t lineBytes = 0;
  double samplingRate = 0;
  std::vector<CacheLevel> levels; // from L1 down
  std::string memory;             // below the last cache: "DRAM"
  std::uint64_t sampledAccesses = 0;
  // Of them, those of calls replayed (docs/counting.md, "Repeated calls");
  // censuses written before replay have none.
  std::uint64_t replayedAccesses = 0;
  // The GPU's model: the sector records that did not fit a launch's buffer
  // (none for the host's model).
  std::optional<std::uint64_t> droppedAccesses;
  // The census's times were measured with the model running (a
  // traffic-mode build's own census), not taken from another run
  // (takeTraffic).
  bool slowsTimes = true;

  // The levels census objects have traffic for: every cache but the first
  // (whose bytes are bytes_loaded and bytes_stored), then the memory.
  std::vector<std::string> trafficLevels() const;
  // True when the two simulate the same hierarchy: model, line, sampling
  // rate, memory and the levels' names and capacities (not where the
  // capacities came from), so that their counts add up.
  bool sameHierarchy(const TrafficModel &other) const;
};

// The CUDA device of the counted launches.
struct GpuInfo {
  std::string name;              // "NVIDIA H200"
  std::string computeCapability; // "9.0"
  // The model of the kernels' traffic (docs/schema.md, "The GPU's
  // traffic"): none when no launch was modelled.
  std::optional<TrafficModel> traffic;
};

struct Census {
  std::string program;
  std::vector<std::string> commandLine;
  std::uint64_t pid = 0;
  std::optional<std::uint64_t> mpiRank;
  std::string startTime;
  double wallTimeS = 0;
  /// How the process ended ("exit", "quick_exit", a signal's name); none
  /// when it was still running at the write (roof_write, a periodic write)
  /// or the census predates the field.
  std::optional<std::string> endedBy;
  double timerHz = 0;
  TargetInfo target;
  std::vector<ModuleRecord> modules;
  bool overflow = false;
  Counts totals;
  std::vector<FunctionRecord> functions;
  std::vector<RegionRecord> regions;
  std::vector<ThreadRecord> threads;
  std::optional<GpuInfo> gpu;        // absent when no kernel launch was counted
  std::vector<KernelRecord> kernels; // device code, never in the totals
  // Present in a census merged from several (RankStats.h); then pid is 0,
  // mpi_rank absent and every time the maximum over the ranks.
  std::optional<MergedRanks> ranks;
  std::optional<TrafficModel> traffic; // of a traffic-mode build
};

// Adds `counts` to `sum` the way the runtime sums, saturating at 2^64-1;
// traffic level by level, by name.
void addKindCounts(KindCounts &sum, const KindCounts &counts);
void addCounts(Counts &sum, const Counts &counts);
void addLoadStoreBytes(LoadStoreBytes &sum, const LoadStoreBytes &bytes);
void addBytesBySpace(BytesBySpace &sum, const BytesBySpace &bytes);

// Gives `census` (a default build's run, whose times the cache model did
// not slow down) the modelled traffic of `from`, a run of a traffic-mode
// build of the same program on the same input (roof report --traffic):
// the model, and per scope of the same name (the program, regions,
// functions; threads by index) its traffic, zero where `from` has no such
// scope. Throws InputError when `from` has no traffic, or when its scopes
// loaded or stored other bytes than the run's: then the two did not do the
// same work, and the traffic of one would be placed with the time of the
// other.
void takeTraffic(Census &census, const Census &from);

// Parses and validates the text of a census. Throws InputError (without a
// path).
Census parseCensus(std::string_view text);

// Reads the file at `path` and parses it. Throws InputError "PATH: ..." (also
// when the file cannot be read).
Census readCensusFile(const std::string &path);

} // namespace roof

#endif // ROOF_DRIVER_CENSUS_H
