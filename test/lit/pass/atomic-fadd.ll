; Regression test for a fixed bug, which was: `atomicrmw fadd/fsub/fmax/fmin` is counted as memory traffic only (8
; bytes loaded, 8 stored for a double) but its floating-point operation is
; not counted at all: FlopCostModel::contributions() sends every
; AtomicRMWInst to memory(), which knows nothing about the operation.
; `#pragma omp atomic` on a double (x += v) and C11 atomic_fetch_add on
; _Atomic double produce exactly this. On x86 it executes as a cmpxchg loop
; around a vaddsd (ASM lines): at least one add per execution (one more per
; failed compare-exchange, which neither SDE-style counting nor roof's
; per-execution counter can see statically; 1 is the uncontended count).
;
; Expected (x86-64-v4):
;   atomic_add: fp64.add canonical=1 empirical=1 full_width=1, bytes 8/8
;   atomic_sub: fp32.add canonical=1 empirical=1 full_width=1, bytes 4/4
; roof gives only the bytes lines.
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'atomic_add'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     bytes loaded=8 stored=8
; ASM-LABEL: atomic_add:
; ASM:       vaddsd
; ASM:       lock
; ASM-SAME:  cmpxchgq
define void @atomic_add(ptr %p, double %v) #0 {
entry:
  %old = atomicrmw fadd ptr %p, double %v seq_cst
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'atomic_sub'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp32.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     bytes loaded=4 stored=4
; ASM-LABEL: atomic_sub:
; ASM:       vsubss
; ASM:       lock
; ASM-SAME:  cmpxchgl
define void @atomic_sub(ptr %p, float %v) #0 {
entry:
  %old = atomicrmw fsub ptr %p, float %v monotonic
  ret void
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
