! ssend_init.c in Fortran: with `use mpi` (mpif.h's bindings, ompi_ssend_init_f, ompi_start_f, ompi_startall_f), or
! with -DUSE_MPI_F08 `use mpi_f08` (whose MPI_Ssend_init, MPI_Start and MPI_Startall call those same bindings).
program ssend_init
#ifdef USE_MPI_F08
  use mpi_f08
#else
  use mpi
#endif
  implicit none
  integer, parameter :: count = 100
  double precision :: data(count), x
  integer :: rank, ierr, i, j
  logical :: done
#ifdef USE_MPI_F08
  type(MPI_Request) :: request(1)
#else
  integer :: request(1)
#endif

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  data = 0
  if (rank == 0) then
    call MPI_Ssend_init(data, count, MPI_DOUBLE_PRECISION, 1, 3, MPI_COMM_WORLD, request(1), ierr)
    call MPI_Start(request(1), ierr)
    call MPI_Wait(request(1), MPI_STATUS_IGNORE, ierr)
    call MPI_Startall(1, request, ierr)
    done = .false.
    do while (.not. done)
      call MPI_Test(request(1), done, MPI_STATUS_IGNORE, ierr)
    end do
    call MPI_Start(request(1), ierr)
    call MPI_Wait(request(1), MPI_STATUS_IGNORE, ierr)
    call MPI_Request_free(request(1), ierr)
  else if (rank == 1) then
    do j = 1, 3
      x = 0
      do i = 1, 30000000
        x = x + 1d-9 * i
      end do
      if (x < 0) print *, x
      call MPI_Recv(data, count, MPI_DOUBLE_PRECISION, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    end do
  end if
  call MPI_Finalize(ierr)
end program ssend_init
