/*===- runtime/cuda_launch.c - libroofrt-cuda: counting kernel launches ---===*\
|*
|* The host pass (passes/CudaLaunchInstrumenter.cpp) registers each kernel's
|* device counter array with the CUDA runtime next to the kernel itself, hands
|* the pair to __roof_cuda_register_kernel, and sends every cudaLaunchKernel
|* through __roof_cudaLaunchKernel. Per launch, ROOF_CUDA says what happens
|* (docs/schema.md, "Collection"):
|*   launch (default)  zero the counters on the launch's stream, time the
|*                     launch with CUDA events, copy the counters back and
|*                     wait for the stream: one record per launch;
|*   total             launch untouched; the counters accumulate on the device
|*                     and are read once, at exit;
|*   off               launch untouched, nothing recorded.
|* Launches being captured into a CUDA graph are never touched (a memset or a
|* synchronisation would break the capture); they are counted as launches,
|* not in the counts. Counted launches are serialised by one mutex, so that
|* two host threads never share a kernel's counters.
|*
|* A kernel built in traffic mode also records a sample of its global
|* sectors (include/roof/abi.h) in one buffer that all kernels share; in
|* launch mode the buffer is emptied before each launch and its records go
|* through the GPU's cache model (gpu_traffic.c) after it. In total mode
|* the sample stays off (the threshold 0): the records of many launches
|* would not fit, nor tell one launch's caches from another's.
|*
|* This is the only part of the runtime that needs the CUDA runtime: it is a
|* separate library, linked (before libroofrt.a and -lcudart) into CUDA
|* programs only.
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <cuda_runtime_api.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The per-thread-default-stream variant of cudaLaunchKernel, which the
 * headers declare only when that mode is on. */
extern cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 grid,
                                         dim3 block, void **args,
                                         size_t shared_memory,
                                         cudaStream_t stream);

typedef cudaError_t (*launch_fn)(const void *, dim3, dim3, void **, size_t,
                                 cudaStream_t);

enum collection { COLLECT_LAUNCH, COLLECT_TOTAL, COLLECT_OFF };

struct registered_kernel {
  const void *stub; /* the host-side handle cudaLaunchKernel receives */
  const char *name, *demangled, *module;
  const void *header_shadow;    /* host shadow of the counter header */
  RoofCudaCounterHeader header; /* read once, at resolve */
  uint64_t *counts;             /* device memory: columns x rows */
  size_t rows;
  bool resolved, usable, read_at_exit;
  bool sampled; /* its sectors are sampled into traffic_buffer */
  struct roofrt_kernel *kernel;
};

static pthread_mutex_t cuda_lock = PTHREAD_MUTEX_INITIALIZER;
static struct registered_kernel *registered;
static size_t num_registered, cap_registered;
static cudaStream_t *streams; /* index + 1 is the stream's number */
static size_t num_streams, cap_streams;
static cudaEvent_t launch_start, launch_stop;
static bool events_ready, exit_read_armed;

/* A kernel's counts, copied back (under cuda_lock). */
static uint64_t *host_counts;
static size_t host_counts_cap;

/* The sampled sectors of traffic-mode kernels (abi.h): on the device a
 * count and traffic_capacity records, copied back into traffic_records. */
#define DEFAULT_TRAFFIC_RECORDS (UINT64_C(1) << 22)
#define DEFAULT_GPU_RATE 32
static uint64_t *traffic_buffer;
static uint64_t *traffic_records;
static uint64_t traffic_capacity;
static struct roofrt_gpu_model gpu_model; /* one_in 0: not set up */
static bool traffic_failed;
/* The header's threshold while a launch is modelled, and 0; static, as an
 * asynchronous copy may read its source after the call returns. */
static uint64_t sampling_threshold;
static const uint64_t no_sampling;
/* The most shared memory an SM gives its blocks. */
static uint64_t max_shared_per_sm;

static size_t counts_bytes(const struct registered_kernel *k) {
  return k->header.columns * k->rows * sizeof(uint64_t);
}

