// Co-located ranks (docs/accuracy.md, "Co-located ranks"): how much of a core does a rank waiting in MPI take from a
// computing neighbour? Rank 0 runs a fixed loop (its wall time printed, 5 times) while rank 1 waits for its message in
// MPI_Recv. Compare one core per rank with both on one core, with and without Open MPI's yield:
//   mpicc -O2 -o core_share tools/lab/core_share.c
//   mpirun -np 2 --bind-to core ./core_share
//   mpirun -np 2 --oversubscribe --cpu-set 0 --bind-to core --mca mpi_yield_when_idle 1 ./core_share   (or 0)
#include <mpi.h>
#include <stdio.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int rep = 0; rep < 5; rep++) {
    MPI_Barrier(MPI_COMM_WORLD);
    int x = 0;
    if (rank == 0) {
      double t = now(); volatile double s = 0;
      for (long i = 0; i < 300000000L; i++) s += i * 1e-9;
      printf("loop %.3f s\n", now() - t); fflush(stdout);
      MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
}
