/* coll_alltoall: all-to-all personalised exchanges.
 * Exercises MPI_Alltoall with small counts (a few bytes per peer) and large
 * counts (> 64 KiB per peer), with MPI_DOUBLE, MPI_INT and MPI_CHAR, and
 * MPI_Alltoallv with irregular, rank-dependent counts (some zero).
 * Fixed compute via smpi_execute_flops. Works with any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define PER_PEER_BIG 10000 /* doubles per peer: 80 kB */

int main(int argc, char* argv[])
{
  int rank, size, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  double* s = malloc((size_t)size * PER_PEER_BIG * sizeof(double));
  double* r = malloc((size_t)size * PER_PEER_BIG * sizeof(double));
  for (i = 0; i < size * PER_PEER_BIG; i++)
    s[i] = rank + i;

  /* Largest first: SimGrid 3.32's replayer shares one scratch buffer between all ranks and grows
     it on demand; growing it while another rank is inside a Bruck alltoall (blocks < 512 B,
     16-31 ranks) is a use-after-free that crashes smpirun -replay. Decreasing sizes avoid it. */
  smpi_execute_flops(1e6);
  MPI_Alltoall(s, PER_PEER_BIG, MPI_DOUBLE, r, PER_PEER_BIG, MPI_DOUBLE, MPI_COMM_WORLD); /* large */
  smpi_execute_flops(2e6 * (rank + 1));
  MPI_Alltoall(s, 3000, MPI_CHAR, r, 3000, MPI_CHAR, MPI_COMM_WORLD);    /* medium */
  MPI_Alltoall(s, 100, MPI_INT, r, 100, MPI_INT, MPI_COMM_WORLD);        /* small */
  MPI_Alltoall(s, 1, MPI_DOUBLE, r, 1, MPI_DOUBLE, MPI_COMM_WORLD);      /* tiny */

  /* alltoallv: rank i sends (i + j) % 4 * 500 doubles to rank j (some zero) */
  int* scounts = malloc(size * sizeof(int));
  int* rcounts = malloc(size * sizeof(int));
  int* sdispls = malloc(size * sizeof(int));
  int* rdispls = malloc(size * sizeof(int));
  int soff = 0, roff = 0;
  for (i = 0; i < size; i++) {
    scounts[i] = ((rank + i) % 4) * 500;
    rcounts[i] = ((i + rank) % 4) * 500;
    sdispls[i] = soff;
    rdispls[i] = roff;
    soff += scounts[i];
    roff += rcounts[i];
  }
  smpi_execute_flops(5e5);
  MPI_Alltoallv(s, scounts, sdispls, MPI_DOUBLE, r, rcounts, rdispls, MPI_DOUBLE, MPI_COMM_WORLD);
  /* second alltoallv with large blocks to rank 0 only, as ints */
  for (i = 0; i < size; i++) {
    scounts[i] = (i == 0) ? 20000 : 7;
    rcounts[i] = (rank == 0) ? 20000 : 7;
    sdispls[i] = i * 20000;
    rdispls[i] = i * 20000;
  }
  MPI_Alltoallv(s, scounts, sdispls, MPI_INT, r, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD);

  if (rank == 0)
    printf("coll_alltoall done on %d ranks\n", size);
  free(s); free(r); free(scounts); free(rcounts); free(sdispls); free(rdispls);
  MPI_Finalize();
  return 0;
}
