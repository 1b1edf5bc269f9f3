/*===- examples/complex_divsqrt.c - GPP-like complex divide + sqrt -------===*\
|*
|* A loop shaped like the GPP (general plasmon pole) kernel of BerkeleyGW:
|* for each element a complex divide q = z / (w - e), its modulus |q|, and an
|* accumulation acc += q * |q| / (1 + |q|). The same kernel runs in double
|* (gpp_f64) and in float (gpp_f32). It is divide- and sqrt-bound, so it
|* shows what the backend does with divides: vdivpd/vdivps with IEEE
|* semantics; with -ffast-math the float divides become vrcp14ps + Newton
|* steps (empirical > canonical), the double ones stay vdivpd.
|*
|* Complex arithmetic is written out on real and imaginary parts: C's
|* _Complex division calls __divdc3/__divsc3 in libgcc/compiler-rt, which
|* the pass does not see.
|*
|*   roof cc -O3 -march=x86-64-v4 -mprefer-vector-width=512 \
|*       examples/complex_divsqrt.c -o gpp -lm         # IEEE divides
|*   roof cc -O3 -march=x86-64-v4 -mprefer-vector-width=512 -ffast-math \
|*       examples/complex_divsqrt.c -o gpp-fast -lm    # estimates + Newton
|*   ROOF_OUTPUT=gpp.json ./gpp [n] [R]
|*
|* Uninstrumented: clang-19 -O3 ... -DROOF_DISABLE -Iinclude/roof -lm.
|* Defaults: n = 4096, R = 40000.
|*
|* Exact canonical counts, by hand (per element, either precision)
|* ----------------------------------------------------------------
|* With -ffp-contract=on a product that is an operand of + or - in the same
|* expression becomes llvm.fmuladd (a*b - c*d is fmuladd(a, b, (-c)*d); the
|* negation is not a FLOP):
|*   dr = wr - er, di = wi - ei         2 add
|*   den = dr*dr + di*di                1 mul + 1 fma
|*   qr = (zr*dr + zi*di) / den         1 mul + 1 fma + 1 div
|*   qi = (zi*dr - zr*di) / den         1 mul + 1 fma + 1 div
|*   m = sqrt(qr*qr + qi*qi)            1 mul + 1 fma + 1 sqrt
|*   s = m / (1 + m)                    1 add + 1 div
|*   accr += qr*s, acci += qi*s         2 fma
|* = add 3, mul 4, fma 6 x 2 = 12, div 3, sqrt 1: 23 FLOPs per element.
|* Loads wr, wi, zr, zi, accr, acci, stores accr, acci: 6 and 2 elements.
|*
|*   function/region "gpp_f64": fp64 canonical = 23 n R
|*     (add 3nR, mul 4nR, fma 12nR, div 3nR, sqrt nR);
|*     bytes_loaded = 48 n R, bytes_stored = 16 n R
|*   function/region "gpp_f32": fp32 canonical = 23 n R, same classes;
|*     bytes_loaded = 24 n R, bytes_stored = 8 n R
|*   defaults: 23 * 4096 * 40000 = 3768320000 FLOPs per precision;
|*     f64 7864320000 bytes loaded, 2621440000 stored; f32 half of that.
|*
|* With -ffast-math the IR keeps separate fmul and fadd/fsub (with contract
|* flags; the backend fuses them), so the canonical classes become add 9,
|* mul 10, fma 0, div 3, sqrt 1: still 23 per element.
|*
|* Empirical: without -ffast-math, equal to canonical (vdivpd/vdivps,
|* vsqrtpd/vsqrtps, one vfmadd per fmuladd). With -ffast-math the backend
|* (after the pass) turns the two divides by den into one reciprocal and two
|* multiplies, and fuses the fmul/fadd pairs again. Vector loop bodies, read
|* off llc output (x86-64-v4, 512-bit):
|*   gpp_f64 (8 lanes): 2 vsubpd; den: vmulpd + vfmadd; 1/den: vdivpd;
|*     qr: vmulpd + vfmadd + vmulpd; qi: vmulpd + vfmsub + vmulpd;
|*     |q|^2: vmulpd + vfmadd; vsqrtpd; vaddpd; vdivpd; 2 vfmadd into acc
|*     = add 3, mul 6, fma 6 x 2 = 12, div 2, sqrt 1: 24 FLOPs per element.
|*   gpp_f32 (16 lanes): the same, except that both reciprocals are
|*     estimates: 1/den is vrcp14ps + vfmsub + vfnmadd (one Newton step) and
|*     m / (1 + m) is vrcp14ps + vmulps + vfmsub + vfnmadd
|*     = add 3, mul 7, fma 10 x 2 = 20, div 2 (vrcp14ps), sqrt 1: 33 FLOPs
|*     per element on the machine, against 23 canonical.
|*
\*===----------------------------------------------------------------------===*/
#include "harness.h"
#include <math.h>
#include <roof.h>
#include <stdio.h>
#include <stdlib.h>

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

