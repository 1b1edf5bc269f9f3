; Only the four precisions of abi.h (fp16, bf16, fp32, fp64) are counted.
; x86_fp80 (long double on x86-64) and fp128 arithmetic is not a FLOP in any
; class; its loads and stores still move bytes (store size: 10 for
; x86_fp80, 16 for fp128).
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'long_double'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     bytes loaded=10 stored=10
; CHECK-NOT:    fp
; CHECK-NOT:    remark
define void @long_double(ptr %p, x86_fp80 %b) #0 {
entry:
  %a = load x86_fp80, ptr %p
  %s = fadd x86_fp80 %a, %b
  %m = fmul x86_fp80 %s, %b
  %d = fdiv x86_fp80 %m, %b
  %c = fcmp olt x86_fp80 %d, %b
  %e = fpext double 1.0 to x86_fp80
  %r = select i1 %c, x86_fp80 %d, x86_fp80 %e
  store x86_fp80 %r, ptr %p
  ret void
}

; CHECK-LABEL: roof-counter-plan: function 'quad'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     bytes loaded=16 stored=16
; CHECK-NOT:    fp
define void @quad(ptr %p, fp128 %b) #0 {
entry:
  %a = load fp128, ptr %p
  %s = fadd fp128 %a, %b
  %q = call fp128 @llvm.sqrt.f128(fp128 %s)
  store fp128 %q, ptr %p
  ret void
}

declare fp128 @llvm.sqrt.f128(fp128)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
