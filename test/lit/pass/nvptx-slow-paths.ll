; The slow paths of div.rn, rcp.rn and sqrt.rn (passes/SlowPaths.cpp):
; after each operation the backend emits as one of them, the kernel tests
; the operands as the SASS does and, on the slow path, adds what the call
; executes to a slot per SASS instruction kind (weighted as FLOPs: add and
; mul 1, fma 2, empirical and full width), and for rcp.rn.f32 and
; sqrt.rn.f32, whose call replaces the fast path, counts the fast path
; skipped in a slot weighted as minus its FLOPs. Approximate operations
; have no slow path. Metrics: fp32 add 61/62, mul 64/65, fma 67/68; fp64
; add 91/92, mul 94/95, fma 97/98 (empirical/full width).
;
; RUN: env ROOF_CACHE_DIR= %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: %opt -passes=roof-instrument %s -o %t.bc
; RUN: %llc -O3 -mcpu=sm_90 -mattr=+ptx80 %t.bc -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Their weights in the header: metrics 94/95 fp64 mul empirical/full
; width 1, 97/98 fp64 fma 2.
; CHECK: @__roof_kh_divide = {{.*}} { i32 3, i32 {{[0-9]+}}, i64 0, i64 0, {{.*}}{ i32 1, i32 94, i64 1 }, { i32, i32, i64 } { i32 1, i32 95, i64 1 }, { i32, i32, i64 } { i32 2, i32 97, i64 2 }, { i32, i32, i64 } { i32 2, i32 98, i64 2 }
; rcp.rn.f32 (1.0 / b): the call for exponent fields 0, 253, 254 and 255;
; then a subnormal 1 FADD, 4 FFMA, e 253 or 254 1 FADD, 3 FFMA; the fast
; path skipped (column 3: fp32 add -1, fma -4).
; CHECK: @__roof_kh_rcp_f32 = {{.*}}{ i32 3, i32 61, i64 -1 }, { i32, i32, i64 } { i32 3, i32 62, i64 -1 }, { i32, i32, i64 } { i32 3, i32 67, i64 -4 }, { i32, i32, i64 } { i32 3, i32 68, i64 -4 }
; sqrt.rn.f32: column 4 the fast path skipped (fp32 mul -2, fma -4).
; CHECK: @__roof_kh_sqrt_f32 = {{.*}}{ i32 1, i32 61, i64 1 }, {{.*}}{ i32 2, i32 64, i64 1 }, {{.*}}{ i32 3, i32 67, i64 2 }, {{.*}}{ i32 4, i32 64, i64 -2 }, { i32, i32, i64 } { i32 4, i32 65, i64 -2 }, { i32, i32, i64 } { i32 4, i32 67, i64 -4 }, { i32, i32, i64 } { i32 4, i32 68, i64 -4 }
; sqrt.rn.f64: DADD, DMUL, DFMA.
; CHECK: @__roof_kh_sqrt_f64 = {{.*}}{ i32 1, i32 91, i64 1 }, {{.*}}{ i32 2, i32 94, i64 1 }, {{.*}}{ i32 3, i32 97, i64 2 }
; No slow path: only the block's column.
; CHECK: @__roof_kh_approximate = {{.*}} { i32 1, i32
; CHECK-LABEL: define {{(ptx_kernel )?}}void @divide(
; CHECK:       %q = fdiv double %a, %b
; The fast path's tests: numerator below 2^-969, divisor's high word at or
; above float infinity or below 2^-1022, quotient out of range.
; CHECK-DAG:   icmp ult i32 %{{.*}}, 56623104
; CHECK-DAG:   icmp uge i32 %{{.*}}, 2139095040
; CHECK-DAG:   icmp ult i32 %{{.*}}, 1048576
; CHECK-DAG:   icmp ule i32 %{{.*}}, 2139095040
; CHECK-DAG:   icmp ugt i32 %{{.*}}, 1048576
; CHECK:       %roof.div.slow = or i1
; CHECK:       br i1 %roof.div.slow, label %[[SLOW:.*]], label %[[NEXT:[^,]*]], !prof
; CHECK:     [[SLOW]]:
; 7 DFMA (+1 for a subnormal numerator) and 1 DMUL (+1 for a subnormal
; divisor) on every slow path; zero, infinite and NaN operands stop there.
; CHECK:       add i32 1, %{{.*}}
; CHECK:       add i32 7, %{{.*}}
; CHECK:       icmp uge i32 %{{.*}}, 2146435072
; CHECK:       %roof.div.tiny = icmp ule i32 %{{.*}}, 1048576
; Exactness of a subnormal quotient: scaled by 2^600, divided, remainder.
; CHECK:       fmul double %a, 0x6570000000000000
; CHECK:       call double @llvm.fma.f64(
; CHECK:       fcmp une double
; The two slots are columns 1 and 2 of the counts (column 0: the block).
; CHECK:       mul i64 1, %roof.rows
; CHECK:       mul i64 2, %roof.rows
; CHECK:       ret void
define void @divide(double %a, double %b, ptr %out) #0 {
  %q = fdiv double %a, %b
  store double %q, ptr %out
  ret void
}

; div.rn.f32: FCHK's bounds on the exponent fields (25 <= ea <= 254,
; 2 <= eb <= 251, -124 <= ea - eb <= 126, each one unsigned compare); then
; NaN 1 FADD, zero or infinity nothing, else 1 FADD and 7 FFMA, +1 FFMA per
; subnormal operand, +3 when the quotient (rounded to 24 bits, scaled by
; 2^126) lies in [2^-25, 1). Columns 1 (FADD) and 2 (FFMA).
; CHECK-LABEL: define {{(ptx_kernel )?}}void @div_f32(
; CHECK:       %q = fdiv float %a, %b
; CHECK-DAG:   icmp ugt i32 %{{.*}}, 250
; CHECK-DAG:   icmp ugt i32 %{{.*}}, 249
; CHECK-DAG:   icmp ugt i32 %{{.*}}, 229
; CHECK:       %roof.div.slow = or i1
; CHECK:       br i1 %roof.div.slow, label %{{.*}}, !prof
; CHECK:       icmp ugt i32 %{{.*}}, 2139095040
; CHECK:       add i32 7, %{{.*}}
; CHECK:       fmul double %{{.*}}, 0x47D0000000000000
; CHECK:       icmp ult i32 %{{.*}}, 1065353216
; CHECK:       icmp uge i32 %{{.*}}, 855638016
; CHECK:       %roof.div.tiny = and i1
; CHECK:       select i1 %roof.div.tiny, i32 3, i32 0
; CHECK:       ret void
define void @div_f32(float %a, float %b, ptr %out) #0 {
  %q = fdiv float %a, %b
  store float %q, ptr %out
  ret void
}

; CHECK-LABEL: define {{(ptx_kernel )?}}void @rcp_f32(
; CHECK:       %roof.rcp.slow = icmp ule i32 %{{.*}}, 33554431
; CHECK:       br i1 %roof.rcp.slow
; CHECK:       icmp ult i32 %{{.*}}, 8388608
; CHECK:       select i1 %{{.*}}, i32 4, i32
; CHECK:       ret void
define void @rcp_f32(float %b, ptr %out) #0 {
  %r = fdiv float 1.0, %b
  store float %r, ptr %out
  ret void
}

; sqrt.rn.f32 (here __fsqrt_rn's intrinsic): the call unless 0x0d000000 <=
; bits <= 0x7f7fffff; then zero, negative normals and infinities nothing,
; NaN 1 FADD, the others 1 FADD, 3 FMUL, 3 FFMA.
; CHECK-LABEL: define {{(ptx_kernel )?}}void @sqrt_f32(
; CHECK:       %roof.sqrt.slow = icmp ugt i32 %{{.*}}, 1920991231
; CHECK:       select i1 %{{.*}}, i32 8388608, i32 218103808
; CHECK:       ret void
define void @sqrt_f32(float %a, ptr %out) #0 {
  %r = call float @llvm.nvvm.sqrt.rn.f(float %a)
  store float %r, ptr %out
  ret void
}

; rcp.rn.f64 (1.0 / b): the call when (|hi| + 0x300402) & 0x7fffffff <
; 0x00400402; then NaN, zero, the subnormals whose high word is 0 and
; infinity nothing, |b| >= 0x7fcffbfe... 1 DMUL, 8 DFMA, the other
; subnormals 2 DMUL, 5 DFMA.
; CHECK-LABEL: define {{(ptx_kernel )?}}void @rcp_f64(
; CHECK:       %roof.rcp.slow = icmp ult i32 %{{.*}}, 4195330
; CHECK:       icmp uge i32 %{{.*}}, 16777217
; CHECK:       select i1 %{{.*}}, i32 8, i32 5
; CHECK:       ret void
define void @rcp_f64(double %b, ptr %out) #0 {
  %r = fdiv double 1.0, %b
  store double %r, ptr %out
  ret void
}

; sqrt.rn.f64: the call when hi - 0x03500000 >= 0x7ca00000; then small
; normals +2 DFMA, zero or NaN +1 DADD, negatives nothing, +infinity +1
; DADD, positive subnormals +4 DMUL, +5 DFMA.
; CHECK-LABEL: define {{(ptx_kernel )?}}void @sqrt_f64(
; CHECK:       %roof.sqrt.slow = icmp uge i32 %{{.*}}, 2090860544
; CHECK:       icmp uge i32 %{{.*}}, -54525952
; CHECK:       select i1 %{{.*}}, i32 4, i32 0
; CHECK:       ret void
define void @sqrt_f64(double %a, ptr %out) #0 {
  %r = call double @llvm.sqrt.f64(double %a)
  store double %r, ptr %out
  ret void
}

; CHECK-LABEL: define {{(ptx_kernel )?}}void @approximate(
; CHECK-NOT:   .slow
; CHECK:       ret void
define void @approximate(float %a, float %b, ptr %out) #1 {
  %q = fdiv arcp afn float %a, %b
  %r = call float @llvm.nvvm.sqrt.approx.f(float %a)
  %s = fadd float %q, %r
  store float %s, ptr %out
  ret void
}

declare float @llvm.nvvm.sqrt.rn.f(float)
declare float @llvm.nvvm.sqrt.approx.f(float)
declare double @llvm.sqrt.f64(double)

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }
attributes #1 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" "unsafe-fp-math"="true" }

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @divide, !"kernel", i32 1}
!1 = !{ptr @div_f32, !"kernel", i32 1}
!2 = !{ptr @rcp_f32, !"kernel", i32 1}
!3 = !{ptr @sqrt_f32, !"kernel", i32 1}
!4 = !{ptr @rcp_f64, !"kernel", i32 1}
!5 = !{ptr @sqrt_f64, !"kernel", i32 1}
!6 = !{ptr @approximate, !"kernel", i32 1}
