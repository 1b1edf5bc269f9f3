; Floating-point operations that are not FLOPs are still reported, per
; class (docs/schema.md: minmax, compare and convert are never summed into
; the FLOP totals):
;   fcmp                      compare, 1 per lane, precision of the operands
;   fpext/fptrunc             convert, precision of the result
;   sitofp/uitofp             convert, precision of the FP result
;   fptosi/fptoui             convert, precision of the FP operand
;   floor/ceil/trunc/...      convert (vroundsd / vrndscalepd)
;   maxnum/minnum/minimum     probed: maxnum without nnan is vmaxsd plus a
;                             NaN check (vcmpunordsd + masked move):
;                             minmax 1 + compare 1 per lane; with nnan only
;                             vmaxpd: minmax 1 per lane
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'compare_scalar'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.compare canonical=1 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vucomisd
define i1 @compare_scalar(double %a, double %b) #0 {
entry:
  %c = fcmp olt double %a, %b
  ret i1 %c
}

; CHECK-LABEL: roof-counter-plan: function 'compare_vector'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.compare canonical=16 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vcmpps zmm
define i16 @compare_vector(<16 x float> %a, <16 x float> %b) #0 {
entry:
  %c = fcmp oge <16 x float> %a, %b
  %bits = bitcast <16 x i1> %c to i16
  ret i16 %bits
}

; CHECK-LABEL: roof-counter-plan: function 'conversions'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.convert canonical=9 empirical=9 full_width=9
; CHECK-NEXT:     fp64.convert canonical=11 empirical=11 full_width=11
; CHECK:      machine: block %entry: vcvtss2sd, vcvtsd2ss, vcvtsi2sd, vcvttsd2si, vcvtudq2ps ymm, vcvtps2pd zmm
define void @conversions(float %f, double %d, i32 %i, <8 x i32> %vi, <8 x float> %vf, ptr %out) #0 {
entry:
  %ext = fpext float %f to double                  ; fp64 1
  %trunc = fptrunc double %d to float              ; fp32 1
  %s2d = sitofp i32 %i to double                   ; fp64 1
  %d2s = fptosi double %d to i64                   ; fp64 1
  %u2f = uitofp <8 x i32> %vi to <8 x float>       ; fp32 8
  %vext = fpext <8 x float> %vf to <8 x double>    ; fp64 8
  %p1 = getelementptr inbounds i8, ptr %out, i64 8
  %p2 = getelementptr inbounds i8, ptr %out, i64 16
  %p3 = getelementptr inbounds i8, ptr %out, i64 24
  %p4 = getelementptr inbounds i8, ptr %out, i64 32
  %p5 = getelementptr inbounds i8, ptr %out, i64 64
  store double %ext, ptr %out
  store float %trunc, ptr %p1
  store double %s2d, ptr %p2
  store i64 %d2s, ptr %p3
  store <8 x float> %u2f, ptr %p4
  store <8 x double> %vext, ptr %p5
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'rounding'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.convert canonical=9 empirical=9 full_width=9
; CHECK:      machine: block %entry: vrndscalesd, vrndscalepd zmm
; ASM-LABEL: rounding:
; ASM:       vroundsd $9
; ASM:       vrndscalepd $10, %zmm
define <8 x double> @rounding(double %x, <8 x double> %v, ptr %p) #1 {
entry:
  %f = call double @llvm.floor.f64(double %x)
  store double %f, ptr %p
  %c = call <8 x double> @llvm.ceil.v8f64(<8 x double> %v)
  ret <8 x double> %c
}

; CHECK-LABEL: roof-counter-plan: function 'maxnum_scalar'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.minmax canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.compare canonical=0 empirical=1 full_width=1
; CHECK-NEXT: machine: block %entry: vmaxsd, vcmpsd
; ASM-LABEL: maxnum_scalar:
; ASM:       vmaxsd
; ASM-NEXT:  vcmpunordsd
define double @maxnum_scalar(double %a, double %b) #0 {
entry:
  %r = call double @llvm.maxnum.f64(double %a, double %b)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'maxnum_vector'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.minmax canonical=8 empirical=8 full_width=8
; CHECK-NEXT:     fp64.compare canonical=0 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vmaxpd zmm, vcmppd zmm
; ASM-LABEL: maxnum_vector:
; ASM:       vmaxpd {{.*}}%zmm
; ASM-NEXT:  vcmpunordpd {{.*}}%zmm
define <8 x double> @maxnum_vector(<8 x double> %a, <8 x double> %b) #1 {
entry:
  %r = call <8 x double> @llvm.maxnum.v8f64(<8 x double> %a, <8 x double> %b)
  ret <8 x double> %r
}

; CHECK-LABEL: roof-counter-plan: function 'minnum_nnan'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.minmax canonical=8 empirical=8 full_width=8
; CHECK-NEXT: machine: block %entry: vminpd zmm
; ASM-LABEL: minnum_nnan:
; ASM:       vminpd {{.*}}%zmm
; ASM-NEXT:  retq
define <8 x double> @minnum_nnan(<8 x double> %a, <8 x double> %b) #1 {
entry:
  %r = call nnan <8 x double> @llvm.minnum.v8f64(<8 x double> %a, <8 x double> %b)
  ret <8 x double> %r
}

declare double @llvm.floor.f64(double)
declare <8 x double> @llvm.ceil.v8f64(<8 x double>)
declare double @llvm.maxnum.f64(double, double)
declare <8 x double> @llvm.maxnum.v8f64(<8 x double>, <8 x double>)
declare <8 x double> @llvm.minnum.v8f64(<8 x double>, <8 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" }
