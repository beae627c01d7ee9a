// Does a rank waiting in MPI slow a neighbour's computation on their shared core? (docs/accuracy.md, the thirteenth
// session.) 4 ranks, 2 on each node's core (ranks 0 and 1 on one node), Open MPI's mpi_yield_when_idle on. Rank 0
// runs a fixed loop while rank 1 sleeps (the core is rank 0's), then while rank 1 waits in MPI_Recv for rank 0
// (shared memory), then while it waits for rank 2 on the other node (TCP, its connection open from the rounds
// before), best of 5 rounds each. Prints each case's time and its excess over the loop alone.
//   mpicc -O2 -o beside_wait tools/lab/beside_wait.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 -- bash -c \
//     "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./beside_wait"
#include <mpi.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

enum { kRounds = 5, kAlone = 0, kLocal = 1, kRemote = 2 };

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double fixed_loop(void)
{
  double t = now();
  volatile double s = 0;
  for (long i = 0; i < 100000000L; i++)
    s += i * 1e-9;
  return now() - t;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, x = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 4) {
    if (rank == 0)
      fprintf(stderr, "beside_wait: needs 4 ranks (2 on each of two cores), not %d\n", size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const char* names[] = {"alone", "beside a wait for a rank of its node", "beside a wait for a rank of the other node"};
  double best[] = {1e30, 1e30, 1e30};
  for (int round = 0; round < kRounds; round++)
    for (int c = kAlone; c <= kRemote; c++) {
      MPI_Barrier(MPI_COMM_WORLD);
      if (rank == 0) {
        double t = fixed_loop();
        best[c]  = t < best[c] ? t : best[c];
        if (c != kAlone)
          MPI_Send(&x, 1, MPI_INT, c == kLocal ? 1 : 2, 1, MPI_COMM_WORLD);
      } else if (rank == 1) {
        if (c == kAlone)
          usleep(1000000);  // asleep longer than the loop (0.3 s in the lab)
        else
          MPI_Recv(&x, 1, MPI_INT, c == kLocal ? 0 : 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 2 && c == kRemote) {
        MPI_Recv(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
      }
    }
  if (rank == 0)
    for (int c = kAlone; c <= kRemote; c++)
      printf("loop %s: %.4f s (%+.2f%%)\n", names[c], best[c], 100 * (best[c] / best[kAlone] - 1));
  MPI_Finalize();
  return 0;
}
