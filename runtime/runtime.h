/*===- runtime/runtime.h - Internal interfaces of libroofrt --------------===*\
|*
|* libroofrt turns the per-thread counter arrays of instrumented modules into
|* the JSON of docs/schema.md. The pieces, one file each:
|*   start.c        the registration entry points of roof/abi.h; ties the
|*                  layers' hooks to the registry
|*   registry.c     modules and threads (who has which counter array)
|*   timer.c        clocks, and the rate of llvm.readcyclecounter
|*   regions.c      roof_region_begin/end (user API of roof/roof.h)
|*   markers.c      regions from the markers of LIKWID, NVTX and Caliper
|*   marker_libraries.c  those tools' marker functions, where their
|*                  libraries are not linked
|*   traffic.c      the bytes below L1, from a sampled cache model
|*   traffic_replay.c  the model's calls that repeat, replayed
|*   traffic_sets.c  the L1's sets, simulated on a sample of them
|*   census.c       counts x weights, with saturation
|*   report.c       the JSON document itself
|*   json_writer.c  a small streaming JSON emitter
|*   output.c       destination file, atomic write, roof_write, atexit
|*   signals.c      the write on a signal that ends the process
|*   interpose.c    the write before _exit and exec
|*   process.c      pid, argv, MPI rank
|*   arena.c        memory for a write, from mmap
|*   format.c       numbers, dates, names and messages without stdio
|*
|* Layers, each file calling only into its own layer and those below
|* (docs/architecture.md, "The runtime's layers"):
|*   entry          start.c; cuda_launch.c (libroofrt-cuda), the entry
|*                  points of CUDA programs, which starts the runtime and
|*                  arms the write for its kernels
|*   write          output.c, signals.c, interpose.c (the write and what
|*                  triggers it), report.c, json_writer.c
|*   what is counted  regions.c, markers.c, kernels.c, traffic.c,
|*                  traffic_replay.c, traffic_sets.c, census.c
|*   registry       registry.c: modules, threads, and the hooks through
|*                  which the layers above hear of modules, exits and forks
|*   services       timer.c, process.c, arena.c, format.c, libm_paths.c
|*
|* The write of the census (census.c through output.c) allocates only from
|* its arena and formats only with format.c, so that it can run in a signal
|* handler that interrupted malloc or stdio.
|*
|* Locking: one process-wide mutex (roofrt_lock) protects every structure
|* below that more than one thread can reach. It is taken once per thread per
|* module, at region boundaries and at writes, never on the instrumented hot
|* path, which only does plain `counters[i] += k` on its own thread's array.
|* The runtime therefore only ever reads other threads' arrays, with relaxed
|* atomic loads (roofrt_load).
|*
|* Everything here is hidden (-fvisibility=hidden) and prefixed roofrt_ so a
|* static link into any program cannot clash with its symbols; only the
|* entry points of roof/abi.h and roof/roof.h are exported.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOFRT_RUNTIME_H
#define ROOFRT_RUNTIME_H

#include "roof/abi.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>

#define ROOFRT_EXPORT __attribute__((visibility("default")))

/*===------------------------------------------------------------------------===
 * Registry (registry.c)
 *===------------------------------------------------------------------------===*/

/* One registered descriptor. Rejected descriptors (ABI mismatch, malformed)
 * are remembered too, so that their threads are ignored without a second
 * message. */
struct roofrt_module {
  const RoofModule *desc;
  bool accepted;
  size_t index;        /* position in roofrt_modules (accepted modules only) */
  size_t slot_base;    /* first slot in the process-wide slot space, which
                          concatenates the arrays of all accepted modules in
                          registration order (region snapshots use it) */
  uint32_t *report_of; /* per function: the function it is reported under
                          (itself, or the root of its attributed_to chain) */
};

/* One module's counter array on one thread. */
struct roofrt_array {
  struct roofrt_module *module;
  uint64_t *live;  /* the thread's TLS array; read only while the thread has
                      not exited, since the TLS block dies with the thread */
  uint64_t *saved; /* runtime-owned copy, allocated at registration so that
                      the copy at thread exit cannot fail */
};

struct roofrt_frame; /* regions.c */

/* Runtime state of one thread. A thread gets one as soon as it registers a
 * counter array or opens a region; it is listed (gets an index and appears in
 * threads[]) when it registers its first counter array. Listed records live
 * until the process ends so that exited threads are still reported. */
