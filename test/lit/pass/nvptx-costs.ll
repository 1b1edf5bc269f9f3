; NVPTX cost rules (docs/counting.md, "CUDA device code"). Each operation is
; compiled alone with the NVPTX backend (the PTX it emits is named in the
; remark) and priced by passes/PTXInstrCosts.cpp as the SASS ptxas makes of
; it, in Nsight Compute's terms (FMA = 2, MUFU = special, not a FLOP):
;   div.rn.f64  = MUFU + 7 DFMA + 1 DMUL (15 DP) + 1 FFMA range check (2 SP)
;   rcp.rn.f64  = MUFU + 5 DFMA (10 DP); sqrt.rn.f64 = MUFU + 5 DFMA + 3 DMUL
;   div.rn.f32  = MUFU + 5 FFMA (10 SP); sqrt.rn.f32 = MUFU + 2 FFMA + 2 FMUL
;   rcp.rn.f32  = MUFU + 2 FFMA + 1 FADD (a negation: 5 SP)
; Canonical counts stay source-level: one div, one sqrt.
;
; The fast f64 square root differs with LLVM 22, whose NVPTX backend (llc as
; well as the probe) no longer reads "unsafe-fp-math" and emits sqrt.rn.f64
; for it, as for @sqrt_f64 (prefix SQRT-RN; SQRT-APPROX with LLVM 16 and 19);
; canonical is the same with every version.
; RUN: env ROOF_CACHE_DIR= %opt -passes='print<roof-counter-plan>' -disable-output %s \
; RUN:   | FileCheck %s --check-prefixes=%if llvm-22 %{CHECK,SQRT-RN%} %else %{CHECK,SQRT-APPROX%}
; -nvptx-prec-divf32=1 (div.full.f32) and =0 (div.approx.f32):
; RUN: env ROOF_CACHE_DIR= %opt -nvptx-prec-divf32=1 -passes='print<roof-counter-plan>' \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=FULL
;
; NVPTX lowering also follows process-wide options (-nvptx-prec-divf32, which
; clang passes with -mllvm), which the probe text does not show: its results
; must not come from the disk cache of a compile with other options.
; RUN: rm -rf %t.cache
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -passes='print<roof-counter-plan>' \
; RUN:   -disable-output %s | FileCheck %s --check-prefixes=%if llvm-22 %{CHECK,SQRT-RN%} %else %{CHECK,SQRT-APPROX%}
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -nvptx-prec-divf32=1 \
; RUN:   -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s --check-prefix=FULL

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'div_f64'
; CHECK:      fp32.fma canonical=0 empirical=2 full_width=2
; CHECK-NEXT: fp64.mul canonical=0 empirical=1 full_width=1
; CHECK-NEXT: fp64.fma canonical=0 empirical=14 full_width=14
; CHECK-NEXT: fp64.div canonical=1 empirical=0 full_width=0
; CHECK-NEXT: fp64.special canonical=0 empirical=1 full_width=1
; CHECK:      backend: div.rn.f64
define double @div_f64(double %a, double %b) #0 {
  %r = fdiv double %a, %b
  ret double %r
}

; CHECK-LABEL: function 'reciprocal_f64'
; CHECK:      fp64.fma canonical=0 empirical=10 full_width=10
; CHECK-NEXT: fp64.div canonical=1 empirical=0 full_width=0
; CHECK-NEXT: fp64.special canonical=0 empirical=1 full_width=1
; CHECK:      backend: rcp.rn.f64
define double @reciprocal_f64(double %b) #0 {
  %r = fdiv double 1.0, %b
  ret double %r
}

; CHECK-LABEL: function 'reciprocal_f32'
; CHECK:      fp32.add canonical=0 empirical=1 full_width=1
; CHECK-NEXT: fp32.fma canonical=0 empirical=4 full_width=4
; CHECK-NEXT: fp32.div canonical=1 empirical=0 full_width=0
; CHECK-NEXT: fp32.special canonical=0 empirical=1 full_width=1
; CHECK:      backend: rcp.rn.f32
define float @reciprocal_f32(float %b) #0 {
  %r = fdiv float 1.0, %b
  ret float %r
}

