! An MPI program in Fortran that uses what real codes use, for the tracer's Fortran bindings (tests/otf2/fortran.sh):
! point to point (blocking, non-blocking, persistent, sendrecv, sendrecv_replace, probe, MPI_PROC_NULL, a cancelled
! any-source receive, a derived datatype), collectives (in place, v-variants, non-blocking), communicators from
! comm_split, comm_dup and a Cartesian topology, and an MPI-IO write (reported, not replayed).
! Built with `include 'mpif.h'` (-DUSE_MPIF_H) or `use mpi`. Needs 4 ranks.
program features
#ifdef USE_MPIF_H
  implicit none
  include 'mpif.h'
#else
  use mpi
  implicit none
#endif
  integer :: ierr, rank, nprocs, left, right, i, half, cart, row, dup, vec, fh, flag
  integer :: req(4), preq(2), statuses(MPI_STATUS_SIZE, 4), status(MPI_STATUS_SIZE), counts(4), displs(4)
  integer :: dims(1), index, outcount, indices(2)
  logical :: periods(1), cancelled, found
  double precision :: a(1000), b(1000), total(8)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  right = mod(rank + 1, nprocs)
  left = mod(rank + nprocs - 1, nprocs)
  a = rank

  ! blocking ring (1000 doubles: 8000 bytes), then a derived datatype: 10 blocks of 2 doubles (160 bytes)
  if (mod(rank, 2) == 0) then
    call MPI_Send(a, 1000, MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, ierr)
    call MPI_Recv(b, 1000, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  else
    call MPI_Recv(b, 1000, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, status, ierr)
    call MPI_Send(a, 1000, MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Type_vector(10, 2, 5, MPI_DOUBLE_PRECISION, vec, ierr)
  call MPI_Type_commit(vec, ierr)
  call MPI_Sendrecv(a, 1, vec, right, 2, b, 20, MPI_DOUBLE_PRECISION, left, 2, MPI_COMM_WORLD, status, ierr)
  call MPI_Type_free(vec, ierr)
  call MPI_Sendrecv_replace(a, 100, MPI_DOUBLE_PRECISION, right, 3, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)

  ! non-blocking exchange completed by waitany and waitsome; a send to MPI_PROC_NULL leaves no action
  call MPI_Irecv(b, 500, MPI_DOUBLE_PRECISION, left, 4, MPI_COMM_WORLD, req(1), ierr)
  call MPI_Isend(a, 500, MPI_DOUBLE_PRECISION, right, 4, MPI_COMM_WORLD, req(2), ierr)
  call MPI_Waitany(2, req, index, status, ierr)
  call MPI_Waitsome(2, req, outcount, indices, statuses, ierr)
  call MPI_Send(a, 10, MPI_DOUBLE_PRECISION, MPI_PROC_NULL, 5, MPI_COMM_WORLD, ierr)

  ! persistent requests, started twice
  call MPI_Recv_init(b, 50, MPI_DOUBLE_PRECISION, left, 6, MPI_COMM_WORLD, preq(1), ierr)
  call MPI_Send_init(a, 50, MPI_DOUBLE_PRECISION, right, 6, MPI_COMM_WORLD, preq(2), ierr)
  do i = 1, 2
    call MPI_Startall(2, preq, ierr)
    call MPI_Waitall(2, preq, MPI_STATUSES_IGNORE, ierr)
  end do
  call MPI_Request_free(preq(1), ierr)
  call MPI_Request_free(preq(2), ierr)

  ! a probed message, then an any-source receive that nobody matches, cancelled
  if (rank == 0) then
    call MPI_Probe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, status, ierr)
    call MPI_Recv(b, 30, MPI_DOUBLE_PRECISION, status(MPI_SOURCE), 7, MPI_COMM_WORLD, status, ierr)
  else if (rank == 1) then
    call MPI_Send(a, 30, MPI_DOUBLE_PRECISION, 0, 7, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Irecv(b, 1, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, req(3), ierr)
  call MPI_Cancel(req(3), ierr)
  call MPI_Wait(req(3), status, ierr)
  call MPI_Test_cancelled(status, cancelled, ierr)
  if (.not. cancelled) stop 'the any-source receive was not cancelled'

  ! collectives: in place, v-variant, non-blocking
  call MPI_Allreduce(MPI_IN_PLACE, a, 100, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(a, 200, MPI_DOUBLE_PRECISION, 1, MPI_COMM_WORLD, ierr)
  do i = 1, 4
    counts(i) = i
    displs(i) = i * (i - 1) / 2
  end do
  call MPI_Gatherv(a, rank + 1, MPI_DOUBLE_PRECISION, b, counts, displs, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call MPI_Iallreduce(a, total, 8, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, req(4), ierr)
  call MPI_Wait(req(4), MPI_STATUS_IGNORE, ierr)

  ! communicators: halves by comm_split, a copy, a periodic ring as a Cartesian topology
  half = rank / 2
  call MPI_Comm_split(MPI_COMM_WORLD, half, rank, row, ierr)
  call MPI_Comm_dup(row, dup, ierr)
  call MPI_Allreduce(a, b, 10, MPI_DOUBLE_PRECISION, MPI_SUM, dup, ierr)
  dims(1) = nprocs
  periods(1) = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., cart, ierr)
  call MPI_Cart_shift(cart, 0, 1, left, right, ierr)
  call MPI_Sendrecv(a, 40, MPI_DOUBLE_PRECISION, right, 8, b, 40, MPI_DOUBLE_PRECISION, left, 8, cart, status, ierr)
  call MPI_Barrier(row, ierr)

  ! MPI-IO: every rank writes its block (not replayed: reported)
  call MPI_File_open(MPI_COMM_WORLD, 'features.out', MPI_MODE_CREATE + MPI_MODE_WRONLY, MPI_INFO_NULL, fh, ierr)
  call MPI_File_write_at(fh, int(rank * 800, MPI_OFFSET_KIND), a, 100, MPI_DOUBLE_PRECISION, status, ierr)
  call MPI_File_close(fh, ierr)

  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_free(row, ierr)
  call MPI_Comm_free(cart, ierr)
  flag = 0
  found = .false.
  call MPI_Finalize(ierr)
end program features
