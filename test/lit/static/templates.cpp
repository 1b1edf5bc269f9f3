// Templates are counted per instantiation: each has its own mangled name (the
// key of the runtime JSON) and its own precision. A template that is never
// instantiated is not counted, and a note says so. Lambdas are functions of
// their own; a generic lambda is counted per instantiation too.
//
// RUN: roof-static %s -- -std=c++17 | FileCheck %s

template <typename T> void axpy(int n, T a, const T *x, T *y) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}
// 1 mul + 1 add per element; T = float reads 8 B and writes 4 B,
// T = double 16 B and 8 B.
// CHECK:      function void axpy<float>(int, float, float const*, float*) [_Z4axpyIfEviT_PKS0_PS0_] ({{.*}}templates.cpp:[[#@LINE-6]])
// CHECK-NEXT:   line [[#@LINE-6]] for i: n iterations
// CHECK-NEXT:   line [[#@LINE-6]] fp32 add 1, mul 1; load 8 B, store 4 B; runs n
// CHECK:      function void axpy<double>(int, double, double const*, double*) [_Z4axpyIdEviT_PKS0_PS0_]
// CHECK:        fp64 add 1, mul 1; load 16 B, store 8 B; runs n

template <typename T, int Block> T block_sum(const T *x) {
  T s = 0;
  for (int i = 0; i < Block; i++)
    s += x[i];
  return s;
}
// The template argument is the bound: Block = 16 iterations, 16 adds.
// CHECK:      function double block_sum<double, 16>(double const*)
// CHECK-NEXT:   line [[#@LINE-6]] for i: 16 iterations
// CHECK:        total fp64 FLOPs: 16

template <typename T> struct Accumulator {
  T sum;
  void add(const T *x, int n) {
    for (int i = 0; i < n; i++)
      sum += x[i];
  }
};
// this->sum is memory: read and written, with x[i] read, 4 + 4 B in, 4 out.
// CHECK:      function Accumulator<float>::add(float const*, int) [_ZN11AccumulatorIfE3addEPKfi]
// CHECK:        fp32 add 1; load 8 B, store 4 B; runs n

template <typename T> T never_used(T x) { return x * x; }

void use(int n, float *xf, float *yf, double *xd, double *yd) {
  axpy(n, 2.0f, xf, yf);
  axpy(n, 2.0, xd, yd);
  yd[0] = block_sum<double, 16>(xd);
  Accumulator<float> acc{0};
  acc.add(xf, n);
  auto square = [](auto t) { return t * t; };
  yf[0] = square(yf[1]);
  yd[0] = square(yd[1]);
}
// A lambda in a function that is not inline has no portable mangled name:
// clang calls it $_0, as the runtime JSON will (LLVM 19's and 22's
// llvm::demangle leave it; LLVM 16's writes "auto use(...)::$_0::operator()
// <float>(float) const [mangled]", as for other functions).
// CHECK:      function {{(.*\[)?}}_ZZ3useiPfS_PdS0_ENK3$_0clIfEEDaT_
// CHECK-NEXT:   line [[#@LINE-9]] fp32 mul 1; runs 1: return t * t
// CHECK:      function {{(.*\[)?}}_ZZ3useiPfS_PdS0_ENK3$_0clIdEEDaT_
// CHECK-NEXT:   line [[#@LINE-11]] fp64 mul 1; runs 1: return t * t
// CHECK:      note: template never_used ({{.*}}templates.cpp:[[#@LINE-20]]) is never instantiated: not counted
