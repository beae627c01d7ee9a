! buffer_detach.c in Fortran: with `use mpi` (mpif.h's bindings, ompi_buffer_detach_f), or with -DUSE_MPI_F08
! `use mpi_f08`, whose MPI_Buffer_detach calls a binding of its own (ompi_buffer_detach_f08).
program buffer_detach
#ifdef USE_MPI_F08
  use mpi_f08
  use, intrinsic :: iso_c_binding, only: c_ptr
#else
  use mpi
#endif
  implicit none
  integer, parameter :: bytes = 1048576
  character, allocatable :: data(:), buffer(:)
  integer :: rank, size, ierr, i
  double precision :: x
#ifdef USE_MPI_F08
  type(c_ptr) :: detached
#endif

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  allocate(data(bytes))
  data = ' '
  if (rank == 0) then
    size = bytes + MPI_BSEND_OVERHEAD
    allocate(buffer(size))
    call MPI_Buffer_attach(buffer, size, ierr)
    call MPI_Bsend(data, bytes, MPI_CHARACTER, 1, 0, MPI_COMM_WORLD, ierr)
#ifdef USE_MPI_F08
    call MPI_Buffer_detach(detached, size, ierr)  ! blocks until rank 1 has received
#else
    call MPI_Buffer_detach(buffer, size, ierr)
#endif
    deallocate(buffer)
  else if (rank == 1) then
    x = 0
    do i = 1, 100000000
      x = x + 1d-9 * i
    end do
    if (x < 0) print *, x
    call MPI_Recv(data, bytes, MPI_CHARACTER, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end if
  call MPI_Finalize(ierr)
end program buffer_detach
