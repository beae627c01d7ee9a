/* coll_gather_scatter: gather/scatter family.
 * Exercises MPI_Gather, MPI_Gatherv, MPI_Scatter, MPI_Scatterv (root 0 and a
 * non-zero root), MPI_Allgather and MPI_Allgatherv, with MPI_DOUBLE, MPI_INT
 * and MPI_CHAR, regular and irregular counts. Fixed compute via
 * smpi_execute_flops. Works with any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BLK 12000 /* max elements per rank */

int main(int argc, char* argv[])
{
  int rank, size, i, off = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int last = size - 1;

  double* s = malloc(BLK * sizeof(double));
  double* r = malloc((size_t)size * BLK * sizeof(double));
  int* counts = malloc(size * sizeof(int));
  int* displs = malloc(size * sizeof(int));
  for (i = 0; i < BLK; i++)
    s[i] = rank * 10.0 + i;
  for (i = 0; i < size; i++) { /* irregular counts: rank i owns 1000*(i%3)+10 elements */
    counts[i] = 1000 * (i % 3) + 10;
    displs[i] = off;
    off += counts[i];
  }

  smpi_execute_flops(1e6 * (rank + 1));
  MPI_Gather(s, 100, MPI_DOUBLE, r, 100, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Gather(s, BLK, MPI_DOUBLE, r, BLK, MPI_DOUBLE, last, MPI_COMM_WORLD);
  MPI_Gatherv(s, counts[rank], MPI_DOUBLE, r, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Gatherv(s, counts[rank], MPI_INT, r, counts, displs, MPI_INT, last, MPI_COMM_WORLD);
  smpi_execute_flops(2e6);

  MPI_Scatter(r, 500, MPI_INT, s, 500, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Scatter(r, BLK, MPI_DOUBLE, s, BLK, MPI_DOUBLE, last, MPI_COMM_WORLD);
  MPI_Scatterv(r, counts, displs, MPI_DOUBLE, s, counts[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Scatterv(r, counts, displs, MPI_CHAR, s, counts[rank], MPI_CHAR, last, MPI_COMM_WORLD);
  smpi_execute_flops(1e6 * (size - rank));

  MPI_Allgather(s, 1, MPI_INT, r, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Allgather(s, 2000, MPI_DOUBLE, r, 2000, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Allgather(s, 9000, MPI_CHAR, r, 9000, MPI_CHAR, MPI_COMM_WORLD);
  MPI_Allgatherv(s, counts[rank], MPI_DOUBLE, r, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Allgatherv(s, counts[rank], MPI_INT, r, counts, displs, MPI_INT, MPI_COMM_WORLD);

  if (rank == 0)
    printf("coll_gather_scatter done on %d ranks\n", size);
  free(s); free(r); free(counts); free(displs);
  MPI_Finalize();
  return 0;
}
