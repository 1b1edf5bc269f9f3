// roof cc and roof run on a real program: compiled with the pass, linked
// with the runtime, run, reported. The region holds 10 daxpy sweeps over
// 1000 doubles: y[i] += a * x[i] is 2 canonical FLOPs per element, 20000 in
// all. The program's exit status (3) is roof run's, after the report.

// RUN: %roof cc -O1 %s -o %t
// RUN: %roof run --json --precision fp64 -- %t 1000 3 > %t.json; test $? -eq 3
// RUN: FileCheck %s < %t.json

// CHECK:      "regions": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "solve",
// CHECK-NEXT:     "entries": 1,
// CHECK:          "precisions": {
// CHECK-NEXT:       "fp64": {
// CHECK-NEXT:         "canonical": 20000,

#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

static void daxpy(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  double *x = malloc(n * sizeof *x);
  double *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; ++i) {
    x[i] = i;
    y[i] = 1;
  }
  roof_region_begin("solve");
  for (int sweep = 0; sweep < 10; ++sweep)
    daxpy(n, 2.0, x, y);
  roof_region_end();
  printf("%f\n", y[n - 1]);
  free(x);
  free(y);
  return atoi(argv[2]);
}
