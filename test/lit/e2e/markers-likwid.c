// A program annotated for LIKWID, built with -DLIKWID_PERFMON as LIKWID's
// marker API tutorial shows, reports LIKWID's regions as roof regions, with
// no change to its source: roof cc finds roof's likwid-marker.h (no LIKWID
// is installed), the pass turns LIKWID_MARKER_START/STOP into region
// boundaries, libroofrt defines the rest of the API. Linked with a library
// that defines LIKWID's functions (standing for liblikwid), the calls reach
// that library and the regions are the same.
//
// LIKWID regions are per thread: every OpenMP thread starts and stops
// "triad" itself. In roof the region holds the work of all threads from the
// first start to the last stop, and counts every thread's entry.
//
// By hand (FP64; scale: 1 mul per element, 8 bytes loaded and 8 stored; the
// triad: 1 fmuladd = 2 FLOPs per element). The serial part scales an array
// of its own: the triad's arrays are shared with the OpenMP threads, so
// their pointers live in memory and are loaded again after every call.
//   triad   OMP_NUM_THREADS=4, n = 1000 split over the threads:
//           entries 4, FLOPs 2 x 1000 = 2000 (bytes also hold the OpenMP
//           bookkeeping of each thread, so they are not checked)
//   A       start A; scale(100); start B; scale(200); stop A: FLOPs 300,
//           bytes 8 x 300 = 2400 loaded, 2400 stored
//   B       start B; scale(200); stop A; scale(300); stop B: partly
//           overlapping A, which LIKWID allows (stop by name): FLOPs 500,
//           bytes 4000 loaded, 4000 stored
//   again   2 x { start; scale(50); stop }: entries 2, FLOPs 100
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %roof cc -O2 -fopenmp -DLIKWID_PERFMON %s -o %t/prog
// RUN: env OMP_NUM_THREADS=4 ROOF_OUTPUT=%t/roof.json %t/prog | FileCheck %s --check-prefix=OUT
// OUT: likwid done
// RUN: %python %S/Inputs/jq.py %t/roof.json \
// RUN:     'regions[*].name' \
// RUN:     --at 'regions[name=triad]' entries fp64.canonical \
// RUN:     --at 'regions[name=A]' entries fp64.canonical bytes_loaded bytes_stored \
// RUN:     --at 'regions[name=B]' entries fp64.canonical bytes_loaded bytes_stored \
// RUN:     --at 'regions[name=again]' entries fp64.canonical \
// RUN:   | FileCheck %s --match-full-lines
// CHECK:      regions[*].name = ["triad", "A", "B", "again"]
// CHECK-NEXT: entries = 4
// CHECK-NEXT: fp64.canonical = 2000
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 300
// CHECK-NEXT: bytes_loaded = 2400
// CHECK-NEXT: bytes_stored = 2400
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 500
// CHECK-NEXT: bytes_loaded = 4000
// CHECK-NEXT: bytes_stored = 4000
// CHECK-NEXT: entries = 2
// CHECK-NEXT: fp64.canonical = 100
//
// With the tool's library linked (before the runtime, as roof cc puts it):
// RUN: %clang -shared -fPIC %S/Inputs/likwid_calls.c -o %t/liblikwid.so
// RUN: %roof cc -O2 -fopenmp -DLIKWID_PERFMON %s -o %t/prog-lib -L%t -llikwid -Wl,-rpath,%t
// RUN: env OMP_NUM_THREADS=1 ROOF_OUTPUT=%t/lib.json %t/prog-lib 2>&1 >/dev/null | FileCheck %s --check-prefix=LIB
// LIB:      likwid: init
// LIB-NEXT: likwid: start triad
// LIB-NEXT: likwid: stop triad
// LIB-NEXT: likwid: start A
// LIB-NEXT: likwid: start B
// LIB-NEXT: likwid: stop A
// LIB-NEXT: likwid: stop B
// LIB:      likwid: close
// RUN: %python %S/Inputs/jq.py %t/lib.json --at 'regions[name=B]' entries fp64.canonical bytes_loaded \
// RUN:   | FileCheck %s --check-prefix=LIB-REGION --match-full-lines
// LIB-REGION:      entries = 1
// LIB-REGION-NEXT: fp64.canonical = 500
// LIB-REGION-NEXT: bytes_loaded = 4000
#include <likwid-marker.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void scale(long n, double *x) {
  for (long i = 0; i < n; ++i)
    x[i] *= 2.0;
}

int main(void) {
  enum { N = 1000 };
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b),
         *c = malloc(N * sizeof *c), *x = calloc(N, sizeof *x);
  for (long i = 0; i < N; ++i) {
    b[i] = 1.0;
    c[i] = 2.0;
  }
  LIKWID_MARKER_INIT;
#pragma omp parallel
  {
    LIKWID_MARKER_THREADINIT;
    LIKWID_MARKER_REGISTER("triad");
  }
#pragma omp parallel
  {
    LIKWID_MARKER_START("triad");
#pragma omp for
    for (long i = 0; i < N; ++i)
      a[i] = b[i] + 3.0 * c[i];
    LIKWID_MARKER_STOP("triad");
  }
  LIKWID_MARKER_START("A");
  scale(100, x);
  LIKWID_MARKER_START("B");
  scale(200, x);
  LIKWID_MARKER_STOP("A");
  scale(300, x);
  LIKWID_MARKER_STOP("B");
  for (int r = 0; r < 2; ++r) {
    LIKWID_MARKER_START("again");
    scale(50, x);
    LIKWID_MARKER_STOP("again");
  }
  LIKWID_MARKER_CLOSE;
  printf("likwid done %g %g\n", a[0], x[0]);
  return 0;
}
