/*===- roof/abi.h - Contract between the roof pass and libroofrt ---------===*\
|*
|* The pass (passes/) emits, per instrumented module, one constant RoofModule
|* descriptor and one thread_local counter array, and puts the descriptor's
|* address in the ROOF_MODULES_SECTION section, where the runtime (runtime/)
|* finds the modules linked with it when it loads. Each thread registers its
|* own copy of the counter array the first time it runs an instrumented
|* function of that module (__roof_register_thread, or __roof_enter at a
|* timed function's entry), which registers the module too if the runtime
|* had not found it (a shared library's: its section is its own).
|*
|* Counters ("slots") are plain 64-bit integers. A slot is incremented either
|* once per execution of its basic block, or by a run-time amount (the number
|* of active lanes of a mask, the length of a memcpy). Static weights say what
|* one unit of a slot is worth in each metric; the runtime multiplies and
|* sums. This header is C and C++ so that both sides compile the same layout.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_ABI_H
#define ROOF_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a struct below or the meaning of a field changes; the
 * runtime refuses other values. 3: RoofModule.flags, traffic metrics.
 * 4: RoofFunction.line. 5: __roof_libm_path counts the group itself.
 * 6: the path counts take the counter array and the first group's slot.
 * 7: the registration word after the counters, __roof_enter in the runtime,
 * no RoofModule.thread_counters. 8: __roof_leave; on x86-64 both keep every
 * register. 9: the counting forms __roof_libm_NAME take no group table; the
 * runtime finds it in RoofModule.libm_groups. The modules section came
 * within version 9 and changed no layout: a module of 9 that has a
 * constructor calling __roof_register_module instead works as well.
 * 10: traffic-mode code calls the model for the lines of the L1's sampled
 * sets too (__roof_traffic_set_mask). 11: RoofCudaCounterHeader has flags
 * and the traffic buffer, capacity and threshold before the weights (a
 * CUDA program's host module of 10 would register a header of the old
 * size). */
#define ROOF_ABI_VERSION 11

/* The section of the descriptors' addresses (const RoofModule *, one per
 * module): a C identifier, so that the linker defines __start_ and __stop_
 * symbols around it. */
#define ROOF_MODULES_SECTION "roof_modules"

/* The version of the census the runtime writes (docs/schema.md), which the
 * driver reads: bumped whenever a key is added or changes meaning. 3: each
 * function's "line". */
#define ROOF_CENSUS_SCHEMA_VERSION 3

enum RoofPrecision {
  ROOF_FP16,
  ROOF_BF16,
  ROOF_FP32,
  ROOF_FP64,
  ROOF_NUM_PRECISIONS
};

/* Operation classes. The first six are FLOPs; min/max, compare and convert
 * are floating-point operations that are reported but never summed into the
 * FLOP totals (docs/counting.md). Values are in FLOPs: an FMA lane is 2. */
enum RoofClass {
  ROOF_CLASS_ADD, /* fadd, fsub, reductions */
  ROOF_CLASS_MUL,
  ROOF_CLASS_FMA,
  ROOF_CLASS_DIV,  /* includes reciprocal estimates (rcp14) */
  ROOF_CLASS_SQRT, /* includes reciprocal-sqrt estimates (rsqrt14) */
  ROOF_CLASS_TRANSCENDENTAL,
  ROOF_CLASS_MINMAX,
  ROOF_CLASS_COMPARE,
  ROOF_CLASS_CONVERT,
  ROOF_CLASS_SPECIAL, /* special-function-unit approximations (NVPTX MUFU:
                         rcp, rsqrt, sqrt, ex2, lg2, sin, cos), which Nsight
                         Compute does not count as FLOPs */
  ROOF_NUM_CLASSES
};
#define ROOF_NUM_FLOP_CLASSES (ROOF_CLASS_TRANSCENDENTAL + 1)

/* Names as the JSON schema (docs/schema.md) spells them, in RoofClass and
 * RoofPrecision order, for every component that prints them. */
#define ROOF_PRECISION_NAMES "fp16", "bf16", "fp32", "fp64"
#define ROOF_CLASS_NAMES                                                       \
  "add", "mul", "fma", "div", "sqrt", "transcendental", "minmax", "compare",   \
      "convert", "special"

