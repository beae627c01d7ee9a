/* coll_reduce_scatter_scan: reduce-scatter and prefix reductions.
 * Exercises MPI_Reduce_scatter with regular (equal) and irregular
 * (rank-dependent, some zero) receive counts, MPI_Reduce_scatter_block,
 * MPI_Scan and MPI_Exscan, with
 * MPI_DOUBLE and MPI_INT, small and large counts. Fixed compute via
 * smpi_execute_flops. Works with any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 30000

int main(int argc, char* argv[])
{
  int rank, size, i, total = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int* rcounts = malloc(size * sizeof(int));
  for (i = 0; i < size; i++) {
    rcounts[i] = 1500 * (i % 3); /* irregular: 0, 1500, 3000, 0, ... */
    total += rcounts[i];
  }
  int maxn    = (total > size * 5000 ? total : size * 5000);
  double* a   = malloc((size_t)maxn * sizeof(double));
  double* b   = malloc((size_t)maxn * sizeof(double));
  int* x      = malloc(N * sizeof(int));
  int* y      = malloc(N * sizeof(int));
  int* reg    = malloc(size * sizeof(int));
  for (i = 0; i < maxn; i++)
    a[i] = rank + i;
  for (i = 0; i < N; i++)
    x[i] = rank ^ i;

  smpi_execute_flops(1e6 * (rank + 1));
  for (i = 0; i < size; i++)
    reg[i] = 5000; /* regular counts */
  MPI_Reduce_scatter(a, b, reg, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  for (i = 0; i < size; i++)
    reg[i] = 10;
  MPI_Reduce_scatter(x, y, reg, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  smpi_execute_flops(5e5);
  MPI_Reduce_scatter(a, b, rcounts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  /* MPI_Reduce_scatter_block is traced as "reducescatter" too, with a different field layout */
  MPI_Reduce_scatter_block(x, y, 20, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

  smpi_execute_flops(1e6);
  MPI_Scan(a, b, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Scan(x, y, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  smpi_execute_flops(2e6 * (size - rank));
  MPI_Exscan(a, b, 200, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Exscan(x, y, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD);

  if (rank == 0)
    printf("coll_reduce_scatter_scan done on %d ranks\n", size);
  free(rcounts); free(a); free(b); free(x); free(y); free(reg);
  MPI_Finalize();
  return 0;
}