__attribute__((noinline)) void
gpp_f64(long n, const double *restrict wr, const double *restrict wi,
        const double *restrict zr, const double *restrict zi, double er,
        double ei, double *restrict accr, double *restrict acci) {
  for (long i = 0; i < n; ++i) {
    const double dr = wr[i] - er, di = wi[i] - ei;
    const double den = dr * dr + di * di;
    const double qr = (zr[i] * dr + zi[i] * di) / den;
    const double qi = (zi[i] * dr - zr[i] * di) / den;
    const double m = sqrt(qr * qr + qi * qi);
    const double s = m / (1.0 + m);
    accr[i] += qr * s;
    acci[i] += qi * s;
  }
}

__attribute__((noinline)) void
gpp_f32(long n, const float *restrict wr, const float *restrict wi,
        const float *restrict zr, const float *restrict zi, float er, float ei,
        float *restrict accr, float *restrict acci) {
  for (long i = 0; i < n; ++i) {
    const float dr = wr[i] - er, di = wi[i] - ei;
    const float den = dr * dr + di * di;
    const float qr = (zr[i] * dr + zi[i] * di) / den;
    const float qi = (zi[i] * dr - zr[i] * di) / den;
    const float m = sqrtf(qr * qr + qi * qi);
    const float s = m / (1.0f + m);
    accr[i] += qr * s;
    acci[i] += qi * s;
  }
}

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

// The command line, allocation and now() are in harness.h.

struct f64_data {
  double *wr, *wi, *zr, *zi, *accr, *acci;
};
struct f32_data {
  float *wr, *wi, *zr, *zi, *accr, *acci;
};

// Small exact values (quarters) so both precisions start from the same data;
// w - e has a real part >= 0.75, so no divide by zero.
__attribute__((noinline)) void init(long n, struct f64_data *d,
                                    struct f32_data *f) {
  for (long i = 0; i < n; ++i) {
    d->wr[i] = 1 + i % 7;
    d->wi[i] = 0.25 * (i % 5) - 0.5;
    d->zr[i] = 0.25 * (i % 9) - 1.0;
    d->zi[i] = 1 + i % 3;
    d->accr[i] = d->acci[i] = 0.0;
    f->wr[i] = (float)d->wr[i];
    f->wi[i] = (float)d->wi[i];
    f->zr[i] = (float)d->zr[i];
    f->zi[i] = (float)d->zi[i];
    f->accr[i] = f->acci[i] = 0.0f;
  }
}

__attribute__((noinline)) double checksum_f64(long n, const double *re,
                                              const double *im) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += re[i] + im[i];
  return sum;
}

__attribute__((noinline)) double checksum_f32(long n, const float *re,
                                              const float *im) {
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += (double)re[i] + (double)im[i];
  return sum;
}

static double *f64s(long n) {
  return alloc("complex_divsqrt", n, n * sizeof(double));
}
static float *f32s(long n) {
  return alloc("complex_divsqrt", n, n * sizeof(float));
}

int main(int argc, char **argv) {
  long n = 4096, reps = 40000;
  args(argc, argv, 1, &n, &reps);
  struct f64_data d = {f64s(n), f64s(n), f64s(n), f64s(n), f64s(n), f64s(n)};
  struct f32_data f = {f32s(n), f32s(n), f32s(n), f32s(n), f32s(n), f32s(n)};
  init(n, &d, &f);

  double t0 = now();
  roof_region_begin("gpp_f64");
  for (long r = 0; r < reps; ++r)
    gpp_f64(n, d.wr, d.wi, d.zr, d.zi, 0.25, -0.125, d.accr, d.acci);
  roof_region_end();
  double t1 = now();
  roof_region_begin("gpp_f32");
  for (long r = 0; r < reps; ++r)
    gpp_f32(n, f.wr, f.wi, f.zr, f.zi, 0.25f, -0.125f, f.accr, f.acci);
  roof_region_end();
  double t2 = now();

  // Both precisions compute the same sums; float keeps ~6 digits (less
  // with -ffast-math estimates, which are good to ~23 bits after Newton).
  double s64 = checksum_f64(n, d.accr, d.acci);
  double s32 = checksum_f32(n, f.accr, f.acci);
  double rel = fabs(s32 - s64) / fabs(s64);
  int ok = rel < 1e-3;
  double flops = 23.0 * n * reps;
  printf("complex_divsqrt: n=%ld reps=%ld  f64 %.3f s %.2f GFLOP/s  "
         "f32 %.3f s %.2f GFLOP/s  checksum=%.10g / %.10g (rel diff %.1e, "
         "%s)\n",
         n, reps, t1 - t0, flops / (t1 - t0) * 1e-9, t2 - t1,
         flops / (t2 - t1) * 1e-9, s64, s32, rel, ok ? "ok" : "WRONG");
  void *all[] = {d.wr, d.wi, d.zr, d.zi, d.accr, d.acci,
                 f.wr, f.wi, f.zr, f.zi, f.accr, f.acci};
  for (unsigned i = 0; i < sizeof all / sizeof *all; ++i)
    free(all[i]);
  return ok ? 0 : 1;
}