enum RoofKind {
  ROOF_CANONICAL,  /* source-level: 1 per active element, FMA = 2 */
  ROOF_EMPIRICAL,  /* what the target executes, mask-aware (SDE style) */
  ROOF_FULL_WIDTH, /* executed instructions at full vector width */
  ROOF_NUM_KINDS
};

/* GPU address spaces, for the bytes of device code (NVPTX address spaces
 * 1, 3, 5, 4; generic is a flat address the pass could not resolve). */
enum RoofSpace {
  ROOF_SPACE_GLOBAL,
  ROOF_SPACE_SHARED,
  ROOF_SPACE_LOCAL,
  ROOF_SPACE_CONSTANT,
  ROOF_SPACE_GENERIC,
  ROOF_NUM_SPACES
};
#define ROOF_SPACE_NAMES "global", "shared", "local", "constant", "generic"

/* metric = ((precision * ROOF_NUM_CLASSES) + class) * ROOF_NUM_KINDS + kind,
 * followed by the two byte metrics (all memory), then loaded and stored
 * bytes per GPU address space (device code only). */
#define ROOF_FLOP_METRIC(precision, cls, kind)                                 \
  ((((precision) * ROOF_NUM_CLASSES) + (cls)) * ROOF_NUM_KINDS + (kind))
#define ROOF_METRIC_BYTES_LOADED                                               \
  (ROOF_NUM_PRECISIONS * ROOF_NUM_CLASSES * ROOF_NUM_KINDS)
#define ROOF_METRIC_BYTES_STORED (ROOF_METRIC_BYTES_LOADED + 1)
#define ROOF_METRIC_SPACE_BYTES(space, stored)                                 \
  (ROOF_METRIC_BYTES_STORED + 1 + (space) * 2 + (stored))
/* Traffic mode (docs/counting.md, "Traffic"): the bytes that move between
 * cache level `level` (0 is L1) and what is below it, modelled by the
 * runtime: fetched into the level (stored = 0: its misses) and written back
 * from it (stored = 1: dirty lines it evicted). */
#define ROOF_MAX_CACHE_LEVELS 4
#define ROOF_METRIC_TRAFFIC(level, stored)                                     \
  (ROOF_METRIC_SPACE_BYTES(ROOF_NUM_SPACES, 0) + (level) * 2 + (stored))
#define ROOF_NUM_METRICS ROOF_METRIC_TRAFFIC(ROOF_MAX_CACHE_LEVELS, 0)

/* One unit of counter `slot` adds `amount` to `metric`. `slot` is relative to
 * the function's first slot. */
typedef struct RoofWeight {
  uint32_t slot;
  uint32_t metric;
  uint64_t amount;
} RoofWeight;

/* Per-function slots beyond the weighted ones. */
#define ROOF_NO_SLOT UINT32_MAX

typedef struct RoofFunction {
  const char *name;          /* mangled (linkage) name */
  const char *demangled;     /* demangled, or the name itself for C */
  const char *attributed_to; /* enclosing function for OpenMP outlined
                                bodies, else NULL */
  uint32_t first_slot;       /* into the module's counter array */
  uint32_t num_slots;
  uint32_t entry_slot; /* relative slot counting calls */
  uint32_t time_slot;  /* relative slot with accumulated cycles
                          (llvm.readcyclecounter), or ROOF_NO_SLOT */
  uint32_t depth_slot; /* relative slot with the thread's recursion
                          depth while timed, or ROOF_NO_SLOT */
  uint32_t num_weights;
  const RoofWeight *weights;
  uint32_t line; /* of the definition in the module's source (its
                    DISubprogram's), 0 without debug information or
                    when it is defined in another file (a header) */
} RoofFunction;

/* RoofModule.flags */
#define ROOF_MODULE_TRAFFIC                                                    \
  1u /* built in traffic mode: its functions pass                              \
        addresses to __roof_traffic_* */

typedef struct RoofModule {
  uint32_t abi_version; /* ROOF_ABI_VERSION */
  uint32_t num_functions;
  uint32_t num_slots; /* size of the counter array */
  uint32_t flags;     /* ROOF_MODULE_* */
  const char *source; /* module identifier (source file) */
  const char *triple;
  const char *cpu;      /* "target-cpu" of the first defined function */
  const char *features; /* "target-features" of that function */
  const RoofFunction *functions;
  /* The group tables of the module's counting forms (__roof_libm_NAME
   * below): ROOF_NUM_LIBM_PATH_CALLS entries in ROOF_LIBM_PATH_CALLS order,
   * NULL for a function the module does not count so; NULL when it counts
   * none. */
  const uint8_t *const *libm_groups;
} RoofModule;

