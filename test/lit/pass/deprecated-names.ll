; Until this release the pass was roof-census and its printer
; print<roof-census>; both names still work, with a note on stderr, for one
; more release (docs/architecture.md, "Words").
;
; RUN: %opt -passes=roof-census -S %s 2> %t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=NOTE < %t.err
; RUN: %opt -passes='print<roof-census>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: %opt -passes=roof-instrument -S %s 2>&1 | FileCheck %s --check-prefix=NEW

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @__roof_counters = internal thread_local global [2 x i64]
; NOTE: roof: the pass name 'roof-census' is deprecated: it is 'roof-instrument' now (the old name goes in the next release)
; PRINT: roof: the pass name 'roof-census' is deprecated: it is 'roof-counter-plan' now (the old name goes in the next release)
; PRINT: roof-counter-plan: function 'scale'
; NEW-NOT: is deprecated
; NEW: @__roof_counters = internal thread_local global [2 x i64]
define double @scale(double %a, double %b) {
entry:
  %r = fmul double %a, %b
  ret double %r
}
