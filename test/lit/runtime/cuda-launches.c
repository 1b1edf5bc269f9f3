// libroofrt-cuda end to end without a GPU: this file stands in for both the
// instrumented program (it registers two kernels and launches them the way
// the host pass makes a program do) and the CUDA runtime (the cuda* calls
// below, where "device memory" is host memory and a "launch" adds what its
// threads would count to the one column of the counts the runtime
// allocated and named in the kernel's header, over the rows of its warps;
// the header weighs that column, a slot, as each thread's 2 fp64 FMA FLOPs
// (1 FMA), 1 canonical fp64 add and 1 mul, and 16 global bytes loaded, 8
// stored).
//
// RUN: %clang -O1 -I%srcroot/include -I%cuda_include %s %roofrt/libroofrt-cuda.a \
// RUN:   %roofrt/libroofrt.a -lpthread -o %t
// RUN: env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %python %S/Inputs/check_report.py %t.json
// RUN: %python %S/../e2e/Inputs/jq.py %t.json gpu.name gpu.compute_capability \
// RUN:   --at kernels[0] name demangled launches counted_launches time_s \
// RUN:   fp64.canonical fp64.empirical fp64.classes.fma.empirical \
// RUN:   bytes_loaded bytes_by_space.global.loaded bytes_by_space.global.stored \
// RUN:   | FileCheck %s --check-prefix=TOTALS --match-full-lines
// RUN: %python %S/../e2e/Inputs/jq.py %t.json --at kernels[0].launch_records[1] \
// RUN:   sequence grid block shared_memory_bytes stream time_s fp64.empirical \
// RUN:   | FileCheck %s --check-prefix=RECORD --match-full-lines
// RUN: %python %S/../e2e/Inputs/jq.py %t.json --at kernels[1] name launches \
// RUN:   counted_launches | FileCheck %s --check-prefix=UNCOUNTED --match-full-lines
// RUN: %python %S/../e2e/Inputs/jq.py %t.json --at kernels[2] name launches \
// RUN:   counted_launches | FileCheck %s --check-prefix=LATE --match-full-lines
//
// The traffic of a kernel built in traffic mode, every sector sampled
// (ROOF_TRAFFIC_RATE=1) and, as shipped, one in 32; then with room for
// 100 records only.
// RUN: env ROOF_TRAFFIC_RATE=1 ROOF_OUTPUT=%t.exact.json ROOF_QUIET=1 %t 2>/dev/null
// RUN: %python %S/../e2e/Inputs/jq.py %t.exact.json gpu.traffic --at kernels[3] \
// RUN:   name traffic launch_records[0].traffic \
// RUN:   | FileCheck %s --check-prefix=EXACT --match-full-lines
// RUN: %python %S/Inputs/has_traffic.py %t.exact.json | FileCheck %s --check-prefix=HAS
// RUN: env ROOF_OUTPUT=%t.sampled.json ROOF_QUIET=1 %t 2>/dev/null
// RUN: %python %S/../e2e/Inputs/jq.py %t.sampled.json gpu.traffic.sampling_rate \
// RUN:   gpu.traffic.sampled_accesses kernels[3].traffic \
// RUN:   | FileCheck %s --check-prefix=SAMPLED --match-full-lines
// RUN: env ROOF_TRAFFIC_RATE=1 ROOF_CUDA_TRAFFIC_RECORDS=100 ROOF_OUTPUT=%t.full.json \
// RUN:   ROOF_QUIET=1 %t 2> %t.full.err
// RUN: FileCheck %s --check-prefix=FULL < %t.full.err
// RUN: env ROOF_TRAFFIC_RATE=x ROOF_OUTPUT=%t.badrate.json ROOF_QUIET=1 %t 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=BADRATE
// RUN: %python %S/../e2e/Inputs/jq.py %t.badrate.json gpu.traffic.sampling_rate \
// RUN:   | FileCheck %s --check-prefix=BADRATE-RATE
// RUN: %python %S/../e2e/Inputs/jq.py %t.full.json gpu.traffic.sampled_accesses \
// RUN:   gpu.traffic.dropped_accesses | FileCheck %s --check-prefix=FULL-COUNTS --match-full-lines
//
// ROOF_CUDA=total: no per-launch work, counters read once at exit.
// RUN: env ROOF_CUDA=total ROOF_OUTPUT=%t.total.json ROOF_QUIET=1 %t 2>/dev/null
// RUN: %python %S/../e2e/Inputs/jq.py %t.total.json --at kernels[0] launches \
// RUN:   counted_launches time_s fp64.empirical launch_records \
// RUN:   | FileCheck %s --check-prefix=TOTAL --match-full-lines
// RUN: %python %S/Inputs/has_traffic.py %t.total.json | FileCheck %s --check-prefix=TOTAL-TRAFFIC
// RUN: env ROOF_CUDA=off ROOF_OUTPUT=%t.off.json ROOF_QUIET=1 %t 2>/dev/null
// RUN: %python %S/../e2e/Inputs/jq.py %t.off.json 'len(kernels)' | FileCheck %s --check-prefix=OFF
//
// REQUIRES: cuda-runtime

