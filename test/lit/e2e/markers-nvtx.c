// A program annotated with NVTX ranges (NVTX 3, the header-only one of the
// CUDA toolkit, used in host code as its documentation shows) reports them
// as roof regions: push/pop nest per thread; start/end ranges may overlap
// and end on another thread. Without a tool attached NVTX gives every range
// the id 0; roof then gives the program ids of its own, so each end closes
// its own range.
//
// By hand (FP64; scale: 1 mul per element, 8 bytes loaded and 8 stored;
// each NVTX call, inlined, loads its entry of NVTX's function table, 8
// bytes, which is null without a tool):
//   push      push; scale(100); push inner; scale(200); pop; pop
//             FLOPs 300, bytes 2400 + 2 x 8 (inner's push and pop) = 2416
//             loaded, 2400 stored
//   inner     FLOPs 200
//   range-a   a = start; scale(10); b = start; scale(20); end(a): FLOPs 30
//   range-b   ...; scale(20); end(a); scale(40); end(b): FLOPs 60
//   attributes  pushEx with an ASCII message; scale(5); pop: FLOPs 5
//   wide      pushW(L"wide"); scale(7); pop: FLOPs 7
//   handoff   started on the main thread, scale(50), ended by another
//             thread: FLOPs 50, entries 1
//
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %roof cc -O2 -I%cuda_include %s -o %t/prog -lpthread -ldl
// RUN: env ROOF_OUTPUT=%t/roof.json %t/prog | FileCheck %s --check-prefix=OUT
// OUT: nvtx done
// RUN: %python %S/Inputs/jq.py %t/roof.json \
// RUN:     'regions[*].name' \
// RUN:     --at 'regions[name=push]' entries fp64.canonical bytes_loaded bytes_stored \
// RUN:     --at 'regions[name=inner]' fp64.canonical \
// RUN:     --at 'regions[name=range-a]' fp64.canonical \
// RUN:     --at 'regions[name=range-b]' fp64.canonical \
// RUN:     --at 'regions[name=attributes]' fp64.canonical \
// RUN:     --at 'regions[name=wide]' fp64.canonical \
// RUN:     --at 'regions[name=handoff]' entries fp64.canonical \
// RUN:   | FileCheck %s --match-full-lines
// CHECK:      regions[*].name = ["push", "inner", "range-a", "range-b", "attributes", "wide", "handoff"]
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 300
// CHECK-NEXT: bytes_loaded = 2416
// CHECK-NEXT: bytes_stored = 2400
// CHECK-NEXT: fp64.canonical = 200
// CHECK-NEXT: fp64.canonical = 30
// CHECK-NEXT: fp64.canonical = 60
// CHECK-NEXT: fp64.canonical = 5
// CHECK-NEXT: fp64.canonical = 7
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 50
#include <nvtx3/nvToolsExt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void scale(long n, double *x) {
  for (long i = 0; i < n; ++i)
    x[i] *= 2.0;
}

static void *end_range(void *range) {
  nvtxRangeEnd(*(nvtxRangeId_t *)range);
  return NULL;
}

int main(void) {
  double *x = calloc(1000, sizeof *x);
  nvtxRangePushA("push");
  scale(100, x);
  nvtxRangePushA("inner");
  scale(200, x);
  nvtxRangePop();
  nvtxRangePop();

  nvtxRangeId_t a = nvtxRangeStartA("range-a");
  scale(10, x);
  nvtxRangeId_t b = nvtxRangeStartA("range-b");
  scale(20, x);
  nvtxRangeEnd(a);
  scale(40, x);
  nvtxRangeEnd(b);

  nvtxEventAttributes_t attributes = {0};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.colorType = NVTX_COLOR_ARGB;
  attributes.color = 0xff00ff00;
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = "attributes";
  nvtxRangePushEx(&attributes);
  scale(5, x);
  nvtxRangePop();

  nvtxRangePushW(L"wide");
  scale(7, x);
  nvtxRangePop();

  nvtxRangeId_t handoff = nvtxRangeStartA("handoff");
  scale(50, x);
  pthread_t thread;
  pthread_create(&thread, NULL, end_range, &handoff);
  pthread_join(thread, NULL);
  printf("nvtx done %g\n", x[0]);
  return 0;
}