/* Region markers of other tools (LIKWID, NVTX, Caliper): the pass calls
 * __roof_marker next to each call of a marker function it recognises
 * (passes/ToolMarkers.cpp), and the runtime maps it onto a region
 * (runtime/markers.c). */
enum RoofMarkerAction {
  ROOF_MARKER_BEGIN,       /* enter region `name` on this thread */
  ROOF_MARKER_END,         /* leave this thread's innermost region */
  ROOF_MARKER_END_NAMED,   /* leave this thread's innermost entry of `name` */
  ROOF_MARKER_RANGE_START, /* open a range, returns its id (`range` when
                              not 0, else one of roof's) */
  ROOF_MARKER_RANGE_END    /* close range `range`, from any thread */
};

/* How `name` is given. */
enum RoofMarkerName {
  ROOF_MARKER_NO_NAME,
  ROOF_MARKER_CHARS,          /* const char *, NUL-terminated */
  ROOF_MARKER_WIDE,           /* const wchar_t *, NUL-terminated */
  ROOF_MARKER_NVTX_ATTRIBUTES /* const nvtxEventAttributes_t * */
};

/* Runtime entry points called by instrumented code.
 *
 * A module's counter array holds num_slots counters and, after them, its
 * registration word: 0 in a thread's copy until the thread has handed that
 * copy to the runtime, which then sets it (once per thread and module; it
 * stays set if the runtime could not take the copy). Instrumented code may
 * test the word to skip the call. __roof_register_thread returns at once
 * when it is set; __roof_enter, the entry of a timed function, registers
 * the copy when it is not, adds 1 to counters[slot] (its calls) and returns
 * the cycle counter (llvm.readcyclecounter's); __roof_leave, at a return of
 * a timed function that has one activation at a time, adds the cycles
 * since `start` to counters[slot] (its time; one that may be nested reads
 * the counter itself and adds the outermost activation's). On x86-64 these
 * two keep every register but r11 (LLVM's preserve_allcc, with which the
 * pass calls them, through the GOT: runtime/entry_x86_64.S); C may call
 * them too. __roof_register_thread touches the word only in a module of
 * this ABI version (modules of version 6 and before called it too): a
 * module of another is refused, and its array left as it is.
 * __roof_register_module hands over a descriptor that is in no modules
 * section the runtime reads (code that builds its own, as the runtime's
 * tests do; modules of an earlier pass). */
void __roof_register_module(const RoofModule *module);
void __roof_register_thread(const RoofModule *module, uint64_t *counters);
uint64_t __roof_enter(const RoofModule *module, uint64_t *counters,
                      uint32_t slot);
void __roof_leave(uint64_t *counters, uint32_t slot, uint64_t start);

/* Traffic mode. A function's traffic slots are 2 * ROOF_MAX_CACHE_LEVELS
 * consecutive counters of its range, weighted ROOF_METRIC_TRAFFIC(level,
 * stored) for slot 2 * level + stored; `slots` points to the first. The
 * model samples cache lines by a hash of the line's address:
 *   line = address >> ROOF_TRAFFIC_LINE_SHIFT
 *   sampled when (line * ROOF_TRAFFIC_HASH) >> 40 < __roof_traffic_threshold
 * and, for the L1's own sample of whole sets (runtime/traffic_sets.h), when
 *   (line & __roof_traffic_set_mask) == __roof_traffic_set_value
 * Instrumented code calls the runtime only when the first or the last line
 * of an access is sampled either way, or once before a loop whose accesses
 * are all affine (__roof_traffic_loop); the threshold only ever decreases
 * and the sets are chosen before main, so code may read them once per
 * function (the runtime checks each line again). */
#define ROOF_TRAFFIC_LINE_SHIFT 6
#define ROOF_TRAFFIC_HASH 0x9E3779B97F4A7C15ull
#define ROOF_TRAFFIC_HASH_SHIFT 40
extern uint64_t __roof_traffic_threshold;
extern uint64_t __roof_traffic_set_mask, __roof_traffic_set_value;
/* `bytes` bytes from `address`; `stored`: a store (or a read-modify-write). */
void __roof_traffic_access(uint64_t *slots, const void *address, uint64_t bytes,
                           uint32_t stored);