// WARN: roof: kernel _Z4missv: device counters unavailable (invalid device symbol: was its device code compiled with roof?); launches not counted
// WARN-NOT: during a stream capture
// WARN-NOT: the sample is left on

// Launches of "axpy": <<<4, 64>>> on the default stream, <<<2, 128>>> and
// <<<(1, 2, 3), 32>>> on stream s1, one while it is being captured into a
// graph (launched, not counted). Counted threads: 256 + 256 + 192 = 704.
// TOTALS:      gpu.name = "Fake GPU"
// TOTALS-NEXT: gpu.compute_capability = "9.0"
// TOTALS-NEXT: name = "_Z4axpyv"
// TOTALS-NEXT: demangled = "axpy()"
// TOTALS-NEXT: launches = 4
// TOTALS-NEXT: counted_launches = 3
// TOTALS-NEXT: time_s = 0.0045
// TOTALS-NEXT: fp64.canonical = 1408
// TOTALS-NEXT: fp64.empirical = 1408
// TOTALS-NEXT: fp64.classes.fma.empirical = 1408
// TOTALS-NEXT: bytes_loaded = 11264
// TOTALS-NEXT: bytes_by_space.global.loaded = 11264
// TOTALS-NEXT: bytes_by_space.global.stored = 5632

// RECORD:      sequence = 1
// RECORD-NEXT: grid = [2, 1, 1]
// RECORD-NEXT: block = [128, 1, 1]
// RECORD-NEXT: shared_memory_bytes = 512
// RECORD-NEXT: stream = 1
// RECORD-NEXT: time_s = 0.0015
// RECORD-NEXT: fp64.empirical = 512

// UNCOUNTED:      name = "_Z4missv"
// UNCOUNTED-NEXT: launches = 1
// UNCOUNTED-NEXT: counted_launches = 0

// A kernel first launched into a graph: no allocation or copy during the
// capture (it is resolved at its next launch, which is counted).
// LATE:      name = "_Z4latev"
// LATE-NEXT: launches = 2
// LATE-NEXT: counted_launches = 1

// kernels[3], stream, on a GPU whose L2 holds 64 KiB (2048 sectors) and
// each SM's L1 256 KiB (compute capability 9.0, no shared memory in use:
// 8192 sectors). Its launch loads x (4096 sectors) twice on SM 0, stores y
// (4096 sectors) on SM 0, and makes one atomic on a sector z:
//   L2 loaded  = x's first pass, which misses the L1: 4096 x 32 = 131072
//                (the second pass hits the L1);
//   L2 stored  = y's 4096 sectors and z's: 4097 x 32 = 131104;
//   DRAM loaded = x's first pass misses the L2 too, and so does z (an
//                atomic reads): 131104; y's stores take their sectors
//                without reading them;
//   DRAM stored = y's first 2048 dirty sectors evict x's last (clean)
//                ones, its next 2048 evict y's first (dirty): 2048, and z
//                evicts one more: 2049 x 32 = 65568.
// EXACT:      gpu.traffic = {"dropped_accesses": 0, "levels": [{"bytes": 262144, "from": "CUDA", "name": "L1"}, {"bytes": 65536, "from": "CUDA", "name": "L2"}], "line_bytes": 32, "memory": "DRAM", "model": "sampled-lru", "sampled_accesses": 12289, "sampling_rate": 1}
// EXACT-NEXT: name = "_Z6streamv"
// EXACT-NEXT: traffic = {"DRAM": {"loaded": 131104, "stored": 65568}, "L2": {"loaded": 131072, "stored": 131104}}
// EXACT-NEXT: launch_records[0].traffic = {"DRAM": {"loaded": 131104, "stored": 65568}, "L2": {"loaded": 131072, "stored": 131104}}
// Kernels built without traffic mode have none.
// HAS: gpu.traffic: yes; kernels with traffic: _Z6streamv

