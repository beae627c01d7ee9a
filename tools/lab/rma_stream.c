// A stream of one-sided messages (docs/accuracy.md, NWChem in the lab): K accumulates of S bytes from rank 0 to rank
// 1 under MPI_Win_lock_all, then one flush, rank 1 waiting in a barrier; prints `K S SECONDS` (the time per
// accumulate) for each of 5 repetitions. usage: mpirun -np 2 rma_stream K S
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  if (argc != 3 || atoi(argv[1]) < 1 || atoi(argv[2]) < 8) {
    fprintf(stderr, "usage: rma_stream K S (K accumulates of S >= 8 bytes)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int rank, k = atoi(argv[1]), s = atoi(argv[2]);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *base, *src = calloc(s / 8 + 1, 8);
  MPI_Win win;
  MPI_Win_allocate(s, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(0, win);
  for (int rep = 0; rep < 5; rep++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (rank == 0) {
      for (int i = 0; i < k; i++)
        MPI_Accumulate(src, s / 8, MPI_DOUBLE, 1, 0, s / 8, MPI_DOUBLE, MPI_SUM, win);
      MPI_Win_flush(1, win);
      printf("%d %d %.9f\n", k, s, (MPI_Wtime() - t0) / k);
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