/* The lanes of a gather, scatter, or masked load or store that the model
 * takes: lane i of `mask` (bit i) accesses `element_bytes` at `lanes[i]`.
 * Instrumented code passes the active lanes whose first or last byte's
 * line is sampled, and calls only when there is one. */
void __roof_traffic_lanes(uint64_t *slots, const void *const *lanes,
                          uint64_t mask, uint32_t num_lanes,
                          uint32_t element_bytes, uint32_t stored);
/* A loop's accesses, passed once before the loop: access k of iteration i
 * (from 0) is `bytes` bytes from start + i * step, and iteration i makes
 * the accesses of `streams` in their order. The runtime simulates them in
 * that order (iteration by iteration) for the sampled lines only. */
#define ROOF_TRAFFIC_MAX_STREAMS 64
typedef struct RoofTrafficStream {
  const void *start;
  int64_t step;
  uint32_t bytes;
  uint32_t stored;
} RoofTrafficStream;
void __roof_traffic_loop(uint64_t *slots, const RoofTrafficStream *streams,
                         uint32_t num_streams, uint64_t iterations);
/* CUDA programs (libroofrt-cuda, runtime/cuda_launch.c): next to clang's
 * __cudaRegisterFunction of each kernel, the pass registers its host stub,
 * its mangled and demangled names, the device address of its counter
 * header and the module's source. */
#define ROOF_CUDA_WARP_SLOTS_PER_SM 64
#define ROOF_CUDA_MAX_WEIGHTS 256
/* A kernel's counter header, __roof_kh_<kernel>, defined by the pass. The
 * runtime allocates the counts, `columns` x rows uint64_t with rows a power
 * of two of at least the device's warp slots (SMs x 64), and writes their
 * address and rows - 1 into the header before the kernel's first counted
 * launch. At its return each warp's first lane adds its sums to
 * counts[column * rows + row], row = (SM id x 64 + warp id) & row_mask, so
 * that warps resident at the same time add to different addresses; while
 * `counts` is 0 nothing is added. A column's count is the sum of its rows.
 * With weights, column c counts census slot c and metric m gets the count
 * of slot s times amount for each weight {s, m, amount}; without (a kernel
 * whose weights do not fit the table), column m counts metric m.
 *
 * A kernel built in traffic mode (flags ROOF_CUDA_KERNEL_TRAFFIC) also
 * passes a sample of its global memory sectors: the runtime writes the
 * device address of a buffer, `traffic` (a uint64_t count, then
 * `traffic_capacity` records), once, and `traffic_threshold` before each
 * launch it models (0 again after it). A warp's load, store or atomic
 * whose 32-byte sector is sampled,
 *   sector = address >> ROOF_CUDA_SECTOR_SHIFT
 *   sampled when (sector * ROOF_TRAFFIC_HASH) >> 40 < traffic_threshold,
 * is recorded once per sector (the lanes that access the same sector
 * together make one record): the lowest such lane adds 1 to the count
 * atomically and, when the old count is below the capacity, writes
 * ROOF_CUDA_TRAFFIC_RECORD at that index. While the threshold is 0 nothing
 * is recorded. */
#define ROOF_CUDA_KERNEL_TRAFFIC 1u
#define ROOF_CUDA_SECTOR_SHIFT 5
enum RoofCudaAccess {
  ROOF_CUDA_LOAD,   /* through the SM's L1 */
  ROOF_CUDA_STORE,  /* written through to L2 */
  ROOF_CUDA_ATOMIC, /* read, modified and written at L2 */
  ROOF_CUDA_NUM_ACCESSES
};
#define ROOF_CUDA_SM_BITS 8
#define ROOF_CUDA_TRAFFIC_RECORD(sector, sm, access)                           \
  ((uint64_t)(sector) << (ROOF_CUDA_SM_BITS + 2) |                             \
   (uint64_t)((sm) & ((1u << ROOF_CUDA_SM_BITS) - 1)) << 2 |                   \
   (uint64_t)(access))
typedef struct RoofCudaCounterHeader {
  uint32_t columns;
  uint32_t num_weights;
  uint64_t counts;
  uint64_t row_mask;
  uint32_t flags; /* ROOF_CUDA_KERNEL_* */
  uint32_t reserved;
  uint64_t traffic;
  uint64_t traffic_capacity;
  uint64_t traffic_threshold;
  RoofWeight weights[ROOF_CUDA_MAX_WEIGHTS];
} RoofCudaCounterHeader;
void __roof_cuda_register_kernel(const void *stub, const char *name,
                                 const char *demangled,
                                 const void *header_shadow, const char *module);
