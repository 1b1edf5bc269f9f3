// How the runtime finds the modules (include/roof/abi.h): each instrumented
// module puts its descriptor's address in the roof_modules section and has
// no constructor; the runtime reads the section of the program it is linked
// into when it loads, and a module it did not find there (a shared
// library's, whose section is its own) registers on its first call.
//
// This file is three modules: the program (main, a loop of scale calls),
// PART_OTHER (never_called, which nothing calls: the program's link drops
// its code with --gc-sections, and keeps its section entry and descriptor)
// and PART_LIBRARY, a shared library without the runtime (lib_scale). By
// hand: 3 modules of 1 function each (the census lists PART_OTHER's, whose
// function it leaves out of "functions", as it does every function that
// never ran); lib_scale called 3 times, each a loop of n = 1000
// multiplies: 3,000 fp64 multiplies; main 1 call.
//
// RUN: %clang -O2 -fpass-plugin=%roofpass -DPART_OTHER -c %s -o %t.other.o
// RUN: %clang -O2 -fpass-plugin=%roofpass -DPART_LIBRARY -fPIC -shared %s -o %t.library.so
// RUN: %clang -O2 -fpass-plugin=%roofpass %s %t.other.o %t.library.so %roofrt/libroofrt.a -lpthread -lm -Wl,--gc-sections -o %t
// RUN: llvm-readelf -S %t.other.o | FileCheck %s --check-prefix=SECTION
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json ROOF_QUIET=1 %t
// RUN: %python %S/../runtime/Inputs/check_report.py %t.json \
// RUN:   '[m["functions"] for m in r["modules"]] == [1, 1, 1]' \
// RUN:   'names(r["functions"]) == ["main", "lib_scale"]' \
// RUN:   'fn("lib_scale")["calls"] == 3' \
// RUN:   'cls(fn("lib_scale"), "fp64", "mul", "canonical") == 3000' \
// RUN:   'fn("main")["calls"] == 1'
//
// SECTION: roof_modules PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000008
#include <stdio.h>

#if defined(PART_OTHER)
double never_called(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}
#elif defined(PART_LIBRARY)
void lib_scale(double *x, long n, double a) {
  for (long i = 0; i < n; ++i)
    x[i] *= a;
}
#else
void lib_scale(double *x, long n, double a);

static double x[1000];

int main(void) {
  for (int r = 0; r < 3; ++r)
    lib_scale(x, 1000, 1.5);
  printf("%g\n", x[0]);
  return 0;
}
#endif