; CHECK-LABEL: function 'sqrt_f64'
; CHECK:      fp64.mul canonical=0 empirical=3 full_width=3
; CHECK-NEXT: fp64.fma canonical=0 empirical=10 full_width=10
; CHECK-NEXT: fp64.sqrt canonical=1 empirical=0 full_width=0
; CHECK-NEXT: fp64.special canonical=0 empirical=1 full_width=1
; CHECK:      backend: sqrt.rn.f64
define double @sqrt_f64(double %b) #0 {
  %r = call double @llvm.sqrt.f64(double %b)
  ret double %r
}

; -ffast-math: rsqrt.approx.f64 + rcp.approx.ftz.f64, 2 MUFU + 3 DFMA + 2 DMUL,
; and a compare that sends denormal inputs to zero (LLVM 22: sqrt.rn.f64).
; CHECK-LABEL: function 'sqrt_f64_fast'
; SQRT-APPROX:      fp64.mul canonical=0 empirical=2 full_width=2
; SQRT-APPROX-NEXT: fp64.fma canonical=0 empirical=6 full_width=6
; SQRT-APPROX-NEXT: fp64.sqrt canonical=1 empirical=0 full_width=0
; SQRT-APPROX-NEXT: fp64.compare canonical=0 empirical=1 full_width=1
; SQRT-APPROX-NEXT: fp64.special canonical=0 empirical=2 full_width=2
; SQRT-APPROX:      backend: setp.lt.f64, rsqrt.approx.f64, rcp.approx.ftz.f64
; SQRT-RN:          fp64.mul canonical=0 empirical=3 full_width=3
; SQRT-RN-NEXT:     fp64.fma canonical=0 empirical=10 full_width=10
; SQRT-RN-NEXT:     fp64.sqrt canonical=1 empirical=0 full_width=0
; SQRT-RN-NEXT:     fp64.special canonical=0 empirical=1 full_width=1
; SQRT-RN:          backend: sqrt.rn.f64
define double @sqrt_f64_fast(double %b) #1 {
  %r = call fast double @llvm.sqrt.f64(double %b)
  ret double %r
}

; CHECK-LABEL: function 'div_f32'
; CHECK:      fp32.fma canonical=0 empirical=10 full_width=10
; CHECK-NEXT: fp32.div canonical=1 empirical=0 full_width=0
; CHECK-NEXT: fp32.special canonical=0 empirical=1 full_width=1
; CHECK:      backend: div.rn.f32
; FULL-LABEL: function 'div_f32'
; FULL:       fp32.mul canonical=0 empirical=1 full_width=1
; FULL-NEXT:  fp32.div canonical=1 empirical=0 full_width=0
; FULL-NEXT:  fp32.special canonical=0 empirical=1 full_width=1
; FULL:       backend: div.full.f32
define float @div_f32(float %a, float %b) #0 {
  %r = fdiv float %a, %b
  ret float %r
}

; "unsafe-fp-math" (-ffast-math): div.approx.f32 = MUFU.RCP + FMUL.
; CHECK-LABEL: function 'div_f32_fast'
; CHECK:      fp32.mul canonical=0 empirical=1 full_width=1
; CHECK-NEXT: fp32.div canonical=1 empirical=0 full_width=0
; CHECK-NEXT: fp32.special canonical=0 empirical=1 full_width=1
; CHECK:      backend: div.approx.f32
define float @div_f32_fast(float %a, float %b) #1 {
  %r = fdiv fast float %a, %b
  ret float %r
}

; CHECK-LABEL: function 'sqrt_f32'
; CHECK:      fp32.mul canonical=0 empirical=2 full_width=2
; CHECK-NEXT: fp32.fma canonical=0 empirical=4 full_width=4
; CHECK-NEXT: fp32.sqrt canonical=1 empirical=0 full_width=0
; CHECK-NEXT: fp32.special canonical=0 empirical=1 full_width=1
; CHECK:      backend: sqrt.rn.f32
define float @sqrt_f32(float %b) #0 {
  %r = call float @llvm.sqrt.f32(float %b)
  ret float %r
}