struct roofrt_thread {
  pid_t tid;
  bool listed;
  size_t index; /* registration order among listed threads */
  bool exited;  /* read `saved`, not `live`: set by the pthread key
                   destructor at thread exit */
  struct roofrt_array *arrays;
  size_t num_arrays, cap_arrays;
  /* The region stack is touched by the owning thread only. */
  struct roofrt_frame *frames;
  size_t num_frames, cap_frames;
};

/* The process-wide state, all guarded by roofrt_lock. */
extern pthread_mutex_t roofrt_lock;
extern struct roofrt_module **roofrt_modules; /* accepted, in order */
extern size_t roofrt_num_modules;
extern struct roofrt_thread **roofrt_threads; /* listed, by index */
extern size_t roofrt_num_threads;
extern size_t roofrt_total_slots; /* size of the process-wide slot space */
/* The process the counters belong to: set at start and in a fork()'s
 * child (not in a vfork()'s, which shares the parent's memory). */
extern pid_t roofrt_pid;

/* Starts the runtime once (clock origin, thread key); any entry point may be
 * the first one called, from any thread. */
void roofrt_init(void);

/* What __roof_register_module and __roof_register_thread (start.c) hand
 * over: a module's descriptor, a thread's counter array of a module. */
void roofrt_register_module(const RoofModule *module);
void roofrt_register_thread(const RoofModule *module, uint64_t *counters);

/* Hooks: what the layers above the registry do when it accepts a module, when
 * a thread exits and in the child of a fork, so that the registry calls up
 * into no file above it. Registered once, by roofrt_start (start.c), before
 * the first module registers; called in registration order.
 *   module accepted: once per accepted module, lock held;
 *   thread exit: from the thread's key destructor, lock not held; `t` is the
 *     thread's record, NULL when the thread never had one;
 *   fork child: in the child, lock held; `self` is the forking thread's
 *     record (may be NULL), the clock has restarted. */
typedef void (*roofrt_module_hook)(const struct roofrt_module *m);
typedef void (*roofrt_thread_exit_hook)(struct roofrt_thread *t);
typedef void (*roofrt_fork_child_hook)(struct roofrt_thread *self);
void roofrt_on_module_accepted(roofrt_module_hook hook);
void roofrt_on_thread_exit(roofrt_thread_exit_hook hook);
void roofrt_on_fork_child(roofrt_fork_child_hook hook);

/* Start (start.c), the top of the runtime: registers the hooks of the
 * layers with the registry, once, then roofrt_init. Run by a constructor and
 * by the two registration entry points, whichever comes first. */
void roofrt_start(void);
/* The calling thread's record, created on first use (NULL only when out of
 * memory, after a message on stderr). Must not be called with the lock
 * held. */
struct roofrt_thread *roofrt_current_thread(void);
/* The module whose counter array the calling thread registered at
 * `counters`, NULL if it registered none there. Must not be called with the
 * lock held. */
const RoofModule *roofrt_registered_module(const uint64_t *counters);

/* Value of slot `slot` of `array` of thread `t`. Caller holds roofrt_lock,
 * which keeps `t` from exiting meanwhile. */
static inline uint64_t roofrt_read(const struct roofrt_thread *t,
                                   const struct roofrt_array *array,
                                   uint32_t slot) {
  if (t->exited)
    return array->saved[slot];
  /* The owning thread keeps incrementing with plain stores; a relaxed
   * atomic load gives a whole (never torn) recent value. */
  return __atomic_load_n(&array->live[slot], __ATOMIC_RELAXED);
}

/* Whether slot `s` of function `f` holds a count (and not the pass's
 * recursion-depth bookkeeping, which is never reported). */
static inline bool roofrt_is_count_slot(const RoofFunction *f, uint32_t s) {
  return s != f->depth_slot;
}

/* `array` (of `*cap` elements of `size` bytes, all in use) reallocated with
 * room for twice as many, or for `first` when it has none; `*cap` is then
 * the new capacity. NULL, with `array` and `*cap` unchanged, when out of
 * memory. */
void *roofrt_grow(void *array, size_t *cap, size_t size, size_t first);

/*===------------------------------------------------------------------------===
 * Arena (arena.c) and formatting (format.c): safe in a signal handler
 *===------------------------------------------------------------------------===*/

struct roofrt_arena {
  struct roofrt_arena_block *blocks;
};

/* `count` zeroed objects of `size` bytes, 16-byte aligned; NULL when the
 * kernel refuses memory. */