/* Room for `k`'s counts in host_counts. */
static bool reserve_host_counts(const struct registered_kernel *k) {
  size_t needed = k->header.columns * k->rows;
  if (needed <= host_counts_cap)
    return true;
  uint64_t *grown = realloc(host_counts, needed * sizeof *grown);
  if (!grown)
    return false;
  host_counts = grown;
  host_counts_cap = needed;
  return true;
}

/* The kernel's metrics from the totals of its columns (host_counts): each
 * column counts a slot, weighed by the header's weights, or, without
 * weights, a metric. */
static void metrics_of(const struct registered_kernel *k,
                       uint64_t counts[ROOF_NUM_METRICS]) {
  uint64_t totals[ROOF_NUM_METRICS] = {0};
  for (uint32_t c = 0; c < k->header.columns; c++)
    for (size_t r = 0; r < k->rows; r++)
      totals[c] += host_counts[c * k->rows + r];
  if (k->header.num_weights == 0) {
    memcpy(counts, totals, sizeof totals);
    return;
  }
  memset(counts, 0, ROOF_NUM_METRICS * sizeof(uint64_t));
  for (uint32_t w = 0; w < k->header.num_weights; w++) {
    const RoofWeight *weight = &k->header.weights[w];
    counts[weight->metric] += totals[weight->slot] * weight->amount;
  }
}

static enum collection collection_mode(void) {
  static int mode = -1;
  if (mode >= 0)
    return (enum collection)mode;
  const char *text = getenv("ROOF_CUDA");
  mode = COLLECT_LAUNCH;
  if (text && strcmp(text, "total") == 0)
    mode = COLLECT_TOTAL;
  else if (text && strcmp(text, "off") == 0)
    mode = COLLECT_OFF;
  else if (text && *text && strcmp(text, "launch") != 0)
    roofrt_warn("ROOF_CUDA=%s: expected launch, total or off; using launch",
                text);
  return (enum collection)mode;
}

ROOFRT_EXPORT void __roof_cuda_register_kernel(const void *stub,
                                               const char *name,
                                               const char *demangled,
                                               const void *header_shadow,
                                               const char *module) {
  /* A CUDA program may have no instrumented host module: the layers' hooks
   * (a fork restarts the kernels' counts) are registered here then. */
  roofrt_start();
  pthread_mutex_lock(&cuda_lock);
  if (num_registered == cap_registered) {
    struct registered_kernel *grown =
        roofrt_grow(registered, &cap_registered, sizeof *grown, 16);
    if (!grown) {
      pthread_mutex_unlock(&cuda_lock);
      roofrt_warn("out of memory registering kernel %s; not counted", name);
      return;
    }
    registered = grown;
  }
  registered[num_registered++] =
      (struct registered_kernel){.stub = stub,
                                 .name = name,
                                 .demangled = demangled,
                                 .module = module,
                                 .header_shadow = header_shadow};
  pthread_mutex_unlock(&cuda_lock);
}

/* Caller holds cuda_lock. */
static struct registered_kernel *lookup(const void *stub) {
  for (size_t i = 0; i < num_registered; i++)
    if (registered[i].stub == stub)
      return &registered[i];
  return NULL;
}

/* Columns and weights within the arrays this runtime was built with. */
static bool header_is_valid(const RoofCudaCounterHeader *h) {
  if (h->columns > ROOF_NUM_METRICS || h->num_weights > ROOF_CUDA_MAX_WEIGHTS)
    return false;
  for (uint32_t w = 0; w < h->num_weights; w++)
    if (h->weights[w].slot >= h->columns ||
        h->weights[w].metric >= ROOF_NUM_METRICS)
      return false;
  return true;
}

/* The runtime's record of the kernel, found once; a counted kernel arms
 * the exit-time write, as an accepted module does (start.c). Caller holds
 * cuda_lock. */
static struct roofrt_kernel *kernel_of(struct registered_kernel *k) {
  if (!k->kernel) {
    k->kernel = roofrt_kernel_find(k->name, k->demangled, k->module);
    if (k->kernel)
      roofrt_output_arm();
  }
  return k->kernel;
}

/* A row per warp slot of the current device (SMs x 64), rounded up to a
 * power of two; 0 if the device cannot be asked. */
