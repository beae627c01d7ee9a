! One-sided communication from Fortran (`use mpi`) on 3 ranks (tests/otf2/one_sided.sh): the same synchronisation
! modes as one_sided.c, fewer calls.
program one_sided
  use mpi
  implicit none
  integer :: rank, win, ierr, request, world, origins, target, next
  integer(kind=MPI_ADDRESS_KIND) :: size, disp
  double precision :: local(1000), result(100)
  double precision, allocatable :: base(:)
  integer :: two(2) = (/0, 2/), mid(1) = (/1/)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  local = rank
  allocate(base(1000))
  size = 8000
  call MPI_Win_create(base, size, 8, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  disp = 0
  call MPI_Win_fence(0, win, ierr)
  if (rank == 0) call MPI_Put(local, 100, MPI_DOUBLE_PRECISION, 1, disp, 100, MPI_DOUBLE_PRECISION, win, ierr)
  call MPI_Win_fence(0, win, ierr)

  call MPI_Comm_group(MPI_COMM_WORLD, world, ierr)
  call MPI_Group_incl(world, 2, two, origins, ierr)
  call MPI_Group_incl(world, 1, mid, target, ierr)
  if (rank == 1) then
    call MPI_Win_post(origins, 0, win, ierr)
    call MPI_Win_wait(win, ierr)
  else
    call MPI_Win_start(target, 0, win, ierr)
    call MPI_Accumulate(local, 10, MPI_DOUBLE_PRECISION, 1, disp, 10, MPI_DOUBLE_PRECISION, MPI_SUM, win, ierr)
    call MPI_Win_complete(win, ierr)
  end if

  if (rank == 0) then
    call MPI_Win_lock(MPI_LOCK_SHARED, 2, 0, win, ierr)
    call MPI_Get(local, 50, MPI_DOUBLE_PRECISION, 2, disp, 50, MPI_DOUBLE_PRECISION, win, ierr)
    call MPI_Win_unlock(2, win, ierr)
    call MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, MPI_MODE_NOCHECK, win, ierr)
    call MPI_Put(local, 10, MPI_DOUBLE_PRECISION, 1, disp, 10, MPI_DOUBLE_PRECISION, win, ierr)
    call MPI_Win_unlock(1, win, ierr)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)

  next = mod(rank + 1, 3)
  call MPI_Win_lock_all(0, win, ierr)
  call MPI_Get_accumulate(local, 20, MPI_DOUBLE_PRECISION, result, 20, MPI_DOUBLE_PRECISION, next, disp, 20, &
                          MPI_DOUBLE_PRECISION, MPI_SUM, win, ierr)
  call MPI_Rput(local, 30, MPI_DOUBLE_PRECISION, next, disp, 30, MPI_DOUBLE_PRECISION, win, request, ierr)
  call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
  call MPI_Win_flush(next, win, ierr)
  call MPI_Win_flush_all(win, ierr)
  call MPI_Win_unlock_all(win, ierr)

  call MPI_Group_free(origins, ierr)
  call MPI_Group_free(target, ierr)
  call MPI_Group_free(world, ierr)
  call MPI_Win_free(win, ierr)
  call MPI_Finalize(ierr)
end program one_sided