// One sector in 32: the same launch from the 386 records of the sectors the
// hash samples (12289 / 32 = 384 expected), each standing for 32 x 32
// bytes: within 1% of the exact counts, L2's 2048 sectors holding 64.
// SAMPLED:      gpu.traffic.sampling_rate = 0.03125
// SAMPLED-NEXT: gpu.traffic.sampled_accesses = 386
// SAMPLED-NEXT: kernels[3].traffic = {"DRAM": {"loaded": 132096, "stored": 65536}, "L2": {"loaded": 132096, "stored": 131072}}

// FULL: roof: kernel _Z6streamv: launch 7 sampled 12289 sectors, more than ROOF_CUDA_TRAFFIC_RECORDS=100; its traffic is that of the first 100
// A malformed rate: one line, and the default.
// BADRATE: roof: ROOF_TRAFFIC_RATE="x" is not a power of 2 up to {{[0-9]+}}; using one sector in 32
// BADRATE-NOT: ROOF_TRAFFIC_RATE
// BADRATE-RATE: gpu.traffic.sampling_rate = 0.03125

// FULL-COUNTS:      gpu.traffic.sampled_accesses = 100
// FULL-COUNTS-NEXT: gpu.traffic.dropped_accesses = 12189

// In total mode the captured launch runs too (its graph is not replayed
// here, so it adds nothing): 704 threads.
// TOTAL:      launches = 4
// TOTAL-NEXT: counted_launches = 4
// TOTAL-NEXT: time_s = null
// TOTAL-NEXT: fp64.empirical = 1408
// TOTAL-NEXT: launch_records = []

// No sample in total mode.
// TOTAL-TRAFFIC: gpu.traffic: no; kernels with traffic: none

// OFF: len(kernels) = 0

#include "roof/abi.h"
#include "roof/roof.h"

#include <cuda_runtime_api.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===-- What the host pass adds to the program --------------------------===//
void __roof_cuda_register_kernel(const void *stub, const char *name,
                                 const char *demangled,
                                 const void *header_shadow,
                                 const char *module);
cudaError_t __roof_cudaLaunchKernel(const void *func, dim3 grid, dim3 block,
                                    void **args, size_t shared_memory,
                                    cudaStream_t stream);

static void axpy_stub(void) {}
static void miss_stub(void) {}
static void late_stub(void) {}
static void stream_stub(void) {}
static RoofCudaCounterHeader axpy_header_shadow, miss_header_shadow,
    late_header_shadow, stream_header_shadow;

//===-- The fake CUDA runtime ---------------------------------------------===//
static cudaStream_t capturing_stream;
// What a stream capture (cudaStreamCaptureModeGlobal) refuses: synchronous
// copies, allocations.
static cudaError_t refused_while_capturing(const char *call) {
  if (!capturing_stream)
    return cudaSuccess;
  fprintf(stderr, "fake CUDA: %s during a stream capture\n", call);
  return cudaErrorStreamCaptureUnsupported;
}
// 2 SMs: 128 warp slots, 128 rows.
static RoofCudaCounterHeader axpy_device_header = {
        .columns = 1,
        .num_weights = 8,
        .weights = {
            {0, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_ADD, ROOF_CANONICAL), 1},
            {0, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_MUL, ROOF_CANONICAL), 1},
            {0, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_FMA, ROOF_EMPIRICAL), 2},
            {0, ROOF_FLOP_METRIC(ROOF_FP64, ROOF_CLASS_FMA, ROOF_FULL_WIDTH), 2},
            {0, ROOF_METRIC_BYTES_LOADED, 16},
            {0, ROOF_METRIC_BYTES_STORED, 8},
            {0, ROOF_METRIC_SPACE_BYTES(ROOF_SPACE_GLOBAL, 0), 16},
            {0, ROOF_METRIC_SPACE_BYTES(ROOF_SPACE_GLOBAL, 1), 8}}};

static const RoofCudaCounterHeader late_device_header; // counts nothing
// Built in traffic mode; counts 8 bytes loaded per thread.
static RoofCudaCounterHeader stream_device_header = {
    .columns = 1,
    .num_weights = 1,
    .flags = ROOF_CUDA_KERNEL_TRAFFIC,
    .weights = {{0, ROOF_METRIC_BYTES_LOADED, 8}}};
