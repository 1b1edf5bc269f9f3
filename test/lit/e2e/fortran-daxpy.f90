! DAXPY in Fortran, built with roof fc (Flang) end to end: the kernel is a
! module procedure in its own object (so that it is not inlined into the
! program), the main program sets up, calls it and sums the result.
!
! By hand, n = 1000:
!   kernels::daxpy (_QMkernelsPdaxpy): y(i) = a*x(i) + y(i), 1 fmul + 1
!     fadd per element, both `contract` (Flang's default): canonical mul
!     1000 + add 1000 = 2000; the backend fuses each pair into one FMA:
!     empirical fma 2000 (VF 4 x interleave 4 vfmadd ymm + scalar
!     remainder: nothing masked, so full_width = empirical).
!     bytes_loaded = 16 n + 8 (a, once) + 4 (n) = 16012; stored 8 n = 8000
!     (Flang 16: its scalar remainder loop reloads a for each element, n mod
!     16 = 8 of them: + 64 = 16076)
!   main program (_QQmain): x = 1, y = 2 (no FLOPs), sum(y): n ordered adds
!     = 1000 (Flang inlines SUM of a contiguous array; no reassociation,
!     so one scalar vaddsd per element)
!   totals: fp64 canonical = empirical = 3000
! The census names the module by its source file (from the line tables roof
! fc adds; with Flang 16, which writes no debug information, from the one
! source roof fc compiles, and no function has a line) and the functions as
! Fortran names them; the main program is timed, and its time is the run's.
! Flang 16 writes no target-cpu attributes either: the FMAs are those of the
! CPU of its TargetMachine (-march), which the pass reads.
! The empirical counts are also the binary-level oracle's, on a plain Flang
! build of this program (test/lit/oracle/fortran.test).
!
! REQUIRES: flang, avx512
! RUN: rm -rf %t.dir && mkdir %t.dir
! RUN: %roof fc -O3 -march=x86-64-v4 -cpp -DKERNELS -module-dir %t.dir -c %s -o %t.dir/kernels.o
! RUN: %flang -O2 -module-dir %t.dir -c %S/Inputs/test_args.f90 -o %t.dir/test_args.o
! RUN: %roof fc -O3 -march=x86-64-v4 -cpp -module-dir %t.dir %s %t.dir/kernels.o %t.dir/test_args.o -o %t.dir/daxpy
! RUN: env ROOF_OUTPUT=%t.dir/daxpy.json %t.dir/daxpy 1000 | FileCheck %s --check-prefix=OUT
! OUT: daxpy n=1000 sum=5000.0
! RUN: %python %S/Inputs/jq.py %t.dir/daxpy.json \
! RUN:     --at totals fp64.canonical fp64.empirical fp64.full_width \
! RUN:     --at 'functions[name=_QMkernelsPdaxpy]' demangled module calls \
! RUN:         fp64.canonical fp64.classes.mul.canonical fp64.classes.add.canonical \
! RUN:         fp64.empirical fp64.classes.fma.empirical bytes_loaded bytes_stored \
! RUN:     --at 'functions[name=_QQmain]' demangled calls fp64.canonical \
! RUN:         fp64.empirical fp64.classes.add.empirical \
! RUN:   | FileCheck %s --match-full-lines --check-prefixes=CHECK,%if llvm-16 %{FLANG16%} %else %{FLANG%}
! CHECK:      fp64.canonical = 3000
! CHECK-NEXT: fp64.empirical = 3000
! CHECK-NEXT: fp64.full_width = 3000
! CHECK-NEXT: demangled = "kernels::daxpy"
! CHECK-NEXT: module = "{{.*}}fortran-daxpy.f90"
! CHECK-NEXT: calls = 1
! CHECK-NEXT: fp64.canonical = 2000
! CHECK-NEXT: fp64.classes.mul.canonical = 1000
! CHECK-NEXT: fp64.classes.add.canonical = 1000
! CHECK-NEXT: fp64.empirical = 2000
! CHECK-NEXT: fp64.classes.fma.empirical = 2000
! FLANG-NEXT: bytes_loaded = 16012
! FLANG16-NEXT: bytes_loaded = 16076
! CHECK-NEXT: bytes_stored = 8000
! CHECK-NEXT: demangled = "main program"
! CHECK-NEXT: calls = 1
! CHECK-NEXT: fp64.canonical = 1000
! CHECK-NEXT: fp64.empirical = 1000
! CHECK-NEXT: fp64.classes.add.empirical = 1000
!
! The report: the main program timed, each function at its file and line.
! RUN: %python %S/../runtime/Inputs/check_report.py %t.dir/daxpy.json \
! RUN:   '[f["time_s"] is not None and f["time_s"] > 0 for f in r["functions"] if f["name"] == "_QQmain"] == [True]' \
! RUN:   'all(m["source"].endswith("fortran-daxpy.f90") for m in r["modules"])'
! RUN: %roof report %t.dir/daxpy.json | FileCheck %s --check-prefixes=REPORT,%if llvm-16 %{REPORT16%} %else %{LINES%}
! LINES:       #1 kernels::daxpy [{{.*}}fortran-daxpy.f90:[[#@LINE+11]]]
! REPORT16:    #1 kernels::daxpy [{{.*}}fortran-daxpy.f90]
! REPORT-NEXT: 1 call, {{.*}}, time {{[0-9.]+}} {{[mun]?}}s
! LINES:       #2 main program [{{.*}}fortran-daxpy.f90:[[#@LINE+19]]]
! REPORT16:    #2 main program [{{.*}}fortran-daxpy.f90]
! REPORT-NEXT: 1 call, {{.*}}, time {{[0-9.]+}} {{[mun]?}}s

#ifdef KERNELS
module kernels
  implicit none
contains
  subroutine daxpy(n, a, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: a, x(n)
    real(8), intent(inout) :: y(n)
    integer :: i
    do i = 1, n
      y(i) = a * x(i) + y(i)
    end do
  end subroutine daxpy
end module kernels
#else
program daxpy_test
  use kernels
  use test_args
  implicit none
  integer :: n
  real(8), allocatable :: x(:), y(:)
  n = integer_argument(1, 1000)
  allocate (x(n), y(n))
  x = 1.0d0
  y = 2.0d0
  call daxpy(n, 3.0d0, x, y)
  print '(a,i0,a,f0.1)', 'daxpy n=', n, ' sum=', sum(y)
end program daxpy_test
#endif
