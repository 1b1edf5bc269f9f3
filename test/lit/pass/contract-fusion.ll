; FMA contraction by the backend: DAGCombiner turns (fadd (fmul a, b), c)
; and (fsub ...) into one vfmadd/vfmsub/vfnmadd when the target has FMA,
; both instructions carry `contract` (or the function has
; "unsafe-fp-math"="true"), the fmul has no other use, and both are in the
; same basic block (the DAG is built per block).
; Canonical counts follow the IR (mul 1 + add 1 per lane); empirical and
; full_width are read off the machine code (fma 2 per lane, no mul, no add).
;
;   contract, one block                 canonical mul 1 add 1; empirical fma 2
;   no flags                            mul 1 + add 1 everywhere
;   only the fmul has `contract`        mul 1 + add 1 everywhere
;   fmul with two uses                  mul 1 + add 1 everywhere
;   fmul and fadd in different blocks   mul 1 + add 1; the machine's vmulsd
;                                       is sunk into the fadd's block
;   fsub c, (fmul a, b), contract       canonical mul 1 add 1; empirical fma 2 (vfnmadd)
;   "unsafe-fp-math"="true", no flags   canonical mul 1 add 1; empirical fma 2
;   <8 x double>, contract              canonical mul 8 add 8; empirical fma 16
;   contract on x86-64 (no FMA unit)    mul 1 + add 1 everywhere
;   fadd (fmul a,b), (fmul c,d)         the first operand fuses, the second
;                                       is a vmulsd: canonical mul 2 add 1;
;                                       empirical mul 1 + fma 2
;
; LLVM 22 no longer reads "unsafe-fp-math" (contraction is only the
; instructions' `contract`): @unsafe_fp_math stays a vmulsd and a vaddsd, so
; its empirical counts are mul 1 + add 1 (prefixes UNSAFE-FUSED with LLVM 16
; and 19, UNSAFE-KEPT with 22); canonical is the same with every version.
; RUN: %opt -passes='print<roof-counter-plan>' -disable-output %s | FileCheck %s \
; RUN:   --check-prefixes=CHECK,%if llvm-22 %{UNSAFE-KEPT%} %else %{UNSAFE-FUSED%}
; RUN: %llc -o - %s | FileCheck %s \
; RUN:   --check-prefixes=ASM,%if llvm-22 %{ASM-UNSAFE-KEPT%} %else %{ASM-UNSAFE-FUSED%}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: roof-counter-plan: function 'contract'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.fma canonical=0 empirical=2 full_width=2
; CHECK-NEXT: machine: block %entry: vfmadd213sd
; ASM-LABEL: contract:
; ASM-NOT:   vmulsd
; ASM:       vfmadd213sd
; ASM-NEXT:  retq
define double @contract(double %a, double %b, double %c) #0 {
entry:
  %m = fmul contract double %a, %b
  %s = fadd contract double %m, %c
  ret double %s
}

; CHECK-LABEL: roof-counter-plan: function 'no_flags'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.mul canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fma
; CHECK-NOT:      remark
; CHECK-NEXT: machine: block %entry: vmulsd, vaddsd
; ASM-LABEL: no_flags:
; ASM:       vmulsd
; ASM-NEXT:  vaddsd
; ASM-NEXT:  retq
define double @no_flags(double %a, double %b, double %c) #0 {
entry:
  %m = fmul double %a, %b
  %s = fadd double %m, %c
  ret double %s
}

; CHECK-LABEL: roof-counter-plan: function 'mul_only_contract'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.mul canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fma
; CHECK-NOT:      remark
; CHECK-NEXT: machine: block %entry: vmulsd, vaddsd
; ASM-LABEL: mul_only_contract:
; ASM:       vmulsd
; ASM-NEXT:  vaddsd
; ASM-NEXT:  retq
define double @mul_only_contract(double %a, double %b, double %c) #0 {
entry:
  %m = fmul contract double %a, %b
  %s = fadd double %m, %c
  ret double %s
}

; The product is also stored, so the fmul must execute on its own.
; CHECK-LABEL: roof-counter-plan: function 'two_uses'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.mul canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     bytes loaded=0 stored=8
; CHECK-NOT:      remark
; CHECK-NEXT: machine: block %entry: vmulsd, vaddsd
; ASM-LABEL: two_uses:
; ASM:       vmulsd
; ASM-NEXT:  vmovsd
; ASM-NEXT:  vaddsd
; ASM-NEXT:  retq
define double @two_uses(double %a, double %b, double %c, ptr %p) #0 {
entry:
  %m = fmul contract double %a, %b
  store double %m, ptr %p
  %s = fadd contract double %m, %c
  ret double %s
}

; The fmul and the fadd are in different blocks, so the DAG does not fuse
; them; MachineSink moves the vmulsd into %add, its only user: it executes
; when %add does.
; CHECK-LABEL: roof-counter-plan: function 'other_block'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NEXT:   block %add: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.mul canonical=0 empirical=1 full_width=1
; CHECK-NOT:      remark
; CHECK-NEXT: machine: block %add: vmulsd, vaddsd
; ASM-LABEL: other_block:
; ASM-NOT:   vfmadd
; ASM:       vmulsd
; ASM-NOT:   vfmadd
; ASM:       vaddsd
; ASM-NOT:   vfmadd
; ASM:       retq
define double @other_block(double %a, double %b, double %c, i1 %cond) #0 {
entry:
  %m = fmul contract double %a, %b
  br i1 %cond, label %add, label %exit