static size_t rows_for_device(void) {
  int device, sms;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) !=
          cudaSuccess ||
      sms <= 0)
    return 0;
  size_t rows = 1;
  while (rows < (size_t)sms * ROOF_CUDA_WARP_SLOTS_PER_SM)
    rows *= 2;
  return rows;
}

/* Each SM's L1 and shared memory together, by compute capability (the
 * CUDA C++ Programming Guide's "Technical Specifications per Compute
 * Capability"), which no device attribute gives. */
static uint64_t unified_l1_bytes(int major, int minor) {
  static const struct {
    int major, minor;
    unsigned kib;
  } sizes[] = {{7, 0, 128},  {7, 2, 128},  {7, 5, 96},  {8, 0, 192},
               {8, 6, 128},  {8, 7, 192},  {8, 9, 128}, {9, 0, 256},
               {10, 0, 256}, {10, 3, 256}, {12, 0, 128}};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
    if (sizes[i].major == major && sizes[i].minor == minor)
      return (uint64_t)sizes[i].kib << 10;
  return 0;
}

static bool device_attribute(enum cudaDeviceAttr attribute, int *value) {
  int device;
  return cudaGetDevice(&device) == cudaSuccess &&
         cudaDeviceGetAttribute(value, attribute, device) == cudaSuccess;
}

/* The sample's buffer and the model's caches, once; false (with one
 * warning) when the device cannot have them. Caller holds cuda_lock. */
static bool set_up_traffic(void) {
  if (gpu_model.one_in || traffic_failed)
    return !traffic_failed;
  traffic_failed = true;
  int major = 0, minor = 0, l2 = 0, max_shared = 0;
  if (!device_attribute(cudaDevAttrComputeCapabilityMajor, &major) ||
      !device_attribute(cudaDevAttrComputeCapabilityMinor, &minor) ||
      !device_attribute(cudaDevAttrL2CacheSize, &l2) || l2 <= 0 ||
      !device_attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor,
                        &max_shared)) {
    cudaGetLastError();
    roofrt_warn("traffic mode: the device's caches cannot be asked; the "
                "kernels' traffic is not modelled");
    return false;
  }
  uint64_t l1 = unified_l1_bytes(major, minor);
  if (!l1) {
    roofrt_warn("traffic mode: the L1 of compute capability %d.%d is not "
                "known; the kernels' traffic is not modelled",
                major, minor);
    return false;
  }
  traffic_capacity =
      roofrt_env_count("ROOF_CUDA_TRAFFIC_RECORDS", DEFAULT_TRAFFIC_RECORDS);
  void *buffer = NULL;
  size_t bytes = (traffic_capacity + 1) * sizeof(uint64_t);
  if (!traffic_capacity || cudaMalloc(&buffer, bytes) != cudaSuccess ||
      !(traffic_records = malloc(bytes - sizeof(uint64_t)))) {
    cudaGetLastError();
    if (buffer)
      cudaFree(buffer);
    roofrt_warn("traffic mode: no room for %llu sector records "
                "(ROOF_CUDA_TRAFFIC_RECORDS); the kernels' traffic is not "
                "modelled",
                (unsigned long long)traffic_capacity);
    return false;
  }
  traffic_buffer = buffer;
  max_shared_per_sm = (uint64_t)max_shared;
  gpu_model = (struct roofrt_gpu_model){
      .one_in = roofrt_traffic_one_in(DEFAULT_GPU_RATE, "sector"),
      .l1_bytes = l1,
      .l2_bytes = (uint64_t)l2};
  sampling_threshold = roofrt_traffic_threshold_of(gpu_model.one_in);
  roofrt_gpu_traffic_describe(&gpu_model);
  traffic_failed = false;
  return true;
}

/* Points a traffic-mode kernel's header at the sample's buffer, its
 * threshold still 0: each counted launch sets it before and clears it after
 * (set_threshold), so that launches roof does not see (a graph's) record
 * nothing. Caller holds cuda_lock. */
