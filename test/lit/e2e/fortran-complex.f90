! Complex arithmetic with divides in Fortran (complex(8)), built with roof
! fc. Without -ffast-math Flang calls the compiler runtime's __divdc3 for a
! complex divide and inlines the multiply and the add.
!
! q(i) = a(i) / b(i) + a(i) * b(i), per element, canonical:
!   a / b: the textbook formula ((ac + bd) + (bc - ad) i) / (c^2 + d^2),
!          mul 6, add 3, div 2 = 11 (docs/counting.md, "Calls")
!   a * b: mul 4, add 2 = 6;   + : add 2
!   = mul 10, add 7, div 2 = 19 FLOPs
! empirical: __divdc3 executes Smith's algorithm, as measured in libgcc
!   (docs/libm-costs.md): add 3, mul 3, div 3 (and 7 compares); the
!   multiply's fmul/fsub and fmul/fadd pairs are fused: mul 2, fma 2 x 2;
!   the add: add 2 = add 5, mul 5, fma 4, div 3 = 17 FLOPs
! n = 100, R = 2 calls: cplx::zkernel canonical 19 x 200 = 3800, empirical
!   17 x 200 = 3400; compares 7 x 200 = 1400. The main program does no FP
!   work (constant complex assignments).
! The empirical counts are also the binary-level oracle's, on a plain Flang
! build of this program (test/lit/oracle/fortran.test).
!
! Flang 16 (INLINE16) inlines the divide instead, as the textbook formula,
! and its complex arithmetic has no `contract` (nothing is fused); the
! optimizer computes each of the products ac, bd, bc, ad once for the
! divide and the multiply. Per element: c^2 + d^2 mul 2 add 1; ac, bd, bc,
! ad mul 4; the divide's ac + bd, bc - ad add 2, div 2; the multiply's
! ac - bd, ad + bc add 2; + add 2 = mul 6, add 7, div 2 = 15 FLOPs, canonical
! and empirical alike: x 200 = 3000 (mul 1200, add 1400, div 400), no
! compares. (The code differs, so do the counts: roof counts what each
! Flang's IR and machine code do.)
!
! REQUIRES: flang, avx512
! RUN: rm -rf %t.dir && mkdir %t.dir
! RUN: %roof fc -O3 -march=x86-64-v4 -cpp -DKERNELS -module-dir %t.dir -c %s -o %t.dir/cplx.o
! RUN: %flang -O2 -module-dir %t.dir -c %S/Inputs/test_args.f90 -o %t.dir/test_args.o
! RUN: %roof fc -O3 -march=x86-64-v4 -cpp -module-dir %t.dir %s %t.dir/cplx.o %t.dir/test_args.o -o %t.dir/cplx
! RUN: env ROOF_OUTPUT=%t.dir/cplx.json %t.dir/cplx 100 2 | FileCheck %s --check-prefix=OUT
! OUT: complex n=100 q(1)=({{0?}}.5,3.5)
! RUN: %python %S/Inputs/jq.py %t.dir/cplx.json \
! RUN:     --at 'functions[name=_QMcplxPzkernel]' demangled calls \
! RUN:     --at 'functions[name=_QMcplxPzkernel].fp64' canonical empirical full_width \
! RUN:         classes.mul.canonical classes.add.canonical classes.div.canonical \
! RUN:         classes.add.empirical classes.mul.empirical classes.fma.empirical \
! RUN:         classes.div.empirical classes.compare.empirical \
! RUN:     --at . totals.fp64.canonical totals.fp64.empirical \
! RUN:   | FileCheck %s --match-full-lines --check-prefixes=CHECK,%if llvm-16 %{INLINE16%} %else %{DIVDC3%}
! CHECK:      demangled = "cplx::zkernel"
! CHECK-NEXT: calls = 2
! DIVDC3-NEXT:   canonical = 3800
! INLINE16-NEXT: canonical = 3000
! DIVDC3-NEXT:   empirical = 3400
! INLINE16-NEXT: empirical = 3000
! DIVDC3-NEXT:   full_width = 3400
! INLINE16-NEXT: full_width = 3000
! DIVDC3-NEXT:   classes.mul.canonical = 2000
! INLINE16-NEXT: classes.mul.canonical = 1200
! CHECK-NEXT:    classes.add.canonical = 1400
! CHECK-NEXT:    classes.div.canonical = 400
! DIVDC3-NEXT:   classes.add.empirical = 1000
! INLINE16-NEXT: classes.add.empirical = 1400
! DIVDC3-NEXT:   classes.mul.empirical = 1000
! INLINE16-NEXT: classes.mul.empirical = 1200
! DIVDC3-NEXT:   classes.fma.empirical = 800
! INLINE16-NEXT: classes.fma.empirical = 0
! DIVDC3-NEXT:   classes.div.empirical = 600
! INLINE16-NEXT: classes.div.empirical = 400
! DIVDC3-NEXT:   classes.compare.empirical = 1400
! INLINE16-NEXT: classes.compare.empirical = 0
! DIVDC3-NEXT:   totals.fp64.canonical = 3800
! INLINE16-NEXT: totals.fp64.canonical = 3000
! DIVDC3-NEXT:   totals.fp64.empirical = 3400
! INLINE16-NEXT: totals.fp64.empirical = 3000

#ifdef KERNELS
module cplx
  implicit none
contains
  subroutine zkernel(n, a, b, q)
    integer, intent(in) :: n
    complex(8), intent(in) :: a(n), b(n)
    complex(8), intent(out) :: q(n)
    integer :: i
    do i = 1, n
      q(i) = a(i) / b(i) + a(i) * b(i)
    end do
  end subroutine zkernel
end module cplx
#else
program complex_test
  use cplx
  use test_args
  implicit none
  integer :: n, reps, r
  complex(8), allocatable :: a(:), b(:), q(:)
  n = integer_argument(1, 100)
  reps = integer_argument(2, 2)
  allocate (a(n), b(n), q(n))
  a = (1.0d0, 2.0d0)
  b = (1.0d0, 1.0d0)
  do r = 1, reps
    call zkernel(n, a, b, q)
  end do
  print '(a,i0,a,f0.1,a,f0.1,a)', 'complex n=', n, ' q(1)=(', real(q(1)), ',', aimag(q(1)), ')'
end program complex_test
#endif
