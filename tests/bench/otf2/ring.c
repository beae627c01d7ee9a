/* ring: a benchmark input for otf2ti, many small MPI calls: ITER rounds of a ring exchange (isend/irecv/waitall)
 * and an allreduce. usage: ring [ITER] (default 20000) */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char* argv[])
{
  int rank, size, iter = argc > 1 ? atoi(argv[1]) : 20000;
  double in = 0, out = 1, sum;
  MPI_Request req[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < iter; i++) {
    MPI_Irecv(&in, 1, MPI_DOUBLE, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(&out, 1, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    MPI_Allreduce(&in, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
