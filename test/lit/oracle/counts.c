// roof-oracle counts what executes, per function symbol: an ordered sum is
// n scalar addsd (no reassociation without -ffast-math, so no vector code),
// and the instructions of libm run for the function that calls it.
//
// RUN: %clang -O2 %s -o %t -lm
// RUN: roof-oracle %t 7 | FileCheck %s
// RUN: roof-oracle --json %t.json %t 7
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); f={x['name']: x for x in d['functions']}; print('sum', f['sum']['empirical']['fp64']['add'], f['sum']['full_width']['fp64']['add'])" %t.json | FileCheck --check-prefix=JSON %s

// Seven elements: add=7 in both kinds.
// CHECK: roof-oracle: {{[0-9]+}} instructions executed
// CHECK-NOT: {{^  (exp|__exp)}}
// CHECK-DAG: {{^  }}exponentials fp64: {{.*}}fma=
// CHECK-DAG: {{^  }}sum fp64: add=7{{$}}
// JSON: sum 7 7

#include <math.h>
#include <stdlib.h>

__attribute__((noinline)) double sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

__attribute__((noinline)) double exponentials(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += exp(x[i]);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  double *x = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    x[i] = i;
  return sum(x, n) + exponentials(x, n) < 0;
}