void *roofrt_arena_alloc(struct roofrt_arena *a, size_t count, size_t size);
/* As roofrt_grow, from the arena (the old array stays where it was). */
void *roofrt_arena_grow(struct roofrt_arena *a, void *array, size_t *cap,
                        size_t size, size_t first);
/* Returns every allocation of the arena to the kernel. */
void roofrt_arena_release(struct roofrt_arena *a);

/* Decimal numbers into `out` (at least 24 bytes for integers, 32 for
 * doubles), NUL-terminated; the length is returned. A double is written as
 * printf's "%.9g" writes it. */
size_t roofrt_format_uint(char *out, uint64_t v);
size_t roofrt_format_int(char *out, int64_t v);
size_t roofrt_format_double(char *out, double v);
/* A time in seconds since 1970 (UTC) as 2026-11-25T10:00:00Z, or compact as
 * 20261125T100000 (at least 24 bytes); "" outside years 0-9999. */
size_t roofrt_format_utc(char *out, int64_t seconds, bool compact);

/* Text appended to a fixed buffer, always NUL-terminated; what does not fit
 * is dropped and `truncated` set. */
struct roofrt_text {
  char *buf;
  size_t cap, len;
  bool truncated;
};
void roofrt_text_init(struct roofrt_text *t, char *buf, size_t cap);
void roofrt_text_put(struct roofrt_text *t, const char *s, size_t n);
void roofrt_text_puts(struct roofrt_text *t, const char *s);
void roofrt_text_uint(struct roofrt_text *t, uint64_t v);
void roofrt_text_int(struct roofrt_text *t, int64_t v);
/* printf's %s %c %d %u, with the l, ll and z (%zu) sizes, and %%. */
void roofrt_text_vprintf(struct roofrt_text *t, const char *format,
                         va_list args);
