/* anysource_waitany: wildcard receives and MPI_Waitany.
 * Rank 0 collects one message from every other rank, four times:
 *   round 0: blocking MPI_Recv(MPI_ANY_SOURCE)
 *   round 1: MPI_Irecv(MPI_ANY_SOURCE) completed one by one with MPI_Waitany
 *   round 2: source-specific MPI_Irecv completed with MPI_Waitany
 *   round 3: MPI_Irecv(MPI_ANY_SOURCE) completed in order with MPI_Wait
 * SimGrid 3.32's smpirun -replay cannot replay the resulting trace (wildcard
 * sources are traced as -333 = MPI_UNDEFINED, and "waitAny" is no registered
 * replay action); it is recorded to document what smpirun -trace-ti writes.
 * Fixed compute (smpi_execute_flops) makes arrival order deterministic. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char* argv[])
{
  int rank, size, i, idx, round;
  MPI_Status st;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double* buf = malloc((size_t)size * 1000 * sizeof(double));
  MPI_Request* reqs = malloc(size * sizeof(MPI_Request));
  for (i = 0; i < 1000; i++)
    buf[i] = rank + i;

  for (round = 0; round < 4; round++) {
    if (rank == 0) {
      for (i = 1; i < size; i++) {
        if (round == 0)
          MPI_Recv(buf + i * 1000, 1000, MPI_DOUBLE, MPI_ANY_SOURCE, round, MPI_COMM_WORLD, &st);
        else
          MPI_Irecv(buf + i * 1000, 1000, MPI_DOUBLE, round == 2 ? i : MPI_ANY_SOURCE, round, MPI_COMM_WORLD,
                    &reqs[i - 1]);
      }
      for (i = 1; i < size; i++) {
        if (round == 1 || round == 2)
          MPI_Waitany(size - 1, reqs, &idx, &st);
        else if (round == 3)
          MPI_Wait(&reqs[i - 1], &st);
      }
    } else {
      /* higher ranks finish their work first */
      smpi_execute_flops(1e6 * (size - rank) * (round + 1));
      MPI_Send(buf, 1000, MPI_DOUBLE, 0, round, MPI_COMM_WORLD);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("anysource_waitany done on %d ranks\n", size);
  free(buf);
  free(reqs);
  MPI_Finalize();
  return 0;
}
