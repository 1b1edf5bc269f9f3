! The line each Fortran procedure is defined at, in the census and in roof
! report's per-function table (docs/schema.md, function "line"; docs/
! fortran.md): the line of its subroutine, function or program statement,
! from the debug information of -g or of the line tables roof fc adds.
!   kernels::pscale (_QMkernelsPpscale), a module procedure with an OpenMP
!     loop: Flang's outlined body (_QMkernelsPpscale..omp_par) is merged
!     into it, and it keeps its own line
!   sumsq (sumsq_), an external function
!   main program (_QQmain), at its program statement; the main Flang writes
!     to start the runtime and call it (main), at the end program statement
! The expected lines are next to the statements below.
!
! Flang 16 writes no debug information (it ignores -g): every function has
! line 0 and the report gives the module alone (JSON16, REPORT16), and its
! program's main comes from its Fortran_main library, not instrumented: 3
! functions.
!
! REQUIRES: flang
! RUN: rm -rf %t.dir && mkdir %t.dir
! RUN: %roof fc -O2 -g -fopenmp -cpp -DKERNELS -module-dir %t.dir -c %s -o %t.dir/kernels.o
! RUN: %roof fc -O2 -g -fopenmp -cpp -module-dir %t.dir %s %t.dir/kernels.o -o %t.dir/lines
! RUN: env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t.dir/lines.json %t.dir/lines | FileCheck %s --check-prefix=OUT
! OUT: s=6000.0
! RUN: %python %S/Inputs/jq.py %t.dir/lines.json 'len(functions)' \
! RUN:     'functions[name=_QMkernelsPpscale].line' 'functions[name=sumsq_].line' \
! RUN:     'functions[name=_QQmain].line' %if llvm-16 %{%} %else %{'functions[name=main].line'%} \
! RUN:   | FileCheck %s --check-prefix=%if llvm-16 %{JSON16%} %else %{JSON%} --match-full-lines
! JSON: len(functions) = 4
! JSON16:      len(functions) = 3
! JSON16-NEXT: functions[name=_QMkernelsPpscale].line = 0
! JSON16-NEXT: functions[name=sumsq_].line = 0
! JSON16-NEXT: functions[name=_QQmain].line = 0
! RUN: %roof report %t.dir/lines.json | FileCheck %s --check-prefix=%if llvm-16 %{REPORT16%} %else %{REPORT%}
! REPORT16-DAG: kernels::pscale [{{.*}}fortran-lines.f90]
! REPORT16-DAG: sumsq [{{.*}}fortran-lines.f90]
! REPORT16-DAG: main program [{{.*}}fortran-lines.f90]
!
! Without -g, roof fc's line tables give the same lines.
! RUN: %roof fc -O2 -fopenmp -cpp -DKERNELS -module-dir %t.dir -c %s -o %t.dir/kernels.o
! RUN: %roof fc -O2 -fopenmp -cpp -module-dir %t.dir %s %t.dir/kernels.o -o %t.dir/tables
! RUN: env OMP_NUM_THREADS=2 ROOF_OUTPUT=%t.dir/tables.json %t.dir/tables | FileCheck %s --check-prefix=OUT
! RUN: %roof report %t.dir/tables.json | FileCheck %s --check-prefix=%if llvm-16 %{REPORT16%} %else %{REPORT%}

#ifdef KERNELS
module kernels
  implicit none
contains
  ! JSON-DAG: functions[name=_QMkernelsPpscale].line = [[#@LINE+2]]
  ! REPORT-DAG: kernels::pscale [{{.*}}fortran-lines.f90:[[#@LINE+1]]]
  subroutine pscale(n, a, x)
    integer, intent(in) :: n
    real(8), intent(in) :: a
    real(8), intent(inout) :: x(n)
    integer :: i
    !$omp parallel do
    do i = 1, n
      x(i) = a * x(i)
    end do
  end subroutine pscale
end module kernels

! JSON-DAG: functions[name=sumsq_].line = [[#@LINE+2]]
! REPORT-DAG: sumsq [{{.*}}fortran-lines.f90:[[#@LINE+1]]]
real(8) function sumsq(n, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  integer :: i
  sumsq = 0
  do i = 1, n
    sumsq = sumsq + x(i) * x(i)
  end do
end function sumsq
#else
! JSON-DAG: functions[name=_QQmain].line = [[#@LINE+2]]
! REPORT-DAG: main program [{{.*}}fortran-lines.f90:[[#@LINE+1]]]
program lines
  use kernels
  implicit none
  real(8), external :: sumsq
  real(8), allocatable :: x(:)
  allocate (x(1000))
  x = 1.0d0
  call pscale(1000, 2.0d0, x)
  print '(a,f0.1)', 's=', sumsq(1000, x) + sum(x)
! JSON-DAG: functions[name=main].line = [[#@LINE+2]]
! REPORT-DAG: main [{{.*}}fortran-lines.f90:[[#@LINE+1]]]
end program lines
#endif
