! A 7-point Jacobi stencil in Fortran (the shape of examples/stencil7.c),
! built with roof fc, the kernel in its own object.
!
! By hand, n = 12, R = 3 sweeps: P = (n-2)^3 = 1000 interior points per
! sweep, 3000 in all, each
!   v = c0*u + c1*(u(i-1) + u(i+1) + u(i,j-1) + u(i,j+1) + u(k-1) + u(k+1))
!   = 5 fadd in the sum, 2 fmul, 1 fadd: canonical add 6, mul 2 = 8 FLOPs;
!   the backend fuses the last fadd with one fmul (both `contract`):
!   empirical add 5, mul 1, fma 2 = 8.
!   stencil::jacobi7: fp64 canonical = empirical = 8 x 3000 = 24000
!     canonical add 18000, mul 6000; empirical add 15000, mul 3000, fma 6000
!     bytes_stored = 8 x 3000 = 24000
!   main program: u = 1 (no FLOPs), the checksum sum(v): n^3 = 1728 adds
! The empirical counts are also the binary-level oracle's, on a plain Flang
! build of this program (test/lit/oracle/fortran.test).
!
! REQUIRES: flang, avx512
! RUN: rm -rf %t.dir && mkdir %t.dir
! RUN: %roof fc -O3 -march=x86-64-v4 -cpp -DKERNELS -module-dir %t.dir -c %s -o %t.dir/stencil.o
! RUN: %flang -O2 -module-dir %t.dir -c %S/Inputs/test_args.f90 -o %t.dir/test_args.o
! RUN: %roof fc -O3 -march=x86-64-v4 -cpp -module-dir %t.dir %s %t.dir/stencil.o %t.dir/test_args.o -o %t.dir/stencil
! RUN: env ROOF_OUTPUT=%t.dir/stencil.json %t.dir/stencil 12 3 | FileCheck %s --check-prefix=OUT
! OUT: stencil n=12 sweeps=3 sum=
! RUN: %python %S/Inputs/jq.py %t.dir/stencil.json \
! RUN:     --at 'functions[name=_QMstencilPjacobi7]' demangled calls \
! RUN:         fp64.canonical fp64.empirical fp64.full_width \
! RUN:         fp64.classes.add.canonical fp64.classes.mul.canonical \
! RUN:         fp64.classes.add.empirical fp64.classes.mul.empirical fp64.classes.fma.empirical \
! RUN:         bytes_stored \
! RUN:     --at 'functions[name=_QQmain]' fp64.canonical fp64.empirical \
! RUN:   | FileCheck %s --match-full-lines
! CHECK:      demangled = "stencil::jacobi7"
! CHECK-NEXT: calls = 3
! CHECK-NEXT: fp64.canonical = 24000
! CHECK-NEXT: fp64.empirical = 24000
! CHECK-NEXT: fp64.full_width = 24000
! CHECK-NEXT: fp64.classes.add.canonical = 18000
! CHECK-NEXT: fp64.classes.mul.canonical = 6000
! CHECK-NEXT: fp64.classes.add.empirical = 15000
! CHECK-NEXT: fp64.classes.mul.empirical = 3000
! CHECK-NEXT: fp64.classes.fma.empirical = 6000
! CHECK-NEXT: bytes_stored = 24000
! CHECK-NEXT: fp64.canonical = 1728
! CHECK-NEXT: fp64.empirical = 1728

#ifdef KERNELS
module stencil
  implicit none
contains
  subroutine jacobi7(n, u, v)
    integer, intent(in) :: n
    real(8), intent(in) :: u(n, n, n)
    real(8), intent(inout) :: v(n, n, n)
    real(8), parameter :: c0 = 0.4d0, c1 = 0.1d0
    integer :: i, j, k
    do k = 2, n - 1
      do j = 2, n - 1
        do i = 2, n - 1
          v(i, j, k) = c0 * u(i, j, k) + c1 * (u(i-1, j, k) + u(i+1, j, k) &
                     + u(i, j-1, k) + u(i, j+1, k) + u(i, j, k-1) + u(i, j, k+1))
        end do
      end do
    end do
  end subroutine jacobi7
end module stencil
#else
program stencil_test
  use stencil
  use test_args
  implicit none
  integer :: n, sweeps, s
  real(8), allocatable :: u(:, :, :), v(:, :, :)
  n = integer_argument(1, 12)
  sweeps = integer_argument(2, 3)
  allocate (u(n, n, n), v(n, n, n))
  u = 1.0d0
  v = 0.0d0
  do s = 1, sweeps
    call jacobi7(n, u, v)
  end do
  print '(a,i0,a,i0,a,f0.1)', 'stencil n=', n, ' sweeps=', sweeps, ' sum=', sum(v)
end program stencil_test
#endif
