; Regression test for a fixed bug, which was: a call of the libm function sqrt() (what clang emits for sqrt(x) with
; the default -fmath-errno on Linux: `call double @sqrt(double)`, not the
; intrinsic) gets empirical = full_width = 0 and the remark "backend: " with
; an empty instruction list.
; The X86 backend inlines it (PartiallyInlineLibCalls: vsqrtsd on the fast
; path, the call only for negative inputs; ASM lines below, made by llc from
; this very file). The probe compiles the same single call but with a
; legacy PassManager that has no TargetLibraryInfoWrapperPass for the
; module's triple; in LLVM 19 a default-constructed TargetLibraryInfoImpl
; marks every library function unavailable, so PartiallyInlineLibCalls does
; not recognise `sqrt`, the probe's assembly is a bare `callq sqrt@PLT`, and
; no FP instruction is found. (llc adds
; `TargetLibraryInfoWrapperPass(Triple(M.getTargetTriple()))` before
; addPassesToEmitFile; ExpansionProbe.cpp compileToAssembly() should too.)
;
; Expected (x86-64-v4): fp64.sqrt canonical=1 empirical=1 full_width=1 and a
; remark listing vsqrtsd (the probe also sees the vucomisd of the range
; check: a compare, not pinned here); the same in fp32 for sqrtf.
; roof gives fp64.sqrt canonical=1 empirical=0 full_width=0 and
; "; backend: " (empty).
;
; RUN: %opt -passes='print<roof-census>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-census: function 'errno_sqrt'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.sqrt canonical=1 empirical=1 full_width=1
; CHECK:        remark: %r = call double @sqrt(double %x) ; backend: {{.*}}vsqrtsd
; ASM-LABEL: errno_sqrt:
; ASM:       vucomisd
; ASM:       vsqrtsd
; ASM:       callq sqrt@PLT
define double @errno_sqrt(double %x) #0 {
entry:
  %r = call double @sqrt(double %x)
  ret double %r
}

; CHECK-LABEL: roof-census: function 'errno_sqrtf'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.sqrt canonical=1 empirical=1 full_width=1
; CHECK:        remark: %r = call float @sqrtf(float %x) ; backend: {{.*}}vsqrtss
; ASM-LABEL: errno_sqrtf:
; ASM:       vucomiss
; ASM:       vsqrtss
; ASM:       callq sqrtf@PLT
define float @errno_sqrtf(float %x) #0 {
entry:
  %r = call float @sqrtf(float %x)
  ret float %r
}

declare double @sqrt(double)
declare float @sqrtf(float)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
