// What the census has to say about a function (passes/CounterPlan.cpp)
// is an LLVM optimisation remark of pass "roof": that it is counted, and with
// how many counters (-Rpass=roof, "Counted"); what roof could not count
// exactly, such as a libm call with no measured cost or machine code it could
// not tie to a counter (-Rpass-missed=roof, "NotExact"); how a count came
// about (-Rpass-analysis=roof, "Census"). clang shows them at the source
// line, and -fsave-optimization-record writes them to the YAML record with
// the other passes' remarks.
//
// tgamma is not in the table of measured libm costs: 1 transcendental
// operation per element, with a missed remark at the call (line 29).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -g -fpass-plugin=%roofpass -Rpass-missed=roof -c %s -o %t/remarks.o 2>&1 | FileCheck %s --check-prefix=MISSED
// MISSED: remarks.c:29:{{[0-9]+}}: remark: no measured cost for 'tgamma'; counted as 1 transcendental operation per element [-Rpass-missed=roof]
// RUN: %clang -O2 -g -fpass-plugin=%roofpass -Rpass=roof -c %s -o %t/remarks.o 2>&1 | FileCheck %s --check-prefix=PASSED
// PASSED: remarks.c:28:{{[0-9]+}}: remark: counted with {{[0-9]+}} counter{{s?}} [-Rpass=roof]
// RUN: %clang -O2 -g -fpass-plugin=%roofpass -fsave-optimization-record -foptimization-record-file=%t/remarks.yaml -c %s -o %t/remarks.o
// RUN: FileCheck %s --check-prefix=YAML < %t/remarks.yaml
// YAML: --- !Passed
// YAML-NEXT: Pass: roof
// YAML-NEXT: Name: Counted
// YAML: --- !Missed
// YAML-NEXT: Pass: roof
// YAML-NEXT: Name: NotExact
#include <math.h>

double gamma_of(double x) {
  return tgamma(x);
}
