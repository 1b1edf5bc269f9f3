// JSON output (--json): schema "roof-static", version 1. Functions carry the
// runtime JSON's keys, "name" (mangled) and "demangled", so that the driver
// can match them; every count is a polynomial and, when all its names have
// values, a number ("value": null otherwise). Totals have every precision and
// class, like the runtime's census object.
//
// RUN: roof-static --json --param n=100 %s -- -std=c++17 > %t.json
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s --check-prefix=SHAPE
// RUN: FileCheck %s --input-file=%t.json

namespace blas {
template <typename T> void gemv(int n, int m, const T *A, const T *x, T *y) {
  for (int i = 0; i < n; i++) {
    T s = 0;
    for (int j = 0; j < m; j++)
      s += A[i * m + j] * x[j];
    y[i] = s;
  }
}
template void gemv<double>(int, int, const double *, const double *, double *);
} // namespace blas

extern "C" void daxpy(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

// SHAPE:      _ZN4blas4gemvIdEEviiPKT_S3_PS1_ 2*m*n
// SHAPE-NEXT: daxpy 2*n
// SHAPE-NEXT: ok 2 functions

// CHECK:      "schema": "roof-static",
// CHECK-NEXT: "schema_version": 2,
// CHECK:      "parameters": {
// CHECK-NEXT:   "n": 100
// CHECK-NEXT: },
// CHECK:      "name": "_ZN4blas4gemvIdEEviiPKT_S3_PS1_",
// CHECK-NEXT: "demangled": "void blas::gemv<double>(int, int, double const*, double const*, double*)",
// CHECK-NEXT: "kind": "function",
// CHECK:      "symbols": {
// CHECK-NEXT:   "m": {
// CHECK-NEXT:     "origin": "variable",
// CHECK-NEXT:     "value": null
// CHECK-NEXT:   },
// CHECK-NEXT:   "n": {
// CHECK-NEXT:     "origin": "variable",
// CHECK-NEXT:     "value": 100
// m has no value: 2*m*n FLOPs cannot be evaluated, y[i] = s (8*n B) can.
// CHECK:      "fp64": {
// CHECK-NEXT:   "canonical": {
// CHECK-NEXT:     "polynomial": "2*m*n",
// CHECK-NEXT:     "value": null
// CHECK-NEXT:   },
// CHECK-NEXT:   "classes": {
// CHECK-NEXT:     "add": {
// CHECK-NEXT:       "polynomial": "m*n",
// CHECK:        "bytes_stored": {
// CHECK-NEXT:     "polynomial": "8*n",
// CHECK-NEXT:     "value": 800
// CHECK:      "loops": [
// CHECK:          "kind": "for",
// CHECK-NEXT:     "variable": "i",
// CHECK-NEXT:     "parent": null,
// CHECK-NEXT:     "depth": 1,
// CHECK-NEXT:     "bounded": true,
// CHECK-NEXT:     "reason": null,
// CHECK-NEXT:     "early_exit": false,
// CHECK-NEXT:     "trips": {
// CHECK-NEXT:       "polynomial": "n",
// CHECK-NEXT:       "value": 100
// CHECK:      "statements": [
// CHECK:          "text": "s += A[i * m + j] * x[j]",
// CHECK-NEXT:     "loop": 1,
// CHECK-NEXT:     "conditional": false,
// CHECK-NEXT:     "macro": null,
// CHECK-NEXT:     "executions": {
// CHECK-NEXT:       "polynomial": "m*n",
// CHECK-NEXT:       "value": null
// CHECK-NEXT:     },
// CHECK-NEXT:     "per_execution": {
// CHECK-NEXT:       "fp64": {
// CHECK-NEXT:         "add": 1,
// CHECK-NEXT:         "mul": 1,
// CHECK-NEXT:         "bytes_loaded": 16
// CHECK-NEXT:       }
// CHECK-NEXT:     },
// A C function: its name is its own demangled name, as in the runtime JSON.
// CHECK:      "name": "daxpy",
// CHECK-NEXT: "demangled": "daxpy",
// CHECK:      "fp64": {
// CHECK-NEXT:   "canonical": {
// CHECK-NEXT:     "polynomial": "2*n",
// CHECK-NEXT:     "value": 200
