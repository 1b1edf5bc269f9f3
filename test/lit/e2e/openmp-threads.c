// OpenMP at 1, 2, 16 and 64 threads: a LULESH-style time step (parallel
// loops outlined by clang, called from a function of the application) has
// the same FLOP totals whatever the thread count, and is reported under
// the function that holds the loops, with its calls and its time (hence a
// GFLOP/s), never as a "not timed" .omp_outlined entry. A thread still
// running when the process exits is counted up to the write.
//
// lagrange_step(n) runs two `#pragma omp parallel for` loops over n
// elements (static schedule, no reduction: no per-thread combine FLOPs):
//   loop 1: v[i] = sqrt(x[i] * x[i] + v[i])   fmul + fadd + sqrt = 3
//   loop 2: e[i] = x[i] / (v[i] + 1.0)         fadd + fdiv        = 2
// canonical per step = 5 n; n = 20000, 4 steps: 400000 fp64 FLOPs, the
// same at every thread count, and so is the empirical count (the same
// machine code runs each element once). main's set-up adds n fp64 adds
// (x[i] = (i % 97) + 0.5, the conversion is not a FLOP): totals 420000.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%roofpass %s %roofrt/libroofrt.a -lpthread -lm -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env OMP_NUM_THREADS=1  OMP_WAIT_POLICY=passive ROOF_OUTPUT=%t.dir/t1.json  ROOF_QUIET=1 %t
// RUN: env OMP_NUM_THREADS=2  OMP_WAIT_POLICY=passive ROOF_OUTPUT=%t.dir/t2.json  ROOF_QUIET=1 %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=passive ROOF_OUTPUT=%t.dir/t16.json ROOF_QUIET=1 %t
// RUN: env OMP_NUM_THREADS=64 OMP_WAIT_POLICY=passive ROOF_OUTPUT=%t.dir/t64.json ROOF_QUIET=1 %t
// RUN: for t in 1 2 16 64; do \
// RUN:   %python %S/Inputs/jq.py %t.dir/t$t.json --at 'functions[name=lagrange_step]' \
// RUN:     calls fp64.canonical fp64.classes.sqrt.canonical fp64.classes.div.canonical \
// RUN:     --at . totals.fp64.canonical; \
// RUN:   done | sort | uniq -c | FileCheck %s --check-prefix=SAME
// RUN: for t in 1 2 16 64; do \
// RUN:   %python %S/../runtime/Inputs/check_report.py %t.dir/t$t.json "len(r['threads']) == $t" \
// RUN:     '[f["time_s"] > 0 for f in r["functions"] if f["name"] == "lagrange_step"] == [True]' || exit 1; \
// RUN:   done
// Each line four times, once per thread count:
// SAME-DAG: 4 calls = 4
// SAME-DAG: 4 fp64.canonical = 400000
// SAME-DAG: 4 fp64.classes.sqrt.canonical = 80000
// SAME-DAG: 4 fp64.classes.div.canonical = 80000
// SAME-DAG: 4 totals.fp64.canonical = 420000
// RUN: %python %S/Inputs/jq.py %t.dir/t1.json totals.fp64.empirical > %t.empirical1
// RUN: for t in 2 16 64; do %python %S/Inputs/jq.py %t.dir/t$t.json totals.fp64.empirical | diff - %t.empirical1; done
// RUN: %python %S/../runtime/Inputs/check_report.py %t.dir/t64.json \
// RUN:   'not any(".omp_outlined" in f["name"] for f in r["functions"])' \
// RUN:   'len(r["threads"]) == 64' \
// RUN:   'sum(flops(t, "fp64") for t in r["threads"]) == 420000'
//
// The report gives the step a rate:
// RUN: %roof report %t.dir/t16.json | FileCheck %s --check-prefix=REPORT
// REPORT:      #1 lagrange_step
// REPORT-NEXT: 4 calls, {{.*}}, time {{[0-9.]+}} ms
// REPORT:      fp64 400.000 k 400.000 k 1.000 400.000 k {{[0-9.]+}} {{[0-9.]+}} {{0\.0*[1-9][0-9.]*|[1-9][0-9.]*}} {{.*}}
//
// A thread still running at exit (spinning in an instrumented function):
// its calls so far are in the census, which is whole.
// RUN: env OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive ROOF_OUTPUT=%t.dir/running.json ROOF_QUIET=1 %t running
// RUN: %python %S/../runtime/Inputs/check_report.py %t.dir/running.json \
// RUN:   'r["ended_by"] == "exit"' \
// RUN:   '[f["calls"] for f in r["functions"] if f["name"] == "lagrange_step"] == [4]' \
// RUN:   '[f["calls"] > 0 for f in r["functions"] if f["name"] == "background"] == [True]' \
// RUN:   'flops(r["totals"], "fp64") >= 420000'
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double *x, *v, *e;

__attribute__((noinline)) void lagrange_step(long n) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    v[i] = sqrt(x[i] * x[i] + v[i]);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    e[i] = x[i] / (v[i] + 1.0);
}

static volatile double sink;

__attribute__((noinline)) void background(double a) { sink = sink * a + 1.0; }

static void *run_forever(void *unused) {
  (void)unused;
  for (;;)
    background(0.5);
  return NULL;
}

int main(int argc, char **argv) {
  const long n = 20000;
  x = malloc(n * sizeof *x);
  v = malloc(n * sizeof *v);
  e = malloc(n * sizeof *e);
  for (long i = 0; i < n; i++) {
    x[i] = (double)(i % 97) + 0.5;
    v[i] = 1.0;
  }
  pthread_t thread;
  if (argc > 1 && !strcmp(argv[1], "running"))
    pthread_create(&thread, NULL, run_forever, NULL);
  for (int step = 0; step < 4; step++)
    lagrange_step(n);
  printf("e[n-1] = %g\n", e[n - 1]);
  return 0;
}
