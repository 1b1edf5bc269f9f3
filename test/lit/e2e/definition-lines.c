// The line each function is defined at, in the census and in roof report's
// per-function table, from the debug information of a -g or
// -gline-tables-only build (docs/schema.md, function "line"):
//   dot         its definition's line in this file
//   pscale      its definition's line; its OpenMP outlined body
//               (pscale.omp_outlined, whose subprogram is at the pragma) is
//               merged into it and listed with pscale's line
//   sum_squares defined in a header: line 0, the report shows the module
//               alone
//   main        its line
// Without debug information every line is 0 and the report shows the module
// alone.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %clang -O2 -g -fopenmp -fpass-plugin=%roofpass %s -o %t/lines %roofrt/libroofrt.a -lpthread -lm
// RUN: env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t/lines.json %t/lines | FileCheck %s --check-prefix=OUT
// OUT: sum=5000
// The expected lines are next to the definitions below.
// RUN: %python %S/Inputs/jq.py %t/lines.json 'len(functions)' \
// RUN:     'functions[name=dot].line' 'functions[name=pscale].line' \
// RUN:     'functions[name=sum_squares].line' 'functions[name=main].line' \
// RUN:   | FileCheck %s --check-prefix=JSON --match-full-lines
// JSON: len(functions) = 4
// JSON-DAG: functions[name=sum_squares].line = 0
// RUN: %roof report %t/lines.json | FileCheck %s --check-prefix=REPORT
// REPORT-DAG: sum_squares [{{.*}}definition-lines.c]
// RUN: %roof report --json %t/lines.json | %python -c "import json,sys; [print(f['name'], f['line']) for f in json.load(sys.stdin)['functions']]" | FileCheck %s --check-prefix=REPORT-JSON
// REPORT-JSON-DAG: sum_squares 0
//
// RUN: %clang -O2 -gline-tables-only -fopenmp -fpass-plugin=%roofpass %s -o %t/tables %roofrt/libroofrt.a -lpthread -lm
// RUN: env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t/tables.json %t/tables | FileCheck %s --check-prefix=OUT
// RUN: %roof report %t/tables.json | FileCheck %s --check-prefix=REPORT
//
// RUN: %clang -O2 -fopenmp -fpass-plugin=%roofpass %s -o %t/plain %roofrt/libroofrt.a -lpthread -lm
// RUN: env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t/plain.json %t/plain | FileCheck %s --check-prefix=OUT
// RUN: %roof report %t/plain.json | FileCheck %s --check-prefix=PLAIN
// PLAIN: dot [{{.*}}definition-lines.c]

#include "Inputs/definition_lines.h"

#include <stdio.h>

enum { N = 1000 };

// JSON-DAG: functions[name=dot].line = [[#@LINE+3]]
// REPORT-DAG: dot [{{.*}}definition-lines.c:[[#@LINE+2]]]
// REPORT-JSON-DAG: dot [[#@LINE+1]]
__attribute__((noinline)) double dot(const double *x, const double *y,
                                     int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

// JSON-DAG: functions[name=pscale].line = [[#@LINE+3]]
// REPORT-DAG: pscale [{{.*}}definition-lines.c:[[#@LINE+2]]]
// REPORT-JSON-DAG: pscale [[#@LINE+1]]
__attribute__((noinline)) void pscale(double *x, double a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    x[i] *= a;
}

// JSON-DAG: functions[name=main].line = [[#@LINE+3]]
// REPORT-DAG: main [{{.*}}definition-lines.c:[[#@LINE+2]]]
// REPORT-JSON-DAG: main [[#@LINE+1]]
int main(void) {
  static double x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = 1;
    y[i] = 2;
  }
  pscale(y, 2.0, N);
  printf("sum=%.0f\n", dot(x, y, N) + sum_squares(x, N));
  return 0;
}
