/* sendrecv: MPI_Sendrecv ring shifts in both directions, with small and
 * large messages (800 B, 32 kB, 320 kB), MPI_DOUBLE, MPI_INT and MPI_CHAR,
 * and a receive count larger than the send count (the traced line records
 * both counts and both datatype ids). Works with any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 40000 /* doubles */

int main(int argc, char* argv[])
{
  int rank, size, i, step;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int next = (rank + 1) % size;
  int prev = (rank + size - 1) % size;

  double* s = malloc(N * sizeof(double));
  double* r = malloc(N * sizeof(double));
  for (i = 0; i < N; i++)
    s[i] = rank + 0.25 * i;

  for (step = 0; step < 3; step++) {
    int count = step == 0 ? 100 : (step == 1 ? 4000 : N); /* 800 B, 32 kB, 320 kB */
    smpi_execute_flops(1e6 * (step + 1));
    MPI_Sendrecv(s, count, MPI_DOUBLE, next, step, r, count, MPI_DOUBLE, prev, step, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(s, count, MPI_DOUBLE, prev, 100 + step, r, count, MPI_DOUBLE, next, 100 + step, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  }
  /* receive count larger than the matching send count (legal), MPI_INT; then MPI_CHAR */
  MPI_Sendrecv(s, 2000, MPI_INT, next, 7, r, 3000, MPI_INT, prev, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(s, 5000, MPI_CHAR, prev, 8, r, 5000, MPI_CHAR, next, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  /* pairwise exchange with a partner at distance size/2 */
  int partner = (rank + size / 2) % size;
  int from    = (rank - size / 2 + size) % size;
  MPI_Sendrecv(s, 1000, MPI_DOUBLE, partner, 9, r, 1000, MPI_DOUBLE, from, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

  if (rank == 0)
    printf("sendrecv done on %d ranks\n", size);
  free(s); free(r);
  MPI_Finalize();
  return 0;
}
