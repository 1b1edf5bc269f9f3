// Loops passed to the traffic model whole (passes/TrafficInstrumenter.h:
// one __roof_traffic_loop call before an innermost loop of affine accesses)
// give the bytes of every access checked where it is (ROOF_TRAFFIC=each),
// to the byte, on compiled loops of the shapes real kernels have: vectorized
// and interleaved (adjacent accesses merged into one stream), backward, a
// row-major column walk (a step of a row), an array of structures (a step
// of 24 bytes, 8 read), strided reads of every second and every eighth
// double (unrolled, their loads merged across the gaps between them, which
// no line fits in), a read every eighth double at a stride the compiler
// does not know (the runtime takes its unrolled loads as one stream), a dot
// product and a running sum (unrolled, the accesses
// to one array merged across those to the other between them), a
// loop-invariant address updated every iteration
// (it may alias the array, so it stays in memory), a 3-point stencil, and
// short loops nested in a longer one; and loops that are not passed whole,
// a gather and a histogram, whose adjacent accesses (the interleaved loads
// of idx[i], the load and the store of bins[k]) are checked once, merged.
// Loops that touch less than 32 KiB on entry run a copy that checks each
// stream's lines once an iteration (the column walk's 256 rows here, and
// small_matmul's merged streams), the others are passed whole. With every
// line sampled (ROOF_TRAFFIC_RATE=1) the model's result depends on the access order
// alone, so the two builds must agree exactly; small caches make every
// level move bytes.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %roof cc --roof-traffic -O3 -march=x86-64-v3 %s -o %t/whole
// RUN: env ROOF_TRAFFIC=each %roof cc -O3 -march=x86-64-v3 %s -o %t/each
// RUN: env ROOF_OUTPUT=%t/whole.json ROOF_QUIET=1 ROOF_CACHES=4K,32K,256K ROOF_TRAFFIC_RATE=1 %t/whole
// RUN: env ROOF_OUTPUT=%t/each.json ROOF_QUIET=1 ROOF_CACHES=4K,32K,256K ROOF_TRAFFIC_RATE=1 %t/each
// RUN: %python %S/Inputs/same_traffic.py %t/whole.json %t/each.json triad backward column particles every_second every_eighth strided dot running_sum accumulate stencil small_matmul gather histogram | FileCheck %s
// CHECK: triad: same traffic
// CHECK: backward: same traffic
// CHECK: column: same traffic
// CHECK: particles: same traffic
// CHECK: every_second: same traffic
// CHECK: every_eighth: same traffic
// CHECK: strided: same traffic
// CHECK: dot: same traffic
// CHECK: running_sum: same traffic
// CHECK: accumulate: same traffic
// CHECK: stencil: same traffic
// CHECK: small_matmul: same traffic
// CHECK: gather: same traffic
// CHECK: histogram: same traffic
//
// The whole build calls the model once per loop, not once per sampled
// access: at the default sampling, it must still agree with the other
// within 5% at the last level on the streaming triad.
// RUN: env ROOF_OUTPUT=%t/whole32.json ROOF_QUIET=1 ROOF_CACHES=4K,32K,256K %t/whole
// RUN: env ROOF_OUTPUT=%t/each32.json ROOF_QUIET=1 ROOF_CACHES=4K,32K,256K %t/each
// RUN: %python %S/../runtime/Inputs/check_report.py %t/whole32.json \
// RUN:   'near(fn("triad")["traffic"]["DRAM"]["loaded"], 3 * 8 * 65536 * 4, 0.05)'
#include <stdio.h>
#include <stdlib.h>

enum { N = 65536, ROWS = 256, COLS = 256 };

__attribute__((noinline)) void triad(double *restrict a, const double *restrict b,
                                     const double *restrict c, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + 3.0 * c[i];
}

__attribute__((noinline)) void backward(double *restrict a,
                                        const double *restrict b, long n) {
  for (long i = n - 1; i >= 0; --i)
    a[i] = 0.5 * b[i];
}

__attribute__((noinline)) double column(const double *m, long rows, long cols,
                                        long j) {
  double sum = 0.0;
  for (long i = 0; i < rows; ++i)
    sum += m[i * cols + j];
  return sum;
}

struct particle {
  double x, y, z;
};

__attribute__((noinline)) double particles(const struct particle *p, long n) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += p[i].x;
  return sum;
}

__attribute__((noinline)) double every_second(const double *a, long n) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += a[2 * i];
  return sum;
}

__attribute__((noinline)) double every_eighth(const double *a, long n) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += a[8 * i];
  return sum;
}

__attribute__((noinline)) double strided(const double *a, long n,
                                        long stride) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += a[i * stride];
  return sum;
}

__attribute__((noinline)) double dot(const double *a, const double *b,
                                    long n) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += a[i] * b[i];
  return sum;
}

__attribute__((noinline)) void running_sum(double *restrict out,
                                           const double *restrict in, long n) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    out[i] = sum += in[i];
}

__attribute__((noinline)) void accumulate(double *out, const double *a,
                                          long n) {
  for (long i = 0; i < n; ++i)
    out[0] += a[i];
}

__attribute__((noinline)) void stencil(double *restrict out,
                                       const double *restrict in, long n) {
  for (long i = 1; i < n - 1; ++i)
    out[i] = in[i - 1] + in[i] + in[i + 1];
}

__attribute__((noinline)) void small_matmul(double *restrict c,
                                            const double *restrict a,
                                            const double *restrict b,
                                            long count) {
  for (long k = 0; k < count; ++k)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        c[9 * k + 3 * i + j] = a[9 * k + 3 * i] * b[j] +
                               a[9 * k + 3 * i + 1] * b[3 + j] +
                               a[9 * k + 3 * i + 2] * b[6 + j];
}

__attribute__((noinline)) void gather(double *restrict y,
                                      const double *restrict x,
                                      const long *restrict idx, long n) {
  for (long i = 0; i < n; ++i)
    y[i] = x[idx[i]];
}

__attribute__((noinline)) void histogram(unsigned *restrict bins,
                                         const unsigned *restrict keys,
                                         long n) {
  for (long i = 0; i < n; ++i)
    bins[keys[i]]++;
}

int main(void) {
  double *a = calloc(N, sizeof *a), *b = calloc(N, sizeof *b),
         *c = calloc(N, sizeof *c), *m = calloc(ROWS * COLS, sizeof *m);
  struct particle *p = calloc(N / 4, sizeof *p);
  long *idx = calloc(N, sizeof *idx);
  unsigned *keys = calloc(N, sizeof *keys), *bins = calloc(N, sizeof *bins);
  for (long i = 0; i < N; ++i) {
    idx[i] = (i * 7919) % N;
    keys[i] = (unsigned)((i * 104729) % N);
  }
  double sum = 0.0;
  for (int repeat = 0; repeat < 4; ++repeat) {
    triad(a, b, c, N);
    backward(a, b, N);
    for (long j = 0; j < COLS; j += 7)
      sum += column(m, ROWS, COLS, j);
    sum += particles(p, N / 4);
    sum += every_second(b, N / 2) + every_eighth(b, N / 8);
    sum += strided(c, N / 8, 8);
    sum += dot(b, c, N);
    running_sum(c, b, N);
    accumulate(&a[N / 2], a, N / 4);
    stencil(c, a, N);
    small_matmul(c, a, b, N / 9);
    gather(c, a, idx, N);
    histogram(bins, keys, N);
  }
  printf("%g\n", sum + a[N / 2]);
  return 0;
}
