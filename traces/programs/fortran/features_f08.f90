! The mpi_f08 bindings (Open MPI's mpi_f08 module calls ompi_*_f): point to point, a cancelled any-source receive,
! a persistent request, collectives, comm_split; then the calls it makes through the profiling names (pmpi_*_): an
! MPI_Testall loop, a Cartesian ring with a sendrecv and an allreduce on it, MPI_Improbe until a message is there
! and its MPI_Mrecv. Needs 4 ranks (tests/otf2/fortran.sh).
program features_f08
  use mpi_f08
  implicit none
  integer :: rank, nprocs, left, right, i, ring_from, ring_to
  type(MPI_Comm) :: half, ring
  type(MPI_Request) :: req(2), cancelled_req, persistent
  type(MPI_Message) :: message
  type(MPI_Status) :: status
  logical :: cancelled, done
  double precision :: a(1000), b(1000)

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  right = mod(rank + 1, nprocs)
  left = mod(rank + nprocs - 1, nprocs)
  a = rank

  call MPI_Irecv(b, 1000, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, req(1))
  call MPI_Isend(a, 1000, MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, req(2))
  call MPI_Waitall(2, req, MPI_STATUSES_IGNORE)
  call MPI_Sendrecv(a, 10, MPI_DOUBLE_PRECISION, right, 2, b, 10, MPI_DOUBLE_PRECISION, left, 2, MPI_COMM_WORLD, status)

  call MPI_Send_init(a, 20, MPI_DOUBLE_PRECISION, right, 3, MPI_COMM_WORLD, persistent)
  do i = 1, 3
    call MPI_Start(persistent)
    call MPI_Recv(b, 20, MPI_DOUBLE_PRECISION, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call MPI_Wait(persistent, MPI_STATUS_IGNORE)
  end do
  call MPI_Request_free(persistent)

  call MPI_Irecv(b, 1, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, cancelled_req)
  call MPI_Cancel(cancelled_req)
  call MPI_Wait(cancelled_req, status)
  call MPI_Test_cancelled(status, cancelled)
  if (.not. cancelled) stop 'the any-source receive was not cancelled'

  call MPI_Allreduce(MPI_IN_PLACE, a, 100, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half)
  call MPI_Bcast(a, 50, MPI_DOUBLE_PRECISION, 0, half)
  call MPI_Comm_free(half)

  ! through pmpi_testall_: the requests complete in a polling loop
  call MPI_Irecv(b, 300, MPI_DOUBLE_PRECISION, left, 5, MPI_COMM_WORLD, req(1))
  call MPI_Isend(a, 300, MPI_DOUBLE_PRECISION, right, 5, MPI_COMM_WORLD, req(2))
  done = .false.
  do while (.not. done)
    call MPI_Testall(2, req, done, MPI_STATUSES_IGNORE)
  end do

  ! through pmpi_cart_create_: a periodic ring, the other way round (reordering off)
  call MPI_Cart_create(MPI_COMM_WORLD, 1, [nprocs], [.true.], .false., ring)
  call MPI_Cart_shift(ring, 0, -1, ring_from, ring_to)
  call MPI_Sendrecv(a, 30, MPI_DOUBLE_PRECISION, ring_to, 6, b, 30, MPI_DOUBLE_PRECISION, ring_from, 6, ring, &
                    status)
  call MPI_Allreduce(MPI_IN_PLACE, a, 7, MPI_DOUBLE_PRECISION, MPI_SUM, ring)
  call MPI_Comm_free(ring)

  ! through pmpi_improbe_: probed until the message is there, then received by MPI_Mrecv
  call MPI_Send(a, 40, MPI_DOUBLE_PRECISION, right, 7, MPI_COMM_WORLD)
  done = .false.
  do while (.not. done)
    call MPI_Improbe(left, 7, MPI_COMM_WORLD, done, message, status)
  end do
  call MPI_Mrecv(b, 40, MPI_DOUBLE_PRECISION, message, MPI_STATUS_IGNORE)
  call MPI_Finalize()
end program features_f08
