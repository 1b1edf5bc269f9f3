; A call of the libm function sqrt() (what clang emits for sqrt(x) with the
; default -fmath-errno on Linux: `call double @sqrt(double)`, not the
; intrinsic). The X86 backend inlines it (PartiallyInlineLibCalls): a
; compare, vsqrtsd on the fast path, the call only for a negative or NaN
; argument (ASM lines below, made by llc from this very file). The twin's
; machine code shows the three blocks; the branch is the code generator's
; own, with no IR value that a counter could see, so the fast path counts
; with its block (exact for every argument >= -0) and the remark says so.
; (A regression test too: an earlier cost model compiled a probe without
; TargetLibraryInfo, in which the call was not inlined, and counted 0.)
;
; Expected (x86-64-v4): fp64.sqrt canonical=1 empirical=1 full_width=1 and
; fp64.compare empirical=1 (the vucomisd); the same in fp32 for sqrtf.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'errno_sqrt'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.sqrt canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.compare canonical=0 empirical=1 full_width=1
; CHECK-NEXT:   machine: block %entry: vucomisd
; CHECK-NEXT:   machine: block %entry: vsqrtsd
; CHECK-NEXT:   machine: block %entry: call sqrt
; CHECK-NEXT:   remark: block %entry ; machine block bb.1 is on a branch the code generator added; counted as if always taken
; ASM-LABEL: errno_sqrt:
; ASM:       vucomisd
; ASM:       vsqrtsd
; ASM:       callq sqrt@PLT
define double @errno_sqrt(double %x) #0 {
entry:
  %r = call double @sqrt(double %x)
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'errno_sqrtf'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.sqrt canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp32.compare canonical=0 empirical=1 full_width=1
; CHECK-NEXT:   machine: block %entry: vucomiss
; CHECK-NEXT:   machine: block %entry: vsqrtss
; CHECK-NEXT:   machine: block %entry: call sqrtf
; CHECK-NEXT:   remark: block %entry ; machine block bb.1 is on a branch the code generator added; counted as if always taken
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