static RoofCudaCounterHeader *device_header_of(const void *symbol) {
  return symbol == &axpy_header_shadow     ? &axpy_device_header
         : symbol == &late_header_shadow   ? (RoofCudaCounterHeader *)&late_device_header
         : symbol == &stream_header_shadow ? &stream_device_header
                                           : NULL;
}
cudaError_t cudaMemcpyFromSymbol(void *to, const void *symbol, size_t n,
                                 size_t offset, enum cudaMemcpyKind kind) {
  (void)kind;
  if (refused_while_capturing("cudaMemcpyFromSymbol"))
    return cudaErrorStreamCaptureUnsupported;
  const RoofCudaCounterHeader *from = device_header_of(symbol);
  if (!from || offset + n > sizeof *from)
    return cudaErrorInvalidSymbol;
  memcpy(to, (const char *)from + offset, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *from, size_t n,
                               size_t offset, enum cudaMemcpyKind kind) {
  (void)kind;
  RoofCudaCounterHeader *to = device_header_of(symbol);
  if (!to || to == &late_device_header || offset + n > sizeof *to)
    return cudaErrorInvalidSymbol;
  memcpy((char *)to + offset, from, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *from,
                                    size_t n, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t s) {
  (void)s;
  return cudaMemcpyToSymbol(symbol, from, n, offset, kind);
}
// 2 SMs of compute capability 9.0 (an L1 of 256 KiB), a 64 KiB L2.
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attribute,
                                   int device) {
  (void)device;
  switch (attribute) {
  case cudaDevAttrMultiProcessorCount:
    *value = 2;
    break;
  case cudaDevAttrComputeCapabilityMajor:
    *value = 9;
    break;
  case cudaDevAttrL2CacheSize:
    *value = 64 << 10;
    break;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    *value = 228 << 10;
    break;
  default:
    *value = 0;
  }
  return cudaSuccess;
}
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a,
                                  const void *func) {
  (void)func;
  memset(a, 0, sizeof *a);
  return cudaSuccess;
}
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks,
                                                          const void *func,
                                                          int threads,
                                                          size_t shared) {
  (void)func, (void)threads, (void)shared;
  *blocks = 2;
  return cudaSuccess;
}
cudaError_t cudaFree(void *p) {
  free(p);
  return cudaSuccess;
}
cudaError_t cudaMalloc(void **p, size_t n) {
  if (refused_while_capturing("cudaMalloc"))
    return cudaErrorStreamCaptureUnsupported;
  *p = malloc(n);
  return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
cudaError_t cudaMemset(void *p, int value, size_t n) {
  memset(p, value, n);
  return cudaSuccess;
}
const char *cudaGetErrorString(cudaError_t error) {
  return error == cudaErrorInvalidSymbol ? "invalid device symbol" : "error";
}
cudaError_t cudaGetLastError(void) { return cudaSuccess; }
cudaError_t cudaMemsetAsync(void *p, int value, size_t n, cudaStream_t s) {
  (void)s;
  memset(p, value, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *to, const void *from, size_t n,
                            enum cudaMemcpyKind kind, cudaStream_t s) {
  (void)kind, (void)s;
  memcpy(to, from, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpy(void *to, const void *from, size_t n,
                       enum cudaMemcpyKind kind) {
  return cudaMemcpyAsync(to, from, n, kind, 0);
}
cudaError_t cudaEventCreate(cudaEvent_t *event) {
  static int events;
  *event = (cudaEvent_t)(size_t)++events;
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t s) {
  (void)event, (void)s;
  return cudaSuccess;
}
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
  (void)a, (void)b;
  *ms = 1.5f;
  return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  (void)s;
  return cudaSuccess;
}
cudaError_t cudaStreamIsCapturing(cudaStream_t s,
                                  enum cudaStreamCaptureStatus *status) {
  *status = s && s == capturing_stream ? cudaStreamCaptureStatusActive
                                       : cudaStreamCaptureStatusNone;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int *device) {
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device) {
  (void)device;
  memset(p, 0, sizeof *p);
  strcpy(p->name, "Fake GPU");
  p->major = 9;
  return cudaSuccess;
}
// What stream's device code records of an access by a warp on `sm` to
// `sector` (include/roof/abi.h).
static void record_sector(uint64_t sector, unsigned sm,
                          enum RoofCudaAccess access) {
  const RoofCudaCounterHeader *h = &stream_device_header;
  uint64_t *buffer = (uint64_t *)(uintptr_t)h->traffic;
  if (!buffer || (sector * ROOF_TRAFFIC_HASH) >> ROOF_TRAFFIC_HASH_SHIFT >=
                     h->traffic_threshold)
    return;
  uint64_t i = buffer[0]++;
  if (i < h->traffic_capacity)
    buffer[1 + i] = ROOF_CUDA_TRAFFIC_RECORD(sector, sm, access);
}
// stream: x loaded twice, y stored, one atomic on z, all on SM 0 (above).
static void run_stream(void) {
  const uint64_t x = 1 << 20, y = 2 << 20, z = 3 << 20, sectors = 4096;
  for (int pass = 0; pass < 2; pass++)
    for (uint64_t s = 0; s < sectors; s++)
      record_sector(x + s, 0, ROOF_CUDA_LOAD);
  for (uint64_t s = 0; s < sectors; s++)
    record_sector(y + s, 0, ROOF_CUDA_STORE);
  record_sector(z, 0, ROOF_CUDA_ATOMIC);
}
// Runs the "kernel": what the device code's counters would receive.
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block,
                             void **args, size_t shared_memory,
                             cudaStream_t stream) {
  (void)args, (void)shared_memory;
  if (func == (const void *)stream_stub) {
    run_stream();
    return cudaSuccess;
  }
  if (func != (const void *)axpy_stub ||
      (capturing_stream && stream == capturing_stream))
    return cudaSuccess;
  uint64_t threads = (uint64_t)grid.x * grid.y * grid.z * block.x *
                     block.y * block.z;
  // One count per thread, in the rows of its warp's slot; nothing before
  // the runtime gave the kernel its counts.
  uint64_t *counts = (uint64_t *)(uintptr_t)axpy_device_header.counts;
  for (uint64_t t = 0; counts && t < threads; t++)
    counts[t / 32 & axpy_device_header.row_mask]++;
  return cudaSuccess;
}
cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 grid, dim3 block,
                                  void **args, size_t shared_memory,
                                  cudaStream_t stream) {
  return cudaLaunchKernel(func, grid, block, args, shared_memory, stream);
}

//===-- The program ---------------------------------------------------===//
static dim3 dims(unsigned x, unsigned y, unsigned z) {
  dim3 d = {x, y, z};
  return d;
}

int main(void) {
  __roof_cuda_register_kernel((const void *)axpy_stub, "_Z4axpyv", "axpy()",
                              &axpy_header_shadow, "axpy.cu");
  __roof_cuda_register_kernel((const void *)miss_stub, "_Z4missv", "miss()",
                              &miss_header_shadow, "axpy.cu");
  __roof_cuda_register_kernel((const void *)late_stub, "_Z4latev", "late()",
                              &late_header_shadow, "axpy.cu");
  cudaStream_t s1 = (cudaStream_t)0x1000;
  const void *axpy = (const void *)axpy_stub;
  __roof_cudaLaunchKernel(axpy, dims(4, 1, 1), dims(64, 1, 1), NULL, 0, NULL);
  __roof_cudaLaunchKernel(axpy, dims(2, 1, 1), dims(128, 1, 1), NULL, 512, s1);
  __roof_cudaLaunchKernel((const void *)miss_stub, dims(1, 1, 1),
                          dims(32, 1, 1), NULL, 0, NULL);
  capturing_stream = s1;
  __roof_cudaLaunchKernel(axpy, dims(8, 1, 1), dims(32, 1, 1), NULL, 0, s1);
  __roof_cudaLaunchKernel((const void *)late_stub, dims(1, 1, 1),
                          dims(32, 1, 1), NULL, 0, s1);
  capturing_stream = NULL;
  __roof_cudaLaunchKernel((const void *)late_stub, dims(1, 1, 1),
                          dims(32, 1, 1), NULL, 0, s1);
  __roof_cudaLaunchKernel(axpy, dims(1, 2, 3), dims(32, 1, 1), NULL, 0, s1);
  __roof_cuda_register_kernel((const void *)stream_stub, "_Z6streamv",
                              "stream()", &stream_header_shadow, "stream.cu");
  __roof_cudaLaunchKernel((const void *)stream_stub, dims(1, 1, 1),
                          dims(32, 1, 1), NULL, 0, NULL);
  // Between counted launches the sample is off: a launch roof does not see
  // (a graph's) records nothing.
  if (stream_device_header.traffic_threshold != 0)
    fprintf(stderr, "fake CUDA: the sample is left on after the launch\n");
  // A file even with ROOF_CUDA=off, where no kernel reaches the runtime and
  // this program has no instrumented host code; at exit it is rewritten
  // with the final counts.
  return roof_write(NULL);
}
