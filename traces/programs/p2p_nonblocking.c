/* p2p_nonblocking: non-blocking point-to-point.
 * Exercises MPI_Isend/MPI_Irecv completed by MPI_Wait (small and large
 * messages), a neighbour exchange completed by MPI_Waitall, and an MPI_Test
 * polling loop (8 tests, all unsuccessful) with fixed compute (smpi_execute_flops) between the tests.
 * Works with any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG 30000 /* 30000 doubles = 240000 bytes (rendezvous) */

int main(int argc, char* argv[])
{
  int rank, size, i, flag = 0, ntests = 0;
  MPI_Request req, reqs[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int next = (rank + 1) % size;
  int prev = (rank + size - 1) % size;

  double* s = malloc(BIG * sizeof(double));
  double* r = malloc(BIG * sizeof(double));
  int* is   = malloc(32768 * sizeof(int));
  int* ir   = malloc(32768 * sizeof(int));
  for (i = 0; i < BIG; i++)
    s[i] = rank * 0.5 + i;
  for (i = 0; i < 32768; i++)
    is[i] = rank + i;

  /* 1. Irecv + Isend + two MPI_Wait, small then large message */
  MPI_Irecv(r, 500, MPI_DOUBLE, prev, 10, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(s, 500, MPI_DOUBLE, next, 10, MPI_COMM_WORLD, &reqs[1]);
  smpi_execute_flops(1e6);
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);

  MPI_Isend(s, BIG, MPI_DOUBLE, next, 11, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(r, BIG, MPI_DOUBLE, prev, 11, MPI_COMM_WORLD, &reqs[1]);
  MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);

  /* 2. exchange with both neighbours, MPI_Waitall */
  MPI_Irecv(ir, 1024, MPI_INT, prev, 20, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(ir + 1024, 20000, MPI_INT, next, 21, MPI_COMM_WORLD, &reqs[1]);
  MPI_Isend(is, 1024, MPI_INT, next, 20, MPI_COMM_WORLD, &reqs[2]);
  MPI_Isend(is, 20000, MPI_INT, prev, 21, MPI_COMM_WORLD, &reqs[3]);
  smpi_execute_flops(2e6 * (rank + 1));
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);

  /* 3. test loop: rank 0 polls a large receive from rank 1 while computing, 8 times. Rank 1 sends only after rank
   * 0's go message, written after the loop: every test fails in every run, native or simulated, whatever the
   * folding, so that traces taken by any means hold the same work and the same unsuccessful tests */
  if (rank == 0) {
    MPI_Irecv(r, BIG, MPI_DOUBLE, 1, 30, MPI_COMM_WORLD, &req);
    for (i = 0; i < 8; i++) {
      smpi_execute_flops(3e5);
      MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
      ntests += !flag;
    }
    MPI_Send(&ntests, 1, MPI_INT, 1, 31, MPI_COMM_WORLD);
    MPI_Waitall(1, &req, MPI_STATUSES_IGNORE);
  } else if (rank == 1) {
    int go;
    smpi_execute_flops(5e6);
    MPI_Recv(&go, 1, MPI_INT, 0, 31, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Isend(s, BIG, MPI_DOUBLE, 0, 30, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }

  if (rank == 0)
    printf("p2p_nonblocking done on %d ranks (%d unsuccessful tests)\n", size, ntests);
  free(s); free(r); free(is); free(ir);
  MPI_Finalize();
  return 0;
}
