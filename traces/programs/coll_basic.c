/* coll_basic: rooted and global reductions/broadcasts.
 * Exercises MPI_Barrier, MPI_Bcast (root 0 and a non-zero root, small and
 * large), MPI_Reduce (root 0 and a non-zero root), MPI_Allreduce, with
 * MPI_DOUBLE, MPI_INT and MPI_CHAR. Fixed compute via smpi_execute_flops.
 * Works with any number of ranks >= 2 (non-power-of-two included). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 50000 /* doubles: 400 kB */

int main(int argc, char* argv[])
{
  int rank, size, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int last = size - 1; /* non-zero root */
  int mid  = size / 2; /* another non-zero root */

  double* a = malloc(N * sizeof(double));
  double* b = malloc(N * sizeof(double));
  int* x    = malloc(N * sizeof(int));
  int* y    = malloc(N * sizeof(int));
  char* c   = malloc(N);
  for (i = 0; i < N; i++) {
    a[i] = rank + i * 1e-3;
    x[i] = rank * i;
    c[i] = (char)i;
  }

  MPI_Barrier(MPI_COMM_WORLD);
  smpi_execute_flops(1e6 * (rank + 1));
  MPI_Bcast(a, 100, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Bcast(a, N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Bcast(x, 1000, MPI_INT, last, MPI_COMM_WORLD);
  MPI_Bcast(c, 30000, MPI_CHAR, mid, MPI_COMM_WORLD);
  smpi_execute_flops(2e6);
  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Reduce(a, b, 100, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(a, b, N, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(x, y, 2000, MPI_INT, MPI_SUM, last, MPI_COMM_WORLD);
  MPI_Reduce(x, y, 10, MPI_INT, MPI_MIN, mid, MPI_COMM_WORLD);
  smpi_execute_flops(1.5e6 * (size - rank));

  MPI_Allreduce(a, b, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(a, b, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(x, y, 5000, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);

  if (rank == 0)
    printf("coll_basic done on %d ranks\n", size);
  free(a); free(b); free(x); free(y); free(c);
  MPI_Finalize();
  return 0;
}
