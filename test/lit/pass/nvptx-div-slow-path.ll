; div.rn.f64's slow path (passes/DivideSlowPath.cpp): after each double
; divide that becomes div.rn.f64, the kernel tests the operands and the
; quotient as the SASS does, and on the slow path adds its DMULs and DFMAs
; to two slots weighted as fp64 mul (1) and fp64 fma (2), empirical and full
; width. A divide of 1.0 (rcp.rn.f64, no FLOP on its slow path) and one
; allowed to use a reciprocal are left alone.
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s
; RUN: %opt -passes=roof-instrument %s -o %t.bc
; RUN: %llc -O3 -mcpu=sm_90 -mattr=+ptx80 %t.bc -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Their weights in the header: metrics 94/95 fp64 mul empirical/full
; width 1, 97/98 fp64 fma 2.
; CHECK: @__roof_kh_divide = {{.*}} { i32 3, i32 {{[0-9]+}}, i64 0, i64 0, {{.*}}{ i32 1, i32 94, i64 1 }, { i32, i32, i64 } { i32 1, i32 95, i64 1 }, { i32, i32, i64 } { i32 2, i32 97, i64 2 }, { i32, i32, i64 } { i32 2, i32 98, i64 2 }
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

; CHECK-LABEL: define {{(ptx_kernel )?}}void @reciprocals(
; CHECK-NOT:   roof.div.slow
; CHECK:       ret void
define void @reciprocals(double %a, double %b, ptr %out) #0 {
  %r = fdiv double 1.0, %b
  %s = fdiv arcp double %a, %b
  %t = fadd double %r, %s
  store double %t, ptr %out
  ret void
}

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @divide, !"kernel", i32 1}
!1 = !{ptr @reciprocals, !"kernel", i32 1}