add:
  %s = fadd contract double %m, %c
  br label %exit
exit:
  %r = phi double [ %s, %add ], [ %a, %entry ]
  ret double %r
}

; CHECK-LABEL: roof-counter-plan: function 'sub_contract'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.fma canonical=0 empirical=2 full_width=2
; CHECK-NEXT: machine: block %entry: vfnmadd213sd
; ASM-LABEL: sub_contract:
; ASM-NOT:   vmulsd
; ASM:       vfnmadd213sd
; ASM-NEXT:  retq
define double @sub_contract(double %a, double %b, double %c) #0 {
entry:
  %m = fmul contract double %a, %b
  %s = fsub contract double %c, %m
  ret double %s
}

; CHECK-LABEL: roof-counter-plan: function 'unsafe_fp_math'
; CHECK-NEXT:   block %entry: per execution
; UNSAFE-FUSED-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; UNSAFE-FUSED-NEXT:     fp64.mul canonical=1 empirical=0 full_width=0
; UNSAFE-FUSED-NEXT:     fp64.fma canonical=0 empirical=2 full_width=2
; UNSAFE-FUSED-NEXT: machine: block %entry: vfmadd213sd
; UNSAFE-KEPT-NEXT:      fp64.add canonical=1 empirical=1 full_width=1
; UNSAFE-KEPT-NEXT:      fp64.mul canonical=1 empirical=1 full_width=1
; UNSAFE-KEPT-NEXT:  machine: block %entry: vmulsd, vaddsd
; ASM-LABEL: unsafe_fp_math:
; ASM-UNSAFE-FUSED-NOT:  vmulsd
; ASM-UNSAFE-FUSED:      vfmadd213sd
; ASM-UNSAFE-KEPT:       vmulsd
; ASM-UNSAFE-KEPT-NEXT:  vaddsd
; ASM-NEXT:  retq
define double @unsafe_fp_math(double %a, double %b, double %c) #1 {
entry:
  %m = fmul double %a, %b
  %s = fadd double %m, %c
  ret double %s
}

; CHECK-LABEL: roof-counter-plan: function 'vector_contract'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=8 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=8 empirical=0 full_width=0
; CHECK-NEXT:     fp64.fma canonical=0 empirical=16 full_width=16
; CHECK-NEXT: machine: block %entry: vfmadd213pd zmm
; ASM-LABEL: vector_contract:
; ASM-NOT:   vmulpd
; ASM:       vfmadd213pd {{.*}}%zmm
; ASM-NEXT:  retq
define <8 x double> @vector_contract(<8 x double> %a, <8 x double> %b, <8 x double> %c) #2 {
entry:
  %m = fmul contract <8 x double> %a, %b
  %s = fadd contract <8 x double> %m, %c
  ret <8 x double> %s
}

; CHECK-LABEL: roof-counter-plan: function 'contract_no_fma_unit'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=1 full_width=1
; CHECK-NEXT:     fp64.mul canonical=1 empirical=1 full_width=1
; CHECK-NOT:      fma
; CHECK-NOT:      remark
; CHECK-NEXT: machine: block %entry: mulsd, addsd
; ASM-LABEL: contract_no_fma_unit:
; ASM:       mulsd
; ASM-NEXT:  addsd
; ASM-NEXT:  retq
define double @contract_no_fma_unit(double %a, double %b, double %c) #3 {
entry:
  %m = fmul contract double %a, %b
  %s = fadd contract double %m, %c
  ret double %s
}

; Both operands of the fadd are contractable products: DAGCombiner fuses
; the first operand (m1) and the second executes as a vmulsd.
; CHECK-LABEL: roof-counter-plan: function 'two_products'
; CHECK-NEXT:   block %entry: per execution
; CHECK-NEXT:     fp64.add canonical=1 empirical=0 full_width=0
; CHECK-NEXT:     fp64.mul canonical=2 empirical=1 full_width=1
; CHECK-NEXT:     fp64.fma canonical=0 empirical=2 full_width=2
; CHECK-NEXT: machine: block %entry: vmulsd, vfmadd213sd
; ASM-LABEL: two_products:
; ASM:       vmulsd %xmm3, %xmm2
; ASM-NEXT:  vfmadd213sd
; ASM-NEXT:  retq
define double @two_products(double %a, double %b, double %c, double %d) #0 {
entry:
  %m1 = fmul contract double %a, %b
  %m2 = fmul contract double %c, %d
  %s = fadd contract double %m1, %m2
  ret double %s
}

attributes #0 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "unsafe-fp-math"="true" }
attributes #2 = { "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+evex512,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "prefer-vector-width"="512" "min-legal-vector-width"="512" }
attributes #3 = { "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