static void sample_sectors(struct registered_kernel *k) {
  if (!(k->header.flags & ROOF_CUDA_KERNEL_TRAFFIC) ||
      collection_mode() != COLLECT_LAUNCH || !set_up_traffic())
    return;
  uint64_t where[2] = {(uint64_t)(uintptr_t)traffic_buffer, traffic_capacity};
  if (cudaMemcpyToSymbol(k->header_shadow, where, sizeof where,
                         offsetof(RoofCudaCounterHeader, traffic),
                         cudaMemcpyHostToDevice) != cudaSuccess) {
    cudaGetLastError();
    roofrt_warn("kernel %s: its sectors cannot be sampled; its traffic is "
                "not modelled",
                k->name);
    return;
  }
  k->sampled = true;
}

/* The threshold of `k`'s header, on `stream`: the sample's before a launch,
 * 0 after it. */
static void set_threshold(const struct registered_kernel *k, bool sampling,
                          cudaStream_t stream) {
  cudaMemcpyToSymbolAsync(k->header_shadow,
                          sampling ? &sampling_threshold : &no_sampling,
                          sizeof sampling_threshold,
                          offsetof(RoofCudaCounterHeader, traffic_threshold),
                          cudaMemcpyHostToDevice, stream);
}

/* Each SM's L1 for a launch of `func`: the unified L1 less the shared
 * memory of the blocks resident on an SM. */
static uint64_t l1_of_launch(const void *func, dim3 block,
                             size_t shared_memory) {
  struct cudaFuncAttributes attributes;
  int blocks = 0;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (cudaFuncGetAttributes(&attributes, func) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &blocks, func, (int)threads, shared_memory) != cudaSuccess) {
    cudaGetLastError();
    return gpu_model.l1_bytes;
  }
  uint64_t shared =
      (uint64_t)blocks * (attributes.sharedSizeBytes + shared_memory);
  if (shared > max_shared_per_sm)
    shared = max_shared_per_sm;
  return shared < gpu_model.l1_bytes ? gpu_model.l1_bytes - shared : 0;
}

/* The traffic of the launch that just ended, added to `metric`; whether
 * it was modelled. Caller holds cuda_lock; the launch has completed. */
