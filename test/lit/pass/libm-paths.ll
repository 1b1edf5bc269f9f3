; Calls of libm functions whose work depends on the argument (sin, cos,
; sincos, erf, erfc and their float forms) are counted by the path the
; argument takes (roof/abi.h; families TRIG 0, TRIGF 1, ERF 2, ERFF 3), with
; a table of the module that maps each path key onto a group of keys with
; the same measured work (LibmCosts.inc), the thread's counter array and the
; slot of the first of the groups' counters (a slot "per call taking path
; group G"), an immediate, the slots of groups 0..N-1 one after the other:
; the runtime adds 1 to the slot of the call's group only. A call whose
; machine call is its own becomes a call of the function's counting form,
; __roof_libm_NAME(x, counters, first), which counts and returns NAME(x)
; with the table the module descriptor lists for NAME (RoofModule.libm_groups,
; in ROOF_LIBM_PATH_CALLS order: sin cos sinf cosf erf erfc erff erfcf); the
; others (a sin and a cos merged into one sincos, the lanes of
; a vector call) get a call of
; __roof_libm_path(family, bits, groups, counters, first) with the argument's bits
; before the IR call the machine call was selected from. The work of each
; group comes from the build machine's libm, so the amounts are not pinned
; here: only that the call's empirical work is in the per-group slots and
; not in the per-execution one, which keeps the canonical transcendental.
;
;   sin(x)                    replaced by __roof_libm_sin
;   sin(x) and cos(x)         merged into one sincos by the backend (ASM)
;                             where they leave errno alone (memory(none),
;                             as with -fno-math-errno): one lookup, family
;                             0, for the sincos; both calls stay
;   sinf(x)                   replaced by __roof_libm_sinf
;   erf(x)                    replaced by __roof_libm_erf
;   llvm.sin.v2f64            unrolled into two sin calls (ASM): a lookup
;                             per lane, of its extracted element
;   exp(x)                    no paths: counted per execution, no lookup
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s --check-prefix=IR
; RUN: %llc -o - %s | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; The key to group table of each callee, once per module, and the tables of
; the counting forms the module calls, in the module descriptor.
; IR: @roof.libm.paths.sin = private unnamed_addr constant [128 x i8]
; IR-NOT: @roof.libm.paths.sin =
; IR: @__roof_module = private constant %roof.Module { i32 11, {{.*}}, ptr @roof.functions, ptr @roof.libm.groups }
; IR: @roof.libm.groups = private unnamed_addr constant [8 x ptr] [ptr @roof.libm.paths.sin, ptr null, ptr @roof.libm.paths.sinf, ptr null, ptr @roof.libm.paths.erf, ptr null, ptr null, ptr null]

; CHECK-LABEL: roof-counter-plan: function 'one_sin'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.transcendental canonical=1 empirical=0 full_width=0
; CHECK-NEXT:   block %entry: per call taking path group 0 of %x
; CHECK-NEXT:     fp64.{{add|mul|fma}} canonical=0 empirical={{[1-9]}}
; CHECK:        block %entry: per call taking path group 1 of %x
; IR-LABEL: define double @one_sin(
; IR:         %[[COUNTERS:[0-9]+]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @__roof_counters)
; IR:         %r = call double @__roof_libm_sin(double %x, ptr %[[COUNTERS]], i32 1)
; IR-NOT:     call double @sin(
; IR-NEXT:    ret double %r
define double @one_sin(double %x) #0 {
entry:
  %r = call double @sin(double %x)
  ret double %r
}

; ASM-LABEL: sin_and_cos:
; ASM:         callq sincos
; ASM-NOT:     callq
; ASM:         retq
; IR-LABEL: define double @sin_and_cos(
; IR:         call void @__roof_libm_path(i32 0,
; IR-NOT:     @__roof_libm_path
; IR:         ret double
; CHECK-LABEL: roof-counter-plan: function 'sin_and_cos'
; CHECK-NEXT:   block %entry: per execution
; CHECK:          fp64.transcendental canonical=2 empirical=0 full_width=0
; CHECK-NEXT:   block %entry: per call taking path group 0 of %roof.libm.bits
; CHECK:        machine: block %entry: call sincos
define double @sin_and_cos(double %x) #0 {
entry:
  %s = call double @sin(double %x) #2
  %c = call double @cos(double %x) #2
  %r = fadd double %s, %c
  ret double %r
}

; IR-LABEL: define float @one_sinf(
; IR:         %r = call float @__roof_libm_sinf(float %x, ptr %{{[0-9]+}}, i32 {{[0-9]+}})
; IR-NOT:     call float @sinf(
; CHECK-LABEL: roof-counter-plan: function 'one_sinf'
; CHECK:        block %entry: per call taking path group 0 of %x
define float @one_sinf(float %x) #0 {
entry:
  %r = call float @sinf(float %x)
  ret float %r
}

; IR-LABEL: define double @one_erf(
; IR:         %r = call double @__roof_libm_erf(double %x, ptr %{{[0-9]+}}, i32 {{[0-9]+}})
define double @one_erf(double %x) #0 {
entry:
  %r = call double @erf(double %x)
  ret double %r
}

; ASM-LABEL: vector_sin:
; ASM-COUNT-2: callq sin@PLT
; IR-LABEL: define <2 x double> @vector_sin(
; IR:         %[[E0:.*]] = extractelement <2 x double> %x, i64 0
; IR-NEXT:    %[[B0:.*]] = bitcast double %[[E0]] to i64
; IR-NEXT:    call void @__roof_libm_path(i32 0, i64 %[[B0]], ptr @roof.libm.paths.sin, ptr %{{[0-9]+}}, i32 {{[0-9]+}})
; IR:         %[[E1:.*]] = extractelement <2 x double> %x, i64 1
; IR-NEXT:    %[[B1:.*]] = bitcast double %[[E1]] to i64
; IR-NEXT:    call void @__roof_libm_path(i32 0, i64 %[[B1]], ptr @roof.libm.paths.sin, ptr %{{[0-9]+}}, i32 {{[0-9]+}})
define <2 x double> @vector_sin(<2 x double> %x) #0 {
entry:
  %r = call <2 x double> @llvm.sin.v2f64(<2 x double> %x)
  ret <2 x double> %r
}

; IR-LABEL: define double @one_exp(
; IR-NOT:     @__roof_libm_path
; IR:         ret double
; CHECK-LABEL: roof-counter-plan: function 'one_exp'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NOT:    per unit
; CHECK:        machine: block %entry: call exp
define double @one_exp(double %x) #0 {
entry:
  %r = call double @exp(double %x)
  ret double %r
}

; As clang declares them without -fno-math-errno: they return, and write
; errno at most.
declare double @sin(double) #1
declare double @cos(double) #1
declare float @sinf(float) #1
declare double @erf(double) #1
declare double @exp(double) #1
declare <2 x double> @llvm.sin.v2f64(<2 x double>)

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { mustprogress nofree nounwind willreturn memory(write) }
attributes #2 = { nounwind willreturn memory(none) }
