! An OpenMP reduction in Fortran: a dot product under `!$omp parallel do
! reduction(+:s)`, built with roof fc -fopenmp (Flang outlines the loop as
! _QMdotPpdot..omp_par, reported under dot::pdot), run on 1, 2 and 8
! threads.
!
! By hand, n = 10000, R = 3 calls, T threads:
!   each element: s = s + x(i) * y(i), fmul + fadd (contract: one FMA
!     empirically) = 2 FLOPs, ordered in each thread's chunk (no
!     reassociation without -ffast-math): 2 n R = 60000
!   the combine: each thread adds its partial sum into s once per call
!     (libomp's atomic reduction up to 4 threads; above, a tree whose
!     combining function, Flang's .omp.reduction.func, libomp calls T - 1
!     times before the last add: T adds either way): T R
!   dot::pdot canonical = empirical = 60000 + 3 T: 60003 (T = 1),
!     60006 (T = 2), 60024 (T = 8, the tree's adds counted under pdot
!     too); canonical classes mul 30000, add 30000 + 3 T
!   the same at every thread count but for the combine
!
! REQUIRES: flang, avx512
! RUN: rm -rf %t.dir && mkdir %t.dir
! RUN: %roof fc -O3 -march=x86-64-v4 -fopenmp -cpp -DKERNELS -module-dir %t.dir -c %s -o %t.dir/dot.o
! RUN: %flang -O2 -module-dir %t.dir -c %S/Inputs/test_args.f90 -o %t.dir/test_args.o
! RUN: %roof fc -O3 -march=x86-64-v4 -fopenmp -cpp -module-dir %t.dir %s %t.dir/dot.o %t.dir/test_args.o -o %t.dir/dot
! RUN: env OMP_NUM_THREADS=1 ROOF_OUTPUT=%t.dir/t1.json %t.dir/dot 10000 3 | FileCheck %s --check-prefix=OUT
! RUN: env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t.dir/t2.json %t.dir/dot 10000 3 | FileCheck %s --check-prefix=OUT
! OUT: dot n=10000 reps=3 s=20000.0
! RUN: %python %S/Inputs/jq.py %t.dir/t1.json \
! RUN:     --at 'functions[name=_QMdotPpdot]' demangled calls \
! RUN:         fp64.canonical fp64.empirical fp64.classes.mul.canonical fp64.classes.add.canonical \
! RUN:     --at . 'len(threads)' \
! RUN:   | FileCheck %s --check-prefix=T1 --match-full-lines
! T1:      demangled = "dot::pdot"
! T1-NEXT: calls = 3
! T1-NEXT: fp64.canonical = 60003
! T1-NEXT: fp64.empirical = 60003
! T1-NEXT: fp64.classes.mul.canonical = 30000
! T1-NEXT: fp64.classes.add.canonical = 30003
! T1-NEXT: len(threads) = 1
! RUN: %python %S/Inputs/jq.py %t.dir/t2.json \
! RUN:     --at 'functions[name=_QMdotPpdot]' calls fp64.canonical fp64.empirical \
! RUN:     --at . 'len(threads)' 'sum(threads[*].fp64.canonical)' \
! RUN:   | FileCheck %s --check-prefix=T2 --match-full-lines
! T2:      calls = 3
! T2-NEXT: fp64.canonical = 60006
! T2-NEXT: fp64.empirical = 60006
! T2-NEXT: len(threads) = 2
! T2-NEXT: sum(threads[*].fp64.canonical) = 60006
! The outlined body is not reported on its own, and pdot is timed.
! RUN: %python %S/../runtime/Inputs/check_report.py %t.dir/t2.json \
! RUN:   'not any("omp_par" in f["name"] for f in r["functions"])' \
! RUN:   'fn("_QMdotPpdot")["time_s"] > 0'
! Nor is the tree reduction's function, at 8 threads. The program's main
! is Flang's (docs/fortran.md), which calls the main program's body
! (_QQmain), and both are instrumented; Flang 16 takes main from its
! Fortran_main library, which roof does not compile: only the main program's
! body is in the census, timed (1 call), as with Flang 19 and 22.
! RUN: env OMP_NUM_THREADS=8 ROOF_OUTPUT=%t.dir/t8.json %t.dir/dot 10000 3 | FileCheck %s --check-prefix=OUT
! RUN: %python %S/../runtime/Inputs/check_report.py %t.dir/t8.json \
! RUN:   'names(r["functions"]) == %if llvm-16 %{["_QQmain", "_QMdotPpdot"]%} %else %{["_QQmain", "main", "_QMdotPpdot"]%}' \
! RUN:   'fn("_QQmain")["calls"] == 1 and fn("_QQmain")["time_s"] > 0' \
! RUN:   'flops(fn("_QMdotPpdot"), "fp64") == 60024' \
! RUN:   'flops(fn("_QMdotPpdot"), "fp64", "empirical") == 60024'

#ifdef KERNELS
module dot
  implicit none
contains
  function pdot(n, x, y) result(s)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n), y(n)
    real(8) :: s
    integer :: i
    s = 0.0d0
    !$omp parallel do reduction(+:s)
    do i = 1, n
      s = s + x(i) * y(i)
    end do
  end function pdot
end module dot
#else
program openmp_test
  use dot
  use test_args
  implicit none
  integer :: n, reps, r
  real(8), allocatable :: x(:), y(:)
  real(8) :: s
  n = integer_argument(1, 10000)
  reps = integer_argument(2, 3)
  allocate (x(n), y(n))
  x = 1.0d0
  y = 2.0d0
  do r = 1, reps
    s = pdot(n, x, y)
  end do
  print '(a,i0,a,i0,a,f0.1)', 'dot n=', n, ' reps=', reps, ' s=', s
end program openmp_test
#endif
