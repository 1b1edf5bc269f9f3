! y = 1.5 x on 100 elements, summed: 100 mul + 100 add (fortran-build.test).
program scale
  implicit none
  real(8) :: x(100), s
  integer :: i
  x = 2.0d0
  s = 0.0d0
  do i = 1, 100
    s = s + 1.5d0 * x(i)
  end do
  print '(a,f0.1)', 'scale s=', s
end program scale