; Native half precision on sm_90: add.rn.f16, and fma.rn.f16x2 for two lanes.
; CHECK-LABEL: function 'half_ops'
; CHECK:      fp16.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT: fp16.fma canonical=4 empirical=4 full_width=4
; CHECK:      backend: add.rn.f16
; CHECK:      backend: fma.rn.f16x2
define <2 x half> @half_ops(half %a, half %b, <2 x half> %x, <2 x half> %y) #0 {
  %s = fadd half %a, %b
  %v = insertelement <2 x half> %x, half %s, i32 0
  %r = call <2 x half> @llvm.fma.v2f16(<2 x half> %v, <2 x half> %y, <2 x half> %y)
  ret <2 x half> %r
}

; MUFU approximations (__expf, __sinf): canonically one transcendental
; operation; executed, a MUFU (special), plus the FMUL that scales the angle
; of sin to revolutions.
; CHECK-LABEL: function 'approximations'
; CHECK:      fp32.mul canonical=0 empirical=1 full_width=1
; CHECK-NEXT: fp32.transcendental canonical=2 empirical=0 full_width=0
; CHECK-NEXT: fp32.special canonical=0 empirical=2 full_width=2
; CHECK:      backend: ex2.approx.ftz.f32
; CHECK:      backend: sin.approx.f32
define float @approximations(float %a) #0 {
  %e = call float @llvm.nvvm.ex2.approx.ftz.f(float %a)
  %s = call float @llvm.nvvm.sin.approx.f(float %e)
  ret float %s
}

; NVPTX fuses an fmul into every fadd that uses it (up to 4 uses) and drops
; it when no other use is left; with a store among the uses it stays.
; CHECK-LABEL: function 'contraction'
; CHECK:      fp64.add canonical=3 empirical=0 full_width=0
; CHECK-NEXT: fp64.mul canonical=2 empirical=1 full_width=1
; CHECK-NEXT: fp64.fma canonical=0 empirical=6 full_width=6
define void @contraction(double %a, double %b, double %c, double %d, ptr %p) #0 {
  %m = fmul contract double %a, %b
  %x = fadd contract double %m, %c
  %y = fadd contract double %m, %d
  store double %x, ptr %p
  %q = getelementptr double, ptr %p, i64 1
  store double %y, ptr %q
  %n = fmul contract double %c, %d
  %z = fadd contract double %n, %a
  %o = getelementptr double, ptr %p, i64 2
  store double %z, ptr %o
  store double %n, ptr %p
  ret void
}

; Bytes by address space: kernel pointer parameters address global memory;
; __shared__ and __constant__ variables their own space; allocas local
; memory; a pointer loaded from memory is generic (flat). Global: the double
; and the pointer loaded through the parameters, the double stored.
; CHECK-LABEL: function 'spaces'
; CHECK:      bytes loaded=32 stored=20
; CHECK-NEXT: global loaded=16 stored=8
; CHECK-NEXT: shared loaded=4 stored=4
; CHECK-NEXT: local loaded=4 stored=4
; CHECK-NEXT: constant loaded=4 stored=0
; CHECK-NEXT: generic loaded=4 stored=4
@tile = internal addrspace(3) global [32 x float] undef
@coefficient = internal addrspace(4) constant float 2.0
define void @spaces(ptr %in, ptr %out, i32 %i) #0 {
  %local = alloca float
  %slot = getelementptr float, ptr addrspace(3) @tile, i32 %i
  %x = load double, ptr %in
  %s = load float, ptr addrspace(3) %slot
  %c = load float, ptr addrspace(4) @coefficient
  store volatile float %s, ptr %local
  %l = load volatile float, ptr %local
  %indirect = load ptr, ptr %out
  %g = load float, ptr %indirect
  %sum = fadd float %s, %c
  %sum2 = fadd float %sum, %l
  %sum3 = fadd float %sum2, %g
  store float %sum3, ptr addrspace(3) %slot
  store float %sum3, ptr %indirect
  store double %x, ptr %out
  ret void
}

declare double @llvm.sqrt.f64(double)
declare float @llvm.sqrt.f32(float)
declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
declare float @llvm.nvvm.ex2.approx.ftz.f(float)
declare float @llvm.nvvm.sin.approx.f(float)

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }
attributes #1 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" "unsafe-fp-math"="true" }

!nvvm.annotations = !{!0}
!0 = !{ptr @spaces, !"kernel", i32 1}
