!===- examples/heat2d.f90 - 2-D heat diffusion, Jacobi sweeps, OpenMP ------===!
!
! The Fortran example: Jacobi sweeps of the 5-point Laplacian on an n x n
! plate (a hot edge, the rest cold), two sweeps per step (u -> v -> u), the
! sweep loop parallel with OpenMP, then the squared change of the last
! sweep summed with an OpenMP reduction. Built with roof fc (Flang):
!
!   roof fc -O3 -march=x86-64-v4 -fopenmp examples/heat2d.f90 -o heat2d
!   ROOF_OUTPUT=heat2d.json ./heat2d [n] [steps]
!   roof report heat2d.json
!
! Defaults: n = 1024, steps = 100 (two 8 MiB arrays: DRAM-bound sweeps).
!
! Exact counts, by hand
! ---------------------
! P = (n-2)^2 interior points.
!   sweep: v(i,j) = 0.25 * (u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1))
!     3 adds + 1 mul = 4 FLOPs per point (Flang keeps the source order:
!     nothing to fuse, so empirical = canonical, and the classes too)
!   region "jacobi" (2 x steps sweeps): fp64 = 8 P steps, add 6 P steps,
!     mul 2 P steps; defaults: 8 x 1022^2 x 100 = 835,587,200
!   function heat::sweep: the same FLOPs, 2 x steps calls
!   residual: r = r + (u(i,j) - v(i,j))**2: 1 sub, 1 mul, 1 add = 3 per
!     point, plus one add per thread to combine the partial sums (T):
!   region "residual": fp64 = 3 P + T (defaults, 2 threads: 3,133,454)
!
!===----------------------------------------------------------------------===!
module heat
  implicit none
contains
  ! One Jacobi sweep: v = the average of u's four neighbours.
  subroutine sweep(n, u, v)
    integer, intent(in) :: n
    real(8), intent(in) :: u(n, n)
    real(8), intent(inout) :: v(n, n)
    integer :: i, j
    !$omp parallel do
    do j = 2, n - 1
      do i = 2, n - 1
        v(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
      end do
    end do
    !$omp end parallel do
  end subroutine sweep

  ! The sum of the squared differences of u and v over the interior.
  function residual(n, u, v) result(r)
    integer, intent(in) :: n
    real(8), intent(in) :: u(n, n), v(n, n)
    real(8) :: r
    integer :: i, j
    r = 0.0d0
    !$omp parallel do reduction(+:r)
    do j = 2, n - 1
      do i = 2, n - 1
        r = r + (u(i, j) - v(i, j))**2
      end do
    end do
    !$omp end parallel do
  end function residual
end module heat

program heat2d
  use heat
  implicit none
  include 'roof.inc'
  integer :: n, steps, s
  real(8), allocatable :: u(:, :), v(:, :)
  real(8) :: r
  character(len=32) :: arg
  n = 1024
  steps = 100
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) steps
  end if
  allocate (u(n, n), v(n, n))
  u = 0.0d0
  u(:, 1) = 1.0d0 ! the hot edge
  v = u

  call roof_region_begin('jacobi' // achar(0))
  do s = 1, steps
    call sweep(n, u, v)
    call sweep(n, v, u)
  end do
  call roof_region_end()

  call roof_region_begin('residual' // achar(0))
  r = residual(n, u, v)
  call roof_region_end()

  print '(a,i0,a,i0,a,es12.5,a,f8.5)', 'heat2d: n=', n, ' steps=', steps, &
    ' residual=', r, ' u(n/2,2)=', u(n / 2, 2)
end program heat2d
