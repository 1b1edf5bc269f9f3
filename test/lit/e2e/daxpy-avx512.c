// DAXPY y = a*x + y on AVX-512 (x86-64-v4, 512-bit vectors), end to end:
// compile with the plugin, link the runtime, run, read the JSON.
//
// The kernel is compiled with the plugin; the harness (main, allocation,
// initialisation: Inputs/daxpy_harness.c, shared by the daxpy-*.c tests) is
// compiled without the plugin, so the totals are the kernel's alone.
//
// By hand: a*x[i] + y[i] is one expression, so clang (-ffp-contract=on)
// emits llvm.fmuladd: 1 FMA = 2 FLOPs per element; loads x[i] and y[i]
// (16 bytes), stores y[i] (8 bytes). The vectorizer picks VF 8 x
// interleave 4 (32 elements per vector iteration) plus a scalar remainder
// loop; nothing is masked, so every kind counts each element once:
//   n = 1000: 31 vector iterations (992 elements) + 8 scalar
//     fp64 canonical = empirical = full_width = 2n = 2000, all in class fma
//     bytes_loaded = 16n = 16000, bytes_stored = 8n = 8000
//   n = 1003: 31 vector iterations + 11 scalar
//     fp64 = 2006 in every kind, bytes_loaded = 16048, bytes_stored = 8024
// No fp32/fp16/bf16 work at all.
//
// REQUIRES: avx512
// RUN: %clang -O3 -march=x86-64-v4 -mprefer-vector-width=512 -fpass-plugin=%roofpass -c %s -o %t.kernel.o
// RUN: %clang -O2 -c %S/Inputs/daxpy_harness.c -o %t.main.o
// RUN: %clang %t.kernel.o %t.main.o %roofrt/libroofrt.a -lpthread -lm -o %t
//
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1000 | FileCheck %s --check-prefix=RUN1000
// RUN1000: daxpy n=1000 sum=3500
// RUN: %python %S/Inputs/jq.py %t.json schema schema_version --at totals \
// RUN:     fp64.canonical fp64.empirical fp64.full_width \
// RUN:     fp64.classes.fma.canonical fp64.classes.fma.empirical fp64.classes.fma.full_width \
// RUN:     fp64.classes.add.empirical fp64.classes.mul.empirical \
// RUN:     bytes_loaded bytes_stored \
// RUN:     fp32.canonical fp32.empirical fp16.empirical bf16.empirical \
// RUN:   | FileCheck %s --check-prefix=N1000 --match-full-lines
// N1000:      schema = "roof"
// N1000-NEXT: schema_version = 3
// N1000-NEXT: fp64.canonical = 2000
// N1000-NEXT: fp64.empirical = 2000
// N1000-NEXT: fp64.full_width = 2000
// N1000-NEXT: fp64.classes.fma.canonical = 2000
// N1000-NEXT: fp64.classes.fma.empirical = 2000
// N1000-NEXT: fp64.classes.fma.full_width = 2000
// N1000-NEXT: fp64.classes.add.empirical = 0
// N1000-NEXT: fp64.classes.mul.empirical = 0
// N1000-NEXT: bytes_loaded = 16000
// N1000-NEXT: bytes_stored = 8000
// N1000-NEXT: fp32.canonical = 0
// N1000-NEXT: fp32.empirical = 0
// N1000-NEXT: fp16.empirical = 0
// N1000-NEXT: bf16.empirical = 0
//
// The kernel's own entry in functions[] carries the same numbers.
// RUN: %python %S/Inputs/jq.py %t.json --at 'functions[name=daxpy]' \
// RUN:     calls fp64.canonical fp64.empirical bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=FN --match-full-lines
// FN:      calls = 1
// FN-NEXT: fp64.canonical = 2000
// FN-NEXT: fp64.empirical = 2000
// FN-NEXT: bytes_loaded = 16000
// FN-NEXT: bytes_stored = 8000
//
// n = 1003 leaves an 11-element scalar remainder; the count follows n.
// RUN: rm -f %t.json && env ROOF_OUTPUT=%t.json %t 1003 > /dev/null
// RUN: %python %S/Inputs/jq.py %t.json --at totals \
// RUN:     fp64.canonical fp64.empirical fp64.full_width bytes_loaded bytes_stored \
// RUN:   | FileCheck %s --check-prefix=N1003 --match-full-lines
// N1003:      fp64.canonical = 2006
// N1003-NEXT: fp64.empirical = 2006
// N1003-NEXT: fp64.full_width = 2006
// N1003-NEXT: bytes_loaded = 16048
// N1003-NEXT: bytes_stored = 8024

void daxpy(long n, double a, const double *restrict x, double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
