; The twin's machine code (CodegenTwin) is cached on disk under
; $ROOF_CACHE_DIR, one file per module, keyed by a hash of the module's
; bitcode, the code generation level and LLVM's version: a second run with
; the same module reads it and prints the same census. A different level is
; another entry. A damaged entry is not trusted: the twin is compiled again.
;
; RUN: rm -rf %t.cache
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -passes='print<roof-counter-plan>' -disable-output %s > %t.cold
; RUN: ls %t.cache | FileCheck %s --check-prefix=FILES
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -passes='print<roof-counter-plan>' -disable-output %s > %t.warm
; RUN: diff %t.cold %t.warm
; RUN: FileCheck %s < %t.warm
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -passes='print<roof-counter-plan;O3>' -disable-output %s > /dev/null
; RUN: ls %t.cache | FileCheck %s --check-prefix=TWO
; RUN: for f in %t.cache/twin-*; do echo garbage > $f; done
; RUN: env ROOF_CACHE_DIR=%t.cache %opt -passes='print<roof-counter-plan>' -disable-output %s > %t.damaged
; RUN: diff %t.cold %t.damaged
; FILES: twin-{{[0-9a-f]+$}}
; FILES-NOT: twin-
; TWO-COUNT-2: twin-{{[0-9a-f]+$}}
; CHECK: fp32.mul canonical=0 empirical=16 full_width=16
; CHECK: fp32.fma canonical=0 empirical=64 full_width=64
; CHECK: fp32.div canonical=16 empirical=16 full_width=16
; CHECK: machine: block %0: vrcp14ps zmm, vmulps zmm, vfmsub213ps zmm, vfnmadd213ps zmm

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define <16 x float> @divide(<16 x float> %a, <16 x float> %b) #0 {
  %q = fdiv fast <16 x float> %a, %b
  ret <16 x float> %q
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "min-legal-vector-width"="512" }
