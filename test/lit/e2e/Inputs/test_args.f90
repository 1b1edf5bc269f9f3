! The command-line arguments of the Fortran end-to-end tests:
! integer_argument(i, default) is the i-th argument read as an integer, or
! default when the command has fewer.
module test_args
  implicit none
contains
  integer function integer_argument(i, default) result(value)
    integer, intent(in) :: i, default
    character(len=32) :: text
    value = default
    if (command_argument_count() >= i) then
      call get_command_argument(i, text)
      read (text, *) value
    end if
  end function integer_argument
end module test_args