void roofrt_text_printf(struct roofrt_text *t, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Prints "roof: <message>\n" on stderr as one write(2), formatted as by
 * roofrt_text_printf. */
void roofrt_warn(const char *format, ...) __attribute__((format(printf, 1, 2)));

/*===------------------------------------------------------------------------===
 * Output (output.c)
 *===------------------------------------------------------------------------===*/

/* Registers the exit-time writes (once): at exit, at quick_exit, on the
 * signals of signals.c, and every $ROOF_FLUSH_SECONDS; called when the
 * first module is accepted. */
void roofrt_output_arm(void);
/* Writes the census to the default destination, marked ended by `ended_by`
 * (a signal's name). From a signal handler (`from_signal`) the runtime lock
 * is only tried, never waited for. Returns 0, or -1 after a message. */
int roofrt_output_write(const char *ended_by, bool from_signal);
/* The final write of a process ending as `ended_by` says, once whichever
 * ending comes first; `from_signal` as above. */
void roofrt_output_end(const char *ended_by, bool from_signal);

/*===------------------------------------------------------------------------===
 * _exit and exec (interpose.c)
 *===------------------------------------------------------------------------===*/

/* Looks up the C library's exec functions (once, from roofrt_output_arm). */
void roofrt_interpose_arm(void);

/*===------------------------------------------------------------------------===
 * Signals (signals.c)
 *===------------------------------------------------------------------------===*/

/* Installs the handlers that write the census when a signal ends the
 * process (once, from roofrt_output_arm). */
void roofrt_signals_arm(void);

/*===------------------------------------------------------------------------===
 * Timer (timer.c)
 *===------------------------------------------------------------------------===*/

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t roofrt_now_ns(void);
/* The counter llvm.readcyclecounter reads: on x86 the TSC. Elsewhere the
 * runtime has no portable way to read the counter the pass used, and counts
 * CLOCK_MONOTONIC nanoseconds instead. */
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define ROOFRT_HAVE_TSC 1
static inline uint64_t roofrt_cycles(void) { return __rdtsc(); }
#else
static inline uint64_t roofrt_cycles(void) { return roofrt_now_ns(); }
#endif
/* Records the start of the runtime: the origin of wall_time_s and of the
 * timer calibration, and the wall-clock start_time. Called by roofrt_init. */
void roofrt_timer_start(void);
/* CLOCK_MONOTONIC nanoseconds and CLOCK_REALTIME seconds at the start. */
uint64_t roofrt_start_ns(void);
int64_t roofrt_start_realtime_s(void);
/* Rate of llvm.readcyclecounter in Hz, measured against CLOCK_MONOTONIC
 * since the start; spins briefly when that interval is too short to be
 * accurate. */
double roofrt_timer_hz(void);

/*===------------------------------------------------------------------------===
 * Traffic (traffic.c)
 *===------------------------------------------------------------------------===*/

/* The cache hierarchy the traffic model simulates, set once by
 * roofrt_traffic_enable() when the first traffic-mode module registers. */
struct roofrt_traffic_config {
  bool enabled;
  unsigned num_levels;
  uint64_t level_bytes[ROOF_MAX_CACHE_LEVELS]; /* from L1 down */
  const char *from; /* "ROOF_CACHES", "sysfs", "default" */
  /* The L1's ways and sets, when known (traffic_sets.h), and how many of
   * the sets are sampled: 0 when the L1 is modelled fully associative. */
  unsigned l1_ways;
  uint64_t l1_sets;
  uint32_t l1_sampled;
};
extern struct roofrt_traffic_config roofrt_traffic;

void roofrt_traffic_enable(void);
/* Frees the calling thread's model (key destructor). Must not be called with
 * the lock held. */
void roofrt_traffic_thread_exit(void);
/* In a forked child: only the forking thread's model is left, and its
 * accesses restart from zero with the counts (its caches stay warm). Caller
 * holds the lock. */
void roofrt_traffic_fork_child(void);
/* Accesses the model has counted, all threads, and in *replayed those of
 * calls replayed (traffic_replay.c). Caller holds the lock. */
uint64_t roofrt_traffic_accesses(uint64_t *replayed);
/* The fraction of cache lines sampled now. */
double roofrt_traffic_rate(void);
/* One `unit` ("line", "sector") in how many the sample starts with:
 * ROOF_TRAFFIC_RATE when it is set and valid (a power of 2, else a warning
 * naming the default), else `default_one_in`; and the threshold of the hash
 * that samples so many (include/roof/abi.h). */
uint64_t roofrt_traffic_one_in(uint64_t default_one_in, const char *unit);
uint64_t roofrt_traffic_threshold_of(uint64_t one_in);

/*===------------------------------------------------------------------------===
 * The GPU's traffic (gpu_traffic.c), fed by libroofrt-cuda
 *===------------------------------------------------------------------------===*/
struct roofrt_gpu_caches {
  uint64_t l1_bytes; /* each SM's L1, for the launch */
  uint64_t l2_bytes;
};
/* Adds the bytes below L1 of a launch whose `n` sector records (abi.h) were
 * sampled at one sector in `one_in` to `metric`: at ROOF_METRIC_TRAFFIC(0,
 * stored) the L2's, at ROOF_METRIC_TRAFFIC(1, stored) DRAM's. False when
 * out of memory (then nothing is added). */
bool roofrt_gpu_traffic(const uint64_t *records, size_t n, uint64_t one_in,
                        const struct roofrt_gpu_caches *caches,
                        uint64_t metric[ROOF_NUM_METRICS]);

/*===------------------------------------------------------------------------===
 * Regions (regions.c)
 *===------------------------------------------------------------------------===*/

/* Closes the regions the exiting thread left open (key destructor). Must not
 * be called with the lock held. */
void roofrt_regions_thread_exit(struct roofrt_thread *t);
/* In a forked child, whose counts restart from zero: the regions open on
 * `self` (the forking thread, may be NULL) stay open, entered once, from
 * the fork on; everything else recorded is the parent's and is dropped.
 * Caller holds the lock. */
void roofrt_regions_fork_child(struct roofrt_thread *self);
/* Ends the innermost entry of region `name` on the calling thread, wherever
 * it is on the thread's stack (LIKWID's stop, Caliper's end). */
void roofrt_region_end_named(const char *name);
/* Opens a range: an outermost entry of region `name` that belongs to no
 * thread (NVTX's start/end). Returns its id: `id`, or one of roof's when
 * `id` is 0 (a tool that gives none), which has the top bit set. */
uint64_t roofrt_range_start(const char *name, uint64_t id);
/* Ends the most recent open range with that id, from any thread. */
void roofrt_range_end(uint64_t id);

/*===------------------------------------------------------------------------===
 * Census (census.c)
 *===------------------------------------------------------------------------===*/

/* The metrics of abi.h plus the FLOP totals per precision (sums of the six
 * FLOP classes), which are derived here so that an overflow in them is known
 * before anything is written. */
struct roofrt_census {
  uint64_t metric[ROOF_NUM_METRICS];
  uint64_t flops[ROOF_NUM_PRECISIONS][ROOF_NUM_KINDS];
};

struct roofrt_function_report {
  const struct roofrt_module *module;
  uint32_t function; /* index in module->desc->functions */
  uint64_t calls;
  bool timed;
  double time_s, thread_time_s; /* valid when timed (in cycles until the
                                   census divides by timer_hz) */
  struct roofrt_census census;
  /* Scratch while threads are folded in: the current thread's share. */
  size_t thread_stamp;
  double thread_own_cycles, thread_outlined_cycles;
};

struct roofrt_region_report {
  const char *name; /* owned by the region, which is never freed */
  uint64_t entries;
  double time_s;
  struct roofrt_census census;
};

struct roofrt_thread_report {
  size_t index;
  pid_t tid;
  struct roofrt_census census;
};

/* One CUDA launch (kernels.c). */
struct roofrt_launch_info {
  uint64_t sequence; /* among all launches of the process */
  unsigned grid[3], block[3];
  uint64_t shared_memory_bytes;
  unsigned stream; /* 0: default stream; else 1, 2, ... by first use */
  double time_s;   /* CUDA-event time */
  bool modelled;   /* its traffic was modelled (gpu_traffic.c) */
};

struct roofrt_launch_report {
  struct roofrt_launch_info info;
  struct roofrt_census census;
};

struct roofrt_kernel_report {
  const char *name, *demangled, *module;
  uint64_t launches, counted_launches;
  bool timed;
  bool modelled; /* the traffic of every counted launch was modelled */
  double time_s;
  struct roofrt_census census;
  struct roofrt_launch_report *launch_records;
  size_t num_launch_records;
};

/* What the GPU's traffic model simulated (gpu_traffic.c). */
struct roofrt_gpu_model {
  uint64_t one_in;   /* sectors per sampled sector; 0: nothing modelled */
  uint64_t l1_bytes; /* each SM's L1 and shared memory together */
  uint64_t l2_bytes;
  uint64_t sampled; /* records modelled, all launches */
  uint64_t dropped; /* records that did not fit their launch's buffer */
};

struct roofrt_report {
  struct roofrt_arena arena; /* holds every table below */
  const char *ended_by;      /* "exit", a signal's name; NULL: still running */
  bool overflow;
  double timer_hz, wall_time_s;
  const RoofModule **modules;
  size_t num_modules;
  struct roofrt_census totals;
  struct roofrt_function_report *functions;
  size_t num_functions;
  struct roofrt_region_report *regions;
  size_t num_regions;
  struct roofrt_thread_report *threads;
  size_t num_threads;
  const char *gpu_name, *gpu_capability; /* NULL: no launch was counted */
  struct roofrt_gpu_model gpu_traffic;   /* one_in 0: none modelled */
  struct roofrt_kernel_report *kernels;
  size_t num_kernels;
  uint64_t traffic_accesses; /* counted by the traffic model */
  uint64_t traffic_replayed; /* of them, replayed (traffic_replay.c) */
};

/* Saturating arithmetic; saturation sets *overflow. */
uint64_t roofrt_sat_add(uint64_t a, uint64_t b, bool *overflow);
uint64_t roofrt_sat_mul(uint64_t a, uint64_t b, bool *overflow);

/* Census of the current counters into `report` (whose timer_hz is set).
 * Caller holds roofrt_lock. Returns false when out of memory. */
bool roofrt_census_take(struct roofrt_report *report);
/* Adds per-slot counts of the process-wide slot space (`slots`, `len`
 * entries) times the weights into `census`. Caller holds roofrt_lock. */
void roofrt_census_add_slots(struct roofrt_census *census,
                             const uint64_t *slots, size_t len, bool *overflow);
/* Derives census->flops from the metrics. */
void roofrt_census_finish(struct roofrt_census *census, bool *overflow);
void roofrt_report_free(struct roofrt_report *report);

/* Region part of the census (regions.c): open regions are reported as if
 * they ended now. Caller holds roofrt_lock. Returns false when out of
 * memory. */
bool roofrt_regions_report(struct roofrt_report *report);
/* Sum over all listed threads of every counter array, into `out` (of
 * roofrt_total_slots entries). Caller holds roofrt_lock. */
void roofrt_snapshot(uint64_t *out);

/*===------------------------------------------------------------------------===
 * JSON (json_writer.c, report.c)
 *===------------------------------------------------------------------------===*/

#define ROOFRT_JSON_MAX_DEPTH 16

/* A streaming emitter that inserts commas, newlines and indentation.
 * Containers opened "inline" are written on one line. Output goes through a
 * buffer to a file descriptor; the first I/O error is kept in `error` and
 * ends the output. */
struct roofrt_json {
  int fd;
  char buf[4096];
  size_t len;
  int error; /* errno of the first failed write(2); 0: none */
  int depth;
  bool first[ROOFRT_JSON_MAX_DEPTH]; /* nothing written yet at that level */
  bool inline_[ROOFRT_JSON_MAX_DEPTH];
  char closer[ROOFRT_JSON_MAX_DEPTH];
  bool after_key; /* the next value completes a "key": pair */
  bool failed;    /* unbalanced or too deep: the document is unusable */
};

void roofrt_json_init(struct roofrt_json *j, int fd);
/* Writes what is buffered; returns j->error. */
int roofrt_json_flush(struct roofrt_json *j);
void roofrt_json_object(struct roofrt_json *j, bool inline_);
void roofrt_json_array(struct roofrt_json *j, bool inline_);
void roofrt_json_close(struct roofrt_json *j);
void roofrt_json_key(struct roofrt_json *j, const char *key);
void roofrt_json_string(struct roofrt_json *j, const char *s);
void roofrt_json_uint(struct roofrt_json *j, uint64_t v);
void roofrt_json_int(struct roofrt_json *j, int64_t v);
/* Non-finite values (which JSON cannot express) are written as null. */
void roofrt_json_double(struct roofrt_json *j, double v);
void roofrt_json_bool(struct roofrt_json *j, bool v);
void roofrt_json_null(struct roofrt_json *j);

/* What report.c and output.c need to know about the process (process.c). */
struct roofrt_process {
  char *program; /* /proc/self/exe; NULL when unknown */
  char *cmdline; /* /proc/self/cmdline: arguments, each NUL-terminated;
                    NULL when unknown */
  size_t cmdline_len;
  long pid;
  bool has_rank; /* an MPI launcher's rank variable was found */
  long rank;
};

/* Fills `p`; its strings are allocated from `arena`. */
void roofrt_process_get(struct roofrt_process *p, struct roofrt_arena *arena);
/* Records the process's rank in MPI_COMM_WORLD as the MPI library reports
 * it; it takes precedence over the launcher's environment. */
void roofrt_process_set_mpi_rank(long rank);
/* Writes the whole document to `fd`: 0, an errno value when a write
 * failed, or -1 when the emitter produced an unbalanced document. */
int roofrt_report_write(int fd, const struct roofrt_report *report,
                        const struct roofrt_process *process);

/*===------------------------------------------------------------------------===
 * CUDA kernels (kernels.c), fed by libroofrt-cuda (cuda_launch.c)
 *===------------------------------------------------------------------------===*/
/* The count in environment variable `name`, or `default_value` when it is
 * unset or empty, or (with a warning) not a count. */
uint64_t roofrt_env_count(const char *name, uint64_t default_value);
struct roofrt_kernel;
/* The record of kernel `name` (a mangled name, with static lifetime),
 * created on first use; NULL only when out of memory. */
struct roofrt_kernel *
roofrt_kernel_find(const char *name, const char *demangled, const char *module);
/* Notes one launch of `k` (NULL: a launch of an uncounted kernel) and
 * returns its sequence number among all launches of the process. */
uint64_t roofrt_kernel_launched(struct roofrt_kernel *k);
/* Adds the device counters of one launch (`launch` set) or of every launch
 * since the last call (`launch` NULL: ROOF_CUDA=total). */
void roofrt_kernel_count(struct roofrt_kernel *k,
                         const struct roofrt_launch_info *launch,
                         const uint64_t metric[ROOF_NUM_METRICS]);
/* The GPU of the first counted launch. */
void roofrt_gpu_describe(const char *name, int major, int minor);
/* The traffic model of the GPU's launches (the first description stays),
 * and the records of one launch it modelled and dropped. */
void roofrt_gpu_traffic_describe(const struct roofrt_gpu_model *model);
void roofrt_gpu_traffic_sampled(uint64_t sampled, uint64_t dropped);
/* Kernel part of the census; caller holds roofrt_lock. */
bool roofrt_kernels_report(struct roofrt_report *report);
/* In a forked child: the launches recorded so far are the parent's. Caller
 * holds roofrt_lock. */
void roofrt_kernels_fork_child(void);

#endif /* ROOFRT_RUNTIME_H */
