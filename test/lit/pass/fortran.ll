; A module as Flang 19 makes it (roof fc -O3; reduced): named "FIRModule",
; its source file only in the compile unit of the line tables roof fc adds,
; its procedures named by Flang's uniquing rules
; (flang/lib/Optimizer/Support/InternalNames.cpp), and the Fortran
; intrinsics that reach the pass as calls.
;
; The census (passes/SourceNames.cpp):
;   module source     "src/daxpy.f90", the compile unit's file as Flang was
;                     given it
;   _QMkernelsPdaxpy  kernels::daxpy        a module procedure
;   _QPpower          power                 an external procedure (the
;   ext_              ext                   ExternalNameConversion pass
;                                           leaves most as name_)
;   _QMmSsFhostPinner m:s::host::inner      internal procedure of host, in
;                                           submodule s of module m
;   _QQmain..omp_par  main program..omp_par an OpenMP body, attributed to
;                                           _QQmain (Flang's OpenMPIRBuilder
;                                           names it parent..omp_par)
;   .omp.reduction.func                     its reduction's combining
;                                           function (libomp's tree
;                                           reduction), attributed to the
;                                           body whose __kmpc_reduce passes it
;   _QQmain           main program          timed, though it has no loop:
;                                           its time is the program's (time
;                                           slot 1; no depth slot: it calls
;                                           only kernels::daxpy, which
;                                           cannot call it back)
;   each function's line: its DISubprogram's (daxpy 4, power 10, ext 20,
;   main program 30), 0 for those without one
; The costs (passes/FlopCostModel.cpp):
;   x**n, n an integer variable (llvm.powi): canonical 1 transcendental, as
;     pow(x, n); the machine calls __powidf2, whose work depends on n: 1
;     transcendental, with a remark
;   complex divide (__divdc3): canonical mul 6, add 3, div 2 (the textbook
;     formula); empirical the measured __divdc3 (Smith's: add 3, mul 3,
;     div 3, 7 compares; docs/libm-costs.md)
;   MATMUL (_FortranAMatmulReal8Real8): nothing counted, a remark names it
;   abs(z) (libm's cabs): 1 transcendental, as hypot; not measured: a remark
;
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s --check-prefix=COST
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s
;
; CMake's Fortran builds compile a preprocessed copy (x.f90-pp.f90) whose
; #line directives name the original: the subprograms' file is the source.
; RUN: sed 's|"src/daxpy.f90"|"build/CMakeFiles/t.dir/src/daxpy.f90-pp.f90"|' %s \
; RUN:   | %opt -passes=roof-instrument -S | FileCheck %s --check-prefix=COPY
; COPY: c"/work/src/daxpy.f90\00"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
source_filename = "FIRModule"

; CHECK-DAG: @__roof_module = private constant %roof.Module { i32 11, i32 8, i32 {{[0-9]+}}, i32 0, ptr @[[SRC:roof.str[.0-9]*]],
; CHECK-DAG: @[[SRC]] = private unnamed_addr constant [14 x i8] c"src/daxpy.f90\00"
; CHECK-DAG: @roof.functions = private constant [8 x %roof.Function] [%roof.Function { {{[^}]*}}, i32 4 }, %roof.Function { {{[^}]*}}, i32 10 }, %roof.Function { {{[^}]*}}, i32 20 }, %roof.Function { {{[^}]*}}, i32 0 }, %roof.Function { {{[^}]*}}, i32 0 }, %roof.Function { ptr @[[OMP:roof.str[.0-9]*]], ptr @{{[^,]*}}, ptr @[[MAIN:roof.str[.0-9]*]], {{[^}]*}}, i32 0 }, %roof.Function { ptr @[[RED:roof.str[.0-9]*]], ptr @{{[^,]*}}, ptr @[[OMP]], {{[^}]*}}, i32 0 }, %roof.Function { ptr @[[MAIN]], ptr @{{[^,]*}}, ptr null, i32 {{[0-9]+}}, i32 2, i32 0, i32 1, i32 -1, i32 0, ptr null, i32 30 }]
; CHECK-DAG: @[[OMP]] = private unnamed_addr constant [17 x i8] c"_QQmain..omp_par\00"
; CHECK-DAG: @[[MAIN]] = private unnamed_addr constant [8 x i8] c"_QQmain\00"
; CHECK-DAG: @[[RED]] = private unnamed_addr constant [20 x i8] c".omp.reduction.func\00"
; CHECK-DAG: c"kernels::daxpy\00"
; CHECK-DAG: c"power\00"
; CHECK-DAG: c"ext\00"
; CHECK-DAG: c"m:s::host::inner\00"
; CHECK-DAG: c"main program..omp_par\00"
; CHECK-DAG: c"main program\00"

