// Two halves of MPI_COMM_WORLD joined by an intercommunicator (tests/otf2/intercomm.sh): a message across it,
// which the tracer does not trace and reports, then the merged intracommunicator, which it traces, and its copy by
// MPI_Comm_idup (an intracommunicator too, known before its request completes), with a ring of sendrecvs on it.
#include <mpi.h>

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm half, inter, merged;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 == 0 ? 1 : 0, 7, &inter);
  int value = rank, local;
  MPI_Comm_rank(half, &local);
  if (rank % 2 == 0)
    MPI_Send(&value, 1, MPI_INT, local, 1, inter);
  else
    MPI_Recv(&value, 1, MPI_INT, local, 1, inter, MPI_STATUS_IGNORE);
  MPI_Intercomm_merge(inter, rank % 2, &merged);
  MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT, MPI_SUM, merged);

  MPI_Comm copy;
  MPI_Request request;
  MPI_Comm_idup(merged, &copy, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  int me, received;
  MPI_Comm_rank(copy, &me);
  MPI_Sendrecv(&value, 1, MPI_INT, (me + 1) % size, 2, &received, 1, MPI_INT, (me + size - 1) % size, 2, copy,
               MPI_STATUS_IGNORE);
  MPI_Comm_free(&copy);
  MPI_Comm_free(&merged);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
