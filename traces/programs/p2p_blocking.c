/* p2p_blocking: blocking point-to-point in a ring.
 * Exercises MPI_Send/MPI_Recv with small messages (< 64 KiB, eager/detached
 * path) and large ones (> 64 KiB, rendezvous path), with three datatypes
 * (MPI_DOUBLE, MPI_INT, MPI_CHAR), plus an unpaired even->odd exchange.
 * Explicit fixed work is injected with smpi_execute_flops() so the recorded
 * "compute" lines are deterministic. Works with any number of ranks >= 2
 * (rank 0 sends first, the others receive first, so the ring cannot deadlock). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SMALL 1000   /* 1000 doubles = 8000 bytes */
#define LARGE 20000  /* 20000 doubles = 160000 bytes */
#define NINT 3000    /* 3000 ints = 12000 bytes */
#define NCHAR 100000 /* 100000 chars = 100000 bytes */

static void ring(void* sbuf, void* rbuf, int count, MPI_Datatype dt, int tag, int rank, int size)
{
  int next = (rank + 1) % size;
  int prev = (rank + size - 1) % size;
  if (rank == 0) {
    MPI_Send(sbuf, count, dt, next, tag, MPI_COMM_WORLD);
    MPI_Recv(rbuf, count, dt, prev, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(rbuf, count, dt, prev, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(sbuf, count, dt, next, tag, MPI_COMM_WORLD);
  }
}

int main(int argc, char* argv[])
{
  int rank, size, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  double* d  = malloc(LARGE * sizeof(double));
  double* d2 = malloc(LARGE * sizeof(double));
  int* n     = malloc(NINT * sizeof(int));
  int* n2    = malloc(NINT * sizeof(int));
  char* c    = malloc(NCHAR);
  char* c2   = malloc(NCHAR);
  for (i = 0; i < LARGE; i++)
    d[i] = rank + i;
  for (i = 0; i < NINT; i++)
    n[i] = rank * i;
  for (i = 0; i < NCHAR; i++)
    c[i] = (char)(rank + i);

  smpi_execute_flops(1e6 * (rank + 1));
  ring(d, d2, SMALL, MPI_DOUBLE, 1, rank, size); /* small, eager */
  smpi_execute_flops(5e5);
  ring(d, d2, LARGE, MPI_DOUBLE, 2, rank, size); /* large, rendezvous */
  ring(n, n2, NINT, MPI_INT, 3, rank, size);
  smpi_execute_flops(2e6);
  ring(c, c2, NCHAR, MPI_CHAR, 4, rank, size);
  ring(c, c2, 65536, MPI_CHAR, 5, rank, size);   /* exactly 64 KiB */
  ring(c, c2, 65535, MPI_CHAR, 6, rank, size);   /* just below 64 KiB */

  /* unpaired exchange: even ranks send to the next odd rank, then compute */
  if (rank % 2 == 0 && rank + 1 < size) {
    MPI_Send(c, 50, MPI_CHAR, rank + 1, 7, MPI_COMM_WORLD);
    smpi_execute_flops(3e6);
  } else if (rank % 2 == 1) {
    MPI_Recv(c2, 50, MPI_CHAR, rank - 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }

  if (rank == 0)
    printf("p2p_blocking done on %d ranks\n", size);
  free(d); free(d2); free(n); free(n2); free(c); free(c2);
  MPI_Finalize();
  return 0;
}
