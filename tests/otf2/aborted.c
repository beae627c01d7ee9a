// A run that ends in MPI_Abort (tests/otf2/aborted.sh): the tracer never reaches MPI_Finalize, where it writes the
// archive, so the archive's directory holds no anchor file.
#include <mpi.h>
#include <unistd.h>

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    MPI_Abort(MPI_COMM_WORLD, 3);
  sleep(5);  // rank 0 is killed here
  MPI_Finalize();
  return 0;
}