; COST-LABEL: roof-counter-plan: function '_QMkernelsPdaxpy'
; COST:         fp64.mul canonical=1 empirical=1 full_width=1
; COST-LABEL: roof-counter-plan: function '_QPpower'
; COST-NEXT:    block %entry: per execution
; COST-NEXT:      fp64.transcendental canonical=1 empirical=1 full_width=1
; COST-NEXT:    machine: block %entry: call __powidf2
; COST-NEXT:    remark: block %entry ; no measured cost for '__powidf2'; counted as 1 transcendental operation per element
; COST-LABEL: roof-counter-plan: function 'ext_'
; COST-NEXT:    block %entry: per execution
; COST-NEXT:      fp64.add canonical=3 empirical=3 full_width=3
; COST-NEXT:      fp64.mul canonical=6 empirical=3 full_width=3
; COST-NEXT:      fp64.div canonical=2 empirical=3 full_width=3
; COST-NEXT:      fp64.compare canonical=0 empirical=7 full_width=7
; COST-NEXT:    machine: block %entry: call __divdc3
; COST-LABEL: roof-counter-plan: function '_QPzabs'
; COST-NEXT:    block %entry: per execution
; COST-NEXT:      fp64.transcendental canonical=1 empirical=1 full_width=1
; COST-NEXT:    machine: block %entry: call cabs
; COST-NEXT:    remark: block %entry ; no measured cost for 'cabs'; counted as 1 transcendental operation per element
; COST-LABEL: roof-counter-plan: function '_QMmSsFhostPinner'
; COST-NEXT:    block %entry: per execution
; COST-NEXT:    remark: call void @_FortranAMatmulReal8Real8({{.*}}) ; the Fortran runtime's _FortranAMatmulReal8Real8 is not compiled with roof: its floating-point work is not counted

define void @_QMkernelsPdaxpy(ptr %x, double %a) #0 !dbg !5 {
entry:
  %v = load double, ptr %x, align 8
  %m = fmul contract double %a, %v
  store double %m, ptr %x, align 8
  ret void
}

define double @_QPpower(double %x, i32 %n) #0 !dbg !7 {
entry:
  %r = call double @llvm.powi.f64.i32(double %x, i32 %n)
  ret double %r
}

define { double, double } @ext_(double %a, double %b, double %c, double %d) #0 !dbg !8 {
entry:
  %q = call { double, double } @__divdc3(double %a, double %b, double %c, double %d)
  ret { double, double } %q
}

define double @_QPzabs(double %re, double %im) #0 {
entry:
  %r = call double @cabs(double %re, double %im)
  ret double %r
}

define void @_QMmSsFhostPinner(ptr %a, ptr %b, ptr %c) #0 {
entry:
  call void @_FortranAMatmulReal8Real8(ptr %a, ptr %b, ptr %c, ptr null, i32 0)
  ret void
}

define internal void @_QQmain..omp_par(ptr %tid, ptr %zero) #0 {
entry:
  %r = call i32 @__kmpc_reduce(ptr null, i32 0, i32 1, i64 8, ptr null, ptr @.omp.reduction.func, ptr null)
  ret void
}

define internal void @.omp.reduction.func(ptr %lhs, ptr %rhs) #0 {
entry:
  %a = load double, ptr %lhs, align 8
  %b = load double, ptr %rhs, align 8
  %s = fadd double %a, %b
  store double %s, ptr %lhs, align 8
  ret void
}

define void @_QQmain() #0 !dbg !9 {
entry:
  call void @_QMkernelsPdaxpy(ptr null, double 1.0), !dbg !10
  ret void
}

declare double @llvm.powi.f64.i32(double, i32)
declare { double, double } @__divdc3(double, double, double, double)
declare void @_FortranAMatmulReal8Real8(ptr, ptr, ptr, ptr, i32)
declare double @cabs(double, double)
declare i32 @__kmpc_reduce(ptr, i32, i32, i64, ptr, ptr, ptr)

attributes #0 = { "target-cpu"="x86-64-v4" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !1, producer: "flang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "src/daxpy.f90", directory: "/work")
!2 = !DIFile(filename: "daxpy.f90", directory: "/work/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"PIC Level", i32 2}
!5 = distinct !DISubprogram(name: "daxpy", linkageName: "_QMkernelsPdaxpy", scope: !2, file: !2, line: 4, type: !6, scopeLine: 4, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !{})
!7 = distinct !DISubprogram(name: "power", linkageName: "_QPpower", scope: !2, file: !2, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = distinct !DISubprogram(name: "ext", linkageName: "ext_", scope: !2, file: !2, line: 20, type: !6, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!9 = distinct !DISubprogram(name: "_QQmain", linkageName: "_QQmain", scope: !2, file: !2, line: 30, type: !6, scopeLine: 30, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 31, column: 3, scope: !9)
