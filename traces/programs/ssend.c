/* ssend: synchronous sends.
 * Exercises MPI_Ssend (small and large messages, MPI_INT and MPI_DOUBLE) in a
 * ring, and an MPI_Ssend whose receiver posts late (after fixed compute), so
 * the sender has to wait for the matching receive even for a tiny message.
 * SimGrid 3.32's smpirun -replay has no "Ssend" action, so it cannot replay
 * this trace ("action Ssend is unknown"). Works with any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define LARGE 20000 /* doubles = 160000 bytes */

int main(int argc, char* argv[])
{
  int rank, size, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int next = (rank + 1) % size;
  int prev = (rank + size - 1) % size;
  double* d = malloc(LARGE * sizeof(double));
  double* r = malloc(LARGE * sizeof(double));
  for (i = 0; i < LARGE; i++)
    d[i] = rank + i;

  smpi_execute_flops(1e6 * (rank + 1));
  /* ring, rank 0 first: small MPI_INT then large MPI_DOUBLE */
  if (rank == 0) {
    MPI_Ssend(d, 10, MPI_INT, next, 1, MPI_COMM_WORLD);
    MPI_Recv(r, 10, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ssend(d, LARGE, MPI_DOUBLE, next, 2, MPI_COMM_WORLD);
    MPI_Recv(r, LARGE, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(r, 10, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ssend(d, 10, MPI_INT, next, 1, MPI_COMM_WORLD);
    MPI_Recv(r, LARGE, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ssend(d, LARGE, MPI_DOUBLE, next, 2, MPI_COMM_WORLD);
  }
  /* late receiver: rank 1 computes before receiving rank 0's tiny Ssend */
  if (rank == 0) {
    MPI_Ssend(d, 1, MPI_CHAR, 1, 3, MPI_COMM_WORLD);
  } else if (rank == 1) {
    smpi_execute_flops(5e6);
    MPI_Recv(r, 1, MPI_CHAR, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  if (rank == 0)
    printf("ssend done on %d ranks\n", size);
  free(d); free(r);
  MPI_Finalize();
  return 0;
}