static bool model_launch(struct registered_kernel *k, uint64_t sequence,
                         const void *func, dim3 block, size_t shared_memory,
                         uint64_t metric[ROOF_NUM_METRICS]) {
  uint64_t count = 0;
  if (cudaMemcpy(&count, traffic_buffer, sizeof count,
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    goto unread;
  uint64_t n = count < traffic_capacity ? count : traffic_capacity;
  if (n && cudaMemcpy(traffic_records, traffic_buffer + 1, n * sizeof(uint64_t),
                      cudaMemcpyDeviceToHost) != cudaSuccess)
    goto unread;
  if (count > n)
    roofrt_warn("kernel %s: launch %llu sampled %llu sectors, more than "
                "ROOF_CUDA_TRAFFIC_RECORDS=%llu; its traffic is that of the "
                "first %llu",
                k->name, (unsigned long long)sequence,
                (unsigned long long)count, (unsigned long long)n,
                (unsigned long long)n);
  struct roofrt_gpu_caches caches = {
      .l1_bytes = l1_of_launch(func, block, shared_memory),
      .l2_bytes = gpu_model.l2_bytes};
  if (!roofrt_gpu_traffic(traffic_records, n, gpu_model.one_in, &caches,
                          metric)) {
    roofrt_warn("kernel %s: out of memory modelling launch %llu; its traffic "
                "is not modelled",
                k->name, (unsigned long long)sequence);
    return false;
  }
  roofrt_gpu_traffic_sampled(n, count - n);
  return true;
unread:
  cudaGetLastError();
  roofrt_warn("kernel %s: cannot read the sectors of launch %llu; its "
              "traffic is not modelled",
              k->name, (unsigned long long)sequence);
  return false;
}

/* Reads the kernel's counter header, allocates its counts and tells the
 * kernel where they are, once. A kernel whose device code was compiled
 * without roof has no header. Caller holds cuda_lock. */
static bool resolve(struct registered_kernel *k) {
  if (k->resolved)
    return k->usable;
  k->resolved = true;
  if (!kernel_of(k))
    return false;
  cudaError_t error =
      cudaMemcpyFromSymbol(&k->header, k->header_shadow, sizeof k->header, 0,
                           cudaMemcpyDeviceToHost);
  if (error != cudaSuccess) {
    cudaGetLastError(); /* not the program's error: clear it */
    roofrt_warn("kernel %s: device counters unavailable (%s%s); launches not "
                "counted",
                k->name, cudaGetErrorString(error),
                error == cudaErrorInvalidSymbol
                    ? ": was its device code compiled with roof?"
                    : "");
    return false;
  }
  if (!header_is_valid(&k->header)) {
    roofrt_warn("kernel %s: device counters of another roof (%u columns, %u "
                "weights); launches not counted",
                k->name, k->header.columns, k->header.num_weights);
    return false;
  }
  k->rows = rows_for_device();
  if (k->header.columns == 0 || k->rows == 0) {
    k->usable = k->rows != 0; /* nothing to count: counted as zero */
    if (k->usable)
      sample_sectors(k);
    return k->usable;
  }
  uint64_t where[2] = {0, k->rows -
                              1}; /* RoofCudaCounterHeader.counts, .row_mask */
  void *counts = NULL;
  error = cudaMalloc(&counts, counts_bytes(k));
  if (error == cudaSuccess)
    error = cudaMemset(counts, 0, counts_bytes(k));
  if (error == cudaSuccess) {
    where[0] = (uint64_t)(uintptr_t)counts;
    error = cudaMemcpyToSymbol(k->header_shadow, where, sizeof where,
                               offsetof(RoofCudaCounterHeader, counts),
                               cudaMemcpyHostToDevice);
  }
  if (error != cudaSuccess || !reserve_host_counts(k)) {
    cudaGetLastError();
    roofrt_warn("kernel %s: no room for its counters (%s); launches not "
                "counted",
                k->name,
                error != cudaSuccess ? cudaGetErrorString(error)
                                     : "out of host memory");
    return false;
  }
  k->counts = counts;
  k->usable = true;
  sample_sectors(k);
  return true;
}

/* 0 for the default stream, else streams numbered by first use. */
static unsigned stream_number(cudaStream_t stream) {
  if (stream == NULL || stream == cudaStreamLegacy ||
      stream == cudaStreamPerThread)
    return 0;
  for (size_t i = 0; i < num_streams; i++)
    if (streams[i] == stream)
      return (unsigned)(i + 1);
  if (num_streams == cap_streams) {
    cudaStream_t *grown = roofrt_grow(streams, &cap_streams, sizeof *grown, 8);
    if (!grown)
      return 0;
    streams = grown;
  }
  streams[num_streams++] = stream;
  return (unsigned)num_streams;
}

static void describe_gpu(void) {
  static bool described;
  int device;
  struct cudaDeviceProp properties;
  if (described || cudaGetDevice(&device) != cudaSuccess ||
      cudaGetDeviceProperties(&properties, device) != cudaSuccess)
    return;
  described = true;
  roofrt_gpu_describe(properties.name, properties.major, properties.minor);
}

/* ROOF_CUDA=total: every kernel's accumulated counters, read once. Runs
 * before the CUDA runtime's own exit handlers, which were registered
 * earlier (at module construction). */
static void read_totals_at_exit(void) {
  pthread_mutex_lock(&cuda_lock);
  uint64_t counts[ROOF_NUM_METRICS];
  for (size_t i = 0; i < num_registered; i++) {
    struct registered_kernel *k = &registered[i];
    if (!k->read_at_exit)
      continue;
    if (counts_bytes(k) && cudaMemcpy(host_counts, k->counts, counts_bytes(k),
                                      cudaMemcpyDeviceToHost) != cudaSuccess) {
      roofrt_warn("kernel %s: cannot read its counters at exit", k->name);
      continue;
    }
    metrics_of(k, counts);
    roofrt_kernel_count(k->kernel, NULL, counts);
  }
  describe_gpu();
  pthread_mutex_unlock(&cuda_lock);
}

/* Zero, launch between two events, read back, wait. Caller holds
 * cuda_lock; `k` is usable. */
static cudaError_t launch_and_collect(struct registered_kernel *k,
                                      launch_fn launch, const void *func,
                                      dim3 grid, dim3 block, void **args,
                                      size_t shared_memory,
                                      cudaStream_t stream) {
  if (!events_ready) {
    if (cudaEventCreate(&launch_start) != cudaSuccess ||
        cudaEventCreate(&launch_stop) != cudaSuccess)
      return launch(func, grid, block, args, shared_memory, stream);
    events_ready = true;
  }
  struct roofrt_launch_info info = {.sequence =
                                        roofrt_kernel_launched(k->kernel),
                                    .grid = {grid.x, grid.y, grid.z},
                                    .block = {block.x, block.y, block.z},
                                    .shared_memory_bytes = shared_memory,
                                    .stream = stream_number(stream)};
  if (counts_bytes(k))
    cudaMemsetAsync(k->counts, 0, counts_bytes(k), stream);
  if (k->sampled) {
    cudaMemsetAsync(traffic_buffer, 0, sizeof(uint64_t), stream);
    set_threshold(k, true, stream);
  }
  cudaEventRecord(launch_start, stream);
  cudaError_t result = launch(func, grid, block, args, shared_memory, stream);
  if (k->sampled)
    set_threshold(k, false, stream);
  if (result != cudaSuccess)
    return result;
  cudaEventRecord(launch_stop, stream);
  if (counts_bytes(k))
    cudaMemcpyAsync(host_counts, k->counts, counts_bytes(k),
                    cudaMemcpyDeviceToHost, stream);
  float milliseconds = 0;
  if (cudaStreamSynchronize(stream) != cudaSuccess ||
      cudaEventElapsedTime(&milliseconds, launch_start, launch_stop) !=
          cudaSuccess) {
    /* The kernel failed; the program sees the error at its next call. */
    roofrt_warn("kernel %s: launch %llu did not complete; not counted", k->name,
                (unsigned long long)info.sequence);
    return result;
  }
  info.time_s = milliseconds * 1e-3;
  uint64_t counts[ROOF_NUM_METRICS];
  metrics_of(k, counts);
  info.modelled = k->sampled && model_launch(k, info.sequence, func, block,
                                             shared_memory, counts);
  roofrt_kernel_count(k->kernel, &info, counts);
  describe_gpu();
  return result;
}

static cudaError_t counted_launch(launch_fn launch, const void *func, dim3 grid,
                                  dim3 block, void **args, size_t shared_memory,
                                  cudaStream_t stream) {
  enum collection mode = collection_mode();
  if (mode == COLLECT_OFF)
    return launch(func, grid, block, args, shared_memory, stream);
  pthread_mutex_lock(&cuda_lock);
  struct registered_kernel *k = lookup(func);
  enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  cudaStreamIsCapturing(stream, &capture);
  // Resolving allocates and copies, which a stream capture forbids: a
  // kernel first launched into a graph is resolved at a later launch.
  if (!k || (capture != cudaStreamCaptureStatusNone && !k->resolved) ||
      !resolve(k)) {
    roofrt_kernel_launched(k ? kernel_of(k) : NULL);
    pthread_mutex_unlock(&cuda_lock);
    return launch(func, grid, block, args, shared_memory, stream);
  }
  cudaError_t result;
  if (mode == COLLECT_LAUNCH && capture == cudaStreamCaptureStatusNone) {
    result = launch_and_collect(k, launch, func, grid, block, args,
                                shared_memory, stream);
  } else {
    roofrt_kernel_launched(k->kernel);
    if (mode == COLLECT_TOTAL) {
      k->read_at_exit = true;
      if (!exit_read_armed)
        exit_read_armed = atexit(read_totals_at_exit) == 0;
    }
    result = launch(func, grid, block, args, shared_memory, stream);
  }
  pthread_mutex_unlock(&cuda_lock);
  return result;
}

ROOFRT_EXPORT cudaError_t __roof_cudaLaunchKernel(const void *func, dim3 grid,
                                                  dim3 block, void **args,
                                                  size_t shared_memory,
                                                  cudaStream_t stream) {
  return counted_launch(cudaLaunchKernel, func, grid, block, args,
                        shared_memory, stream);
}

ROOFRT_EXPORT cudaError_t __roof_cudaLaunchKernel_ptsz(const void *func,
                                                       dim3 grid, dim3 block,
                                                       void **args,
                                                       size_t shared_memory,
                                                       cudaStream_t stream) {
  return counted_launch(cudaLaunchKernel_ptsz, func, grid, block, args,
                        shared_memory, stream);
}
