// What the census has to say about an operation (passes/FunctionCensus.cpp:
// a libm call with no measured cost, machine code it could not tie to a
// counter) is an LLVM optimisation remark of pass "roof": clang shows it
// with -Rpass-analysis=roof at the source line, and -fsave-optimization-record
// writes it to the YAML record with the other passes' remarks.
//
// tgamma is not in the table of measured libm costs: 1 transcendental
// operation per element, with a remark at the call (line 21).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -g -fpass-plugin=%roofpass -Rpass-analysis=roof -c %s -o %t/remarks.o 2>&1 | FileCheck %s
// CHECK: remarks.c:21:{{[0-9]+}}: remark: no measured cost for 'tgamma'; counted as 1 transcendental operation per element [-Rpass-analysis=roof]
// RUN: %clang -O2 -g -fpass-plugin=%roofpass -fsave-optimization-record -foptimization-record-file=%t/remarks.yaml -c %s -o %t/remarks.o
// RUN: FileCheck %s --check-prefix=YAML < %t/remarks.yaml
// YAML: --- !Analysis
// YAML-NEXT: Pass: roof
// YAML-NEXT: Name: Census
#include <math.h>

double gamma_of(double x) {
  return tgamma(x);
}