uint64_t __roof_marker(uint32_t action, uint32_t name_kind, const void *name,
                       uint64_t range);

/* The path a call of a libm function takes through its body, for the
 * functions whose instructions depend on the argument (glibc's sin picks its
 * polynomial by quadrant). Before such a call the pass calls
 * __roof_libm_path(family, bits, groups, counters, first) with the
 * argument's bits (a float's in the low 32), a table of
 * ROOF_LIBM_MAX_PATH_KEYS entries that maps each path key onto a group of
 * keys with the same work, and the calling thread's counter array with the
 * slot of the first group, the groups' slots following it: it adds 1 to the
 * counter of the argument's group. (A slot index rather than its address: an
 * immediate operand of the call, where an address is a register that the
 * code generator hoists out of the loop and keeps across the calls.)
 * roof-libm-probe measures each key's work on the build machine and checks
 * that every argument probed with one key ran the same FP work
 * (runtime/libm_paths.c, docs/libm-costs.md). A key is
 *   bucket * 8 + sign * 4 + odd_quadrant * 2 + small_reduced
 * with the bucket of |x| among the family's thresholds (NaN after the last)
 * and, for the trigonometric families, the parity of the quadrant x falls in
 * and whether x reduced to it is small (the last two are 0 otherwise). */
enum RoofLibmPathFamily {
  ROOF_LIBM_PATHS_TRIG,  /* sin, cos, sincos */
  ROOF_LIBM_PATHS_TRIGF, /* sinf, cosf, sincosf */
  ROOF_LIBM_PATHS_ERF,   /* erf, erfc */
  ROOF_LIBM_PATHS_ERFF,  /* erff, erfcf */
  ROOF_NUM_LIBM_PATH_FAMILIES
};
#define ROOF_LIBM_MAX_PATH_KEYS 128
void __roof_libm_path(uint32_t family, uint64_t bits, const uint8_t *groups,
                      uint64_t *counters, uint32_t first);

/* A call of one of these functions whose machine call is its own (not merged
 * with another into a sincos, not a lane of a vector call) is replaced by a
 * call of __roof_libm_NAME(x, counters, first), which counts the argument's
 * group as __roof_libm_path does and returns NAME(x): one call where the
 * program has one, which costs the code generator far less than a call
 * more, and with no more operands than it needs (each costs the code
 * generator too). The group table is the calling module's
 * (RoofModule.libm_groups), found through the thread's registration of
 * `counters`, which the function's entry made; a call whose counters the
 * runtime did not take counts nothing. X(name, type, family), a row per
 * function, in the order of RoofModule.libm_groups. */
#define ROOF_LIBM_PATH_CALLS(X)                                                \
  X(sin, double, ROOF_LIBM_PATHS_TRIG)                                         \
  X(cos, double, ROOF_LIBM_PATHS_TRIG)                                         \
  X(sinf, float, ROOF_LIBM_PATHS_TRIGF)                                        \
  X(cosf, float, ROOF_LIBM_PATHS_TRIGF)                                        \
  X(erf, double, ROOF_LIBM_PATHS_ERF)                                          \
  X(erfc, double, ROOF_LIBM_PATHS_ERF)                                         \
  X(erff, float, ROOF_LIBM_PATHS_ERFF)                                         \
  X(erfcf, float, ROOF_LIBM_PATHS_ERFF)
#define ROOF_LIBM_PATH_CALL_DECLARE(Name, Type, Family)                        \
  Type __roof_libm_##Name(Type x, uint64_t *counters, uint32_t first);
ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_DECLARE)
#undef ROOF_LIBM_PATH_CALL_DECLARE
#define ROOF_LIBM_PATH_CALL_INDEX(Name, Type, Family) ROOF_LIBM_CALL_##Name,
enum RoofLibmPathCall {
  ROOF_LIBM_PATH_CALLS(ROOF_LIBM_PATH_CALL_INDEX) ROOF_NUM_LIBM_PATH_CALLS
};
#undef ROOF_LIBM_PATH_CALL_INDEX

#ifdef __cplusplus
}
#endif

#endif /* ROOF_ABI_H */
