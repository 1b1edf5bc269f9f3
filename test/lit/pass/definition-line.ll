; Each RoofFunction carries the line its function is defined at
; (include/roof/abi.h, passes/SourceNames.cpp): its DISubprogram's when the
; module has debug information (clang -g or -gline-tables-only, roof fc),
; and the subprogram is in the module's source file:
;   @twice          line 3 of lines.c                  3
;   @inlined_helper line 12 of vec.h, a header: a line of another file
;                   would point at the wrong place in lines.c      0
;   @no_debug       no subprogram                      0
; The module's source is named as clang was given it (src/lines.c), the
; subprogram's file from the compile unit's directory (/work/src/lines.c).
;
; RUN: %opt -passes=roof-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
source_filename = "src/lines.c"

; CHECK-DAG: @[[TWICE:roof.str[.0-9]*]] = private unnamed_addr constant [6 x i8] c"twice\00"
; CHECK-DAG: @[[HELPER:roof.str[.0-9]*]] = private unnamed_addr constant [15 x i8] c"inlined_helper\00"
; CHECK-DAG: @[[NODEBUG:roof.str[.0-9]*]] = private unnamed_addr constant [9 x i8] c"no_debug\00"
; CHECK: @roof.functions = private constant [3 x %roof.Function]
; CHECK-SAME: [%roof.Function { ptr @[[TWICE]], {{[^}]*}}, i32 3 },
; CHECK-SAME: %roof.Function { ptr @[[HELPER]], {{[^}]*}}, i32 0 },
; CHECK-SAME: %roof.Function { ptr @[[NODEBUG]], {{[^}]*}}, i32 0 }]

define double @twice(double %x) #0 !dbg !5 {
entry:
  %r = fadd double %x, %x, !dbg !10
  ret double %r, !dbg !10
}

define linkonce_odr double @inlined_helper(double %x) #0 !dbg !7 {
entry:
  %r = fmul double %x, %x, !dbg !11
  ret double %r, !dbg !11
}

define double @no_debug(double %x) #0 {
entry:
  %r = fsub double %x, 1.0
  ret double %r
}

attributes #0 = { "target-cpu"="x86-64-v3" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "src/lines.c", directory: "/work")
!2 = !DIFile(filename: "src/vec.h", directory: "/work")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"PIC Level", i32 2}
!5 = distinct !DISubprogram(name: "twice", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !{})
!7 = distinct !DISubprogram(name: "inlined_helper", scope: !2, file: !2, line: 12, type: !6, scopeLine: 12, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 4, column: 3, scope: !5)
!11 = !DILocation(line: 13, column: 3, scope: !7)
