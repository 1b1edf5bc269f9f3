// roof report --static on a real program: built and run with roof cc, counted
// in the source with roof static, then the three numbers side by side. One
// kernel where the optimizer removes work, one where the target adds work.
//
// By hand, with n = 1024 (all vector iterations, no remainder):
//   scale, called 3 times: x[i] = x[i] * (a * b)
//     source:    2 mul per iteration, 2*n = 2048 per call, x 3 calls = 6144
//     executed:  a * b is loop-invariant: LICM computes it once per call
//                before the loop, so n + 1 = 1025 mul per call, 3075 in all
//     empirical: each mul is one instruction lane: 3075
//     exe/src = 3075 / 6144 = 0.500 (0.50048828125), emp/exe = 1.000
//   divide, called once: z[i] = x[i] / y[i], fp32, -ffast-math, AVX2
//     source:    1 div per element: n = 1024
//     executed:  1024 div (canonical: 1 per element)
//     empirical: the backend replaces the divide by vrcpps (r = ~1/y, class
//                div) and a Newton step, vmulps (q0 = x*r) + vfmsub (e =
//                q0*y - x) + vfnmadd (q = q0 - r*e): 1 + 1 + 2 + 2 = 6 per
//                element: div 1024, mul 1024, fma 4096 = 6144
//     exe/src = 1.000, emp/exe = 6144 / 1024 = 6.000
//   unused: never called, so not in the run (the runtime leaves out functions
//     whose counters are all zero): only in the static counts, a * a + a = 2 FLOPs
//     per call
//   main: stores constants; no FLOPs in either file
// Ranked by empirical FLOPs: divide (6144), scale (3075), main (0).
//
// Without --param, n has no value: scale's source is "unbound: 2*n", with no
// total and no exe/src; with --function scale, divide and main are only in
// the run.
//
// REQUIRES: avx2
// RUN: %roof cc -O3 -ffast-math -march=x86-64-v3 %s -o %t
// RUN: rm -f %t.run.json && env ROOF_OUTPUT=%t.run.json ROOF_QUIET=1 %t 1024 | FileCheck %s --check-prefix=OUT
// OUT: 27 1.5
// RUN: %roof static %s --json -o %t.static.json --param n=1024 -- -O3 -ffast-math -march=x86-64-v3
//
// RUN: %roof report --static %t.static.json %t.run.json | FileCheck %s --check-prefix=TABLE
// TABLE:      roof report of {{.*}}.run.json beside the static counts {{.*}}.static.json
// TABLE-NEXT: command: {{.*}} 1024
// TABLE-NEXT: static: 4 functions; parameters: n = 1024
// TABLE:      Functions in the run and the static counts (3 of 3, by empirical FLOPs; source: one call x calls)
// TABLE-NEXT:   precision source executed empirical exe/src emp/exe
// TABLE-NEXT:   #1 divide  [{{.*}}report-static.c:{{[0-9]+}}]
// TABLE-NEXT:      1 call
// TABLE-NEXT:   fp32 1.024 k 1.024 k 6.144 k 1.000 6.000
// TABLE-NEXT:   #2 scale  [{{.*}}report-static.c:{{[0-9]+}}]
// TABLE-NEXT:      3 calls
// TABLE-NEXT:   fp64 6.144 k 3.075 k 3.075 k 0.500 1.000
// TABLE-NEXT:   #3 main  [{{.*}}report-static.c:{{[0-9]+}}]
// TABLE-NEXT:      1 call
// TABLE-NEXT:   no floating-point operations
// TABLE-EMPTY:
// TABLE-NEXT: Functions only in the run: none
// TABLE-EMPTY:
// TABLE-NEXT: Functions only in the static counts (1 of 1: never called, inlined into every caller, or built without roof)
// TABLE-NEXT:   #1 unused  [{{.*}}report-static.c:{{[0-9]+}}]
// TABLE-NEXT:      fp64 per call: 2
//
// RUN: %roof report --static %t.static.json %t.run.json --classes --precision fp32 --top 1 | FileCheck %s --check-prefix=CLASSES
// CLASSES:      #1 divide
// CLASSES-NEXT:    1 call
// CLASSES-NEXT: fp32 1.024 k 1.024 k 6.144 k 1.000 6.000
// CLASSES-NEXT:   mul 0 0 1.024 k - -
// CLASSES-NEXT:   fma 0 0 4.096 k - -
// CLASSES-NEXT:   div 1.024 k 1.024 k 1.024 k 1.000 1.000
//
// RUN: %roof report --static %t.static.json %t.run.json --json | FileCheck %s --check-prefix=JSON
// JSON:      "name": "divide",
// JSON:        "fp32": {
// JSON-NEXT:     "source_polynomial": "n",
// JSON-NEXT:     "source_per_call": 1024,
// JSON-NEXT:     "source_canonical": 1024,
// JSON-NEXT:     "executed_canonical": 1024,
// JSON-NEXT:     "empirical": 6144,
// JSON-NEXT:     "executed_per_source": 1.0,
// JSON-NEXT:     "empirical_per_executed": 6.0
// JSON:      "name": "scale",
// JSON:        "calls": 3,
// JSON:        "fp64": {
// JSON-NEXT:     "source_polynomial": "2*n",
// JSON-NEXT:     "source_per_call": 2048,
// JSON-NEXT:     "source_canonical": 6144,
// JSON-NEXT:     "executed_canonical": 3075,
// JSON-NEXT:     "empirical": 3075,
// JSON-NEXT:     "executed_per_source": 0.50048828125,
// JSON-NEXT:     "empirical_per_executed": 1.0
// JSON:      "in": "static",
// JSON-NEXT: "name": "unused",
//
// RUN: %roof report --static %t.static.json %t.run.json --csv --precision fp64 | FileCheck %s --check-prefix=CSV
// CSV:      in,name,demangled,module,file,line,calls,exact,caveats,precision,source_polynomial,source_per_call,source_canonical,executed_canonical,empirical,executed_per_source,empirical_per_executed
// CSV:      both,scale,scale,{{.*}}report-static.c,{{.*}}report-static.c,{{[0-9]+}},3,true,,fp64,2*n,2048,6144,3075,3075,0.50048828125,1
// CSV:      static,unused,unused,,{{.*}}report-static.c,{{[0-9]+}},,true,,fp64,2,2,,,,,
//
// RUN: %roof static %s --json -o %t.unbound.json --function scale -- -O3 -ffast-math -march=x86-64-v3
// RUN: %roof report --static %t.unbound.json %t.run.json | FileCheck %s --check-prefix=UNBOUND
// UNBOUND:      static: 1 function; parameters: none
// UNBOUND:      Functions in the run and the static counts (1 of 1
// UNBOUND-NEXT:   precision source executed empirical exe/src emp/exe
// UNBOUND-NEXT:   #1 scale
// UNBOUND-NEXT:      3 calls
// UNBOUND-NEXT:   fp64 unbound 3.075 k 3.075 k - 1.000
// UNBOUND-NEXT:      source unbound: 2*n per call (no value: n)
// UNBOUND-EMPTY:
// UNBOUND-NEXT: Functions only in the run (2 of 2, by empirical FLOPs; defined where roof static did not look)
// UNBOUND-NEXT:   precision source executed empirical exe/src emp/exe
// UNBOUND-NEXT:   #1 divide
// UNBOUND-NEXT:      1 call
// UNBOUND-NEXT:   fp32 - 1.024 k 6.144 k - 6.000
// UNBOUND-NEXT:   #2 main
// UNBOUND:      Functions only in the static counts: none

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void scale(int n, double a, double b, double *x) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * (a * b);
}

__attribute__((noinline)) void divide(int n, const float *x, const float *y,
                                      float *z) {
  for (int i = 0; i < n; i++)
    z[i] = x[i] / y[i];
}

__attribute__((noinline)) double unused(double a) { return a * a + a; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  double *d = malloc(n * sizeof *d);
  float *x = malloc(n * sizeof *x);
  float *y = malloc(n * sizeof *y);
  float *z = malloc(n * sizeof *z);
  for (int i = 0; i < n; i++) {
    d[i] = 1.0;
    x[i] = 3.0f;
    y[i] = 2.0f;
  }
  for (int k = 0; k < 3; k++)
    scale(n, 1.5, 2.0, d);
  divide(n, x, y, z);
  printf("%g %g\n", d[n - 1], z[n - 1]);
  return 0;
}
