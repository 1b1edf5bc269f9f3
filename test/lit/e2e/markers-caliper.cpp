// A C++ program annotated for Caliper, as Caliper's documentation shows
// (CALI_MARK_BEGIN/END around phases, CALI_CXX_MARK_FUNCTION at the top of a
// function, CALI_CXX_MARK_SCOPE for a block), reports Caliper's regions as
// roof regions with no change to its source: roof c++ finds roof's
// caliper/cali.h (no Caliper is installed), the pass turns the begin and end
// calls and cali::Function's and cali::ScopeAnnotation's constructors and
// destructors into region boundaries, libroofrt defines the C functions.
//
// By hand (FP64; scale: 1 mul per element, 8 bytes loaded and 8 stored):
//   initialization  scale(10): FLOPs 10, bytes 80 loaded, 80 stored
//   main loop       3 x solve(): FLOPs 300
//   solve           CALI_CXX_MARK_FUNCTION; scale(100): entries 3, FLOPs 300,
//                   bytes 2400 loaded, 2400 stored
//   scope           CALI_CXX_MARK_SCOPE("scope"); scale(20): FLOPs 20
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %roof c++ -O2 %s -o %t/prog
// RUN: env ROOF_OUTPUT=%t/roof.json %t/prog | FileCheck %s --check-prefix=OUT
// OUT: caliper done
// RUN: %python %S/Inputs/jq.py %t/roof.json \
// RUN:     'regions[*].name' \
// RUN:     --at 'regions[name=initialization]' entries fp64.canonical bytes_loaded bytes_stored \
// RUN:     --at 'regions[name=main loop]' entries fp64.canonical \
// RUN:     --at 'regions[name=solve]' entries fp64.canonical bytes_loaded bytes_stored \
// RUN:     --at 'regions[name=scope]' entries fp64.canonical \
// RUN:   | FileCheck %s --match-full-lines
// CHECK:      regions[*].name = ["initialization", "main loop", "solve", "scope"]
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 10
// CHECK-NEXT: bytes_loaded = 80
// CHECK-NEXT: bytes_stored = 80
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 300
// CHECK-NEXT: entries = 3
// CHECK-NEXT: fp64.canonical = 300
// CHECK-NEXT: bytes_loaded = 2400
// CHECK-NEXT: bytes_stored = 2400
// CHECK-NEXT: entries = 1
// CHECK-NEXT: fp64.canonical = 20
#include <caliper/cali.h>

#include <cstdio>
#include <vector>

__attribute__((noinline)) static void scale(long n, double *x) {
  for (long i = 0; i < n; ++i)
    x[i] *= 2.0;
}

__attribute__((noinline)) static void solve(double *x) {
  CALI_CXX_MARK_FUNCTION;
  scale(100, x);
}

int main() {
  std::vector<double> x(1000, 1.0);
  CALI_MARK_BEGIN("initialization");
  scale(10, x.data());
  CALI_MARK_END("initialization");

  CALI_MARK_BEGIN("main loop");
  for (int i = 0; i < 3; ++i)
    solve(x.data());
  CALI_MARK_END("main loop");

  {
    CALI_CXX_MARK_SCOPE("scope");
    scale(20, x.data());
  }
  std::printf("caliper done %g\n", x[0]);
  return 0;
}
